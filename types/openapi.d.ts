/*
Route strings to request and response types, read from `@octokit/openapi-types`.

Every lookup is keyed by the route string and resolved only when a route is used: nothing
here walks all of `paths`. `KnownRoute`, the union of every route for editor completion and
the keys of `Endpoints`, is generated. No schema is copied: `@octokit/openapi-types` is the
one source.
*/
import type { paths } from "@octokit/openapi-types";
import type { RequestHeaders, RequestRequestOptions } from "./endpoint.js";
import type { paths as droppedPaths } from "./generated/legacy-operations.js";
import type { KnownRoute, NewerRoute } from "./generated/method-routes.js";
import type { HubletResponse } from "./request.js";

export type { KnownRoute, NewerRoute };

/**
Settings of the types, which a program sets by declaration merging. The one setting:
`integers`. `@octokit/rest` 22.0.1 types every integer of its methods `number`, and so does
Hublet for every route that octokit 22 has a method for. GitHub's current description (in
`@octokit/openapi-types` 29) types them `number | bigint`, which is what a response holds at run
time: an integer above `Number.MAX_SAFE_INTEGER` (2^53 − 1) arrives as a `BigInt`, exact, as
`@octokit/request` 10 reads it, and every other one as a `number`. To have the types say so:
@example
```
declare module "@hublet/rest" {
	interface HubletTypeOptions {
		integers: "number | bigint";
	}
}
```
*/
export interface HubletTypeOptions {}

/** Whether the program asked for `number | bigint` integers (`HubletTypeOptions`). */
type BigintIntegers = HubletTypeOptions extends { integers: "number | bigint" } ? true : false;

/**
`T` with every `bigint` left out: the `number | bigint` of GitHub's current description as the
`number` of the description `@octokit/rest` 22.0.1 is typed from. It maps lazily, a property at a
time, so that only what a program reads is ever expanded; arrays stay arrays and optional
properties stay optional.
*/
export type NumberIntegers<T> = T extends bigint
	? never
	: T extends Bytes
		? T
		: T extends object
			? { [Key in keyof T]: NumberIntegers<T[Key]> }
			: T;
/** What a body may be besides JSON (an upload's `Uint8Array`, `Blob` or `File`): left as it is. */
type Bytes = ArrayBufferLike | ArrayBufferView | { arrayBuffer(): unknown } | ((...args: any[]) => unknown);

/** `"GET /x{?a,b}"` → `"GET /x"`, and a bare URL as its `GET`: how `NewerRoute` keys a route. */
type RouteKey<R extends string> = R extends `${infer Method} ${infer Url}`
	? `${Method} ${PathOf<Url>}`
	: `GET ${PathOf<R>}`;

/** `T`, with integers as `number` unless the route is one @octokit/rest 22.0.1 lacks (or the program asked for `bigint`). */
type OctokitIntegers<R extends string, T> = BigintIntegers extends true
	? T
	: [RouteKey<R>] extends [NewerRoute]
		? T
		: NumberIntegers<T>;
type OctokitResponseIntegers<R extends string, Response> = BigintIntegers extends true
	? Response
	: [RouteKey<R>] extends [NewerRoute]
		? Response
		: Response extends HubletResponse<infer Data, infer Status>
			? HubletResponse<NumberIntegers<Data>, Status>
			: Response;

/** `"/x{?name,label}"` → `"/x"`: a URL template's query expression is not part of the `paths` key. */
type PathOf<Url extends string> = Url extends `${infer Path}{?${string}` ? Path : Url;

/**
What a route that openapi-types lacks resolves to: a marker with no responses, so that its
response is `HubletResponse<any>` (and its parameters are read off the route's template).

It is deliberately not `never`. While a call such as `request(route, { owner })` is being
inferred, TypeScript reads the constraint of these lookups with the route widened to
`string`; a `never` there makes it fall back to the union of every operation in `paths`,
which costs seconds per call.
*/
interface UnknownOperation {
	/** Marks the fallback; no operation in openapi-types has this key. */
	readonly "x-hublet-unknown": true;
}

type OperationIn<Paths, Path extends string, Method extends string> = Path extends keyof Paths
	? Method extends keyof Paths[Path]
		? Paths[Path][Method]
		: UnknownOperation
	: UnknownOperation;

/** The current description's operation; for a method it dropped, the one @octokit/rest 22.0.1 is typed from. */
type OperationAt<Path extends string, Method extends string> = Path extends keyof paths
	? OperationIn<paths, Path, Method>
	: OperationIn<droppedPaths, Path, Method>;

/**
The OpenAPI operation of a route (`"GET /repos/{owner}/{repo}"`, or a bare URL, which is a
`GET`), or `UnknownOperation` when `@octokit/openapi-types` does not have it.
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

/**
Parameters that the interface spec (§2.2) accepts and GitHub's api.github.com description
does not: `type: "internal"` on `GET /orgs/{org}/repos` is in the Enterprise Cloud
description only. It is accepted, and sent.
*/
interface ParameterFixes {
	"GET /orgs/{org}/repos": { type?: "internal" };
}

/**
The parameters of a route. For a route that openapi-types lacks (a legacy method, or a URL only
the caller knows), they are read off the template as `regexparam` does: each `{name}` in the
path is a required `string | number`, and any other key goes.
*/
export type RouteParameters<R extends string> = R extends keyof ParameterFixes
	? Widen<OctokitIntegers<R, OperationParameters<RouteOperation<R>>>, ParameterFixes[R]>
	: RouteOperation<R> extends UnknownOperation
		? TemplateParameters<R>
		: OctokitIntegers<R, OperationParameters<RouteOperation<R>>>;

/** `"GET /teams/{team_id}/members/{username}"` → `"team_id" | "username"`; query expressions (`{?a,b}`) are left out. */
type TemplateNames<Template extends string> = Template extends `${string}{${infer Expression}}${infer Rest}`
	? | (Expression extends `${"?" | "&"}${string}`
				? never
				: Expression extends `${"+" | "#" | "." | "/" | ";"}${infer Name}`
					? Name
					: Expression)
		| TemplateNames<Rest>
	: never;
type TemplateParameters<R extends string> = { [Name in TemplateNames<R>]: string | number };

/** `Base`, with each key of `Extra` also accepting `Extra`'s type for it. */
type Widen<Base, Extra> = Omit<Base, keyof Extra> & {
	[Key in keyof Extra]: Key extends keyof Base ? Base[Key] | Extra[Key] : Extra[Key];
};

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
type StatusResponses<Responses, Status, Data> = Status extends keyof Responses
	? HubletResponse<Data, Status & number>
	: never;
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
	: HubletResponse<any>;

/**
Response fields where the interface spec (§2.3) and GitHub's description disagree. The spec
is the contract, so these few fields are adjusted on top of openapi-types, by route:
- a pull request's `head.repo` is optional and may be `null` (the head repository of a pull
  request from a deleted fork is gone); the description says it is always there;
- a repository search result's `owner` is never `null`; the description says it may be.
*/
interface ResponseFixes {
	"GET /repos/{owner}/{repo}/commits/{commit_sha}/pulls": "pull requests";
	"GET /repos/{owner}/{repo}/pulls": "pull requests";
	"POST /repos/{owner}/{repo}/pulls": "pull request";
	"GET /repos/{owner}/{repo}/pulls/{pull_number}": "pull request";
	"PATCH /repos/{owner}/{repo}/pulls/{pull_number}": "pull request";
	"POST /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers": "pull request";
	"DELETE /repos/{owner}/{repo}/pulls/{pull_number}/requested_reviewers": "pull request";
	"GET /search/repositories": "repository search";
}

type Replace<T, Key extends keyof T, Value> = Omit<T, Key> & Value;
type FixPullRequest<PullRequest> = PullRequest extends { head: infer Head extends { repo: unknown } }
	? Replace<PullRequest, "head", { head: Replace<Head, "repo", { repo?: Head["repo"] | null }> }>
	: PullRequest;
type FixRepositorySearch<Results> = Results extends { items: readonly (infer Item extends { owner: unknown })[] }
	? Replace<Results, "items", { items: Replace<Item, "owner", { owner: NonNullable<Item["owner"]> }>[] }>
	: Results;
type FixData<Fix, Data> = Fix extends "pull request"
	? FixPullRequest<Data>
	: Fix extends "pull requests"
		? Data extends readonly (infer PullRequest)[]
			? FixPullRequest<PullRequest>[]
			: Data
		: Fix extends "repository search"
			? FixRepositorySearch<Data>
			: Data;
type FixResponse<Fix, Response> =
	Response extends HubletResponse<infer Data, infer Status> ? HubletResponse<FixData<Fix, Data>, Status> : Response;

/** The response of a route; `HubletResponse<any>` for a route that openapi-types lacks. */
export type RouteResponse<R extends string> = OctokitResponseIntegers<
	R,
	R extends keyof ResponseFixes
		? FixResponse<ResponseFixes[R], OperationResponse<RouteOperation<R>>>
		: OperationResponse<RouteOperation<R>>
>;

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
