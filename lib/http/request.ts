import type { Fetch, RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log } from "../../types/request.js";
import type { RetryOptions } from "../../types/retry.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { originOf } from "../common/url.js";
import { stringifyJson } from "./json.js";
import { debugRetry, warnOnce } from "../common/log.js";
import { toHubletResponse } from "./response.js";
import { backoffMs, decideRetry, type RetryDecision } from "./retry-policy.js";
import { describeInvalidRequest, isValidHeader } from "./request-checks.js";
import { failureOf, untilAborted } from "./request-failures.js";
import { sleep } from "../common/sleep.js";
import type { Send } from "./pipeline.js";

/*
The stages of the request pipeline below the cache (lib/http/pipeline.ts composes them):
retries, the origin guard and one attempt.

ky does less here than its name suggests: it builds and checks the request and runs its hooks,
but the response comes from `request.fetch` through a beforeRequest hook, since ky's own `fetch`
option would first clone the request for retries that p-retry owns (a Request and an AbortSignal
more per call, 285 k instructions). p-retry is entered only after a first failure that the
policy retries, by replaying that failure, so that the first request never loads it (4 KB of
minified code with is-network-error).
*/

type Ky = typeof import("ky").default;
type PRetry = typeof import("p-retry").default;

let kyModule: Promise<Ky> | undefined;
const loadKy = () => (kyModule ??= import("ky").then((module) => module.default));
let pRetryModule: Promise<PRetry> | undefined;
const loadPRetry = () => (pRetryModule ??= import("p-retry").then((module) => module.default));

/** What plugins in the hook chain retry themselves: the retry stage leaves that to them. */
export type PluginRetries = "none" | "rate-limits" | "all";

export const RETRY_DEFAULTS = {
	retries: 3,
	factor: 2,
	minTimeout: 1000,
	maxTimeout: 30_000,
	randomize: true,
	maxRetryTime: Number.POSITIVE_INFINITY,
	maxWait: 60_000,
} satisfies Required<Omit<RetryOptions, "enabled" | "onRetry">>;

const isStream = (body: unknown) =>
	typeof body === "object" && body !== null && (body instanceof ReadableStream || Symbol.asyncIterator in body);

/** JSON for plain objects and arrays (BigInts as numbers); anything fetch takes as a body is sent as it is. */
function serializeBody(request: RequestOptions): BodyInit | undefined {
	const body = request.body;
	if (body === undefined) return undefined;
	if (typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body as BodyInit;
	if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || isStream(body)) {
		return body as BodyInit;
	}
	try {
		return stringifyJson(body);
	} catch (error) {
		// A local error: the message names the route, nothing is sent, and it is never retried.
		const reason = error instanceof Error ? error.message.split("\n")[0] : String(error);
		throw new RequestError(`The body of ${request.method} ${redactUrl(request.url)} cannot be sent as JSON: ${reason}`, 400, {
			request,
			code: "INVALID_REQUEST",
		});
	}
}

/**
One attempt. `request.fetch` is called exactly as @octokit/request calls it,
`fetch(url, { method, headers, body, redirect, signal, duplex? })` with a plain headers object
and the body as given, whatever ky does inside: proxies (`dispatcher`) and test fakes depend on
that shape. ky builds and checks the request (an invalid URL throws here, before anything is
sent), then hands over to that call; the body and headers stay out of ky's `Request`, so ky
never copies or tees them. `request.timeout` covers the whole response, body included.
*/
/** The attempt stage: ky is loaded on the first request, and taken from a variable after that. */
export function attemptWith(log: Log): Send {
	return (request) => (ky ? attempt(ky, request, log) : loadKy().then((loaded) => attempt((ky = loaded), request, log)));
}

let ky: Ky | undefined;

async function attempt(ky: Ky, request: RequestOptions, log: Log): Promise<HubletResponse<unknown>> {
	const options = request.request ?? {};
	const timeout = typeof options.timeout === "number" && options.timeout > 0 ? options.timeout : 0;
	const callerSignal: AbortSignal | undefined = options.signal ?? undefined;
	const deadline = timeout ? AbortSignal.timeout(timeout) : undefined;
	const signal = deadline && callerSignal ? AbortSignal.any([callerSignal, deadline]) : (deadline ?? callerSignal);
	const body = serializeBody(request);
	const headers: Record<string, string> = {};
	for (const name of Object.keys(request.headers)) {
		const value = request.headers[name];
		if (value === undefined) continue;
		headers[name] = String(value);
		// Checked here rather than by ky's Request, whose Headers copies cost more than two
		// regular expressions, and whose message could not name the option at fault.
		if (!isValidHeader(name, headers[name])) {
			throw new RequestError(describeInvalidRequest(request, undefined), 400, { request, code: "INVALID_REQUEST" });
		}
	}
	const init: RequestInit & { duplex?: "half" } = { method: request.method, headers, body, redirect: options.redirect, signal };
	// Node's fetch needs `duplex` for a streamed body; @octokit/request sets it for every body
	// but the empty one of a PUT or PATCH without parameters.
	if (request.body) init.duplex = "half";
	const fetch: Fetch = options.fetch ?? globalThis.fetch;

	let pending: Promise<Response>;
	let fetched: Response | undefined;
	try {
		// ky would accept other schemes, and fetch refuse them only once called ("unknown scheme").
		if (!/^https?:\/\//i.test(request.url)) throw new TypeError("not http or https");
		pending = ky(request.url, {
			method: request.method,
			...(options.redirect ? { redirect: options.redirect } : {}),
			retry: 0,
			throwHttpErrors: false,
			timeout: false,
			// ky's documented way to supply the response: a beforeRequest hook that returns one.
			// Its `fetch` option would also do, but ky first clones the request for retries that
			// p-retry owns here: a Request and an AbortSignal more per call (285 k instructions).
			// ky takes the hook's answer only if it is this realm's Response; another fetch's
			// (undici's own, behind a proxy) is kept aside and used as it is.
			hooks: {
				beforeRequest: [
					async () => {
						fetched = await fetch(request.url, init);
						return fetched instanceof Response ? fetched : new Response(null);
					},
				],
			},
		});
	} catch (error) {
		throw new RequestError(describeInvalidRequest(request, error), 400, { request, code: "INVALID_REQUEST" });
	}
	let response: Response;
	try {
		await untilAborted(pending, signal);
		response = fetched!;
	} catch (error) {
		throw failureOf(error, request, callerSignal, deadline);
	}
	try {
		return await toHubletResponse(response, request, log, signal);
	} catch (error) {
		if (error instanceof RequestError) throw error;
		// The body broke off (truncated, connection reset), timed out, or the caller aborted mid-body.
		throw failureOf(error, request, callerSignal, deadline);
	}
}

/**
Retries as the policy in retry-policy.ts decides, under p-retry: the policy sets every wait, so
that a `retry-after` is never cut short by a shorter backoff. The first attempt runs on its
own, so a success, or a failure that is not retried (a 404), never enters p-retry and sets no
timer. `pluginRetries` is what the plugins in the hook chain retry themselves, decided once
after they ran: the stage steps aside there, so that attempts never multiply.
*/
export function withRetries(next: Send, log: Log, pluginRetries: PluginRetries): Send {
	return async (request) => {
		const option = request.request?.retry as RetryOptions | false | undefined;
		const disabled = option === false || (typeof option === "object" && option?.enabled === false) || pluginRetries === "all";
		let firstError: unknown;
		try {
			return await next(request);
		} catch (error) {
			if (disabled) throw error;
			firstError = error;
		}

		const settings = { ...RETRY_DEFAULTS, ...(typeof option === "object" ? option : {}) };
		const decide = (error: unknown) => decideRetry(error, request.method, settings.maxWait, pluginRetries === "rate-limits");
		const firstDecision = decide(firstError);
		if (!firstDecision.retry || settings.retries < 1) throw withNote(firstError, firstDecision);
		const decisions = new WeakMap<object, RetryDecision>([[firstError as object, firstDecision]]);

		const callerSignal: AbortSignal | undefined = request.request?.signal ?? undefined;
		const started = performance.now();
		let replayed = false;
		// p-retry starts from the failure already in hand, so its first call replays it.
		const run = () => {
			if (replayed) return next(request);
			replayed = true;
			return Promise.reject(firstError);
		};
		try {
			const pRetry = await loadPRetry();
			return await pRetry(run, {
				retries: settings.retries,
				// The waits are the policy's, in onFailedAttempt; p-retry's own would add to them.
				minTimeout: 0,
				maxRetryTime: settings.maxRetryTime,
				...(callerSignal ? { signal: callerSignal } : {}),
				onFailedAttempt: async ({ error, retriesLeft, retriesConsumed, attemptNumber }) => {
					let decision = decisions.get(error) ?? decide(error);
					if (decision.retry && retriesLeft > 0) {
						const waitMs = Math.max(decision.waitMs, backoffMs(retriesConsumed, settings));
						// A wait that would outlast maxRetryTime gives up now rather than after it.
						if (performance.now() - started + waitMs > settings.maxRetryTime) decision = { retry: false };
						else {
							const url = redactUrl(request.url);
							const line = `${request.method} ${url} - retry ${attemptNumber} of ${settings.retries} after ${decision.reason}${waitMs ? `, waiting ${waitMs}ms` : ""}`;
							debugRetry(line);
							log.info(line);
							try {
								settings.onRetry?.({ attempt: attemptNumber, retries: settings.retries, reason: decision.reason, waitMs, method: request.method, url });
							} catch {
								// A progress callback must not change the outcome of the request.
							}
							if (waitMs > 0) await sleep(waitMs, callerSignal);
						}
					}
					decisions.set(error, decision);
				},
				shouldRetry: ({ error }) => decisions.get(error)?.retry === true,
			});
		} catch (error) {
			// An abort during a wait rejects with the signal's reason, which may be a timeout.
			if (callerSignal?.aborted && error === callerSignal.reason) throw failureOf(error, request, callerSignal, undefined);
			throw withNote(error, error && typeof error === "object" ? decisions.get(error) : undefined);
		}
	};
}

/** The failure as it is thrown: the policy's note (why it was not retried) appended to its message, once. */
function withNote(error: unknown, decision: RetryDecision | undefined): unknown {
	if (decision && !decision.retry && decision.note && error instanceof Error && !error.message.endsWith(decision.note)) error.message += decision.note;
	return error;
}

/**
The origin guard: a request whose `request.credentialsOrigin` names another origin than its
URL's is sent without its `authorization` header, as fetch does on a cross-origin redirect.
paginate sets it to the first page's origin, since the auth hook would otherwise send the token
wherever a `Link` header points; the first time, a warning says so.
*/
export function withOrigin(next: Send, log: Log): Send {
	return (request) => {
		const origin = request.request?.credentialsOrigin;
		if (typeof origin !== "string" || request.headers.authorization === undefined) return next(request);
		const target = originOf(request.url);
		if (target === undefined || target === origin) return next(request);
		warnOnce(log, `[hublet] paginate followed a link from ${origin} to ${target}: its authorization header was not sent there`);
		const { authorization: _dropped, ...headers } = request.headers;
		return next({ ...request, headers });
	};
}
