import type { FetchResponseHeaders, RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log, ResponseHeaders } from "../../types/request.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { noteRequest, redactText, secretsOf } from "../common/redact.js";
import { escapeControls } from "../common/terminal-text.js";
import { errorMessage } from "./error-message.js";
import { parseJson } from "./json.js";
import { warnOnce } from "../common/log.js";
import { routePath } from "./route-of.js";
import { untilAborted } from "../common/race.js";
import { isRateLimit } from "./rate-limit-signs.js";
import { markFailsAgain } from "./fails-again.js";
import { proxyAuthRequired } from "./request-failures.js";

/** Copies fetch headers into a plain object (fetch already lowercases names). */
export function headersObject(headers: FetchResponseHeaders): ResponseHeaders {
	const result: ResponseHeaders = {};
	// forEach, not iteration: it is what every `Headers` type declares (lib dom's is iterable only with dom.iterable).
	headers.forEach((value, name) => {
		result[name] = value;
	});
	return result;
}

function mediaType(headers: ResponseHeaders): { type: string; charset?: string } {
	const [type = "", ...parameters] = String(headers["content-type"] ?? "").split(";");
	const charset = parameters.map((p) => p.trim().toLowerCase()).find((p) => p.startsWith("charset="));
	return { type: type.trim().toLowerCase(), charset: charset?.slice("charset=".length).replace(/"/g, "") };
}

const isJsonType = (type: string) => type === "application/json" || type.endsWith("+json");

/**
Reads a body by its content type: JSON, text, or an `ArrayBuffer` for binary content
(archives, logs). A body that breaks off part-way rejects with the fetch error.
`invalidJson` tells whether a JSON content type carried text that does not parse.
*/
async function readBody(
	response: Response,
	headers: ResponseHeaders,
	signal: AbortSignal | undefined,
): Promise<{ data: unknown; invalidJson?: SyntaxError }> {
	const { type, charset } = mediaType(headers);
	if (isJsonType(type)) {
		const text = await untilAborted(response.text(), signal);
		// An empty body under a JSON type is what GitHub sends for some writes.
		if (text === "") return { data: "" };
		try {
			return { data: parseJson(text) };
		} catch (error) {
			return { data: text, invalidJson: error as SyntaxError };
		}
	}
	if (type === "" || type.startsWith("text/") || (charset === "utf-8" && type !== "application/octet-stream")) {
		return { data: await untilAborted(response.text(), signal) };
	}
	return { data: await untilAborted(response.arrayBuffer(), signal) };
}

/**
Turns a fetch `Response` into `{status, url, headers, data}`, or rejects with a
`RequestError` for a status of 400 or more or a body that is not what its content type
says. A 304 resolves (lib/http/request.ts rejects it after the cache). The body is read under
`signal`, so a timeout covers it too.
*/
export async function toHubletResponse(
	response: Response,
	request: RequestOptions,
	log: Log,
	signal?: AbortSignal,
): Promise<HubletResponse<unknown>> {
	const headers = headersObject(response.headers);
	const result: HubletResponse<unknown> = {
		status: response.status,
		url: response.url || request.url,
		headers,
		data: "",
	};
	// The request log, above the auth hook, learns from it what the request was sent with.
	noteRequest(result, request);
	const { status } = response;

	if (headers.deprecation !== undefined || headers.sunset !== undefined) {
		const link = String(headers.link ?? "").match(/<([^<>]+)>; rel="deprecation"/)?.[1];
		const when = headers.sunset ? ` It is scheduled to be removed on ${headers.sunset}.` : "";
		// Named by its route, not its URL: once per route, however many issue numbers it is called with.
		const route = `${request.method} ${redactUrl(routePath(request))}`;
		const warning = `[hublet] "${route}" is deprecated.${when}${link ? ` See ${link}` : ""}`;
		// The date and the link are the server's: a link may carry `access_token=…`, and either may
		// echo the request's own credential, or hold bytes that drive the terminal console.warn writes to.
		warnOnce(log, escapeControls(redactText(warning, secretsOf(request))));
	}

	if (status === 204 || status === 205) return result;
	if (request.method === "HEAD") {
		if (status < 400) return result;
		const message = `${status} ${response.statusText}`.trim();
		const code = isRateLimit(status, headers, message) ? "RATE_LIMITED" : "HTTP_ERROR";
		throw new RequestError(message, status, { request, response: result, code });
	}
	if (status < 300 && request.request?.parseSuccessResponseBody === false) {
		result.data = response.body;
		return result;
	}

	const { data, invalidJson } = await readBody(response, headers, signal);
	result.data = data;
	// A 304 is a response here: the cache answers it, and the pipeline rejects it if nothing did.
	if (status === 304) return result;
	// No API answers 407: a proxy on the way wants credentials (it forwards plain http in the clear).
	if (status === 407) throw proxyAuthRequired(request, undefined, result);
	if (status >= 400) {
		// An error status keeps its status and code. A body sent as JSON that does not parse is
		// kept as the raw text, which starts the message as it is octokit's whole message
		// (plugin-throttling reads "secondary rate" there); the parse failure follows, and is the cause.
		const message =
			`${errorMessage(data, status, response.statusText)}` +
			`${invalidJson ? ` (the body is not JSON that can be read: ${invalidJson.message})` : ""}`;
		const code = isRateLimit(status, headers, message) ? "RATE_LIMITED" : "HTTP_ERROR";
		const error = new RequestError(message, status, {
			request,
			response: result,
			code,
			...(invalidJson && { cause: invalidJson }),
		});
		if (invalidJson) markFailsAgain(error);
		throw error;
	}
	// A 200 that carries `errors` (GraphQL's) becomes an error above this layer: it is told what to redact.
	if (data !== null && typeof data === "object" && "errors" in data) noteRequest(data, request);
	if (invalidJson) {
		const error = new RequestError(`Invalid JSON in the response body (${invalidJson.message})`, 500, {
			request,
			response: result,
			cause: invalidJson,
			code: "INVALID_RESPONSE",
		});
		markFailsAgain(error);
		throw error;
	}
	return result;
}
