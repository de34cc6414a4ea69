// `@octokit/core/dist-types/version`, as @octokit/core ships it: types only, no module at run time.
export declare const VERSION: string;
