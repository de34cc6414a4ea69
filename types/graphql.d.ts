import type { EndpointInterface, RequestParameters } from "./endpoint.js";
import type { ResponseHeaders } from "./request.js";

/** The `data` of a GraphQL response when no type is given: any object. */
export type GraphQlQueryResponseData = { [key: string]: any };

/** One entry of a GraphQL response's `errors`. */
export interface GraphQlError {
	/** e.g. `"NOT_FOUND"`, `"RATE_LIMITED"`. */
	type?: string;
	message: string;
	path?: Array<string | number>;
	extensions?: { [key: string]: any };
	locations?: Array<{ line: number; column: number }>;
}

/** The body of a GraphQL response. */
export interface GraphQlQueryResponse<ResponseData> {
	data: ResponseData;
	errors?: GraphQlError[];
}

/**
The variables of a query, beside the request options `headers`, `mediaType`, `request`,
`baseUrl` and `operationName`. A variable may not be called `query`, `url` or `method` when
the query is its own argument.
*/
export interface GraphqlParameters extends RequestParameters {
	/** Which operation of a document with several to run. */
	operationName?: string;
	[variable: string]: unknown;
}

/** What `client.graphql` passes to `client.request`: the query, its variables and request options. */
export interface GraphqlRequestOptions extends RequestParameters {
	query?: string;
	operationName?: string;
	variables?: { [variable: string]: unknown };
	method?: string;
	url?: string;
}

/**
Sends a GraphQL query through the client's `request` (so through its auth, plugins, retries
and log) and resolves with the response's `data`. A response with `errors` rejects with
`GraphqlResponseError`; an HTTP error rejects with `RequestError`.
@example
```
const { repository } = await client.graphql<{ repository: { issues: { totalCount: number } } }>(
	`query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { issues { totalCount } } }`,
	{ owner: "octokit", repo: "rest.js" },
);
```
*/
export interface GraphqlInterface {
	/** A query and its variables (plus `headers`, `mediaType`, `request`, `baseUrl`). */
	<ResponseData = GraphQlQueryResponseData>(query: string, parameters?: GraphqlParameters): Promise<ResponseData>;
	/**
	One object: `{ query, ...variables }`, plus request options. Its `query` is not required by the
	type, as in `@octokit/graphql`, so that `client.graphql` fits where octokit's `graphql` type is
	expected; a call without one rejects.
	*/
	<ResponseData = GraphQlQueryResponseData>(parameters: GraphqlParameters): Promise<ResponseData>;
	/**
	A new `graphql` with more defaults (headers, variables, `baseUrl`…).
	@example
	```
	const ghes = client.graphql.defaults({ baseUrl: "https://ghe.example.com/api/v3" }); // posts to /api/graphql
	```
	*/
	defaults(newDefaults: RequestParameters): GraphqlInterface;
	/** Builds the request options of a query without sending it: `POST {baseUrl}/graphql`. */
	endpoint: EndpointInterface;
}

/**
A GraphQL response that carries `errors`: `errors` lists them, and `data` is the part of the
query that resolved. The message is `@octokit/graphql`'s:
`Request failed due to following response errors:\n - <message>`.
@example
```
try {
	await client.graphql("{ viewer { login } }");
} catch (error) {
	if (error instanceof GraphqlResponseError) console.log(error.errors[0].type, error.data);
}
```
*/
export declare class GraphqlResponseError<ResponseData = GraphQlQueryResponseData> extends Error {
	name: "GraphqlResponseError";
	/** The query, its variables and request options (an `authorization` header is redacted). */
	readonly request: GraphqlRequestOptions;
	/** The response headers. */
	readonly headers: ResponseHeaders;
	/** The whole response body: `{ data, errors }`. */
	readonly response: Required<GraphQlQueryResponse<ResponseData>>;
	readonly errors: GraphQlError[];
	/** What resolved: GraphQL answers partial data beside its errors. */
	readonly data: ResponseData;
	constructor(
		request: GraphqlRequestOptions,
		headers: ResponseHeaders,
		response: Required<GraphQlQueryResponse<ResponseData>>,
	);
}
