import type { Log } from "../../../types/request.js";
import type { RateLimitStore } from "../../../types/options.js";
import { MAX_TIMER_MS, sleep } from "../../common/race.js";
import { instantOf } from "../../http/bounded.js";
import { TIMED_OUT, isThenable, storeFailureReason, withinTime } from "../../common/store.js";
import { emptyLedger, mergeLedger, parseLedger, type Ledger } from "./ledger.js";

// Bounds the per-client memo of token → ledger (app tokens rotate every hour).
const LEDGERS_KEPT = 16;
// After a store fault, requests run on local state this long before the store is tried again.
const STORE_RETRY_AFTER = 1000;
// How long a stored ledger outlives its last write: past that, nothing in it can still apply.
const LEDGER_TTL = 3_600_000;
// A lock slept on between two looks at a held lock, in milliseconds (with jitter).
const LOCK_POLL = 2;
// How long a lock just set is left to settle before it is read back, beyond two round trips.
const LOCK_SETTLE = 10;

const KEY_PREFIX = "hublet:rate-limit:v1:";

class StoreFault extends Error {}

/** The ledgers of the tokens one client uses: its own copy of each, shared through a store when it has one. */
export interface Ledgers {
	/** This client's copy of a token's ledger: what it last read, learned or counted. */
	local(identity: string): Ledger;
	/**
	Runs `change` once on the token's ledger: the store's copy merged into the local one, written
	back after. Without a store, while it is failing, or when its lock stays held past the store
	timeout, on the local copy alone. A synchronous store (a `Map`) is taken to be in-process
	and needs no lock. `change` runs synchronously while no other client can read the ledger
	(under the store's lock, or in one step with a synchronous store): what it starts and records
	is seen by the next client to look. A change that starts a write passes `holdMs`, the write
	interval: see `acquire`.
	*/
	transact<T>(identity: string, change: (ledger: Ledger, now: number) => T, holdMs?: number): T | Promise<T>;
	/**
	Writes what this client learned (a pause, a spent budget) to the store now. Resolves once it is
	written, or failed, or the store timeout has passed (the write then goes on): an answer that
	carries such news is handed back only then, so that a client of the token that asks the moment
	it is handed back already sees it. Undefined when there is nothing to wait for (no store, or a
	synchronous one, already written).
	*/
	publish(identity: string): Promise<void> | undefined;
}

/**
A Keyv-style store has no atomic operation, so a change to the shared ledger happens under a
lock kept in the store itself: set a lock naming this client, wait out the store's round trip,
read the lock back. Two clients that set it at once both read back the one that landed last.
Every store operation is bounded by `timeoutMs`; a failure, a timeout or a garbled value costs
one warning per client and a second on local state, never a request.
*/
export function createLedgers(store: RateLimitStore | undefined, timeoutMs: number, log: Log): Ledgers {
	const ledgers = new Map<string, Ledger>();
	const queues = new Map<string, Promise<unknown>>();
	const owner = Math.random().toString(36).slice(2);
	let locks = 0;
	let downUntil = 0;
	let warned = false;

	const warnOnce = (message: string) => {
		if (warned) return;
		warned = true;
		log.warn(message);
	};
	const fault = (error: unknown) => {
		downUntil = Date.now() + STORE_RETRY_AFTER;
		warnOnce(
			`[hublet] the rate-limit store failed (${storeFailureReason(error)}): requests go on with this client's ` +
				`own view of the limits until it answers again`,
		);
	};

	const local = (identity: string) => {
		let ledger = ledgers.get(identity);
		if (!ledger) {
			if (ledgers.size >= LEDGERS_KEPT) ledgers.clear();
			ledgers.set(identity, (ledger = emptyLedger()));
		}
		return ledger;
	};

	/** Merges a stored text into the local ledger; another version's ledger, or a text that is not one, is overwritten. */
	const absorb = (ledger: Ledger, text: unknown) => {
		if (text === undefined || text === null) return;
		const stored = parseLedger(text);
		if (stored) mergeLedger(ledger, stored, Date.now());
		else if (stored === undefined)
			warnOnce(
				"[hublet] the rate-limit store held a value that is not Hublet's: it is replaced with this client's view " +
					"of the limits",
			);
	};

	/** A store operation, or a StoreFault once `deadline` passes. */
	const bounded = async <T>(run: () => T | PromiseLike<T>, deadline: number): Promise<T> => {
		const value = await withinTime(Promise.resolve().then(run), deadline - Date.now());
		if (value === TIMED_OUT) throw new StoreFault(`no answer within ${timeoutMs}ms`);
		return value;
	};

	/** A lock as a client sets it; anything else in its place (garbage, a time no Date or timer holds) is no lock. */
	const lockOf = (text: unknown): { id: string; until: number } | undefined => {
		if (typeof text !== "string") return undefined;
		try {
			const lock = JSON.parse(text);
			const until = instantOf(lock?.until);
			return typeof lock?.id === "string" && until !== undefined && until <= Date.now() + MAX_TIMER_MS
				? lock
				: undefined;
		} catch {
			return undefined;
		}
	};

	/**
	Takes the store's lock for a token: when this client set it, or `undefined` when others hold it
	until the deadline. A lock lasts the store timeout and then `holdMs` (the write interval): a
	client that uses it past the timeout gives up instead (a fault), so that the next holder comes
	at least `holdMs` after anything this one sent.
	*/
	const acquire = async (key: string, deadline: number, holdMs: number): Promise<number | undefined> => {
		const id = `${owner}:${++locks}`;
		for (;;) {
			const asked = Date.now();
			const held = lockOf(await bounded(() => store!.get(key), deadline));
			const roundTrip = Date.now() - asked;
			if (!held || held.until <= Date.now()) {
				const setAt = Date.now();
				await bounded(
					() => store!.set(key, JSON.stringify({ id, until: setAt + timeoutMs + holdMs }), timeoutMs + holdMs),
					deadline,
				);
				// A client that read the lock free when this one did sets it within about a round trip,
				// give or take what its own event loop had to finish first.
				await sleep(LOCK_SETTLE + 2 * roundTrip, undefined);
				if (lockOf(await bounded(() => store!.get(key), deadline))?.id === id) return setAt;
			}
			if (Date.now() + LOCK_POLL >= deadline) return undefined;
			await sleep(LOCK_POLL + Math.random() * LOCK_POLL, undefined);
		}
	};

	const shared = async <T>(
		identity: string,
		change: (ledger: Ledger, now: number) => T,
		holdMs: number,
	): Promise<T> => {
		const ledger = local(identity);
		if (Date.now() < downUntil) return change(ledger, Date.now());
		const key = KEY_PREFIX + identity;
		const deadline = Date.now() + timeoutMs;
		// `change` runs once: a write it starts must never be sent twice because the store failed after.
		let changed: { result: T } | undefined;
		try {
			const lockedAt = await acquire(`${key}:lock`, deadline, holdMs);
			if (lockedAt === undefined) return change(ledger, Date.now());
			absorb(ledger, await bounded(() => store!.get(key), deadline));
			// An event loop held up past the timeout may have let the lock lapse.
			if (Date.now() > lockedAt + timeoutMs) throw new StoreFault(`no answer within ${timeoutMs}ms`);
			changed = { result: change(ledger, Date.now()) };
			await bounded(() => store!.set(key, JSON.stringify(ledger), LEDGER_TTL), deadline + holdMs);
			await bounded(() => store!.delete(`${key}:lock`), deadline + holdMs);
			return changed.result;
		} catch (error) {
			fault(error);
			return changed ? changed.result : change(ledger, Date.now());
		}
	};

	/** One shared change at a time per token in this client: the others queue here, not on the store's lock. */
	const queued = <T>(identity: string, change: (ledger: Ledger, now: number) => T, holdMs: number): Promise<T> => {
		const previous = queues.get(identity) ?? Promise.resolve();
		const run = previous.then(() => shared(identity, change, holdMs));
		const tail = run.then(
			() => {},
			() => {},
		);
		queues.set(identity, tail);
		tail.then(() => queues.get(identity) === tail && queues.delete(identity));
		return run;
	};

	/** A synchronous store: read, change and write in one go, with nothing in between. */
	const inProcess = <T>(identity: string, change: (ledger: Ledger, now: number) => T, text: unknown): T => {
		const ledger = local(identity);
		absorb(ledger, text);
		const result = change(ledger, Date.now());
		try {
			const written = store!.set(KEY_PREFIX + identity, JSON.stringify(ledger), LEDGER_TTL);
			if (isThenable(written)) Promise.resolve(written).then(undefined, fault);
		} catch (error) {
			fault(error);
		}
		return result;
	};

	// Whether the store answers with promises: known from its first answer.
	let asynchronous = false;
	const transact = <T>(identity: string, change: (ledger: Ledger, now: number) => T, holdMs = 0): T | Promise<T> => {
		if (!store || Date.now() < downUntil) return change(local(identity), Date.now());
		if (asynchronous) return queued(identity, change, holdMs);
		let text: unknown;
		try {
			text = store.get(KEY_PREFIX + identity);
		} catch (error) {
			fault(error);
			return change(local(identity), Date.now());
		}
		if (!isThenable(text)) return inProcess(identity, change, text);
		// An async store: this first read only told what kind of store it is.
		asynchronous = true;
		Promise.resolve(text).then(undefined, () => {});
		return queued(identity, change, holdMs);
	};

	return {
		local,
		transact,
		publish(identity) {
			if (!store) return undefined;
			const written = transact(identity, () => {});
			if (!isThenable(written)) return undefined;
			// `shared` never rejects (a fault is a warning), but a wait on it must not fail a request.
			return withinTime(Promise.resolve(written), timeoutMs).then(
				() => {},
				() => {},
			);
		},
	};
}
