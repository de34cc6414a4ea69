/**
How failed requests are retried. Network errors and 502/503/504 are retried on idempotent
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
}
