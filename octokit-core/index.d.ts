// @hublet/rest/core's types under @octokit/core's name. `OctokitOptions` is this package's own
// interface (./types.d.ts): it is what octokit's plugins augment (`declare module
// "@octokit/core"`), and Hublet's options read those augmentations from it. Being Hublet's own
// options, not Hublet's `OctokitOptions`, it never makes Hublet's types refer to themselves.
export * from "@hublet/rest/core";
export type { OctokitOptions } from "./types.js";
