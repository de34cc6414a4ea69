import { redactText } from "./redact.js";
// What the features that take a user's Keyv-style store (`cache`, `rateLimit`) share when they
// run: a bound on how long a store's answer is waited for (the option's check is store-option.ts).

/** A value whose `then` is a function: a store's answer that must be awaited. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
	typeof (value as { then?: unknown } | null)?.then === "function";

/** What `withinTime` resolves with when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol("timed out");
/** What `withinTime` resolves with when `signal` aborted first. */
export const ABORTED: unique symbol = Symbol("aborted");

/**
The outcome of `promise`, or `TIMED_OUT` once `ms` have passed without one, or `ABORTED` as soon
as `signal` aborts. The timer and the listener go as soon as any of them settles, so a quick
store leaves nothing behind.
*/
export function withinTime<T>(promise: PromiseLike<T>, ms: number): Promise<T | typeof TIMED_OUT>;
export function withinTime<T>(
	promise: PromiseLike<T>,
	ms: number,
	signal: AbortSignal | null | undefined,
): Promise<T | typeof TIMED_OUT | typeof ABORTED>;
export function withinTime<T>(
	promise: PromiseLike<T>,
	ms: number,
	signal?: AbortSignal | null,
): Promise<T | typeof TIMED_OUT | typeof ABORTED> {
	return new Promise((resolve, reject) => {
		const settle = () => {
			clearTimeout(timer);
			signal?.removeEventListener("abort", onAbort);
		};
		const onAbort = () => {
			settle();
			resolve(ABORTED);
		};
		const timer = setTimeout(
			() => {
				settle();
				resolve(TIMED_OUT);
			},
			Math.max(0, ms),
		);
		signal?.addEventListener("abort", onAbort, { once: true });
		promise.then(
			(value) => {
				settle();
				resolve(value);
			},
			(error) => {
				settle();
				reject(error);
			},
		);
	});
}

/**
What a store's failure says, for a warning: its message (or the value), redacted (a store URL holds
its password), never throwing.
*/
export function storeFailureReason(error: unknown): string {
	try {
		return redactText(error instanceof Error ? String(error.message) : String(error));
	} catch {
		return "a value that cannot be shown";
	}
}
