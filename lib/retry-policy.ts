import type { RequestMethod } from "../types/endpoint.js";
import { RequestError } from "./errors.js";

// Verbs that are safe to send twice: a network error may have hidden a success.
const IDEMPOTENT = new Set<string>(["GET", "HEAD", "PUT", "DELETE", "OPTIONS"]);

// Statuses that a retry cannot fix (GitHub's own do-not-retry list, less 403, which is
// looked at more closely below because GitHub uses it for rate limits too).
const NEVER = new Set([
	400, // Bad Request
	401, // Unauthorized
	404, // Not Found
	410, // Gone
	422, // Unprocessable Entity
	451, // Unavailable For Legal Reasons
]);

// Gateway failures: the request most likely never reached GitHub's application.
const TRANSIENT = new Set([
	502, // Bad Gateway
	503, // Service Unavailable
	504, // Gateway Timeout
]);

// GitHub asks for at least a minute's pause after a secondary limit without retry-after.
const SECONDARY_LIMIT_PAUSE = 60_000;

export type RetryDecision = { retry: false } | { retry: true; waitMs: number; reason: string };

/** `retry-after` in seconds or as an HTTP date, in milliseconds from `now`. */
function retryAfterMs(value: unknown, now: number): number | undefined {
	if (value === undefined || value === "") return undefined;
	const seconds = Number(value);
	if (Number.isFinite(seconds)) return Math.max(0, seconds * 1000);
	const date = Date.parse(String(value));
	return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** `x-ratelimit-reset` (epoch seconds), in milliseconds from `now`. */
function resetMs(value: unknown, now: number): number | undefined {
	const epochSeconds = Number(value);
	return value === undefined || !Number.isFinite(epochSeconds) ? undefined : Math.max(0, epochSeconds * 1000 - now);
}

/**
The retry policy, as one decision per failed attempt:

- no response (network error, timeout): retried on idempotent verbs;
- 502, 503, 504: retried on idempotent verbs;
- 429 and secondary rate limits: retried on every verb after `retry-after`
  (or `x-ratelimit-reset`), when that wait is within `maxWaitMs`;
- an exhausted primary limit (`x-ratelimit-remaining: 0`): retried only when the reset
  falls within `maxWaitMs`; otherwise the error message is given the reset time;
- 400, 401, other 403s, 404, 410, 422, 451 and anything else: never retried.

`rateLimitsOwnedElsewhere` hands 403 and 429 to a throttling plugin.
*/
export function decideRetry(
	error: unknown,
	method: RequestMethod,
	maxWaitMs: number,
	rateLimitsOwnedElsewhere = false,
	now = Date.now(),
): RetryDecision {
	if (!(error instanceof RequestError)) return { retry: false };
	const { response, status } = error;
	if (!response) return IDEMPOTENT.has(method) ? { retry: true, waitMs: 0, reason: "network error" } : { retry: false };
	if (NEVER.has(status)) return { retry: false };
	if (TRANSIENT.has(status)) return IDEMPOTENT.has(method) ? { retry: true, waitMs: 0, reason: `status ${status}` } : { retry: false };
	// A throttling plugin must see rate limits untouched, to call its handlers.
	if ((status !== 403 && status !== 429) || rateLimitsOwnedElsewhere) return { retry: false };

	const { headers } = response;
	const retryAfter = retryAfterMs(headers["retry-after"], now);
	const reset = resetMs(headers["x-ratelimit-reset"], now);
	const secondary = /secondary rate limit/i.test(error.message);

	if (retryAfter !== undefined || secondary || (status === 429 && headers["x-ratelimit-remaining"] !== "0")) {
		const waitMs = retryAfter ?? (secondary ? Math.max(SECONDARY_LIMIT_PAUSE, reset ?? 0) : 0);
		if (waitMs <= maxWaitMs) return { retry: true, waitMs, reason: "secondary rate limit" };
		error.message += ` (the server asked to wait ${Math.ceil(waitMs / 1000)}s, more than retry.maxWait)`;
		return { retry: false };
	}
	if (headers["x-ratelimit-remaining"] === "0" && reset !== undefined) {
		if (reset <= maxWaitMs) return { retry: true, waitMs: reset, reason: "rate limit" };
		const at = new Date(now + reset).toISOString();
		error.message += ` (rate limit exhausted; it resets at ${at}, in ${Math.ceil(reset / 1000)}s)`;
		return { retry: false };
	}
	return { retry: false };
}
