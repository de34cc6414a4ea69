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

/** A `request.timeout` that no timer can hold: `problem` says why (common/race.ts). */
export function invalidTimeout(request: RequestOptions, problem: string): RequestError {
	return new RequestError(
		`Invalid request.timeout for ${request.method} ${redactUrl(request.url)}: it ${problem}`,
		400,
		{ request },
	);
}

/**
A request that fetch would refuse to build, or that its body or headers keep from being sent: never
retried. Its message says, in one line, why, naming the option or header at fault, and never repeating
a header's value or a URL's credentials. `refusal`, when fetch gave one (a blocked port, a header
undici does not allow), ends the line; otherwise the checks say it. Each message is the first that
applies, so each is returned as soon as it is known.
*/
export function invalidRequest(request: RequestOptions, refusal?: string): RequestError {
	const refused = (message: string) => new RequestError(message, 400, { request });
	const url = String(request.url);
	const shownUrl = redactUrl(url);
	let parsed: URL;
	try {
		parsed = new URL(url);
	} catch {
		return refused(`Invalid URL "${shownUrl}": check the baseUrl option and the route`);
	}
	if (hasUserinfo(url) || parsed.username || parsed.password) {
		return refused(
			`The URL "${shownUrl}" carries credentials (user:password@), which fetch refuses: remove them ` +
				`from baseUrl and pass a token as the auth option`,
		);
	}
	if (!/^https?:$/.test(parsed.protocol))
		return refused(`Invalid URL "${shownUrl}": only http and https are supported (check the baseUrl option)`);
	for (const [name, value] of Object.entries(request.headers)) {
		if (!TOKEN.test(name)) return refused(`Invalid header name ${JSON.stringify(name)}`);
		// What fetch refuses in a header's value, once trimmed, as a message names it (the last that applies).
		const text = String(value).trim();
		let what = /[^\0-\xff]/.test(text) && "a character beyond Latin-1";
		if (/\0/.test(text)) what = "a NUL character";
		if (/[\r\n]/.test(text)) what = "a line break (CR or LF)";
		// The headers that options write, and the option that wrote each.
		const option = name === "user-agent" ? "userAgent" : name === "time-zone" && "timeZone";
		if (what) {
			const from = option ? ` (from the ${option} option)` : "";
			return refused(`Invalid value for header "${name}"${from}: it contains ${what}`);
		}
	}
	const reason = refusal ?? fetchRefusal(url, request.method, request.request?.redirect);
	return refused(`Invalid request ${request.method} ${shownUrl}: ${redactUrl(String(reason).split("\n")[0])}`);
}

/** A body that cannot be sent as JSON: the message names the route, nothing is sent, and it is never retried. */
export function unsendableBody(request: RequestOptions, error: unknown): RequestError {
	const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
	return new RequestError(
		`The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`,
		400,
		{ request },
	);
}

/**
A 407 from a proxy, as a tunnel refusal (no response) or a forwarded answer: the proxy wants
credentials, or other ones. Coded PROXY_AUTH_REQUIRED, and never retried: the same request gets the
same answer.
*/
const PROXY_AUTH_REQUIRED =
	"407 Proxy Authentication Required: the proxy asks for credentials: put user:password@ in the proxy URL";

/**
The error of a response that is not one: an error status (a HEAD's says its status line), or a
success whose body, sent as JSON, does not parse. An error status keeps its status, and is coded
RATE_LIMITED when it is a rate limit (rate-limit-signs.ts). A body sent as JSON that does
not parse is kept as the raw text, which starts the message as it is octokit's whole message
(plugin-throttling reads "secondary rate" there); the parse failure follows, and is the cause.
A `code` is given only where the status does not imply it (errors.ts: HTTP_ERROR with a response).
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
	const proxyWants = status === 407 && !head;
	// The parse failure, unless the proxy's answer says all.
	const cause = proxyWants ? undefined : invalidJson;
	let message = `${status} ${response.statusText}`.trim();
	// An error status with no code of its own is coded HTTP_ERROR (errors.ts).
	let code: RequestErrorCode | undefined;
	if (proxyWants) {
		message = PROXY_AUTH_REQUIRED;
		code = "PROXY_AUTH_REQUIRED";
	} else if (status < 400) {
		message = `Invalid JSON in the response body (${invalidJson!.message})`;
		code = "INVALID_RESPONSE";
	} else {
		const unread = invalidJson ? ` (the body is not JSON that can be read: ${invalidJson.message})` : "";
		if (!head) message = errorMessage(result.data, status, response.statusText) + unread;
		if (isRateLimit(status, result.headers, message)) code = "RATE_LIMITED";
	}
	const error = new RequestError(message, status < 400 ? 500 : status, { request, cause, response: result, code });
	// The same bytes would come back.
	if (cause) markFailsAgain(error);
	return error;
}

/**
What a failed fetch or body read rejects with, as @octokit/request has it:

- a timeout or an abort by the caller: as abortFailure() (abort-failure.ts) gives it; `timedOut`
  says that the timer of `request.timeout`, not the caller, ended the request;
- a request that fetch refused before sending it (a port the fetch standard blocks, a header
  undici does not allow): `INVALID_REQUEST`, status 400, never retried;
- a host that does not resolve (`ENOTFOUND`): `NETWORK_ERROR`, status 500, naming the host and
  what to check (the network for GitHub's own hosts, baseUrl for any other), never retried;
- a proxy that refuses the tunnel with 407: `PROXY_AUTH_REQUIRED`, never retried; with another
  status, `NETWORK_ERROR` naming it;
- anything else: `NETWORK_ERROR`, status 500, with the underlying reason in the message and the
  error as `cause`; a connection refused on this machine is never retried. So is a value that
  throws when it is read (a Proxy, a getter), as octokit's "Unknown Error".

Through a proxy (`proxy`), the failure says so, since the proxy may be what failed.
*/
export function failureOf(
	error: unknown,
	request: RequestOptions,
	callerSignal: AbortSignal | undefined,
	timedOut: boolean | undefined,
	proxy?: string,
): unknown {
	// A failure that neither the deadline nor the caller's signal caused.
	const failure = abortFailure(error, request, callerSignal, timedOut, () => {
		/*
		One walk along the error's `cause` chain, five errors at most (undici puts the reason of
		`fetch failed` on its cause), for the first of each: the status a proxy refused a tunnel with
		(three digits, from undici's "Proxy response (407) !== 200 when HTTP Tunneling": undici 6 and
		7 word it so), and an error with a `code` (`ENOTFOUND`, `ECONNREFUSED`).
		*/
		let tunnel: string | undefined;
		let coded: (Error & { code: string }) | undefined;
		for (let depth = 0, link = error; isError(link) && depth < 5; depth++, link = link.cause) {
			tunnel ??= /^Proxy response \((\d{3})\)/.exec(link.message)?.[1];
			coded ??= typeof (link as { code?: unknown }).code === "string" ? (link as Error & { code: string }) : undefined;
		}
		if (tunnel === "407")
			return new RequestError(PROXY_AUTH_REQUIRED, 407, { request, cause: error, code: "PROXY_AUTH_REQUIRED" });
		// The URL parses: fetch was called only with one that did (request-checks.ts).
		const { hostname, port } = new URL(request.url);
		const cause = isError(error) ? error.cause : undefined;
		/*
		Why fetch refused the request without sending it, or nothing when the failure may have been
		the network's: undici's codes for a request it rejects while checking it (a header it does not
		allow, `connection: upgrade` or `transfer-encoding`, an `expect` it does not support), and a
		port the fetch standard blocks (of SMTP, IRC), which Node's fetch answers with `fetch failed`
		caused by a plain `bad port` error with no code. So a fetch that does not block ports (a test
		stand-in, another library) and fails to connect is still retried. The URL parser's port is the
		one fetch sees: `:0001` is port 1.
		*/
		const refusal = coded
			? /^UND_ERR_(?:INVALID_ARG|NOT_SUPPORTED)$/.test(coded.code) && coded.message
			: isError(cause) &&
				cause.message === "bad port" &&
				`fetch refuses port ${port}, which the fetch standard blocks as the port of another protocol: check baseUrl`;
		if (refusal) return invalidRequest(request, refusal);
		/*
		What the error says, unless a case below says more (the last that applies): an error's message
		(of any realm), a primitive as it is, an object's `message` if it has one as text, else octokit's
		"Unknown Error". An object is never turned into text by its own code: `Object.create(null)` has
		no `toString`, and `String()` throws. (Only an object is its own `Object()`.)
		*/
		let message = Object(error) === error ? "Unknown Error" : String(error);
		try {
			const text = (error as { message?: unknown }).message;
			if (typeof text === "string") message = text;
		} catch {
			// null and undefined have no properties, and a getter that throws says nothing readable.
		}
		// Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a reset) is its cause.
		if (isError(cause)) message += `: ${cause.message}`;
		else if (typeof cause === "string") message += `: ${cause}`;
		/*
		A connection refused on this machine is nothing listening, which a retry a second later finds
		again; elsewhere it is often a server restarting behind its address. This machine is 127.0.0.0/8
		as the URL parser writes it (`127.1` and `0x7f.1` are `127.0.0.1`), `[::1]`, an IPv4-mapped one
		(`[::ffff:7f00:1]`) or `localhost`: the parser's own form of a host (lowercase, IPv4 as four
		decimals, IPv6 in lowercase hex). Marked below as failing again: only an error made here, never
		an abort's reason (the caller's).
		*/
		const refusedHere =
			coded?.code === "ECONNREFUSED" &&
			/^(?:localhost\.?|\[::1\]|127(?:\.\d+){3}|\[::ffff:7f\w\w:\w+\])$/.test(hostname);
		if (refusedHere) message += " (nothing is listening there on this machine: is the server running?)";
		// The proxy said no to the tunnel: its status says more than "Request was cancelled".
		if (tunnel) message = `fetch failed: the proxy answered ${tunnel} instead of opening a tunnel`;
		// A host name that does not resolve is a mistyped one, unlike a temporary resolver failure (`EAI_AGAIN`).
		// GitHub's own hosts always resolve: when they do not, the network or its DNS is down, and baseUrl
		// is not what to check.
		const unresolved = coded?.code === "ENOTFOUND";
		if (unresolved) {
			const advice = /^(api|uploads)\.github\.com$/.test(hostname)
				? "check the network connection and DNS"
				: "check baseUrl";
			message = `${hostname} does not resolve (ENOTFOUND): ${advice}`;
		}
		const failure = new RequestError(message, 500, { request, cause: error });
		if (unresolved || refusedHere) markFailsAgain(failure);
		return failure;
	});
	if (proxy && failure instanceof RequestError) failure.message += ` (through the proxy ${proxy})`;
	return failure;
}
