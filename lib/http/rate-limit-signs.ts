import type { ResponseHeaders } from "../../types/request.js";
import { headerCount, resetMs, retryAfterMs } from "./bounded.js";

// What tells a rate limit from a refusal in a 403 or 429: the kernel codes such an error
// RATE_LIMITED (request-failures.ts), the retry feature waits it out, and the rateLimit feature shares it.

// GitHub asks for at least a minute's pause after a secondary limit without retry-after.
const SECONDARY_LIMIT_PAUSE = 60_000;

/** What GitHub's message of a secondary rate limit says. */
const SECONDARY_LIMIT = /secondary rate limit/i;

/**
The pause a 403 or 429 asks for, in milliseconds, when it is a secondary rate limit (or a 429
that is not an exhausted primary limit): its `retry-after`, else for a secondary limit the
later of its reset and a minute. `undefined` for any other answer.
*/
export function secondaryLimitPauseMs(
	status: number,
	headers: ResponseHeaders,
	message: string,
	now: number,
): number | undefined {
	if (status !== 403 && status !== 429) return undefined;
	const retryAfter = retryAfterMs(headers["retry-after"], now);
	const secondary = SECONDARY_LIMIT.test(message);
	if (
		retryAfter === undefined &&
		!secondary &&
		!(status === 429 && headerCount(headers["x-ratelimit-remaining"]) !== 0)
	)
		return undefined;
	return (
		retryAfter ?? (secondary ? Math.max(SECONDARY_LIMIT_PAUSE, resetMs(headers["x-ratelimit-reset"], now) ?? 0) : 0)
	);
}

/** Whether a 403 or 429 is a rate limit (primary or secondary) rather than a refusal. */
export function isRateLimit(status: number, headers: ResponseHeaders, message: string): boolean {
	return (
		status === 429 ||
		(status === 403 &&
			(headerCount(headers["x-ratelimit-remaining"]) === 0 ||
				retryAfterMs(headers["retry-after"], Date.now()) !== undefined ||
				SECONDARY_LIMIT.test(message)))
	);
}
