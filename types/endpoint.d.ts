/**
HTTP verbs that GitHub's REST API uses.
*/
export type RequestMethod = "DELETE" | "GET" | "HEAD" | "PATCH" | "POST" | "PUT";

/**
A route such as `"GET /repos/{owner}/{repo}"`, or a bare URL template.
*/
export type Route = string;

/**
Request headers. Names are lowercased by `endpoint()`.
*/
export interface RequestHeaders {
	accept?: string;
	authorization?: string;
	"user-agent"?: string;
	[header: string]: string | number | undefined;
}

/**
What `request.fetch` takes: the global `fetch`, undici's (the proxy recipe of `@octokit/core`'s
README), or any function of a string URL (and an init) that returns a response or a promise of
one (a test's synchronous stand-in fits). The init is loosely typed, as in `@octokit/types`, so
a stand-in declaring its own init type fits.
@example
```
new Hublet({ request: { fetch: (url: string) => new Response(JSON.stringify({ url })) } });
new Hublet({ request: { fetch: (url: string, init?: any) => undiciFetch(url, { ...init, dispatcher }) } });
```
*/
export type Fetch = (url: string, init?: any) => FetchResponse | PromiseLike<FetchResponse>;

/**
A response as Hublet reads it, from whichever fetch made it: only what every runtime's and every
lib's `Response` type has. The global `Response` fits under `lib: ["dom"]` with or without
`dom.iterable` (without it, `Headers` is not iterable, so Hublet reads headers with `forEach`), and
so do those of `@types/node`, undici (whose type is not the global one: it lacks `bytes()`, and its
iterators lack `[Symbol.dispose]`) and Bun.
*/
export interface FetchResponse {
	readonly status: number;
	readonly statusText: string;
	readonly url: string;
	readonly headers: FetchResponseHeaders;
	readonly body: unknown;
	text(): Promise<string>;
	arrayBuffer(): Promise<ArrayBuffer>;
}

/** The headers of a `FetchResponse`: what every `Headers` type has. */
export interface FetchResponseHeaders {
	get(name: string): string | null;
	forEach(callback: (value: string, name: string) => void): void;
}

/**
Options that shape the transport rather than the HTTP request.
*/
export interface RequestRequestOptions {
	/**
	A `fetch` implementation to use instead of the global one. It is always called with the URL
	as a string and an init object (`method`, `headers` as a plain object, `body`, `redirect`,
	`signal`, and `duplex` with a body), so `(url: string, init?: …) => Promise<Response>` fits.
	*/
	fetch?: Fetch;
	/** Aborts the request (and any pending retry) when signalled. */
	signal?: AbortSignal;
	/** Milliseconds before one attempt gives up with a `RequestError` of status 500. `0` means no timeout. @default 0 */
	timeout?: number;
	/** What to do with a redirect, as in `fetch`. @default "follow" */
	redirect?: "follow" | "error" | "manual";
	/** Set to `false` to get the raw `Response` body stream in `data`. @default true */
	parseSuccessResponseBody?: boolean;
	/** `false` sends this call without the client's `cache` (no lookup, nothing stored). @default true */
	cache?: boolean;
	/**
	The proxy to send through (`http://user:password@proxy:3128`), or `false` for none. Without it,
	`HTTPS_PROXY`, `HTTP_PROXY` and `NO_PROXY` decide. Needs `undici` 6 or 7 where the program has it,
	and is ignored with a custom `fetch`. On `@hublet/rest/core`, add the `proxy` feature. The
	client's own is kept by the proxy feature, not in `request.endpoint.DEFAULTS`; a call's own is
	redacted to `http://[REDACTED]@proxy:3128` in an error's `request`.
	@default undefined (the environment decides)
	*/
	proxy?: string | URL | false;
	/**
	The origin (`https://api.github.com`) whose requests may carry the `authorization` header:
	a request to another origin is sent without it, and a warning says so once. `paginate` sets it
	to the first page's origin, so that a `Link` header cannot send the token elsewhere.
	@default undefined (no restriction)
	*/
	credentialsOrigin?: string;
	/** Internal: the hook chain. Set by the client. */
	hook?: (...args: any[]) => any;
	/**
	Any other option, for plugins (`retries` and `retryAfter` for `@octokit/plugin-retry`). Typed
	`any`, as in `@octokit/types`, so options typed for octokit fit as they are.
	*/
	[option: string]: any;
}

/**
Preview and format of the `accept` header.
*/
export interface MediaType {
	/**
	e.g. `"raw"`, `"diff"`, `"html"`: rewrites `application/vnd.github.v3+json` in the `accept`
	header to `application/vnd.github.v3.<format>` (as `@octokit/endpoint` does). Ignored when
	`accept` is `application/octet-stream`.
	*/
	format?: string;
	/**
	GraphQL preview names such as `"mercy"`. As in `@octokit/endpoint` v11, they are sent only to
	GraphQL urls (ending in `/graphql`), as `application/vnd.github.<name>-preview+json` (or
	`.<format>`); REST requests ignore them. A list replaces the defaults' list, except when the
	route is `"/graphql"` itself (how `client.graphql` is built): then the two add up, the
	defaults' first, and a `-preview` suffix is dropped.
	*/
	previews?: string[];
}

/**
The parameters of a request: URL and body parameters plus the reserved keys.
*/
export interface RequestParameters {
	baseUrl?: string;
	headers?: RequestHeaders;
	mediaType?: MediaType;
	request?: RequestRequestOptions;
	[parameter: string]: unknown;
}

/**
Parameters with an explicit method and URL, as `request(options)` takes them.
*/
export interface EndpointOptions extends RequestParameters {
	method: RequestMethod;
	url: string;
}

/**
The defaults every endpoint starts from.
*/
export interface EndpointDefaults extends RequestParameters {
	baseUrl: string;
	method: RequestMethod;
	url?: string;
	headers: RequestHeaders & { accept: string; "user-agent": string };
	mediaType: { format: string; previews?: string[] };
}

/**
Merged (not yet parsed) options: defaults, route and parameters combined.
*/
export type MergedOptions = EndpointDefaults & RequestParameters & { url?: string };

/**
What `endpoint()` returns: exactly enough to send the request.
*/
export interface RequestOptions {
	method: RequestMethod;
	url: string;
	headers: RequestHeaders;
	body?: any;
	request?: RequestRequestOptions;
}

/**
Builds request options without sending anything. `Defaults` are what this endpoint's defaults
are known to set: an endpoint method's endpoint has its `url`, so its `merge()` has one too
(and `paginate(method.endpoint.merge(parameters))` compiles), as in `@octokit/types`.
*/
export interface EndpointInterface<Defaults extends object = {}> {
	// Generic as in `@octokit/types`, so that this endpoint fits where octokit's is expected.
	<Options extends RequestParameters = RequestParameters>(
		options: Options & { method?: string } & ("url" extends keyof Defaults ? { url?: string } : { url: string }),
	): RequestOptions & Pick<Defaults & Options, keyof RequestOptions>;
	<R extends Route, Parameters extends RequestParameters = RequestParameters>(
		route: R,
		parameters?: Parameters,
	): RequestOptions & Pick<Parameters, keyof RequestOptions>;
	/** With `method` and `url` taken from the defaults (an endpoint method's own endpoint). */
	(options?: RequestParameters): RequestOptions;
	/** The defaults of this endpoint. */
	DEFAULTS: EndpointDefaults & Defaults;
	/**
	A new endpoint with more defaults, whose `DEFAULTS` know what was given (generic, as
	`@octokit/types` has it, so the endpoint fits where octokit's `endpoint` type is expected).
	*/
	defaults<Options extends RequestParameters = RequestParameters>(
		newDefaults: Options,
	): EndpointInterface<Defaults & Options>;
	/** Merges defaults, route and parameters without parsing. */
	merge(route: Route, parameters?: RequestParameters): MergedOptions & Defaults;
	merge(options?: RequestParameters): MergedOptions & Defaults;
	/** Turns merged options into `{method, url, headers, body?, request?}`. */
	parse<Options extends MergedOptions = MergedOptions>(
		options: Options,
	): RequestOptions & Pick<Options, keyof RequestOptions>;
}
