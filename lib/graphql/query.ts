import type { RequestParameters } from "../../types/endpoint.js";
import type { GraphQlError, GraphqlParameters, GraphqlRequestOptions } from "../../types/graphql.js";
import type { HubletResponse, RequestInterface } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { setOwn, ownValue, type Bag } from "../common/objects.js";
import { requireOptional } from "../common/optional-package.js";
import { GraphqlResponseError, clippedText, isResponseObject } from "./error.js";
import { ghesGraphqlUrl } from "./url.js";

/*
The body of `client.graphql`: loaded on its first call (dist/graphql.js, a file of its own), so a
client that never calls it does not parse it. lib/graphql/api.ts is what every client carries.
The reading of the answer is here too: it runs only after a query's POST. Like the features'
bodies, this file takes what it uses of the kernel from dist/kernel.js (the kernel map,
scripts/kernel-imports.mjs), so the class a query throws is the one every entry exports.
*/

/*
One query, as @octokit/graphql 9 sends it: `{query, variables, operationName}` in a POST
through `request`, so the hook chain (auth, plugins, the request log) sees it like any other
call. Argument errors reject rather than throw, as octokit's do.
*/
export function graphql(
	request: RequestInterface,
	query: string | GraphqlParameters,
	options?: GraphqlParameters,
	link?: () => void,
): Promise<unknown> {
	if (options) {
		// The message is @octokit/graphql's, word for word, for code that matches on it: variables
		// that would clash with request options when the query comes as its own argument.
		let clash = typeof query === "string" && "query" in options ? "query" : undefined;
		for (const key in options) clash ??= ["query", "method", "url"].includes(key) ? key : undefined;
		if (clash) return Promise.reject(new Error(`[@octokit/graphql] "${clash}" cannot be used as variable name`));
	}

	// A spread, not Object.assign, so that a "__proto__" variable is copied as data.
	const parsed: Bag = typeof query === "string" ? { query, ...options } : query;
	const requestOptions: Bag = {};
	// What @octokit/graphql sends as request options; every other key is a GraphQL variable.
	const sent = ["method", "baseUrl", "url", "headers", "request", "query", "mediaType", "operationName"];
	for (const key of Object.keys(parsed))
		setOwn(sent.includes(key) ? requestOptions : (requestOptions.variables ??= {}), key, parsed[key]);

	const ghes = ghesGraphqlUrl(parsed.baseUrl || request.endpoint.DEFAULTS.baseUrl);
	if (ghes) requestOptions.url = ghes;

	/*
	What a query resolves with, from the answer to its POST: the body's `data`, or a
	`GraphqlResponseError` when the body carries `errors` (whatever their shape), or a
	`RequestError` ("INVALID_RESPONSE") when the body is not a JSON object at all (a string, an
	array, a number, `null`): never a TypeError. Keys are read as the body's own. `link` runs before a
	GraphqlResponseError is made (linkOctokitClass, where the door gave it). Made only when a query is
	sent, not at import.
	*/
	function answerOf(response: HubletResponse<unknown>): unknown {
		const body = response.data;
		if (!isResponseObject(body)) {
			let kind: string = typeof body;
			if (body === null) kind = "null";
			else if (Array.isArray(body)) kind = "an array";
			else if (body instanceof ArrayBuffer) kind = "bytes";
			throw new RequestError(`The GraphQL response is not a JSON object (${kind})`, 500, {
				request: request.endpoint(requestOptions as never),
				response,
				code: "INVALID_RESPONSE",
			});
		}
		const errors = ownValue(body, "errors");
		const data = ownValue(body, "data");
		// No `errors` (absent, `null`, `false`, `0`, `""`: octokit's test is truthiness too): the data.
		if (!errors) return data;
		// A list keeps its object entries as sent; an entry that is not an object (`null`, a string) and
		// an `errors` that is not a list (`"boom"`, `{"message": "x"}`) become entries whose `message` is
		// that value's text, so that code reading `error.errors[0].message` never meets a TypeError. The
		// body is kept as it came when nothing of it changed.
		let changed = !Array.isArray(errors);
		const entries = (changed ? [errors] : (errors as unknown[])).map((entry) =>
			isResponseObject(entry) ? entry : ((changed = true), { message: clippedText(entry) }),
		);
		link?.();
		// The headers as a plain copy, as octokit's: the error outlives the response.
		throw new GraphqlResponseError(
			requestOptions as GraphqlRequestOptions,
			{ ...response.headers },
			(changed ? { ...body, errors: entries, data } : body) as unknown as { data: unknown; errors: GraphQlError[] },
		);
	}
	return request(requestOptions as RequestParameters & { method: "POST"; url: string }).then(answerOf);
}

/*
Apps catch @octokit/graphql's own class: `error instanceof GraphqlResponseError` imported from
"@octokit/graphql". RequestError holds that by extending @octokit/request-error's class, a peer
dependency; @octokit/graphql is heavier (it loads @octokit/request), so it is not loaded at import:
before a query's answer first rejects with a GraphqlResponseError, Hublet's class is put under the
program's copy of @octokit/graphql's class (resolved as the program requires it, never from the
working directory: common/optional-package.ts), when the program has one. An error is then an
instance of both. With no copy, or where nothing can be required, nothing changes; with several
copies, the one the program resolves is the one that holds.

Only Node's door hands this to a query (graphql/api.ts): it gives this file's module, the door of a
bundler's entry only `graphql`, so that a bundle drops this function and optional-package.ts. In a
program's bundle the @octokit/graphql the program imports is the bundle's own copy, not the one a
require() beside the program finds: linked to that one, an error was no instance of the class the
program catches, and @octokit/graphql and @octokit/request were loaded from disk for nothing.
*/
let linked: true | undefined;
/** Puts Hublet's GraphqlResponseError under the program's @octokit/graphql class, once per process. */
export function linkOctokitClass(): void {
	if (linked) return;
	linked = true;
	try {
		const theirs = requireOptional<{ GraphqlResponseError?: unknown }>("@octokit/graphql").module?.GraphqlResponseError;
		const ours = GraphqlResponseError.prototype;
		if (typeof theirs === "function" && theirs.prototype instanceof Error && !(ours instanceof theirs)) {
			Object.setPrototypeOf(ours, theirs.prototype);
		}
	} catch {
		// Not installed, or nothing can be required here: Hublet's own class is the one to catch.
	}
}
