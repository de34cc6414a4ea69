// What the options of the features that take a user's Keyv-style store (`cache`, `rateLimit`) share,
// checked when a client is built: what a store is, and how long its answer is waited for by default.

/** Whether `value` has the methods of a Keyv-style store: get(), set() and delete(). */
export const isStore = (value: unknown): value is { get: Function; set: Function; delete: Function } =>
	typeof value === "object" &&
	value !== null &&
	["get", "set", "delete"].every((name) => typeof (value as Record<string, unknown>)[name] === "function");

/** How long a request waits for a store's answer before it goes on without it. */
export const DEFAULT_STORE_TIMEOUT = 500;
