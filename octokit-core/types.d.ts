// `@octokit/core/types`, where plugins such as @octokit/plugin-retry declare their options
// (`declare module "@octokit/core/types" { interface OctokitOptions { retry?: … } }`).
import type { HubletClientOptions } from "@hublet/rest/core";

export type { Constructor, Hooks, OctokitPlugin, RequestParameters, ReturnTypeOf, StrictOmit, UnionToIntersection } from "@hublet/rest/core";

/**
`@octokit/core`'s options: Hublet's own, and what plugins declare here. `retry` is left to the
plugin that declares it (@octokit/plugin-retry): Hublet's `new Octokit({ retry })` still takes its
own `retry` option.
*/
export interface OctokitOptions extends Omit<HubletClientOptions, "retry"> {}
