import type { GraphQlError, GraphQlQueryResponse, GraphqlRequestOptions } from "../../types/graphql.js";
import type { HubletResponse, RequestInterface, ResponseHeaders } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { GraphqlResponseError } from "./error.js";
import { linkOctokitClass } from "./octokit-class.js";
import { ownValue } from "../common/objects.js";
import { clippedText, isResponseObject } from "./response-shape.js";

/**
The `errors` a body carries as a list of objects, or `undefined` when it carries none (absent,
`null`, `false`, `0`, `""`: octokit's test is truthiness too). A list keeps its object entries as
sent; an entry that is not an object (`null`, a string) and an `errors` that is not a list
(`"boom"`, `{"message": "x"}`) become entries whose `message` is that value's text, so that code
reading `error.errors[0].message` never meets a TypeError.
*/
export function errorsOf(body: Record<string, unknown>): GraphQlError[] | undefined {
	const errors = ownValue(body, "errors");
	if (!errors) return undefined;
	const entryOf = (entry: unknown): GraphQlError =>
		isResponseObject(entry) ? (entry as unknown as GraphQlError) : ({ message: clippedText(entry) } as GraphQlError);
	if (!Array.isArray(errors)) return [entryOf(errors)];
	return errors.every(isResponseObject) ? (errors as unknown as GraphQlError[]) : errors.map(entryOf);
}

/**
What a query resolves with, from the answer to its POST: the body's `data`, or a
`GraphqlResponseError` when the body carries `errors` (whatever their shape), or a
`RequestError` ("INVALID_RESPONSE") when the body is not a JSON object at all (a string, an
array, a number, `null`): never a TypeError. Keys are read as the body's own.
*/
export function answerOf(
	request: RequestInterface,
	options: GraphqlRequestOptions,
	response: HubletResponse<unknown>,
): unknown {
	const body = response.data;
	if (!isResponseObject(body)) {
		let kind: string = typeof body;
		if (body === null) kind = "null";
		else if (Array.isArray(body)) kind = "an array";
		else if (body instanceof ArrayBuffer) kind = "bytes";
		throw new RequestError(`The GraphQL response is not a JSON object (${kind})`, 500, {
			request: request.endpoint(options as never),
			response,
			code: "INVALID_RESPONSE",
		});
	}
	const errors = errorsOf(body);
	if (errors) {
		// A plain copy, as octokit's: the error outlives the response.
		const headers: ResponseHeaders = { ...response.headers };
		const shaped = errors === ownValue(body, "errors") ? body : { ...body, errors, data: ownValue(body, "data") };
		linkOctokitClass(GraphqlResponseError);
		throw new GraphqlResponseError(options, headers, shaped as Required<GraphQlQueryResponse<unknown>>);
	}
	return ownValue(body, "data");
}
