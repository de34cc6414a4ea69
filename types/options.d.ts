import type { RequestRequestOptions } from "./endpoint.js";
import type { LogOption } from "./request.js";
import type { RetryOptions } from "./retry.js";
// @octokit/core is not a dependency. When the program has it (every octokit plugin has it as a
// peer), its `OctokitOptions` carries what plugins declare for themselves (`throttle`, through
// `declare module "@octokit/core"`), and `HubletOptions` takes those declarations over below.
// When it is absent this import is `any` (the comment below silences "cannot find module"),
// and adds nothing.
// @ts-ignore optional: @octokit/core may not be installed
import type { OctokitOptions as CoreOptions } from "@octokit/core";

/** The named keys of `T`, without its index signatures. */
type KnownKeys<T> = keyof { [Key in keyof T as string extends Key ? never : number extends Key ? never : Key]: 0 };

/**
What plugins add to `@octokit/core`'s `OctokitOptions` (`throttle?: ThrottlingOptions`), less the
options Hublet declares itself (their types are Hublet's: `retry: false` stays allowed). `{}`
without @octokit/core (`CoreOptions` is then `any`).
*/
type PluginOptions = 0 extends 1 & CoreOptions
	? {}
	: { [Key in keyof CoreOptions as Key extends KnownKeys<ClientOptions> ? never : Key]: CoreOptions[Key] };

/**
What `new Hublet(options)` takes. Every option is optional. Keys it does not know are kept for
plugins (such as `throttle` for `@octokit/plugin-throttling`); a plugin that declares its options
for `@octokit/core` (`declare module "@octokit/core"`, as octokit's plugins do) types them here
too, whenever @octokit/core is installed.
@example
```
const client = new Hublet({ auth: process.env.GITHUB_TOKEN, userAgent: "my-app/1.2.3" });
```
*/
export interface HubletOptions extends ClientOptions, PluginOptions {}

/**
`@octokit/core`'s name for the options: the same type as `HubletOptions`, so code written for
octokit (`function plugin(octokit: Octokit, options: OctokitOptions)`) compiles as it is.
*/
export type OctokitOptions = HubletOptions;

/**
Hublet's own options, without what plugins declare (see `HubletOptions`): what the package that
stands in for `@octokit/core` (docs/compatibility.md) builds its `OctokitOptions` from.
*/
export interface HubletClientOptions extends ClientOptions {}

/** Hublet's own options (see `HubletOptions`). */
interface ClientOptions {
	/**
	A token (`"ghp_…"`, `"github_pat_…"`, an installation token, or a JWT, which is sent as
	`bearer`), or the options of `authStrategy`. An object, a function or a `"basic …"` string
	still works but is deprecated.
	@default undefined (unauthenticated requests)
	@example
	```
	new Hublet({ auth: process.env.GITHUB_TOKEN });
	```
	*/
	auth?: any;
	/**
	An auth strategy from the `@octokit/auth-*` packages, called with
	`{ request, log, octokit, octokitOptions, ...auth }`. Its hook signs every request.
	@default undefined (`auth` is a token, or nothing)
	@example
	```
	import { createAppAuth } from "@octokit/auth-app";
	new Hublet({ authStrategy: createAppAuth, auth: { appId, privateKey, installationId } });
	```
	*/
	authStrategy?: (options: any) => any;
	/**
	The API root, such as `https://ghe.example.com/api/v3` for GitHub Enterprise Server.
	@default "https://api.github.com"
	@example
	```
	new Hublet({ baseUrl: "https://ghe.example.com/api/v3" });
	```
	*/
	baseUrl?: string;
	/**
	Your app's name, sent before Hublet's own in the `user-agent` header.
	@default undefined (the header is Hublet's own, its name and then the runtime, as @octokit/core's: `hublet-rest.js/0.1.0 Node.js/20.20.2 (linux; x64)`)
	@example
	```
	new Hublet({ userAgent: "my-app/1.2.3" });
	```
	*/
	userAgent?: string;
	/**
	A time zone from the IANA database, sent as the `time-zone` header: GitHub then reads
	and writes timestamps, such as commit dates, in it.
	@default undefined (UTC)
	@example
	```
	new Hublet({ timeZone: "Europe/Amsterdam" });
	```
	*/
	timeZone?: string;
	/**
	Preview names (`"mercy"`, or `"mercy-preview"`) for the `accept` header. They are sent only to
	GraphQL URLs, as `@octokit/endpoint` v11 does: every REST preview has graduated.
	@default []
	@example
	```
	new Hublet({ previews: ["mercy"] });
	```
	*/
	previews?: string[];
	/**
	Transport defaults for every request: `fetch`, `signal`, `timeout` (milliseconds per attempt)
	and `redirect`. A method call's own `request` option is merged over them.
	@default {} (the global `fetch`, no timeout, redirects followed)
	@example
	```
	new Hublet({ request: { timeout: 10_000, signal: AbortSignal.timeout(60_000) } });
	```
	*/
	request?: RequestRequestOptions;
	/**
	How failed requests are retried, or `false` for no retries. Network errors and 502/503/504
	are retried on idempotent verbs; 429 and secondary rate limits on every verb.
	@default { retries: 3 }
	@example
	```
	new Hublet({ retry: { retries: 5, maxWait: 120_000 } });
	new Hublet({ retry: false });
	```
	With @octokit/plugin-retry installed, the plugin owns retries and reads this object too
	(`doNotRetry`, `retryAfterBaseValue`); with @octokit/plugin-throttling, the plugin owns rate limits.
	*/
	retry?: (RetryOptions & { doNotRetry?: number[]; retryAfterBaseValue?: number }) | false;
	/**
	Where the client writes: a logger with `debug`, `info`, `warn` and `error`, such as `console`
	or a pino logger. It becomes `client.log` itself, and its methods are called on it. Typed, as
	in `@octokit/core`, with all four methods; at run time a missing one is filled in, assigned
	onto the object as octokit does (`debug` and `info` do nothing, `warn` and `error` go to the console).
	@default { debug() {}, info() {}, warn: console.warn, error: console.error }
	@example
	```
	new Hublet({ log: { ...console, debug: () => {} } });
	new Hublet({ log: pino() });
	```
	*/
	log?: LogOption;
	/**
	The request log of the full client, as `@octokit/rest` writes it (`@octokit/plugin-request-log`):
	`GET /repos/o/r - 200 with id … in 87ms` to `log.info` for a success, and to `log.error` for a
	failure. `false` turns it off. The core client has none unless `Hublet.plugin(requestLog)` adds it.
	@default true (false in `mockClient`)
	@example
	```
	new Hublet({ requestLog: false });
	```
	*/
	requestLog?: boolean;
	/**
	Conditional requests: GET responses that carry an `ETag` or `Last-Modified` are kept, and
	the next identical GET sends `If-None-Match` / `If-Modified-Since`. A `304 Not Modified`
	then resolves as the kept response, with `status: 200`, the kept `data`, the 304's headers
	over the kept ones, and `revalidated: true`. GitHub does not count a 304 against the rate
	limit. Writes are never cached; a call opts out with `request: { cache: false }`.

	- `true`: an in-memory store of the 500 most recently used responses.
	- `{ max }`: the same store, bounded to `max` responses.
	- a store: any object with `get(key)`, `set(key, value)` and `delete(key)`, sync or async,
	  such as a `Keyv` instance (and so its Redis or SQLite adapters) or a `Map`.
	- `{ store, timeout }`: a store, and how long a request waits for its `get()`.

	Each entry's key is a SHA-256 hash of the method, URL, `accept` header and `authorization`
	header, so two tokens never share one and a key holds nothing of the request. A GET whose URL
	holds its own credential (or a secret query value), and a response whose text holds it, are
	never stored. What a store gives back is checked before use: a value that is not an entry
	Hublet wrote costs one warning and is deleted, and the request goes on as if nothing was stored.
	@default undefined (no cache)
	@example
	```
	new Hublet({ auth: process.env.GITHUB_TOKEN, cache: true });
	new Hublet({ auth: process.env.GITHUB_TOKEN, cache: { max: 2000 } });
	new Hublet({ auth: process.env.GITHUB_TOKEN, cache: new Keyv("redis://localhost:6379") });
	```
	*/
	cache?: boolean | CacheStore | CacheOptions;
	/**
	Shared rate limits: the clients of one token act on what GitHub said about its limits, and
	pace their writes, together.

	- Each answer's `x-ratelimit-limit`, `-remaining`, `-reset` and `-resource` are kept per
	  resource (`core`, `search`, `graphql`, …), and a secondary-limit 403 or 429 sets a pause
	  (its `retry-after`, else its reset). Before each attempt, a client inside a pause, or with
	  the budget of the request's resource spent before its reset, waits without sending; when
	  that wait is longer than `retry.maxWait`, the call fails at once with a `RequestError` of
	  code `"RATE_LIMITED"` (status 403, no `response`) whose message says until when.
	- Concurrent requests of one client share what any of them learned: a secondary limit met by
	  one request pauses the others too.
	- When an answer says the budget is spent until a reset (`x-ratelimit-remaining: 0`), every
	  client sharing the store waits for that reset too, or fails at once past `retry.maxWait`.
	- Content-creating requests (POST, PATCH, PUT, DELETE) go one at a time, their real starts at
	  least `writeInterval` apart (however late a busy event loop let the last one leave), as
	  GitHub asks. Reads are not paced.
	- With a `store`, clients that share it and a token share all of this: across processes and
	  machines with `new Keyv(new KeyvRedis(url))`, across the clients of one process with a `Map`.
	  The key is a SHA-256 hash of the credentials, never the token. A store that fails, is slower
	  than `timeout` or holds a value that is not a ledger Hublet wrote (checked key by key, every
	  time bounded to what a Date holds) costs one warning: requests go on with the client's own
	  view, the value is replaced, and sharing resumes when the store answers again.

	`true` is `{}`: sharing within the client, writes paced 1 s apart. When
	`@octokit/plugin-throttling` is installed and configured, it owns rate limits and this option
	steps aside.
	@default undefined (each request acts alone: no wait before sending, no pacing)
	@example
	```
	import Keyv from "keyv";
	import KeyvRedis from "@keyv/redis";
	const store = new Keyv(new KeyvRedis(process.env.REDIS_URL));
	new Hublet({ auth: process.env.GITHUB_TOKEN, rateLimit: { store } });
	new Hublet({ auth: process.env.GITHUB_TOKEN, rateLimit: { writeInterval: 0 } });
	```
	*/
	rateLimit?: boolean | RateLimitOptions;

	/**
	The server the client talks to, for its route table: `"api.github.com"`, `"ghec"` (GitHub
	Enterprise Cloud) or `"ghes-<version>"` (GitHub Enterprise Server: tables ship for 3.17, 3.18
	and 3.19), or `"auto"`, where the first response's `x-github-enterprise-version` header
	names the version and its table is used from then on (a version newer than every table uses
	the newest, and one older than every table leaves calls unchecked; each says so once).

	With a table, `client.rest` has the server's own methods (such as
	`enterpriseAdmin.listGlobalWebhooks` on Enterprise Server), a method the server lacks rejects
	before sending with a `RequestError` of code `"NOT_AVAILABLE"` that says where it exists, and
	each method's `availableOn` lists the servers that have it. On the full client, a server
	whose table ships (`"ghec"`, `"ghes-3.17"`, …) also gives `client.rest` that server's types:
	its Enterprise-only methods typed, the ones it lacks absent. `"auto"` keeps api.github.com's
	types, since the server is known only at run time.

	The full client loads the table from the package (Node 20.19 or later); on
	`@hublet/rest/core`, add `serverTables` with `Hublet.plugin()`. A bundled program imports the
	table instead: `Hublet.plugin(serverTables).withRoutes(table)` with `table` from
	`"@hublet/rest/servers/ghes-3.18"`.
	@default undefined (api.github.com's table, nothing checked against another server)
	@example
	```
	new Hublet({ baseUrl: "https://github.example.com/api/v3", server: "ghes-3.18" });
	new Hublet({ baseUrl: "https://github.example.com/api/v3", server: "auto" });
	```
	*/
	server?: "auto" | "api.github.com" | "ghec" | `ghes-${number}.${number}`;
	[option: string]: any;
}

/**
Where the `rateLimit` option shares a token's limits: the Keyv interface, sync or async. Values
are strings; `set` gets a time to live in milliseconds as its third argument, which a `Map`
ignores. A synchronous store (a `Map`) is taken to be in-process.
@example
```
const store: RateLimitStore = new Map<string, string>();
```
*/
export interface RateLimitStore {
	get(key: string): unknown;
	set(key: string, value: string, ttl?: number): unknown;
	delete(key: string): unknown;
}

/**
The `rateLimit` option.
@example
```
new Hublet({ rateLimit: { store: new Keyv(new KeyvRedis("redis://localhost:6379")), writeInterval: 1000 } });
```
*/
export interface RateLimitOptions {
	/**
	Where clients share what they know of a token's limits.
	@default undefined (this client alone)
	*/
	store?: RateLimitStore;
	/**
	Milliseconds between the starts of two content-creating requests of one token, from 0 (no
	pacing) to 2^31−1.
	@default 1000
	*/
	writeInterval?: number;
	/**
	Milliseconds the store may take to share a request's state (its lock, read and write), from 1
	to 2^31−1: past that, the request goes on with the client's own view, and a warning says so,
	once. Writes stay `writeInterval` apart across a fleet as long as no client's event loop is
	held up longer than this.
	@default 500
	*/
	timeout?: number;
}

/**
Where the `cache` option keeps responses: the Keyv interface. Each method may return its
result or a promise of it. Keys and values are strings (a value is the response as JSON);
`get` returns `undefined` (or `null`) for a key it does not have. A store that throws or
rejects costs only its entry, and a warning, once.
@example
```
const store: CacheStore = new Map<string, string>();
```
*/
export interface CacheStore {
	get(key: string): unknown;
	set(key: string, value: string): unknown;
	delete(key: string): unknown;
}

/**
The long form of the `cache` option.
@example
```
new Hublet({ cache: { max: 2000 } });
new Hublet({ cache: { store: new Keyv(), timeout: 200 } });
```
*/
export interface CacheOptions {
	/**
	Where to keep responses.
	@default an in-memory store, least recently used out first
	*/
	store?: CacheStore;
	/**
	How many responses the in-memory store keeps (not allowed with `store`, which bounds itself).
	Each holds its body as JSON text, so memory grows with the responses you repeat.
	@default 500
	*/
	max?: number;
	/**
	Milliseconds a request waits for the store's `get()`: past that, it is sent without
	validators and a warning says so, once. `Infinity` waits for ever.
	@default 500
	*/
	timeout?: number;
}

/**
A plugin: called with each new client and its options, after the core setup. What it
returns is merged into the client (and into its type, through `Hublet.plugin()`).
Plugins written for `@octokit/core` work unchanged.
@example
```
const hello: HubletPlugin = (client) => ({ hello: () => client.log.info("hello") });
```
*/
export type HubletPlugin = (client: any, options: any) => object | void;
