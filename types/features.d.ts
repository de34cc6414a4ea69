/*
The features of `@hublet/rest/core`: plugins the full client from `@hublet/rest` composes, and
that an app on the core client adds with `Hublet.plugin(...)`, so that a bundle carries only
what it uses.
*/
import type { PaginateInterface } from "./paginate.js";
import type { MethodInfo } from "./routes.js";

/**
What the client consults while it is built, for an option only a feature understands: the
`cache` option's pipeline stage, the `rateLimit` option's, or the legacy `auth` forms. `Hublet.plugin()` takes it like a
plugin. A core client given such an option without the feature throws a `TypeError` that names
the feature to add.
*/
export interface HubletFeature {
	/*
	Each stage member's last parameter, `bodies`, is what the full entry's composition hands its
	features (their code, so that nothing is loaded at the first request); a core client passes
	none, and the feature loads its own.
	*/
	/** The conditional-request cache stage for the `cache` option. */
	readonly cacheStage?: (option: unknown, log: any, bodies?: any) => unknown;
	/** The shared rate-limit stages for the `rateLimit` option. */
	readonly rateLimitStages?: (option: unknown, log: any, bodies?: any) => unknown;
	/** The authentication for an `auth` option that is not a token string. */
	readonly createAuth?: (auth: unknown, log: any) => unknown;
	/** The route through a proxy for each request, for `request.proxy` and the proxy variables. */
	readonly proxyRoute?: (option: unknown, log: any, bodies?: any) => unknown;
	/** Puts the server's route table under `client.rest`, for the `server` option and servers' tables (serverTables). */
	readonly servers?: (client: any, options: any) => void;
	/** The retry stage for the `retry` option, told what the installed plugins retry themselves. */
	readonly retryStage?: (option: unknown, log: any, pluginRetries: "none" | "rate-limits" | "all", bodies?: any) => unknown;
}

/** `client.paginate()` and `client.paginate.iterator()`. */
export declare const paginate: (client: any) => { paginate: PaginateInterface };
/**
Kept for programs that name it: every client has `client.graphql` built in, as `@octokit/core`
does, so `Hublet.plugin(graphql)` adds nothing.
@deprecated `client.graphql` is built in; the plugin is not needed.
*/
export declare const graphql: (client: any) => void;
/** `client.findRoutes(query)`: the methods whose route matches a path or template. */
export declare const findRoutes: (client: any) => { findRoutes: (query: string) => MethodInfo[] };
/**
Retries: network errors and 500/502/503/504 on idempotent verbs, 429 and secondary rate limits on
every verb after the wait the server asks for, tuned by the `retry` option. The full client has
it; a core client without it sends each request once, as @octokit/core does.
*/
export declare const retry: HubletFeature;
/** The `cache` option: conditional requests with ETag and Last-Modified. */
export declare const cache: HubletFeature;
/** Proxies: `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` from the environment, and the `request.proxy` option (needs the optional peer `undici`). */
export declare const proxy: HubletFeature;
/** The `rateLimit` option: clients of one token share its rate limits and pace its writes, across processes through a store. */
export declare const rateLimit: HubletFeature;
/** One log line per request, as @octokit/plugin-request-log writes them; the `requestLog: false` option turns it off. */
export declare const requestLog: (client: any, options?: any) => void;
/**
The `server` option and the tables of `@hublet/rest/servers/<name>`: the route table of the server
the client talks to (GitHub Enterprise Server versions, Enterprise Cloud), with its own methods,
`NOT_AVAILABLE` before sending for a method or a `request()` route it lacks, and `availableOn` on
every method.
@example
```
import { Hublet, serverTables } from "@hublet/rest/core";
import ghes from "@hublet/rest/servers/ghes-3.18";
const Client = Hublet.plugin(serverTables).withRoutes(ghes);
```
*/
export declare const serverTables: HubletFeature;
/** The `auth` forms of @octokit/rest v16: `"basic …"`, `{ username, password }`, `{ clientId, clientSecret }`, `{ token }`, a function. */
export declare const legacyAuth: HubletFeature;
