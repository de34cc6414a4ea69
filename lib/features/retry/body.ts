import type { RequestOptions } from "../../../types/endpoint.js";
import type { Log } from "../../../types/request.js";
import { RequestError } from "../../common/errors.js";
import { loadOwnFile } from "../../common/doors.js";
import { debugRetry } from "../../common/debug-channel.js";
import { sleep } from "../../common/race.js";
import { credentialsOf, redactText } from "../../common/redact.js";
import { announceWait } from "./announce-wait.js";
import type { Send } from "../../http/pipeline.js";
import { STREAM_NOTE, isReplayable, withFixedBody } from "../../http/replayable.js";
import { abortFailure } from "../../http/abort-failure.js";
import { backoffMs, decideRetry, type RetryDecision } from "./policy.js";
import type { RetrySettings } from "./options.js";

type PRetry = typeof import("p-retry").default;

// p-retry is entered only after a first failure that the policy retries, by replaying that
// failure, so that a request that succeeds never loads it (dist/p-retry.js, its own file).
const loadPRetry = (request: RequestOptions) =>
	loadOwnFile("p-retry.js", () => import("p-retry"), request).then((module) => module.default as PRetry);

/** What plugins in the hook chain retry themselves: the retry stage leaves that to them. */
export type PluginRetries = "none" | "rate-limits" | "all";

/**
Retries as the policy in policy.ts decides, under p-retry: the policy sets every wait, so
that a `retry-after` is never cut short by a shorter backoff. The first attempt runs on its
own, so a success, or a failure that is not retried (a 404), never enters p-retry and sets no
timer. `pluginRetries` is what the plugins in the hook chain retry themselves, decided once
after they ran: the stage steps aside there, so that attempts never multiply. `clientSettings`
are the client's `retry` option as the front checked it; a call's own `request.retry` arrives
checked the same way, in the call's settings (`readCall` in http/request.ts).
*/
export function withRetries(next: Send, clientSettings: RetrySettings, log: Log, pluginRetries: PluginRetries): Send {
	return async (original, call) => {
		const settings = call.settings.retry ?? clientSettings;
		const disabled = !settings.enabled || pluginRetries === "all";
		// Retried requests send the same bytes on every attempt (a FormData's boundary included).
		const request = !disabled && original.body instanceof FormData ? await withFixedBody(original) : original;
		let firstError: unknown;
		try {
			return await next(request, call);
		} catch (error) {
			if (disabled) throw error;
			firstError = error;
		}

		const decide = (error: unknown) =>
			decideRetry(error, request.method, settings.maxWait, pluginRetries === "rate-limits");
		const firstDecision = decide(firstError);
		// A stream was consumed by the attempt: the server's answer is the outcome, with the reason.
		if (firstDecision.retry && settings.retries > 0 && !isReplayable(request.body))
			throw withNote(firstError, { retry: false, note: STREAM_NOTE });
		if (!firstDecision.retry || settings.retries < 1) throw withNote(firstError, firstDecision);
		const decisions = new WeakMap<object, RetryDecision>([[firstError as object, firstDecision]]);

		const callerSignal = call.signal;
		const started = performance.now();
		let replayed = false;
		// p-retry starts from the failure already in hand, so its first call replays it.
		const run = () => {
			if (replayed) return next(request, call);
			replayed = true;
			return Promise.reject(firstError);
		};
		try {
			const pRetry = await loadPRetry(request);
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
							// The request's own token, too, should a caller have put it in the URL.
							const url = redactText(request.url, credentialsOf(request.headers));
							const what = `${request.method} ${url} - retry ${attemptNumber} of ${settings.retries} after ${decision.reason}`;
							const warned = announceWait(log, what, waitMs, debugRetry);
							try {
								settings.onRetry?.({
									attempt: attemptNumber,
									retries: settings.retries,
									reason: decision.reason,
									waitMs,
									method: request.method,
									url,
									warned,
								});
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
			if (callerSignal?.aborted && error === callerSignal.reason) throw abortFailure(error, request, callerSignal);
			throw withNote(error, error && typeof error === "object" ? decisions.get(error) : undefined);
		}
	};
}

/** The failure as it is thrown: the policy's note (why it was not retried) appended to its message, once. */
function withNote(error: unknown, decision: RetryDecision | undefined): unknown {
	if (decision && !decision.retry && decision.note && error instanceof Error && !error.message.endsWith(decision.note))
		error.message += decision.note;
	// A wait the server asked for past retry.maxWait: the request is rate limited, whatever its status.
	if (decision && !decision.retry && decision.code && error instanceof RequestError) error.code = decision.code;
	return error;
}
