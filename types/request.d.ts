import type { EndpointInterface, EndpointOptions, RequestOptions, RequestParameters, Route } from "./endpoint.js";
import type { KnownRoute, RouteParameters, RouteResponse } from "./openapi.js";

/**
Response headers, with lowercase names.
*/
export interface ResponseHeaders {
	"cache-control"?: string;
	"content-length"?: number;
	"content-type"?: string;
	date?: string;
	etag?: string;
	"last-modified"?: string;
	link?: string;
	location?: string;
	"retry-after"?: string;
	server?: string;
	status?: string;
	vary?: string;
	"x-github-mediatype"?: string;
	"x-github-request-id"?: string;
	"x-oauth-scopes"?: string;
	"x-ratelimit-limit"?: string;
	"x-ratelimit-remaining"?: string;
	"x-ratelimit-reset"?: string;
	"x-ratelimit-used"?: string;
	[header: string]: string | number | undefined;
}

/**
What every request resolves with.
*/
export interface HubletResponse<T, S extends number = number> {
	status: S;
	/** The final URL, after redirects. */
	url: string;
	headers: ResponseHeaders;
	/** The body: parsed JSON, text, or an `ArrayBuffer` for binary content. `""` for 204 and HEAD. */
	data: T;
	/**
	`true` when the `cache` option answered: the server said `304 Not Modified`, so `data` is
	the cached body (and `status` is 200), and the request did not count against the rate
	limit. Absent on every other response.
	@example
	```
	const response = await client.rest.issues.listForRepo({ owner, repo });
	if (!response.revalidated) render(response.data);
	```
	*/
	revalidated?: true;
}

/** The name `@octokit/types` uses, for code that switches over. */
export type OctokitResponse<T, S extends number = number> = HubletResponse<T, S>;

/**
What kind of failure a `RequestError` is, so that code can branch without reading messages.
An abort by the caller's own signal is not a `RequestError`: it rejects with the signal's
`reason` (an `AbortError` by default), as `@octokit/request` does.

- `"HTTP_ERROR"`: the server answered with a status of 400 or more; `response` is set.
- `"RATE_LIMITED"`: a 403 or 429 for an exhausted primary or secondary rate limit; `response` is set.
  With the `rateLimit` option, also a request not sent because the known limit lasts longer than
  `retry.maxWait` (status 403, no `response`). Never retried.
- `"NOT_MODIFIED"`: a 304 that no cache answered; `response` is set.
- `"NETWORK_ERROR"`: no response: the connection failed or the body broke off (status 500).
- `"TIMEOUT"`: `request.timeout` or an `AbortSignal.timeout()` signal ran out (status 500).
- `"INVALID_RESPONSE"`: the body is not what its content type says, such as broken JSON (status 500).
- `"PROXY_AUTH_REQUIRED"`: the proxy answered 407: it wants credentials in the proxy URL, or
  other ones (status 407; `response` is set only when the proxy forwarded plain http). Never retried.
- `"INVALID_REQUEST"`: caught before anything was sent: a missing parameter, an invalid header,
  `baseUrl` or URL (status 400). Never retried.
- `"NOT_AVAILABLE"`: a method, or a route given to `request()` or `paginate()`, that the server's
  route table (the `server` option) lacks and another table has, caught before anything was sent;
  the message says where the method exists (status 400). Never retried.
- `"LOAD_FAILED"`: a file of Hublet's own that loads at first use (the transport, graphql's body,
  a feature's body, p-retry) could not be loaded; nothing was sent, and the next use loads it
  again (status 500). Never retried.
- `"MISSING_PACKAGE"`: an optional package the request needs (undici, for `request.proxy`) is
  installed neither beside the program nor beside Hublet; nothing was sent (status 500). Never retried.
*/
export type RequestErrorCode =
	| "HTTP_ERROR"
	| "RATE_LIMITED"
	| "NOT_MODIFIED"
	| "NETWORK_ERROR"
	| "TIMEOUT"
	| "INVALID_RESPONSE"
	| "PROXY_AUTH_REQUIRED"
	| "INVALID_REQUEST"
	| "NOT_AVAILABLE"
	| "LOAD_FAILED"
	| "MISSING_PACKAGE";

export interface RequestErrorOptions {
	/** The request that failed. Credentials are redacted in the error's copy. */
	request: RequestOptions;
	/** The response, when one arrived. */
	response?: HubletResponse<unknown>;
	/** The underlying error, such as a network failure. */
	cause?: unknown;
	/** The kind of failure; by default `HTTP_ERROR` with a response, `NETWORK_ERROR` without, `INVALID_REQUEST` for a 400 without. */
	code?: RequestErrorCode;
}

/**
`client.log`: the `log` option's object itself, with any missing method filled in (`debug` and
`info` do nothing, `warn` and `error` go to the console). Typed as `@octokit/core` 7 types it.
*/
export interface Log {
	debug: (message: string, additionalInfo?: object) => any;
	info: (message: string, additionalInfo?: object) => any;
	warn: (message: string, additionalInfo?: object) => any;
	error: (message: string, additionalInfo?: object) => any;
	[key: string]: any;
}

/** The `log` option: a logger with the four methods, as `@octokit/core` 7 types it. */
export interface LogOption {
	debug: (message: string) => unknown;
	info: (message: string) => unknown;
	warn: (message: string) => unknown;
	error: (message: string) => unknown;
}

/**
Sends a request: `request("GET /repos/{owner}/{repo}", params)` or `request(options)`.

A route that GitHub's description has (every `KnownRoute`, which editors complete) types its
parameters and response from `@octokit/openapi-types`; any other route or URL is accepted
with loose types (its `{path}` parameters, read off the template, are required).
@example
```
const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
data.full_name; //=> "octokit/rest.js"
```
*/
export interface RequestInterface<Defaults extends object = {}> {
	/** Sends request options with an explicit `method` and `url`. */
	<T = any>(options: EndpointOptions): Promise<HubletResponse<T>>;
	/** Sends a route such as `"GET /repos/{owner}/{repo}"`; a bare URL is a `GET`. */
	<R extends Route>(
		route: R | KnownRoute,
		parameters?: RouteParameters<R> & RequestParameters,
	): Promise<RouteResponse<R>>;
	/** A new request with more defaults (generic, as `@octokit/types` has it). The hook chain is kept. */
	defaults<Options extends RequestParameters = RequestParameters>(
		newDefaults: Options,
	): RequestInterface<Defaults & Options>;
	/** Builds the request options without sending them. */
	endpoint: EndpointInterface<Defaults>;
}
