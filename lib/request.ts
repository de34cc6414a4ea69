import type { RequestOptions } from "../types/endpoint.js";
import type { HubletResponse, Log } from "../types/request.js";
import type { RetryOptions } from "../types/retry.js";
import { RequestError, redactUrl } from "./errors.js";
import { debugRetry } from "./log.js";
import { toHubletResponse } from "./response.js";
import { decideRetry, type RetryDecision } from "./retry-policy.js";

type Ky = typeof import("ky").default;
type PRetry = typeof import("p-retry").default;

// Importing ky builds a Request at module load, which wakes Node's fetch internals (~30 ms),
// and p-retry brings is-network-error. Loading both on the first request keeps import +
// construct cheap for serverless start-up.
let transport: Promise<{ ky: Ky; pRetry: PRetry }> | undefined;
const loadTransport = () =>
	(transport ??= Promise.all([import("ky"), import("p-retry")]).then(([ky, pRetry]) => ({ ky: ky.default, pRetry: pRetry.default })));

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

/** JSON for plain objects and arrays; anything fetch takes as a body is sent as it is. */
function serializeBody(body: unknown): BodyInit | undefined {
	if (body === undefined) return undefined;
	if (typeof body === "string" || body instanceof ArrayBuffer || ArrayBuffer.isView(body)) return body as BodyInit;
	if (body instanceof Blob || body instanceof FormData || body instanceof URLSearchParams || isStream(body)) {
		return body as BodyInit;
	}
	return JSON.stringify(body);
}

function wasAborted(signal: AbortSignal | undefined, error: unknown): boolean {
	return Boolean(signal?.aborted) || (error instanceof Error && error.name === "AbortError");
}

/** A failure with no response: status 500, the cause kept, the reason in the message. */
function networkError(error: unknown, request: RequestOptions): RequestError {
	let message = error instanceof Error ? error.message : String(error);
	if (error instanceof Error && error.name === "TimeoutError") message = `Request timed out after ${request.request?.timeout}ms`;
	else if (error instanceof Error && error.cause instanceof Error) message = `${message}: ${error.cause.message}`;
	return new RequestError(message, 500, { request, cause: error });
}

async function attempt(ky: Ky, request: RequestOptions, log: Log): Promise<HubletResponse<unknown>> {
	const transport = request.request ?? {};
	const body = serializeBody(request.body);
	let response: Response;
	try {
		response = await ky(request.url, {
			method: request.method,
			headers: request.headers as Record<string, string>,
			body,
			retry: 0,
			throwHttpErrors: false,
			timeout: typeof transport.timeout === "number" && transport.timeout > 0 ? transport.timeout : false,
			...(transport.signal ? { signal: transport.signal } : {}),
			...(transport.redirect ? { redirect: transport.redirect } : {}),
			...(transport.fetch ? { fetch: transport.fetch } : {}),
			// Streaming bodies must say so to Node's fetch.
			...(isStream(body) ? { duplex: "half" } : {}),
		} as Parameters<Ky>[1]);
	} catch (error) {
		if (wasAborted(transport.signal, error)) throw abortError(error);
		throw networkError(error, request);
	}
	try {
		return await toHubletResponse(response, request, log);
	} catch (error) {
		if (error instanceof RequestError) throw error;
		// The body broke off (truncated, connection reset) or the caller aborted mid-body.
		if (wasAborted(transport.signal, error)) throw abortError(error);
		throw networkError(error, request);
	}
}

// As @octokit/request does, an abort by the caller rejects with the abort error itself.
function abortError(error: unknown): unknown {
	if (typeof error === "object" && error !== null) Object.assign(error, { status: 500 });
	return error;
}

/**
Creates the transport: one attempt through ky (its own retries and HTTP errors off),
repeated under p-retry as the policy in retry-policy.ts decides. The first attempt runs on
its own, so a success, or a failure that is not retried (a 404), never enters p-retry and
sets no timer.
*/
export function createSend(log: Log, pluginRetries: () => PluginRetries = () => "none") {
	return async function send(request: RequestOptions): Promise<HubletResponse<unknown>> {
		const { ky, pRetry } = await loadTransport();
		const option = request.request?.retry as RetryOptions | false | undefined;
		const byPlugins = pluginRetries();
		const disabled = option === false || (typeof option === "object" && option?.enabled === false) || byPlugins === "all";
		let firstError: unknown;
		try {
			return await attempt(ky, request, log);
		} catch (error) {
			if (disabled) throw error;
			firstError = error;
		}

		const settings = { ...RETRY_DEFAULTS, ...(typeof option === "object" ? option : {}) };
		const decide = (error: unknown) => decideRetry(error, request.method, settings.maxWait, byPlugins === "rate-limits");
		const decisions = new WeakMap<object, RetryDecision>();
		const firstDecision = decide(firstError);
		if (!firstDecision.retry || settings.retries < 1) throw firstError;
		decisions.set(firstError as object, firstDecision);

		const signal = request.request?.signal;
		let replayed = false;
		// p-retry starts from the failure already in hand, so its first call replays it.
		const run = () => {
			if (replayed) return attempt(ky, request, log);
			replayed = true;
			return Promise.reject(firstError);
		};
		return pRetry(run, {
			retries: settings.retries,
			factor: settings.factor,
			minTimeout: settings.minTimeout,
			maxTimeout: settings.maxTimeout,
			randomize: settings.randomize,
			maxRetryTime: settings.maxRetryTime,
			...(signal ? { signal } : {}),
			onFailedAttempt: async ({ error, retriesLeft, attemptNumber }) => {
				let decision = decisions.get(error);
				if (!decision) decisions.set(error, (decision = decide(error)));
				if (!decision.retry || retriesLeft === 0) return;
				const line = `${request.method} ${redactUrl(request.url)} - retry ${attemptNumber} of ${settings.retries} after ${decision.reason}${decision.waitMs ? `, waiting ${decision.waitMs}ms` : ""}`;
				debugRetry(line);
				log.info(line);
				if (decision.waitMs > 0) await sleep(decision.waitMs, signal);
			},
			shouldRetry: ({ error }) => decisions.get(error)?.retry === true,
		});
	};
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal!.reason);
		};
		const timer = setTimeout(() => {
			signal?.removeEventListener("abort", onAbort);
			resolve();
		}, ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}
