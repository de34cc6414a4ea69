import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, RequestErrorCode } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { hasUserinfo, isError, redactUrl } from "../common/redact.js";
import { abortFailure } from "./abort-failure.js";
import { errorMessage } from "./error-message.js";
import { markFailsAgain } from "./fails-again.js";
import { TOKEN, fetchRefusal } from "./request-checks.js";
import { isRateLimit } from "./rate-limit-signs.js";

/*
Every failure of an attempt, built only once it happened, from what it is about: the transport's
common path (http/request.ts) calls nothing here. Each failure is a `RequestError`
with octokit's status and a code; those that the same request meets again however often it is
sent are marked so (fails-again.ts), and the retry feature never repeats them.
*/

/**
Every failure built here, as one call: a `code` only where the status does not imply it (errors.ts:
400 INVALID_REQUEST, 500 NETWORK_ERROR, HTTP_ERROR with a response), a `response` only for an answer.
*/
function failed(
	request: RequestOptions,
	message: string,
	status: number,
	cause?: unknown,
	response?: HubletResponse<unknown>,
	code?: RequestErrorCode,
): RequestError {
	return new RequestError(message, status, { request, cause, response, code });
}

/** A `request.timeout` that no timer can hold: `problem` says why (common/race.ts). */
export function invalidTimeout(request: RequestOptions, problem: string): RequestError {
	return failed(request, `Invalid request.timeout for ${request.method} ${redactUrl(request.url)}: it ${problem}`, 400);
}

/** A request that fetch would refuse to build, or that its body or headers keep from being sent: never retried. */
export function invalidRequest(request: RequestOptions, refusal?: string): RequestError {
	return failed(request, describeInvalidRequest(request, refusal), 400);
}

/**
Says, in one line, why fetch refused or would refuse to build a request, naming the option or header
at fault, and never repeating a header's value or a URL's credentials. `refusal`, when fetch gave one
(a blocked port, a header undici does not allow), ends the line; otherwise the checks say it.
*/
function describeInvalidRequest(request: RequestOptions, refusal?: string): string {
	const url = String(request.url);
	const shownUrl = redactUrl(url);
	let parsed: URL | undefined;
	try {
		parsed = new URL(url);
	} catch {
		return `Invalid URL "${shownUrl}": check the baseUrl option and the route`;
	}
	if (hasUserinfo(url) || parsed.username || parsed.password) {
		return (
			`The URL "${shownUrl}" carries credentials (user:password@), which fetch refuses: remove them ` +
			`from baseUrl and pass a token as the auth option`
		);
	}
	if (!/^https?:$/.test(parsed.protocol))
		return `Invalid URL "${shownUrl}": only http and https are supported (check the baseUrl option)`;
	for (const [name, value] of Object.entries(request.headers)) {
		if (!TOKEN.test(name)) return `Invalid header name ${JSON.stringify(name)}`;
		// What fetch refuses in a header's value, once trimmed, as a message names it (the last that applies).
		const text = String(value).trim();
		let what = /[^\0-\xff]/.test(text) && "a character beyond Latin-1";
		if (/\0/.test(text)) what = "a NUL character";
		if (/[\r\n]/.test(text)) what = "a line break (CR or LF)";
		// The headers that options write, and the option that wrote each.
		const option = name === "user-agent" ? "userAgent" : name === "time-zone" && "timeZone";
		if (what)
			return `Invalid value for header "${name}"${option ? ` (from the ${option} option)` : ""}: it contains ${what}`;
	}
	const reason = refusal ?? fetchRefusal(url, request.method, request.request?.redirect);
	return `Invalid request ${request.method} ${shownUrl}: ${redactUrl(String(reason).split("\n")[0])}`;
}

/** A body that cannot be sent as JSON: the message names the route, nothing is sent, and it is never retried. */
export function unsendableBody(request: RequestOptions, error: unknown): RequestError {
	const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
	const message = `The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`;
	return failed(request, message, 400);
}

/**
A 407 from a proxy, as a tunnel refusal (no response) or a forwarded answer: the proxy wants
credentials, or other ones. Never retried: the same request gets the same answer.
*/
function proxyAuthRequired(request: RequestOptions, cause: unknown, response?: HubletResponse<unknown>): RequestError {
	const message =
		"407 Proxy Authentication Required: the proxy asks for credentials: put user:password@ in the proxy URL";
	return failed(request, message, 407, cause, response, "PROXY_AUTH_REQUIRED");
}

/**
The error of a response that is not one: an error status (a HEAD's says its status line), or a
success whose body, sent as JSON, does not parse. An error status keeps its status, and is coded
RATE_LIMITED when it is a rate limit (rate-limit-signs.ts). A body sent as JSON that does
not parse is kept as the raw text, which starts the message as it is octokit's whole message
(plugin-throttling reads "secondary rate" there); the parse failure follows, and is the cause.
*/
export function responseFailure(
	response: Response,
	request: RequestOptions,
	result: HubletResponse<unknown>,
	invalidJson?: SyntaxError,
): RequestError {
	const { status } = result;
	const head = request.method === "HEAD";
	// No API answers 407: a proxy on the way wants credentials (it forwards plain http in the clear).
	if (status === 407 && !head) return proxyAuthRequired(request, undefined, result);
	let message = `${status} ${response.statusText}`.trim();
	if (status < 400) message = `Invalid JSON in the response body (${invalidJson!.message})`;
	else if (!head) {
		const unread = invalidJson ? ` (the body is not JSON that can be read: ${invalidJson.message})` : "";
		message = errorMessage(result.data, status, response.statusText) + unread;
	}
	// An error status with no code of its own is coded HTTP_ERROR (errors.ts).
	let code: RequestErrorCode | undefined = "INVALID_RESPONSE";
	if (status >= 400) code = isRateLimit(status, result.headers, message) ? "RATE_LIMITED" : undefined;
	const error = failed(request, message, status < 400 ? 500 : status, invalidJson, result, code);
	// The same bytes would come back.
	if (invalidJson) markFailsAgain(error);
	return error;
}

/** The errors along an error's `cause` chain, five at most: undici puts the reason of `fetch failed` on its cause. */
function causes(error: unknown): Error[] {
	const chain: Error[] = [];
	for (let depth = 0; isError(error) && depth < 5; depth++, error = error.cause) chain.push(error);
	return chain;
}

/** The first error along an error's `cause` chain with a `code` (`ENOTFOUND`, `ECONNREFUSED`). */
function codedCause(error: unknown): (Error & { code: string }) | undefined {
	return causes(error).find((cause) => typeof (cause as { code?: unknown }).code === "string") as
		(Error & { code: string }) | undefined;
}

/**
The status a proxy refused a tunnel with (three digits), from undici's "Proxy response (407) !== 200
when HTTP Tunneling" along the cause chain (undici 6 and 7 word it so): `undefined` when no proxy refused.
*/
function tunnelRefusal(error: unknown): string | undefined {
	return causes(error)
		.map((cause) => /^Proxy response \((\d{3})\)/.exec(cause.message)?.[1])
		.find(Boolean);
}

/**
Why fetch refused a request without sending it, or undefined when the failure may have been the
network's: undici's codes for a request it rejects while checking it (a header it does not allow,
`connection: upgrade` or `transfer-encoding`, an `expect` it does not support), and a port the fetch
standard blocks (of SMTP, IRC), which Node's fetch answers with `fetch failed` caused by a plain
`bad port` error with no code. So a fetch that does not block ports (a test stand-in, another
library) and fails to connect is still retried. `coded` is codedCause(error).
*/
function refusalBeforeSending(
	url: string,
	error: unknown,
	coded: (Error & { code: string }) | undefined,
): string | undefined {
	if (coded) return /^UND_ERR_(?:INVALID_ARG|NOT_SUPPORTED)$/.test(coded.code) ? coded.message : undefined;
	// The error's own cause, when both are errors: the chain codedCause() walked.
	if (causes(error)[1]?.message !== "bad port") return undefined;
	// The URL parser's port, as fetch sees it: `:0001` is port 1.
	const port = new URL(url).port;
	return `fetch refuses port ${port}, which the fetch standard blocks as the port of another protocol: check baseUrl`;
}

/**
Whether `url`'s host is this machine: 127.0.0.0/8 as the URL parser writes it (`127.1` and `0x7f.1`
are `127.0.0.1`), `[::1]`, an IPv4-mapped one (`[::ffff:7f00:1]`) or `localhost`; false for a URL
that does not parse. A connection refused there is nothing listening, which a retry a second later
finds again; elsewhere it is often a server restarting behind its address.
*/
function isLoopbackUrl(url: string): boolean {
	try {
		// The parser's own form of an http(s) host: lowercase, IPv4 as four decimals, IPv6 in lowercase hex.
		return /^(?:localhost\.?|\[::1\]|127(?:\.\d+){3}|\[::ffff:7f\w\w:\w+\])$/.test(new URL(url).hostname);
	} catch {
		return false;
	}
}

/**
What a thrown value says: an error's message (of any realm), a string or another primitive as it
is, an object's `message` if it has one as text, else octokit's "Unknown Error". An object is never
turned into text by its own code: `Object.create(null)` has no `toString`, and `String()` throws.
*/
function messageOf(error: unknown): string {
	// A primitive: only an object is its own `Object()`.
	if (Object(error) !== error) return String(error);
	try {
		const { message } = error as { message?: unknown };
		if (typeof message === "string") return message;
	} catch {
		// A getter that throws: the value says nothing readable.
	}
	return "Unknown Error";
}

/**
What a failed fetch or body read rejects with, as @octokit/request has it:

- a timeout or an abort by the caller: as abortFailure() (abort-failure.ts) gives it; `deadline`
  is the signal of `request.timeout` when its timer, not the caller, ended the request;
- a request that fetch refused before sending it (a port the fetch standard blocks, a header
  undici does not allow): `INVALID_REQUEST`, status 400, never retried;
- a host that does not resolve (`ENOTFOUND`): `NETWORK_ERROR`, status 500, naming the host and
  what to check (the network for GitHub's own hosts, baseUrl for any other), never retried;
- a proxy that refuses the tunnel with 407: `PROXY_AUTH_REQUIRED`, never retried; with another
  status, `NETWORK_ERROR` naming it;
- anything else: `NETWORK_ERROR`, status 500, with the underlying reason in the message and the
  error as `cause`; a connection refused on this machine is never retried. So is a value that
  throws when it is read (a Proxy, a getter), as octokit's "Unknown Error".
*/
export function failureOf(
	error: unknown,
	request: RequestOptions,
	callerSignal: AbortSignal | undefined,
	deadline: AbortSignal | undefined,
	proxy?: string,
): unknown {
	const failure = abortFailure(error, request, callerSignal, deadline, classified);
	// Through a proxy, the failure says so, since the proxy may be what failed.
	if (proxy && failure instanceof RequestError) failure.message += ` (through the proxy ${proxy})`;
	return failure;
}

/** A failure that neither the deadline nor the caller's signal caused, as failureOf() lists them. */
function classified(error: unknown, request: RequestOptions): unknown {
	const tunnel = tunnelRefusal(error);
	if (tunnel === "407") return proxyAuthRequired(request, error);
	const coded = codedCause(error);
	const refusal = refusalBeforeSending(request.url, error, coded);
	if (refusal) return invalidRequest(request, refusal);
	// What the error says, unless a case below says more (the last that applies).
	let message = messageOf(error);
	// Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a reset) is its cause.
	const cause = isError(error) ? error.cause : undefined;
	if (isError(cause)) message += `: ${cause.message}`;
	else if (typeof cause === "string") message += `: ${cause}`;
	// Marked below as failing again: only an error made here, never an abort's reason (the caller's).
	const refusedHere = coded?.code === "ECONNREFUSED" && isLoopbackUrl(request.url);
	if (refusedHere) message += " (nothing is listening there on this machine: is the server running?)";
	// The proxy said no to the tunnel: its status says more than "Request was cancelled".
	if (tunnel) message = `fetch failed: the proxy answered ${tunnel} instead of opening a tunnel`;
	// A host name that does not resolve is a mistyped one, unlike a temporary resolver failure (`EAI_AGAIN`).
	const unresolved = coded?.code === "ENOTFOUND";
	if (unresolved) {
		// A lookup happens only for a URL that parsed, so this one parses too. GitHub's own hosts
		// always resolve: when they do not, the network or its DNS is down, and baseUrl is not what to check.
		const host = new URL(request.url).hostname;
		const advice = /^(api|uploads)\.github\.com$/.test(host) ? "check the network connection and DNS" : "check baseUrl";
		message = `${host} does not resolve (ENOTFOUND): ${advice}`;
	}
	const failure = failed(request, message, 500, error);
	if (unresolved || refusedHere) markFailsAgain(failure);
	return failure;
}
