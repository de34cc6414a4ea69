import type { RequestOptions } from "../../types/endpoint.js";
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

// A `charset=utf-8` parameter, quoted or not, in a lowercased content type.
const UTF8 = /;\s*charset="?utf-8"?\s*(?:;|$)/;

/**
Turns a fetch `Response` into `{status, url, headers, data}`, or rejects with a `RequestError`
for a status of 400 or more or a body that is not what its content type says. A 304 resolves
(http/request.ts rejects it after the cache). The body is read under `signal`, so a timeout
covers it too, and by its content type: JSON, text, or an `ArrayBuffer` for binary content
(archives, logs). A body that breaks off part-way rejects with the fetch error.
*/
export async function toHubletResponse(
	response: Response,
	request: RequestOptions,
	log: Log,
	signal?: AbortSignal,
): Promise<HubletResponse<unknown>> {
	const headers: ResponseHeaders = {};
	// forEach, not iteration: it is what every `Headers` type declares (lib dom's is iterable only
	// with dom.iterable). Fetch already lowercases the names.
	response.headers.forEach((value, name) => {
		headers[name] = value;
	});
	const status = response.status;
	const result: HubletResponse<unknown> = { status, url: response.url || request.url, headers, data: "" };
	// The request log, above the auth hook, learns from it what the request was sent with.
	noteRequest(result, request);
	if (headers.deprecation !== undefined || headers.sunset !== undefined) warnDeprecated(headers, request, log);
	if (status === 204 || status === 205) return result;
	// A HEAD has no body to read: an error status fails with the status line.
	if (request.method === "HEAD") {
		if (status < 400) return result;
		throw failure(response, request, result, undefined);
	}
	if (status < 300 && request.request?.parseSuccessResponseBody === false) {
		result.data = response.body;
		return result;
	}

	const contentType = String(headers["content-type"] ?? "").toLowerCase();
	const type = contentType.split(";", 1)[0].trim();
	const json = type === "application/json" || type.endsWith("+json");
	const utf8 = UTF8.test(contentType) && type !== "application/octet-stream";
	const text = json || !type || type.startsWith("text/") || utf8;
	const body: Promise<unknown> = text ? response.text() : response.arrayBuffer();
	const data = (result.data = await (signal ? untilAborted(body, signal) : body));
	let invalidJson: SyntaxError | undefined;
	// An empty body under a JSON type is what GitHub sends for some writes.
	if (json && data !== "") {
		try {
			result.data = parseJson(data as string);
		} catch (error) {
			invalidJson = error as SyntaxError;
		}
	}
	// A 304 is a response here: the cache answers it, and the pipeline rejects it if nothing did.
	if (status === 304) return result;
	if (status >= 400 || invalidJson) throw failure(response, request, result, invalidJson);
	// A 200 that carries `errors` (GraphQL's) becomes an error above this layer: it is told what to redact.
	const value = result.data;
	if (value !== null && typeof value === "object" && "errors" in value) noteRequest(value, request);
	return result;
}

/**
The error of a response that is not one: an error status (a HEAD's says its status line), or a
success whose body, sent as JSON, does not parse. An error status keeps its status and code. A
body sent as JSON that does not parse is kept as the raw text, which starts the message as it is octokit's whole message
(plugin-throttling reads "secondary rate" there); the parse failure follows, and is the cause.
*/
function failure(
	response: Response,
	request: RequestOptions,
	result: HubletResponse<unknown>,
	invalidJson: SyntaxError | undefined,
): RequestError {
	const status = result.status;
	const head = request.method === "HEAD";
	// No API answers 407: a proxy on the way wants credentials (it forwards plain http in the clear).
	if (status === 407 && !head) return proxyAuthRequired(request, undefined, result);
	let message = `${status} ${response.statusText}`.trim();
	if (status < 400) message = `Invalid JSON in the response body (${invalidJson!.message})`;
	else if (!head) {
		const unread = invalidJson ? ` (the body is not JSON that can be read: ${invalidJson.message})` : "";
		message = `${errorMessage(result.data, status, response.statusText)}${unread}`;
	}
	const code = status < 400 ? "INVALID_RESPONSE" : codeOf(status, result.headers, message);
	const options = { request, response: result, code, ...(invalidJson && { cause: invalidJson }) } as const;
	const error = new RequestError(message, status < 400 ? 500 : status, options);
	if (invalidJson) markFailsAgain(error);
	return error;
}

const codeOf = (status: number, headers: ResponseHeaders, message: string) =>
	isRateLimit(status, headers, message) ? "RATE_LIMITED" : "HTTP_ERROR";

/**
Warns once per route that the server calls it deprecated. Named by its route, not its URL: once
per route, however many issue numbers it is called with. The date and the link are the server's:
a link may carry `access_token=…`, and either may echo the request's own credential, or hold
bytes that drive the terminal console.warn writes to.
*/
function warnDeprecated(headers: ResponseHeaders, request: RequestOptions, log: Log): void {
	const link = String(headers.link ?? "").match(/<([^<>]+)>; rel="deprecation"/)?.[1];
	const when = headers.sunset ? ` It is scheduled to be removed on ${headers.sunset}.` : "";
	const route = `${request.method} ${redactUrl(routePath(request))}`;
	const warning = `[hublet] "${route}" is deprecated.${when}${link ? ` See ${link}` : ""}`;
	warnOnce(log, escapeControls(redactText(warning, secretsOf(request))));
}
