/*
Route strings to request and response types, read from `@octokit/openapi-types`.

Every lookup is keyed by the route string and resolved only when a route is used: nothing
here walks all of `paths` except `KnownRoute` (a union of ~1,100 string literals, built once
for editor completion). No schema is copied; `@octokit/openapi-types` is the one source.
*/
import type { paths } from "@octokit/openapi-types";
import type { RequestHeaders, RequestRequestOptions } from "./endpoint.js";
import type { HubletResponse } from "./request.js";

type Verb = "delete" | "get" | "head" | "patch" | "post" | "put";

/**
Every route GitHub's description has, such as `"GET /repos/{owner}/{repo}"`. Used for
completion in editors: any other string is accepted too, with loose types.
*/
export type KnownRoute = { [Path in keyof paths]: `${Uppercase<keyof paths[Path] & Verb>} ${Path & string}` }[keyof paths];

/** `"/x{?name,label}"` → `"/x"`: a URL template's query expression is not part of the `paths` key. */
type PathOf<Url extends string> = Url extends `${infer Path}{?${string}` ? Path : Url;

type OperationAt<Path extends string, Method extends string> = Path extends keyof paths
	? Method extends keyof paths[Path]
		? paths[Path][Method]
		: never
	: never;

/**
The OpenAPI operation of a route (`"GET /repos/{owner}/{repo}"`, or a bare URL, which is a
`GET`), or `never` when `@octokit/openapi-types` does not have it.
*/
export type RouteOperation<R extends string> = R extends `${infer Method} ${infer Url}`
	? OperationAt<PathOf<Url>, Lowercase<Method>>
	: OperationAt<PathOf<R>, "get">;

// An optional `query?` or `requestBody?` with no match infers `unknown`, which `NonNullable` turns into `{}`.
type PathParameters<O> = O extends { parameters: { path: infer P } } ? P : {};
type QueryParameters<O> = O extends { parameters: { query?: infer Q } } ? NonNullable<Q> : {};
type BodyParameters<O> = O extends { requestBody?: infer B } ? ContentParameters<NonNullable<B>> : {};
/** A JSON body spreads into the parameters; any other body (octet-stream, text) is `data`. */
type ContentParameters<B> = B extends { content: infer C }
	? "application/json" extends keyof C
		? C["application/json"]
		: { data: C[keyof C] }
	: {};

/**
The path, query and body parameters of an operation, with the required ones required. A
body that is sent as JSON spreads into the parameters; a raw body (an upload) is `data`.
*/
export type OperationParameters<O> = PathParameters<O> & QueryParameters<O> & BodyParameters<O>;

/** The parameters of a route; `{}` (anything goes) for a route that openapi-types lacks. */
export type RouteParameters<R extends string> = [RouteOperation<R>] extends [never] ? {} : OperationParameters<RouteOperation<R>>;

type SuccessStatus = 200 | 201 | 202 | 204 | 205;
type RedirectStatus = 301 | 302;
type EmptyStatus = 201 | 204 | 205;

/** A response's body type: JSON when it has one, else its only media type; `never` for no content. */
type ContentOf<Response> = Response extends { content: infer C }
	? "application/json" extends keyof C
		? C["application/json"]
		: C[keyof C]
	: never;

type DataResponses<Responses, Status> = Status extends keyof Responses
	? [ContentOf<Responses[Status]>] extends [never]
		? never
		: HubletResponse<ContentOf<Responses[Status]>, Status & number>
	: never;
type StatusResponses<Responses, Status, Data> = Status extends keyof Responses ? HubletResponse<Data, Status & number> : never;
type Otherwise<A, B> = [A] extends [never] ? B : A;

/**
The success response of an operation, as `@octokit/types` reads it: the 2xx responses that
have a body; else the redirects (`302` for downloads); else the empty ones (`204` →
`HubletResponse<never, 204>`).
*/
export type OperationResponse<O> = O extends { responses: infer Responses }
	? Otherwise<
			DataResponses<Responses, SuccessStatus>,
			Otherwise<StatusResponses<Responses, RedirectStatus, unknown>, StatusResponses<Responses, EmptyStatus, never>>
		>
	: HubletResponse<unknown>;

/** The response of a route; `HubletResponse<any>` for a route that openapi-types lacks. */
export type RouteResponse<R extends string> = [RouteOperation<R>] extends [never]
	? HubletResponse<any>
	: OperationResponse<RouteOperation<R>>;

/**
One route's types, as `Endpoints["GET /repos/{owner}/{repo}"]` gives them.
@example
```
import type { Endpoints } from "@hublet/rest";
type Repository = Endpoints["GET /repos/{owner}/{repo}"]["response"]["data"];
```
*/
export interface EndpointTypes<R extends string> {
	/** The path, query and body parameters. */
	parameters: RouteParameters<R>;
	/** The request as `endpoint()` builds it. */
	request: {
		method: R extends `${infer Method} ${string}` ? Method : "GET";
		url: string;
		headers: RequestHeaders;
		request?: RequestRequestOptions;
		body?: unknown;
	};
	/** The success response. */
	response: RouteResponse<R>;
}

/**
Every route's types, keyed by route string: the `Endpoints` map of `@octokit/types`.
@example
```
import type { Endpoints } from "@hublet/rest";
type Parameters = Endpoints["GET /repos/{owner}/{repo}/issues"]["parameters"];
```
*/
export type Endpoints = { [R in KnownRoute]: EndpointTypes<R> };
