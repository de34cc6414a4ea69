import type { CacheStore } from "../../../types/options.js";
import type { Log } from "../../../types/request.js";
import { createLru } from "../../common/lru.js";
import { ABORTED, TIMED_OUT, isThenable, storeFailureReason, withinTime } from "../../common/store.js";

/**
The store behind `cache: true`: the one LRU (lib/common/lru.ts), kept in order of use (a read
moves its entry to the end), so the least recently used goes first once `max` is passed.
*/
export function createLruStore(max: number): CacheStore {
	const entries = createLru<string, string>(max);
	return {
		get: (key) => entries.get(key),
		set(key, value) {
			entries.set(key, value);
			return true;
		},
		delete: (key) => entries.delete(key),
	};
}

/** Writes a client keeps track of at once, so that a read waits for the write to its key. */
const PENDING_LIMIT = 1000;

/** A store as the cache uses it: it never throws, and never holds a request up for long. */
export interface GuardedStore {
	/**
	What the store holds, as it gave it back (untrusted: the caller checks it); `undefined` on a miss, a
	failure, or past the timeout. A pending answer is a `Promise`.
	*/
	read(key: string, signal?: AbortSignal | null): unknown;
	/** Starts a write; the response does not wait for it. */
	write(key: string, value: string): void;
	/** Starts a delete; the response does not wait for it. */
	forget(key: string): void;
	/** Logs `message` unless a warning of this `kind` was logged before. */
	warnOnce(kind: string, message: string): void;
}

/**
Wraps a caller's store, sync or async. A store is a convenience, never a dependency: a
`get()` that throws or rejects is a miss, one slower than `timeoutMs` is a miss (the request
goes out unconditionally; only an async store sets a timer, and only while its answer is
pending), and a `set()` or `delete()` that fails loses the entry. Each kind of problem is
logged once per client. Writes are not awaited, but a read of a key waits for the write to
that key still under way, so a client always finds what it has just stored.
*/
export function guardStore(store: CacheStore, timeoutMs: number, log: Log): GuardedStore {
	// Writes still under way, by key, oldest first. A store whose set() never settles (Keyv over
	// a Redis that is gone) would keep every key here: past PENDING_LIMIT the oldest is let go,
	// and a read of that key no longer waits for its write.
	const pending = new Map<string, Promise<void>>();
	const warned = new Set<string>();
	const warnOnce = (kind: string, message: string) => {
		if (warned.has(kind)) return;
		warned.add(kind);
		log.warn(message);
	};
	const failed = (operation: string, error: unknown) => {
		warnOnce(
			"failed",
			`[hublet] the cache store's ${operation}() failed (${storeFailureReason(error)}): requests go on without ` +
				`the cache where it fails`,
		);
	};

	// Ends at the timeout, or on an abort of the request (whose caller rejects with its reason):
	// either way the timer and the listener go at once.
	const bounded = async <T>(
		promise: PromiseLike<T>,
		signal: AbortSignal | null | undefined,
	): Promise<T | undefined> => {
		const value = await withinTime(promise, timeoutMs, signal);
		if (value === ABORTED) return undefined;
		if (value === TIMED_OUT) {
			warnOnce(
				"slow",
				`[hublet] the cache store took over ${timeoutMs}ms to answer get(): requests go on without waiting for ` +
					`it (cache.timeout)`,
			);
			return undefined;
		}
		return value;
	};

	const track = (key: string, operation: "set" | "delete", run: () => unknown) => {
		let result: unknown;
		try {
			result = run();
		} catch (error) {
			failed(operation, error);
			return;
		}
		if (!isThenable(result)) return;
		const done: Promise<void> = Promise.resolve(result)
			.then(
				() => {},
				(error) => failed(operation, error),
			)
			.then(() => {
				if (pending.get(key) === done) pending.delete(key);
			});
		// Deleted first, so that a key written again moves to the end of the order.
		pending.delete(key);
		if (pending.size >= PENDING_LIMIT) pending.delete(pending.keys().next().value!);
		pending.set(key, done);
	};

	return {
		read(key, signal) {
			const write = pending.get(key);
			let value: unknown;
			try {
				value = write ? write.then(() => store.get(key)) : store.get(key);
			} catch (error) {
				failed("get", error);
				return undefined;
			}
			if (!isThenable(value)) return value;
			if (signal?.aborted) {
				// The request has already ended; a late rejection of the store is not unhandled.
				Promise.resolve(value).catch(() => {});
				return undefined;
			}
			return bounded(value, signal).then(undefined, (error) => {
				failed("get", error);
				return undefined;
			});
		},
		write: (key, value) => track(key, "set", () => store.set(key, value)),
		forget: (key) => track(key, "delete", () => store.delete(key)),
		warnOnce,
	};
}
