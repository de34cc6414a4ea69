/**
How failed requests are retried. Network errors and 500/502/503/504 are retried on idempotent
verbs; 429 and secondary rate limits on every verb, after the wait the server asks for.
*/
export interface RetryOptions {
	/** Set to `false` to turn retries off. @default true */
	enabled?: boolean;
	/** Retries after the first attempt. @default 3 */
	retries?: number;
	/** Backoff growth per retry. @default 2 */
	factor?: number;
	/** First backoff, in milliseconds. @default 1000 */
	minTimeout?: number;
	/** Longest backoff, in milliseconds. @default 30000 */
	maxTimeout?: number;
	/** Randomizes each backoff (jitter) so that clients do not retry in step. @default true */
	randomize?: boolean;
	/** Gives up once this many milliseconds have passed since the first attempt. @default Infinity */
	maxRetryTime?: number;
	/**
	The longest wait, in milliseconds, that a `retry-after` or `x-ratelimit-reset` may ask for.
	A longer one fails at once, with the reset time in the error message.
	@default 60000
	*/
	maxWait?: number;
	/**
	Called before each retry's wait (after the wait is logged), for progress output or metrics.
	A throw from it is ignored.
	@example
	```
	new Hublet({ retry: { onRetry: ({ attempt, retries, reason, waitMs, method, url }) => console.error(`${method} ${url}: retry ${attempt} of ${retries} after ${reason}, in ${waitMs}ms`) } });
	```
	*/
	onRetry?: (info: RetryInfo) => void;
}

/** What `retry.onRetry` hears before each retry. */
export interface RetryInfo {
	/** The retry about to be made: 1 for the first retry. */
	attempt: number;
	/** The most retries this request may make (`retries`). */
	retries: number;
	/** Why: `"network error"`, `"timeout"`, `"status 500"` (502, 503, 504), `"secondary rate limit"` or `"rate limit"`. */
	reason: string;
	/** The wait before the retry, in milliseconds. */
	waitMs: number;
	/** The request's verb. */
	method: string;
	/** The request's URL, with secret query values redacted. */
	url: string;
	/**
	Whether this wait was also announced with `log.warn`, as every wait longer than 5 seconds is
	(shorter ones go to `log.info`): a callback that prints progress can skip it.
	*/
	warned: boolean;
}
