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
import { errorLines } from "./response-shape.js";

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
			super(redactText(`Request failed due to following response errors:\n${errorLines(echo.errors)}`, secrets));
			// The request as a thrown value is: an `authorization` header keeps only its scheme
			// (`"bearer [REDACTED]"`), and the credential is gone wherever else it is.
			Object.assign(this, {
				request: redactCause(request, secrets),
				headers: redactData(headers, secrets),
				response: echo,
				errors: echo.errors,
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
