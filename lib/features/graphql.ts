import type { RequestParameters } from "../../types/endpoint.js";
import type {
	GraphQlError,
	GraphqlInterface,
	GraphqlParameters,
	GraphQlQueryResponse,
	GraphQlQueryResponseData,
	GraphqlRequestOptions,
	GraphqlResponseError as PublicGraphqlResponseError,
} from "../../types/graphql.js";
import type { RequestInterface, ResponseHeaders } from "../../types/request.js";
import { brandClass } from "../common/brand.js";

import { credentialsOf, redactCredential, redactText } from "../common/redact.js";
import { lowercaseKeys as lowercaseHeaders, setOwn, type Bag } from "../common/objects.js";

// What @octokit/graphql sends as request options; every other key is a GraphQL variable.
const NON_VARIABLE_OPTIONS = ["method", "baseUrl", "url", "headers", "request", "query", "mediaType", "operationName"];
// Variables that would clash with request options when the query comes as its own argument.
const FORBIDDEN_VARIABLE_OPTIONS = ["query", "method", "url"];
const GHES_V3_SUFFIX = /\/api\/v3\/?$/;

/**
A GraphQL response that carries `errors`: the server answered (status 200), but the query
failed in whole or in part. `data` is what it could resolve. The message is @octokit/graphql's.
*/
export type GraphqlResponseError<ResponseData = GraphQlQueryResponseData> = PublicGraphqlResponseError<ResponseData>;
// Typed as the declared class: the assignment checks the implementation against it.
export const GraphqlResponseError: typeof PublicGraphqlResponseError = /* @__PURE__ */ (() => {
	class GraphqlResponseError<ResponseData = GraphQlQueryResponseData> extends Error {
		override name = "GraphqlResponseError" as const;
		// Declared, not defined: the constructor sets them, so no field initializers are emitted.
		declare readonly request: GraphqlRequestOptions;
		declare readonly headers: ResponseHeaders;
		declare readonly response: Required<GraphQlQueryResponse<ResponseData>>;
		declare readonly errors: GraphQlError[];
		declare readonly data: ResponseData;

		constructor(request: GraphqlRequestOptions, headers: ResponseHeaders, response: Required<GraphQlQueryResponse<ResponseData>>) {
			// The messages are the server's, which may quote the query's URL arguments or the caller's credential.
			const secrets = credentialsOf(lowercaseHeaders(request.headers));
			super(redactText(`Request failed due to following response errors:\n${response.errors.map((error) => ` - ${error.message}`).join("\n")}`, secrets));
			Object.assign(this, { request: withoutCredentials(request), headers, response, errors: response.errors, data: response.data });
		}
	}
	// Branded inside a call marked pure, not at the top level: a bundle that never names the
	// class (a core client without graphql) then drops it.
	brandClass(GraphqlResponseError, "@hublet/rest.GraphqlResponseError");
	return GraphqlResponseError;
})();

/**
A copy whose `authorization` header, if a caller passed one, keeps only its scheme
(`"bearer [REDACTED]"`), or nothing of a bare token.
*/
function withoutCredentials(request: GraphqlRequestOptions): GraphqlRequestOptions {
	const headers = request.headers as Bag | undefined;
	if (!headers || typeof headers !== "object") return request;
	const name = Object.keys(headers).find((key) => key.toLowerCase() === "authorization");
	if (name === undefined) return request;
	return { ...request, headers: { ...headers, [name]: redactCredential(headers[name]) } };
}

/*
One query, as @octokit/graphql 9 sends it: `{query, variables, operationName}` in a POST
through `request`, so the hook chain (auth, plugins, the request log) sees it like any other
call. Argument errors reject rather than throw, as octokit's do.
*/
function graphql(request: RequestInterface, query: string | GraphqlParameters, options?: GraphqlParameters): Promise<unknown> {
	if (options) {
		// The message is @octokit/graphql's, word for word, for code that matches on it.
		let clash = typeof query === "string" && "query" in options ? "query" : undefined;
		for (const key in options) clash ??= FORBIDDEN_VARIABLE_OPTIONS.includes(key) ? key : undefined;
		if (clash) return Promise.reject(new Error(`[@octokit/graphql] "${clash}" cannot be used as variable name`));
	}

	// A spread, not Object.assign, so that a "__proto__" variable is copied as data.
	const parsed: Bag = typeof query === "string" ? { query, ...options } : query;
	const requestOptions: Bag = {};
	for (const key of Object.keys(parsed)) {
		if (NON_VARIABLE_OPTIONS.includes(key)) setOwn(requestOptions, key, parsed[key]);
		else setOwn((requestOptions.variables ??= {}), key, parsed[key]);
	}

	// GitHub Enterprise Server serves GraphQL at /api/graphql, beside the REST root /api/v3.
	const baseUrl = parsed.baseUrl || request.endpoint.DEFAULTS.baseUrl;
	if (GHES_V3_SUFFIX.test(baseUrl)) requestOptions.url = baseUrl.replace(GHES_V3_SUFFIX, "/api/graphql");

	return request(requestOptions as RequestParameters & { method: "POST"; url: string }).then((response) => {
		const body = response.data as Bag | null;
		if (body && body.errors) {
			// A plain copy, as octokit's: the error outlives the response.
			const headers: ResponseHeaders = { ...response.headers };
			throw new GraphqlResponseError(requestOptions as GraphqlRequestOptions, headers, body as Required<GraphQlQueryResponse<unknown>>);
		}
		return body?.data;
	});
}

/**
`client.graphql` over a client's `request`: `POST /graphql` with the client's defaults, hook
chain included. `.defaults()` gives another one over more defaults; `.endpoint` builds its
request options without sending them.
*/
export function createGraphql(request: RequestInterface, newDefaults: RequestParameters = { method: "POST", url: "/graphql" }): GraphqlInterface {
	const graphqlRequest = request.defaults(newDefaults);
	const api = (query: string | GraphqlParameters, options?: GraphqlParameters) => graphql(graphqlRequest, query, options);
	return Object.assign(api, {
		defaults: (moreDefaults: RequestParameters) => createGraphql(graphqlRequest, moreDefaults),
		endpoint: graphqlRequest.endpoint,
	}) as GraphqlInterface;
}

/**
The graphql feature: `client.graphql(query, variables)` through the client's `request`, hook
chain included. The full client has it; on `@hublet/rest/core`, `Hublet.plugin(graphql)` adds it.
*/
export function graphqlFeature(client: { request: RequestInterface }): { graphql: GraphqlInterface } {
	return { graphql: createGraphql(client.request) };
}
