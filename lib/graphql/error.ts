import type {
	GraphQlError,
	GraphQlQueryResponse,
	GraphQlQueryResponseData,
	GraphqlRequestOptions,
	GraphqlResponseError as PublicGraphqlResponseError,
} from "../../types/graphql.js";
import type { ResponseHeaders } from "../../types/request.js";
import { brandClass } from "../common/brand.js";
import { credentialsOf, redactText, secretsOfBody } from "../common/redact.js";
import { redactCause, redactData } from "../common/redact-values.js";
import { ownValue } from "../common/objects.js";
import { shown } from "../http/error-message.js";

/**
A GraphQL response that carries `errors`: the server answered (status 200), but the query
failed in whole or in part. `data` is what it could resolve. The message is @octokit/graphql's.
*/
export type GraphqlResponseError<ResponseData = GraphQlQueryResponseData> = PublicGraphqlResponseError<ResponseData>;
// Typed as the declared class: the assignment checks the implementation against it. The binding
// has a name of its own so that the class keeps its name: a top-level GraphqlResponseError would
// make esbuild rename the class to GraphqlResponseError2, which util.inspect() and console.error()
// then print, and which `error.constructor.name` gives.
const GraphqlResponseErrorClass: typeof PublicGraphqlResponseError = /* @__PURE__ */ (() => {
	class GraphqlResponseError<ResponseData = GraphQlQueryResponseData> extends Error {
		override name = "GraphqlResponseError" as const;
		// Declared, not defined: the constructor sets them, so no field initializers are emitted.
		declare readonly request: GraphqlRequestOptions;
		declare readonly headers: ResponseHeaders;
		declare readonly response: Required<GraphQlQueryResponse<ResponseData>>;
		declare readonly errors: GraphQlError[];
		declare readonly data: ResponseData;

		constructor(
			request: GraphqlRequestOptions,
			headers: ResponseHeaders,
			response: Required<GraphQlQueryResponse<ResponseData>>,
		) {
			// The messages are the server's, which may quote the query's URL arguments or the caller's
			// credential: the one the request was sent with (noted with its body), or one the caller passed.
			const secrets = [...secretsOfBody(response), ...credentialsOf(request.headers)];
			const echo = redactData(response, secrets);
			// One line per error: its `message` when that is a string, else the entry's JSON, each clipped;
			// past the 100th, a count of the rest (`error.errors` keeps them all).
			const { errors } = echo;
			const lines = errors.slice(0, 100).map((entry) => {
				const message = isResponseObject(entry) ? ownValue(entry, "message") : undefined;
				return ` - ${clippedText(typeof message === "string" ? message : entry)}`;
			});
			if (errors.length > 100) lines.push(` - … and ${errors.length - 100} more`);
			super(redactText(`Request failed due to following response errors:\n${lines.join("\n")}`, secrets));
			// The request as a thrown value is: an `authorization` header keeps only its scheme
			// (`"bearer [REDACTED]"`), and the credential is gone wherever else it is.
			Object.assign(this, {
				request: redactCause(request, secrets),
				headers: redactData(headers, secrets),
				response: echo,
				errors,
				data: echo.data,
			});
		}
	}
	// Branded inside a call marked pure, not at the top level: a bundle that never names the
	// class (a core client without graphql) then drops it.
	brandClass(GraphqlResponseError, "@hublet/rest.GraphqlResponseError");
	return GraphqlResponseError;
})();
export { GraphqlResponseErrorClass as GraphqlResponseError };

/*
What a GraphQL answer's body may hold, read as untrusted input: any JSON at all comes back from
a proxy, a mock or a server that is not GitHub's. The rules for odd shapes sit here, beside the
class that formats them; a query's answer (query.ts) reads a body's `errors` by them.
*/

/** Whether a body can be a GraphQL response at all: a JSON object, not an array or a scalar. */
export function isResponseObject(body: unknown): body is Record<string, unknown> {
	return body !== null && typeof body === "object" && !Array.isArray(body) && !(body instanceof ArrayBuffer);
}

/**
Any value as short text for a message: a string as it is, anything else as its JSON, clipped at 500
characters: enough to recognise it, not a whole page.
*/
export function clippedText(value: unknown): string {
	const text = typeof value === "string" ? value : shown(value);
	return text.length > 500 ? `${text.slice(0, 500)}…` : text;
}
