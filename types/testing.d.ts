/**
`@hublet/rest/testing`: a real client whose transport answers from handlers, for your tests.
@example
```
import { mockClient } from "@hublet/rest/testing";

const { client, calls } = mockClient({
	"repos.get": { data: { full_name: "octokit/rest.js" } },
	"GET /repos/{owner}/{repo}/issues": { pages: [[{ number: 1 }], [{ number: 2 }]] },
});
await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
calls[0].method; // "repos.get"
```
@module
*/
import type { HubletOptions } from "./options.js";
import type { Hublet } from "./index.js";
import type { Hublet as HubletCore } from "./client.js";
import type { MethodRoutes } from "./generated/method-routes.js";
import type { KnownRoute, RouteParameters, RouteResponse } from "./openapi.js";
import type { PageItem } from "./paginate.js";

/** `T` with every property optional, down to the leaves: a handler gives only the fields a test reads. */
export type PartialDeep<T> = T extends readonly (infer Item)[]
	? PartialDeep<Item>[]
	: T extends object
		? { [Key in keyof T]?: PartialDeep<T[Key]> }
		: T;

/** Statuses a handler answers with the route's own response type. */
export type MockSuccessStatus = 200 | 201 | 202 | 203 | 204 | 205 | 206;

/** The other statuses a handler may answer with; 400 and above reject with a `RequestError`. */
export type MockOtherStatus =
	| 300
	| 301
	| 302
	| 303
	| 304
	| 307
	| 308
	| 400
	| 401
	| 402
	| 403
	| 404
	| 405
	| 406
	| 407
	| 408
	| 409
	| 410
	| 411
	| 412
	| 413
	| 414
	| 415
	| 416
	| 417
	| 418
	| 421
	| 422
	| 423
	| 424
	| 425
	| 426
	| 428
	| 429
	| 431
	| 451
	| 500
	| 501
	| 502
	| 503
	| 504
	| 505
	| 506
	| 507
	| 508
	| 510
	| 511;

/** Response headers: names are case-insensitive; numbers are sent as text. */
export type MockHeaders = { [name: string]: string | number };

/** A success: status 200 unless given, `data` typed (every field optional) from the route's response. */
export interface MockResponse<Data = unknown> {
	status?: MockSuccessStatus;
	headers?: MockHeaders;
	/** The body: sent as JSON, or as it is for a string or binary data. */
	data?: PartialDeep<Data>;
}

/**
Any other status. `data` is the body GitHub would send, such as `{ message: "Not Found" }`;
when left out, a status of 400 or more gets `{ message: <the status's reason> }`.
*/
export interface MockFailure {
	status: MockOtherStatus;
	headers?: MockHeaders;
	data?: unknown;
}

/**
A paginated list, served as GitHub serves one: page `n` is `pages[n - 1]`, read from the URL's
`page` parameter, with a `Link: <…&page=n+1>; rel="next"` header while pages remain.
A page is the list of that page, or the whole body (for lists wrapped in an object, such as searches).
*/
export interface MockPages<Data = unknown> {
	pages: ReadonlyArray<ReadonlyArray<PartialDeep<PageItem<Data>>> | PartialDeep<Data>>;
	/** Headers sent with every page, beside `link`. */
	headers?: MockHeaders;
}

/** What a function handler is told of the request, beside its parameters. */
export interface MockRequest {
	/** `"repos.get"`, or `undefined` for a route no method of the client has. */
	method: string | undefined;
	/** `"GET /repos/{owner}/{repo}"`. */
	route: string;
	/** The URL the transport was asked for. */
	url: string;
	/** The request headers as sent, with credentials redacted. */
	headers: { [name: string]: string };
}

/** The body type of a route's success response. */
type DataOf<R extends string> = RouteResponse<R> extends { data: infer Data } ? Data : unknown;

/**
How one route is answered: a response, a function of the request's parameters that returns
one (sync or async; a function that throws acts as a network failure), or pages.
*/
export type MockHandler<R extends string = string> =
	| MockResponse<DataOf<R>>
	| MockFailure
	| MockPages<DataOf<R>>
	| ((
			params: RouteParameters<R>,
			request: MockRequest,
	  ) => MockResponse<DataOf<R>> | MockFailure | Promise<MockResponse<DataOf<R>> | MockFailure>);

/** `"repos.get"`, `"issues.listForRepo"`, …: every method of `client.rest`. */
export type MockMethodName = {
	[Namespace in keyof MethodRoutes]: `${Namespace & string}.${keyof MethodRoutes[Namespace] & string}`;
}[keyof MethodRoutes];

/** The route of a method name: `"repos.get"` → `"GET /repos/{owner}/{repo}"`. */
type RouteOfMethod<Name> = Name extends `${infer Namespace extends keyof MethodRoutes & string}.${infer Method}`
	? Method extends keyof MethodRoutes[Namespace]
		? MethodRoutes[Namespace][Method] & string
		: never
	: never;

/** Handlers by method name (`"repos.get"`) or by route (`"GET /repos/{owner}/{repo}"`), each typed from its route. */
export type MockHandlers = { [Name in MockMethodName]?: MockHandler<RouteOfMethod<Name>> } & {
	[R in KnownRoute]?: MockHandler<R>;
};

/** One request the transport answered: a retry is a request of its own. */
export interface MockCall {
	/** `"repos.get"`, or `undefined` for a route no method of the client has. */
	method: string | undefined;
	/** `"GET /repos/{owner}/{repo}"`. */
	route: string;
	/** The parameters as the call gave them (a later page adds `page`); `client_secret` and `access_token` are redacted. */
	params: { [name: string]: unknown };
	/** The request headers as sent, with `authorization` and other credentials redacted. */
	headers: { [name: string]: string };
}

/** A client class: `Hublet`, a subclass from `.plugin()` or `.defaults()`, or a core client over a route subset. */
type ClientClass = new (options?: HubletOptions) => HubletCore;

/** `mockClient`'s options: the client's own, and the class to make it from. */
export interface MockClientOptions<Class extends ClientClass = typeof Hublet> extends HubletOptions {
	/**
	The class of the client, when your code uses one with plugins or defaults.
	@default Hublet, from "@hublet/rest"
	*/
	Hublet?: Class;
	/** The same as `Hublet`, under octokit's name: `mockClient(handlers, { Octokit: MyOctokit })`. */
	Octokit?: Class;
	/**
	Whether the client writes its request log (`GET /repos/o/r - 404 with id … in 3ms` to
	`log.error` for a failure): off by default, so that the failures a test provokes do not print.
	@default false
	*/
	requestLog?: boolean;
}

/**
A real client (validation, `endpoint()`, hooks, plugins, retries and `paginate` all run) whose
transport answers from `handlers` instead of the network, and the requests it answered.
Retries keep their rules but wait no backoff unless `retry` is given. A call that no handler
answers rejects with an error that names the method, its parameters and the handler key to add.
@example
```
const { client, calls } = mockClient({ "repos.get": { status: 404 } });
await assert.rejects(client.rest.repos.get({ owner: "o", repo: "r" }), { status: 404 });
```
*/
export declare function mockClient<Class extends ClientClass = typeof Hublet>(
	handlers: MockHandlers,
	options?: MockClientOptions<Class>,
): { client: InstanceType<Class>; calls: MockCall[] };
