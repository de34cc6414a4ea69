import type { RequestMethod } from "../../../types/endpoint.js";
import type { RetryOptions } from "../../../types/retry.js";
import { RequestError } from "../../common/errors.js";
import { dateText, headerCount, resetMs, retryAfterMs } from "../../http/bounded.js";
import { secondaryLimitPauseMs } from "../../http/rate-limit-signs.js";
import { failsAgain } from "../../http/fails-again.js";

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

// Failures a retry cannot fix: nothing was sent (a bad request, a file or package that did not
// load: the next call loads again), or the proxy wants other credentials.
const NEVER_CODES = new Set<string>(["INVALID_REQUEST", "PROXY_AUTH_REQUIRED", "LOAD_FAILED", "MISSING_PACKAGE"]);

// Server and gateway failures: an idempotent request can be sent again whatever happened to
// the first (@octokit/plugin-retry retries a 500 too).
const TRANSIENT = new Set([
	500, // Internal Server Error
	502, // Bad Gateway
	503, // Service Unavailable
	504, // Gateway Timeout
]);

/** One decision; `note`, when the policy gives up, says why in words the error message gets. */
export type RetryDecision =
	{ retry: false; note?: string; code?: "RATE_LIMITED" } | { retry: true; waitMs: number; reason: string };

/**
The backoff before retry `retriesConsumed + 1`, as p-retry computes it: `minTimeout ×
factor^n`, times a random factor in [1, 2) when `randomize` is on, capped at `maxTimeout`.
It exists beside p-retry's own because p-retry does not export that formula and would add its
wait to a `retry-after`, where the policy waits the longer of the two (the stage passes it `minTimeout: 0`).
*/
export function backoffMs(
	retriesConsumed: number,
	settings: Required<Pick<RetryOptions, "minTimeout" | "factor" | "maxTimeout" | "randomize">>,
): number {
	const random = settings.randomize ? Math.random() + 1 : 1;
	return Math.min(Math.round(random * settings.minTimeout * settings.factor ** retriesConsumed), settings.maxTimeout);
}

/** A wait the server asked for that is longer than `maxWait`: give up now as rate limited, and say until when. */
function tooLong(waitMs: number, now: number): RetryDecision {
	const until = dateText(now + waitMs);
	const note =
		` (the server asked to wait ${Math.ceil(waitMs / 1000)}s, more than ` +
		`retry.maxWait${until ? `: until ${until}` : ""})`;
	return { retry: false, code: "RATE_LIMITED", note };
}

/**
The retry policy, as one decision per failed attempt:

- a request that was never sent (an invalid header, URL or body): never retried;
- no response (network error, timeout): retried on idempotent verbs, except a host that does
  not resolve (`ENOTFOUND`) and a connection refused on this machine (nothing listens there);
- 500, 502, 503, 504: retried on idempotent verbs, not before their `retry-after`;
- 429 and secondary rate limits: retried on every verb after `retry-after`
  (or `x-ratelimit-reset`);
- an exhausted primary limit (`x-ratelimit-remaining: 0`): retried after its reset, and
  otherwise the error message is given the reset time;
- 400, 401, other 403s, 404, 410, 422, 451 and anything else: never retried.

Every wait the server asks for is honoured in full; one longer than `maxWaitMs` gives up at
once, with a `note` for the error message. The error itself is never changed here.
`rateLimitsOwnedElsewhere` hands 403 and 429 to a throttling plugin.
*/
export function decideRetry(
	error: unknown,
	method: RequestMethod,
	maxWaitMs: number,
	rateLimitsOwnedElsewhere = false,
	now = Date.now(),
): RetryDecision {
	// A request the shared rate limits held back (no response) was never sent: retrying cannot help.
	if (
		!(error instanceof RequestError) ||
		NEVER_CODES.has(error.code) ||
		(error.code === "RATE_LIMITED" && !error.response)
	) {
		return { retry: false };
	}
	const { response } = error;
	// A body that does not parse, a host that does not resolve, a refusal here would come back the
	// same (fails-again.ts): never retried, whatever the status.
	if (failsAgain(error)) return { retry: false };
	if (!response) {
		if (!IDEMPOTENT.has(method)) return { retry: false };
		return { retry: true, waitMs: 0, reason: error.code === "TIMEOUT" ? "timeout" : "network error" };
	}
	// The server's status, not the error's: a 200 whose body is not JSON is a 500 error
	// (INVALID_RESPONSE), and the same request would get the same body.
	const { headers, status } = response;
	if (NEVER.has(status)) return { retry: false };
	const retryAfter = retryAfterMs(headers["retry-after"], now);
	if (TRANSIENT.has(status)) {
		if (!IDEMPOTENT.has(method)) return { retry: false };
		if (retryAfter !== undefined && retryAfter > maxWaitMs) return tooLong(retryAfter, now);
		return { retry: true, waitMs: retryAfter ?? 0, reason: `status ${status}` };
	}
	// A throttling plugin must see rate limits untouched, to call its handlers.
	if ((status !== 403 && status !== 429) || rateLimitsOwnedElsewhere) return { retry: false };

	const reset = resetMs(headers["x-ratelimit-reset"], now);
	const pause = secondaryLimitPauseMs(status, headers, error.message, now);

	const remaining = headerCount(headers["x-ratelimit-remaining"]);
	if (pause !== undefined) {
		if (pause <= maxWaitMs) return { retry: true, waitMs: pause, reason: "secondary rate limit" };
		return tooLong(pause, now);
	}
	if (remaining === 0 && reset !== undefined) {
		if (reset <= maxWaitMs) return { retry: true, waitMs: reset, reason: "rate limit" };
		return {
			retry: false,
			code: "RATE_LIMITED",
			note: ` (rate limit exhausted; it resets at ${dateText(now + reset)}, in ${Math.ceil(reset / 1000)}s)`,
		};
	}
	return { retry: false };
}
