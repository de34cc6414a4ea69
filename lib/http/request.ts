import type { RequestOptions } from "../../types/endpoint.js";
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
import type { RateLimitStages } from "../features/rate-limits/rate-limits.js";

type Ky = typeof import("ky").default;
type PRetry = typeof import("p-retry").default;

// Importing ky builds a Request at module load, which wakes Node's fetch internals (~30 ms):
// it is loaded on the first request, so import + construct stay cheap for serverless start-up.
// p-retry (with is-network-error) is loaded on the first retry: most requests never need it,
// and a cold first request does not pay to evaluate and compile it.
let kyModule: Promise<Ky> | undefined;
const loadKy = () => (kyModule ??= import("ky").then((module) => module.default));
let pRetryModule: Promise<PRetry> | undefined;
const loadPRetry = () => (pRetryModule ??= import("p-retry").then((module) => module.default));

/** What plugins in the hook chain retry themselves: the transport leaves that to them. */
export type PluginRetries = "none" | "rate-limits" | "all";

export const RETRY_DEFAULTS = {
	retries: 3,
	factor: 2,
	minTimeout: 1000,
	maxTimeout: 30_000,
	randomize: true,
	maxRetryTime: Number.POSITIVE_INFINITY,
	maxWait: 60_000,
} satisfies Required<Omit<RetryOptions, "enabled">>;

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
	const fetch: typeof globalThis.fetch = options.fetch ?? globalThis.fetch;

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
Creates the transport: one attempt through ky (its own retries, timeouts and HTTP errors off),
repeated under p-retry as the policy in retry-policy.ts decides: the policy sets every wait,
so that a `retry-after` is never cut short by a shorter backoff. The first attempt runs on its
own, so a success, or a failure that is not retried (a 404), never enters p-retry and sets no
timer.
*/
export function createSend(
	log: Log,
	pluginRetries: () => PluginRetries = () => "none",
	withCache?: (send: (request: RequestOptions) => Promise<HubletResponse<unknown>>) => (request: RequestOptions) => Promise<HubletResponse<unknown>>,
	rateLimits?: RateLimitStages,
) {
	// rateLimit wiring (until the pipeline is one composed expression): its attempt stage wraps
	// each attempt, retries included, and its write pacing wraps everything, cache included.
	const limitedAttempt = rateLimits?.limitAttempts((request) => loadKy().then((ky) => attempt(ky, request, log)));
	// The conditional-request cache (lib/http/cache.ts) wraps attempt and retries both, so a retried
	// request keeps its validators; without a cache, `send` is returned as it is and costs nothing more.
	const cached = withCache ? withCache(send) : send;
	return rateLimits ? rateLimits.paceWrites(cached) : cached;

	async function send(request: RequestOptions): Promise<HubletResponse<unknown>> {
		const ky = await loadKy();
		const option = request.request?.retry as RetryOptions | false | undefined;
		const byPlugins = pluginRetries();
		const disabled = option === false || (typeof option === "object" && option?.enabled === false) || byPlugins === "all";
		request = withoutCrossOriginCredentials(request, log);
		let firstError: unknown;
		try {
			return await (limitedAttempt ? limitedAttempt(request) : attempt(ky, request, log));
		} catch (error) {
			if (disabled) throw error;
			firstError = error;
		}

		const settings = { ...RETRY_DEFAULTS, ...(typeof option === "object" ? option : {}) };
		const decide = (error: unknown) => decideRetry(error, request.method, settings.maxWait, byPlugins === "rate-limits");
		const firstDecision = decide(firstError);
		if (!firstDecision.retry || settings.retries < 1) throw firstError;
		const decisions = new WeakMap<object, RetryDecision>([[firstError as object, firstDecision]]);

		const callerSignal: AbortSignal | undefined = request.request?.signal ?? undefined;
		const started = performance.now();
		let replayed = false;
		// p-retry starts from the failure already in hand, so its first call replays it.
		const run = () => {
			if (replayed) return limitedAttempt ? limitedAttempt(request) : attempt(ky, request, log);
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
							const line = `${request.method} ${redactUrl(request.url)} - retry ${attemptNumber} of ${settings.retries} after ${decision.reason}${waitMs ? `, waiting ${waitMs}ms` : ""}`;
							debugRetry(line);
							log.info(line);
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
			throw error;
		}
	}
}

/**
Paginate marks the pages it follows with `request.credentialsOrigin`, the origin of the first
page. A `Link` to any other origin gets no `authorization` header, as fetch does on a
cross-origin redirect, since the auth hook would otherwise send the token wherever a response
points; the first time, a warning says so.
*/
function withoutCrossOriginCredentials(request: RequestOptions, log: Log): RequestOptions {
	const origin = (request.request as { credentialsOrigin?: unknown } | undefined)?.credentialsOrigin;
	if (typeof origin !== "string" || request.headers.authorization === undefined) return request;
	const target = originOf(request.url);
	if (target === undefined || target === origin) return request;
	warnOnce(log, `[hublet] paginate followed a link from ${origin} to ${target}: its authorization header was not sent there`);
	const { authorization: _dropped, ...headers } = request.headers;
	return { ...request, headers };
}
