/*
The features, exported by `@hublet/rest/core` and `@hublet/rest`: plugins that an app adds with
`Hublet.plugin(...)`, so that a bundle carries only what it uses. The full client from
`@hublet/rest` composes `paginate`, `requestLog` and `retry`; the others are the app's to add.
*/
import type { PaginateInterface } from "./paginate.js";
import type { MethodInfo } from "./routes.js";

/** The stages of the request pipeline a feature may fill (lib/http/pipeline.ts composes them, outermost first: limits, cache, retries, attempt limits). */
export interface FeatureStages {
	/** Limits shared by every request of a client (concurrency, pace). */
	readonly limits?: unknown;
	/** The conditional-request cache. */
	readonly cache?: unknown;
	/** Retries. */
	readonly retries?: unknown;
	/** The route through a proxy that each attempt takes. */
	readonly proxy?: unknown;
	/** Limits around each attempt, retries included. */
	readonly attemptLimits?: unknown;
}

/** What a feature's `setup()` gives the client it is set up for. */
export interface FeatureParts<Members = {}> {
	/** Its stages of the request pipeline. */
	readonly stages?: FeatureStages;
	/** Members put on the client (`paginate`, `findRoutes`). */
	readonly members?: Members;
	/** A wrap for the hook chain's `request`, placed outside the auth's and before the plugins' (the request log). */
	readonly wrap?: (request: any, options: any) => unknown;
	/** A wrap that refuses a request before anything is sent (the server's route check): placed outside the auth's and every feature's `wrap`, so that no token is fetched and no request line written for a request it refuses. */
	readonly guard?: (request: any, options: any) => unknown;
	/** The client's authentication, for an `auth` option that is not a token string (legacyAuth). */
	readonly auth?: unknown;
}

/** A feature's body: given by the composition (`Feature.body`), or loaded at its first use. */
export interface FeatureBody<Body> {
	/** The body, when the composition gave it: used at once, with no load and no microtask. */
	readonly now: Body | undefined;
	/** The body, loading it the first time (for `request`, when the load is for one; a failed load is a `RequestError` `LOAD_FAILED`, and the next use loads again). */
	load(request?: unknown): Promise<Body>;
}

/** What every feature's `setup()` is given besides its body and settings. */
export interface FeatureContext {
	/** The client being built: its `request`, `rest`, `hook` and `log` are set; the plugins have not run yet. */
	readonly client: any;
	/** The client's options, as given. */
	readonly options: any;
}

/**
A feature of `@hublet/rest/core`: a folder of the package's lib/features/ with a front (this value)
and a body that loads at its first use. `Hublet.plugin()` takes features as it takes plugins; the
client composes them in one loop, in the order the class was given them: for each, `check` reads
its option and `setup` builds what it adds. A core client given an option whose feature it lacks
throws a `TypeError` that names the import that adds it.
*/
export interface Feature<Settings = unknown, Body = unknown, Members = {}> {
	/** Its name: the export it is, and the key of its settings for a call. One feature of a name per class. */
	readonly name: string;
	/** The client option it reads (`"retry"`, `"cache"`, `"request.proxy"`, `"auth"`), if any. */
	readonly option?: string;
	/** The key under a call's `request` options that overrides the option for that call (`request.retry`): checked by `check` at the call, before anything is sent. */
	readonly perCall?: string;
	/** Other client options it reads (`throttle`, which says whether @octokit/plugin-throttling runs): the option check names them for a mistyped name, as it does `option`. */
	readonly reads?: readonly string[];
	/** Whether a plugin in the hook chain does its work, asked once the plugins have run (the client and its options): its stages then stay out of the pipeline, so that attempts never multiply (retries under @octokit/plugin-retry, shared limits under @octokit/plugin-throttling). */
	stepsAside?(client: any, options: any): boolean;
	/** Its settings for `option` (the option's value, `name` what a message calls it), or `undefined` to stay off; a TypeError naming `name` for a value it cannot take. */
	check(option: unknown, name: string): Settings | undefined;
	/** Its body, when the composition carries it (the full entry): used at once, never loaded. */
	readonly body?: Body;
	/** Loads its body, a file of its own in dist/, at its first use. */
	load?(request?: unknown): Promise<Body>;
	/** What it adds to a client, from its body (now or later), its settings and the client. */
	setup(body: FeatureBody<Body>, settings: Settings, context: FeatureContext): FeatureParts<Members> | void;
}

/** `Feature`, under the name earlier versions gave it. */
export type HubletFeature = Feature<any, any, any>;

/** `client.paginate()` and `client.paginate.iterator()`. */
export declare const paginate: Feature<unknown, unknown, { paginate: PaginateInterface }>;
/** `client.findRoutes(query)`: the methods whose route matches a path or template. */
export declare const findRoutes: Feature<unknown, unknown, { findRoutes: (query: string) => MethodInfo[] }>;
/**
Retries: network errors and 500/502/503/504 on idempotent verbs, 429 and secondary rate limits on
every verb after the wait the server asks for, tuned by the `retry` option. The full client has
it; a core client without it sends each request once, as @octokit/core does.
*/
export declare const retry: Feature;
/** The `cache` option: conditional requests with ETag and Last-Modified. */
export declare const cache: Feature;
/** Proxies: `HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` from the environment, and the `request.proxy` option (needs `undici` 6 or 7, installed by the program). */
export declare const proxy: Feature;
/** The `rateLimit` option: clients of one token share its rate limits and pace its writes, across processes through a store. */
export declare const rateLimit: Feature;
/** One log line per request, as @octokit/plugin-request-log writes them; the `requestLog: false` option turns it off. */
export declare const requestLog: Feature;
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
export declare const serverTables: Feature;
/** The `auth` forms of @octokit/rest v16: `"basic …"`, `{ username, password }`, `{ clientId, clientSecret }`, `{ token }`, a function. */
export declare const legacyAuth: Feature;
