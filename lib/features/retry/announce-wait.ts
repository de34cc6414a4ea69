import type { Log } from "../../../types/request.js";

/**
Waits longer than this are announced with `log.warn`, which reaches the console by default:
a program that sits silent for a minute (GitHub's pause after a secondary rate limit) looks
hung. Shorter waits are routine backoff and stay at `log.info`, which is quiet by default.
*/
export const LONG_WAIT_MS = 5000;

/** A wait as a person reads it: `850ms`, `1.5s`, `60s`. */
export function formatWait(ms: number): string {
	if (ms < 1000) return `${Math.round(ms)}ms`;
	return `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)}s`;
}

/**
Announces a wait before it starts, once: `what` says which request and why (`GET /x - retry 1
of 3 after status 503`), and the line ends with how long. Every stage that holds a request
(retries, shared limits) announces through here, so that all waits follow one rule. Returns
whether the line went to `log.warn`.
*/
export function announceWait(log: Log, what: string, waitMs: number, debug?: (line: string) => void): boolean {
	const line = waitMs > 0 ? `${what}, waiting ${formatWait(waitMs)}` : what;
	debug?.(line);
	const long = waitMs > LONG_WAIT_MS;
	if (long) log.warn(line);
	else log.info(line);
	return long;
}
