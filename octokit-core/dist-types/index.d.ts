// `@octokit/core/dist-types/index`: where @octokit/core 5, 6 and 7 keep their entry's types, which
// code and .d.ts files written for them import by this path (node10 resolution reads the file,
// node16 and bundler the `exports` of package.json).
export * from "../index.js";
