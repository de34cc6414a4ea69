/*
`client.paginate` and `client.paginate.iterator`, typed as `@octokit/plugin-paginate-rest`
types them, with the item type read from the method's or the route's response.
*/
import type { EndpointInterface, RequestMethod, RequestParameters, Route } from "./endpoint.js";
import type { KnownRoute, RouteParameters, RouteResponse } from "./openapi.js";
import type { HubletResponse } from "./request.js";

/** Keys that describe an object-wrapped list rather than hold it. */
type MetaKey = "incomplete_results" | "repository_selection" | "total_count" | "total_commits";

/** `{ total_count, items: [...] }`, `{ total_count, repositories: [...] }`, `{ total_commits, commits: [...] }`. */
type Wrapper = { total_count: number } | { total_commits: number };

/**
The element type of the list in a wrapper: its array of objects. (The runtime takes the first
key that is not a meta key; a wrapper's other arrays, such as the search's
`lexical_fallback_reason`, hold strings and come after it.)
*/
type ListedIn<Data> = {
	[Key in Exclude<keyof Data, MetaKey>]-?: NonNullable<Data[Key]> extends readonly (infer Item)[]
		? Item extends object
			? Item
			: never
		: never;
}[Exclude<keyof Data, MetaKey>];

/**
One item of a paginated response body: the element of a list, or of the list in a wrapper
(search results, `/installation/repositories`, the actions lists). A wrapper that is a
resource (it has a `url`, as a comparison does) is not unwrapped, nor is any other body.
*/
export type PageItem<Data> = Data extends readonly (infer Item)[]
	? Item
	: Data extends Wrapper
		? "url" extends keyof Data
			? Data
			: ListedIn<Data>
		: Data;

/**
A page's `data` after normalization: a list stays a list; a wrapper becomes its list, which
keeps the wrapper's keys (`total_count`, …), as the runtime sets them on the array.
*/
export type PageData<Data> = Data extends readonly unknown[]
	? Data
	: Data extends Wrapper
		? "url" extends keyof Data
			? Data
			: ListedIn<Data>[] & Data
		: Data;

/** One page, as `paginate.iterator` yields it and `mapFn` receives it. */
export type PageResponse<Response> =
	Response extends HubletResponse<infer Data, infer Status> ? HubletResponse<PageData<Data>, Status> : never;

/** The items of every page of a response type. */
export type ResponseItem<Response> = Response extends HubletResponse<infer Data, number> ? PageItem<Data> : never;

/**
Maps one page to what is collected from it. Return an array to collect its elements, or one
value to collect that value. Call `done()` to stop after this page.
@example
```
await client.paginate(client.rest.issues.listForRepo, { owner, repo }, (response, done) => {
	if (response.data.some((issue) => issue.number === 100)) done();
	return response.data.map((issue) => issue.title);
});
```
*/
export type MapFunction<Page, Result> = (response: Page, done: () => void) => Result | readonly Result[];

/** What `paginate` takes as a method: any endpoint method, such as `client.rest.issues.listForRepo`. */
export interface PaginatableMethod {
	(...args: any[]): Promise<HubletResponse<any>>;
	endpoint: EndpointInterface;
}

/** Request options for `paginate({ url, ... })`: a `GET` unless `method` says otherwise. */
export interface PaginateOptions extends RequestParameters {
	method?: RequestMethod;
	url: string;
}

type MethodParameters<Method extends PaginatableMethod> = NonNullable<Parameters<Method>[0]>;
type MethodResponse<Method extends PaginatableMethod> = Awaited<ReturnType<Method>>;
type RouteArguments<R extends string> = RouteParameters<R> & RequestParameters;

/**
Walks every page of a list, following `Link: rel="next"`, and resolves with the items of all
pages. Object-wrapped lists (search, `/installation/repositories`, the actions lists) are
unwrapped; a 204 or a 409 (an empty repository) on the first page gives `[]`. A failure on a
later page rejects, and its message names that page (`(paginate: page 3, <URL>)`): a part of a list
is never returned as all of it. A `next` link to a page already read ends the walk.
@example
```
const issues = await client.paginate(client.rest.issues.listForRepo, { owner: "octokit", repo: "rest.js", per_page: 100 });
const repositories = await client.paginate("GET /installation/repositories");
```
*/
export interface PaginateInterface {
	// An endpoint method, such as `client.rest.issues.listForRepo`.
	<Method extends PaginatableMethod, Result>(
		method: Method,
		mapFn: MapFunction<PageResponse<MethodResponse<Method>>, Result>,
	): Promise<Result[]>;
	<Method extends PaginatableMethod, Result>(
		method: Method,
		parameters: MethodParameters<Method>,
		mapFn: MapFunction<PageResponse<MethodResponse<Method>>, Result>,
	): Promise<Result[]>;
	<Method extends PaginatableMethod>(
		method: Method,
		parameters?: MethodParameters<Method>,
	): Promise<ResponseItem<MethodResponse<Method>>[]>;

	// A route, such as `"GET /repos/{owner}/{repo}/issues"`.
	<R extends Route, Result>(
		route: R | KnownRoute,
		mapFn: MapFunction<PageResponse<RouteResponse<R>>, Result>,
	): Promise<Result[]>;
	<R extends Route, Result>(
		route: R | KnownRoute,
		parameters: RouteArguments<R>,
		mapFn: MapFunction<PageResponse<RouteResponse<R>>, Result>,
	): Promise<Result[]>;
	<R extends Route>(route: R | KnownRoute, parameters?: RouteArguments<R>): Promise<ResponseItem<RouteResponse<R>>[]>;
	/** With the item type given: `paginate<Issue>("GET /repos/{owner}/{repo}/issues", params)`. */
	<Item, R extends Route = Route>(route: R, parameters?: RouteArguments<R>): Promise<Item[]>;

	// Request options: `{ url, ...parameters }`.
	<Item, Result>(options: PaginateOptions, mapFn: MapFunction<HubletResponse<Item[]>, Result>): Promise<Result[]>;
	<Item = unknown>(options: PaginateOptions): Promise<Item[]>;

	/**
	The pages one by one, without collecting them: `for await (const response of client.paginate.iterator(...))`.
	Each page is `{ status, url, headers, data }`, with `data` normalized to a list as `paginate` does.
	@example
	```
	for await (const { data: issues } of client.paginate.iterator(client.rest.issues.listForRepo, { owner, repo })) {
		for (const issue of issues) console.log(issue.number, issue.title);
	}
	```
	*/
	iterator: PaginateIterator;
}

/** `client.paginate.iterator`: every page of a list, one `{ status, url, headers, data }` at a time. */
export interface PaginateIterator {
	<Method extends PaginatableMethod>(
		method: Method,
		parameters?: MethodParameters<Method>,
	): AsyncIterable<PageResponse<MethodResponse<Method>>>;
	<R extends Route>(
		route: R | KnownRoute,
		parameters?: RouteArguments<R>,
	): AsyncIterable<PageResponse<RouteResponse<R>>>;
	<Item = unknown>(options: PaginateOptions): AsyncIterable<HubletResponse<Item[]>>;
}
