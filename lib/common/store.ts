// What the features that take a user's Keyv-style store (`cache`, `rateLimit`) share: the check
// of the option, and a bound on how long a store's answer is waited for.

/** A value whose `then` is a function: a store's answer that must be awaited. */
export const isThenable = (value: unknown): value is PromiseLike<unknown> =>
	typeof (value as { then?: unknown } | null)?.then === "function";

/** Whether `value` has the methods of a Keyv-style store: get(), set() and delete(). */
export const isStore = (value: unknown): value is { get: Function; set: Function; delete: Function } =>
	typeof value === "object" &&
	value !== null &&
	["get", "set", "delete"].every((name) => typeof (value as Record<string, unknown>)[name] === "function");

/** What `withinTime` resolves with when the time ran out first. */
export const TIMED_OUT: unique symbol = Symbol("timed out");

/**
The outcome of `promise`, or `TIMED_OUT` once `ms` have passed without one. The timer is
cleared as soon as the promise settles, so a quick store leaves no timer behind.
*/
export function withinTime<T>(promise: PromiseLike<T>, ms: number): Promise<T | typeof TIMED_OUT> {
	return new Promise((resolve, reject) => {
		const timer = setTimeout(() => resolve(TIMED_OUT), Math.max(0, ms));
		promise.then(
			(value) => {
				clearTimeout(timer);
				resolve(value);
			},
			(error) => {
				clearTimeout(timer);
				reject(error);
			},
		);
	});
}
