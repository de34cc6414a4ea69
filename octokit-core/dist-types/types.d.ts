// `@octokit/core/dist-types/types`: octokit's type names, imported by this path by code and .d.ts
// files written for @octokit/core 5, 6 and 7 (`@actions/github` 6 among them). The same
// declarations as `@octokit/core/types`, so a plugin's augmentation of either reaches both.
export * from "../types.js";
