import type { RequestParameters } from "../../types/endpoint.js";
import type { GraphqlParameters, GraphqlRequestOptions } from "../../types/graphql.js";
import type { RequestInterface } from "../../types/request.js";
import { setOwn, type Bag } from "../common/objects.js";
import { answerOf } from "./answer.js";
import { ghesGraphqlUrl } from "./url.js";

/*
The body of `client.graphql`: loaded on its first call (dist/graphql.js, a file of its own), so a
client that never calls it does not parse it. lib/graphql/api.ts is what every client carries.
The reading of the answer (answer.ts) is here too: it runs only after a query's POST. Like the
features' bodies, this file takes what it uses of the kernel from dist/kernel.js (the kernel map,
scripts/kernel-imports.mjs), so the class a query throws is the one every entry exports.
*/

// What @octokit/graphql sends as request options; every other key is a GraphQL variable.
const NON_VARIABLE_OPTIONS = ["method", "baseUrl", "url", "headers", "request", "query", "mediaType", "operationName"];
// Variables that would clash with request options when the query comes as its own argument.
const FORBIDDEN_VARIABLE_OPTIONS = ["query", "method", "url"];

/*
One query, as @octokit/graphql 9 sends it: `{query, variables, operationName}` in a POST
through `request`, so the hook chain (auth, plugins, the request log) sees it like any other
call. Argument errors reject rather than throw, as octokit's do.
*/
export function graphql(
	request: RequestInterface,
	query: string | GraphqlParameters,
	options?: GraphqlParameters,
): Promise<unknown> {
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

	const ghes = ghesGraphqlUrl(parsed.baseUrl || request.endpoint.DEFAULTS.baseUrl);
	if (ghes) requestOptions.url = ghes;

	return request(requestOptions as RequestParameters & { method: "POST"; url: string }).then((response) =>
		answerOf(request, requestOptions as GraphqlRequestOptions, response),
	);
}
