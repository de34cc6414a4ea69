// @hublet/rest/core, for a dependency tree that asks for @octokit/core (npm `overrides`; see the
// package's docs/compatibility.md). Nothing of its own: the client is Hublet's.
export * from "@hublet/rest/core";
