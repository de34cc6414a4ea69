import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { isError } from "../common/redact-values.js";
import { abortFailure } from "./abort-failure.js";
import { markFailsAgain } from "./fails-again.js";
import { refusalBeforeSending } from "./fetch-refusals.js";
import { describeInvalidRequest } from "./request-checks.js";
import { REFUSED_HERE_HINT, isLoopbackUrl } from "./loopback.js";

/** The first error along an error's `cause` chain with a `code`: undici puts `ENOTFOUND` on `fetch failed`'s cause. */
function codedCause(error: unknown): (Error & { code: string }) | undefined {
	for (let depth = 0; isError(error) && depth < 5; depth++, error = error.cause) {
		if (typeof (error as { code?: unknown }).code === "string") return error as Error & { code: string };
	}
	return undefined;
}

/**
The status a proxy refused a tunnel with, from undici's "Proxy response (407) !== 200 when HTTP
Tunneling" along the cause chain (undici 6 and 7 word it so): `undefined` when no proxy refused.
*/
function tunnelRefusal(error: unknown): number | undefined {
	for (let depth = 0; isError(error) && depth < 5; depth++, error = error.cause) {
		const status = /^Proxy response \((\d{3})\)/.exec(error.message)?.[1];
		if (status) return Number(status);
	}
	return undefined;
}

/**
A 407 from a proxy, as a tunnel refusal (no response) or a forwarded answer: the proxy wants
credentials, or other ones. Never retried: the same request gets the same answer.
*/
export function proxyAuthRequired(
	request: RequestOptions,
	cause: unknown,
	response?: HubletResponse<unknown>,
): RequestError {
	const message =
		"407 Proxy Authentication Required: the proxy asks for credentials: put user:password@ in the proxy URL";
	return new RequestError(message, 407, { request, cause, code: "PROXY_AUTH_REQUIRED", ...(response && { response }) });
}

/**
Whether a failure is one the same request meets again at once (fails-again.ts): a host name that
does not resolve, or a connection refused on this machine. Unlike a temporary resolver failure
(`EAI_AGAIN`) or a dropped connection, neither ends within seconds, so a retry only delays the error.
*/
const failsAgainAtOnce = (error: RequestError) => {
	const code = codedCause(error.cause)?.code;
	return code === "ENOTFOUND" || (code === "ECONNREFUSED" && isLoopbackUrl(error.request.url));
};

/** GitHub's own hosts: the default baseUrl, and uploads. */
const GITHUB_HOST = /^(api|uploads)\.github\.com$/;

/**
What a thrown value says: an error's message (of any realm), a string or another primitive as it
is, an object's `message` if it has one as text (an error's, of any realm), else octokit's "Unknown Error".
An object is never turned into text by its own code: `Object.create(null)` has no `toString`, and
`String()` throws.
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

- a timeout or an abort by the caller: as abortFailure() (abort-failure.ts) gives it;
- a request that fetch refused before sending it (a port the fetch standard blocks, a header
  undici does not allow): a `RequestError` of status 400 and code `INVALID_REQUEST`, never
  retried, as for a request Hublet refuses itself;
- a host that does not resolve (`ENOTFOUND`): a `RequestError` of status 500 and code
  `NETWORK_ERROR` whose message names the host and what to check (the network for GitHub's
  own hosts, baseUrl for any other), never retried;
- a proxy that refuses the tunnel with 407: a `RequestError` of status 407 and code
  `PROXY_AUTH_REQUIRED`, never retried; with another status, `NETWORK_ERROR` naming it;
- anything else: a `RequestError` of status 500 and code `NETWORK_ERROR`, with the underlying
  reason in the message and the error as `cause`; so is a value that throws when it is read (a
  Proxy, a getter), as octokit's "Unknown Error".
*/
export function failureOf(
	error: unknown,
	request: RequestOptions,
	callerSignal: AbortSignal | undefined,
	deadline: AbortSignal | undefined,
): unknown {
	const failure = abortFailure(error, request, callerSignal, deadline, classified);
	// Only an error made here is marked: an abort's reason is the caller's, and stays as it is.
	const madeHere = failure instanceof RequestError && failure !== error && failure !== callerSignal?.reason;
	if (madeHere && failsAgainAtOnce(failure)) markFailsAgain(failure);
	return failure;
}

/** A failure that neither the deadline nor the caller's signal caused, as failureOf() lists them. */
function classified(error: unknown, request: RequestOptions): unknown {
	const network = (message: string) => new RequestError(message, 500, { request, cause: error, code: "NETWORK_ERROR" });
	const tunnel = tunnelRefusal(error);
	if (tunnel === 407) return proxyAuthRequired(request, error);
	const coded = codedCause(error);
	const refusal = refusalBeforeSending(request.url, error, coded);
	if (refusal)
		return new RequestError(describeInvalidRequest(request, new Error(refusal)), 400, {
			request,
			code: "INVALID_REQUEST",
		});
	if (coded?.code === "ENOTFOUND") {
		// A lookup happens only for a URL that parsed, so this one parses too.
		const host = new URL(request.url).hostname;
		// GitHub's own hosts (the default baseUrl, and uploads) always resolve: when they do not,
		// the network or its DNS is down, and baseUrl is not what to check.
		const advice = GITHUB_HOST.test(host) ? "check the network connection and DNS" : "check baseUrl";
		return network(`${host} does not resolve (ENOTFOUND): ${advice}`);
	}
	// The proxy said no to the tunnel: its status says more than "Request was cancelled".
	if (tunnel !== undefined) return network(`fetch failed: the proxy answered ${tunnel} instead of opening a tunnel`);
	let message = messageOf(error);
	// Node's fetch says only "fetch failed"; the reason (ECONNREFUSED, a reset) is its cause.
	const cause = isError(error) ? error.cause : undefined;
	if (isError(cause)) message = `${message}: ${cause.message}`;
	else if (typeof cause === "string") message = `${message}: ${cause}`;
	if (coded?.code === "ECONNREFUSED" && isLoopbackUrl(request.url)) message += REFUSED_HERE_HINT;
	return network(message);
}
