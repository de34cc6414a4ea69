import { shownValue } from "./objects.js";
/*
Waits that end on an abort. Every await on code Hublet does not own (a custom fetch, a cache
store, an auth strategy, a hook) and every timer goes through here, so that an aborted signal
ends the wait at once with its reason and leaves no listener or timer behind.
*/

/** The longest delay `setTimeout` keeps: past it, Node fires the timer at once. */
export const MAX_TIMER_MS = 2 ** 31 - 1;

/**
Resolves or rejects as `promise` does, or rejects with the signal's reason as soon as it aborts:
a custom fetch that ignores its signal, or a store that never answers, still ends.
*/
export function untilAborted<T>(promise: PromiseLike<T>, signal: AbortSignal | undefined | null): Promise<T> {
	if (!signal) return Promise.resolve(promise);
	return new Promise<T>((resolve, reject) => {
		const onAbort = () => reject(signal.reason);
		if (signal.aborted) onAbort();
		else signal.addEventListener("abort", onAbort, { once: true });
		// `promise` is listened to even once aborted, so that its own later rejection is never unhandled.
		Promise.resolve(promise)
			.then(resolve, reject)
			.then(() => signal.removeEventListener("abort", onAbort));
	});
}

/**
Waits `ms`, or rejects with the signal's reason when it aborts. A wait longer than a timer can
hold is chained, one timer at a time, so a timer never overflows into firing at once.
*/
export function sleep(ms: number, signal: AbortSignal | undefined | null): Promise<void> {
	return new Promise((resolve, reject) => {
		if (signal?.aborted) return reject(signal.reason);
		let timer: ReturnType<typeof setTimeout>;
		const onAbort = () => {
			clearTimeout(timer);
			reject(signal!.reason);
		};
		const end = performance.now() + ms;
		const arm = (left: number) => {
			timer = setTimeout(
				() => {
					const rest = end - performance.now();
					if (rest > 1) return arm(rest);
					signal?.removeEventListener("abort", onAbort);
					resolve();
				},
				Math.min(Math.max(0, left), MAX_TIMER_MS),
			);
		};
		arm(ms);
		signal?.addEventListener("abort", onAbort, { once: true });
	});
}

/**
Why `value` cannot be a timeout in milliseconds, or undefined when it can: a number from
`min` (0 means "none" where a timeout is optional) to what a timer holds. Infinity, NaN and
negatives are refused, since they would either never end a wait or end it at once.
*/
export function timeoutProblem(value: unknown, min: number): string | undefined {
	// Number.isFinite is true of numbers alone: it converts nothing.
	if (Number.isFinite(value) && (value as number) >= min && (value as number) <= MAX_TIMER_MS) return undefined;
	return `must be milliseconds from ${min} to ${MAX_TIMER_MS}, not ${shownValue(value)}`;
}

/**
The longest wait for a rate limit or a `retry-after` that a request accepts by default
(`retry.maxWait`), before it fails instead.
*/
export const DEFAULT_MAX_WAIT = 60_000;
