import { instantOf } from "../../http/bounded.js";
import { isPlainObject } from "../../common/objects.js";

// What a token's clients know about its limits, as plain data: the same document lives in each
// client's memory and, with a store, under one key of the store, so that merging two of them is
// all that sharing takes. Every time is epoch milliseconds, which processes on one clock share.

/** One resource's budget (`core`, `search`, `graphql`, …), from `x-ratelimit-*` headers. */
export interface Budget {
	limit: number;
	/** What the answer seen at `seen` said was left before `reset`, less the requests counted since. */
	remaining: number;
	/** When the window ends; 0 once it has ended and the next window's end is not known yet. */
	reset: number;
	/** When the answer this budget comes from was received (for a window that ended: its end). */
	seen: number;
}

export interface Ledger {
	v: 2;
	/** No request goes out before this: a secondary-limit pause. */
	pauseUntil: number;
	/** The earliest start of the next content-creating request: the last one's real start, plus the interval. */
	nextWrite: number;
	budgets: Record<string, Budget>;
}

/** How long a request waits when its window is spent and the next window's end is not known. */
export const UNKNOWN_RESET_POLL = 100;

export const emptyLedger = (): Ledger => ({ v: 2, pauseUntil: 0, nextWrite: 0, budgets: {} });

/** A budget whose window has ended starts the next one full, its end unknown until an answer says it. */
function current(budget: Budget, now: number): Budget {
	return budget.reset !== 0 && budget.reset <= now
		? { limit: budget.limit, remaining: budget.limit, reset: 0, seen: budget.reset }
		: budget;
}

/**
Two views of one budget as one. GitHub's answer is the truth when it was given, so the budget of
the fresher answer wins, with only the requests counted since it taken off (GitHub may not count
a request: a 304 is free); two copies of one answer keep the lower count (each side has counted
requests the other has not). A known end of window wins over an unknown one.
*/
function mergeBudget(a: Budget | undefined, b: Budget | undefined, now: number): Budget | undefined {
	if (!a || !b) return a ?? b;
	const x = current(a, now);
	const y = current(b, now);
	if ((x.reset === 0) !== (y.reset === 0)) return x.reset === 0 ? y : x;
	if (x.seen !== y.seen) return x.seen > y.seen ? x : y;
	return x.remaining <= y.remaining ? x : y;
}

/** Merges `from` into `into` (which changes), and returns `into`. */
export function mergeLedger(into: Ledger, from: Ledger, now: number): Ledger {
	into.pauseUntil = Math.max(into.pauseUntil, from.pauseUntil);
	into.nextWrite = Math.max(into.nextWrite, from.nextWrite);
	for (const name of Object.keys(from.budgets)) {
		into.budgets[name] = mergeBudget(into.budgets[name], from.budgets[name], now)!;
	}
	return into;
}

/** Records what an answer said about its resource's budget. */
export function learnBudget(ledger: Ledger, resource: string, observed: Budget, now: number): void {
	ledger.budgets[resource] = mergeBudget(ledger.budgets[resource], observed, now)!;
}

/**
The time to wait until before a request for `resource` may go out, or 0 when it may go now:
then, when `take` is set, it is counted against the budget.
*/
export function admit(ledger: Ledger, resource: string, now: number, take: boolean): number {
	if (ledger.pauseUntil > now) return ledger.pauseUntil;
	const known = ledger.budgets[resource];
	if (!known) return 0;
	const budget = current(known, now);
	if (budget.remaining <= 0) return budget.reset || now + UNKNOWN_RESET_POLL;
	if (take) ledger.budgets[resource] = { ...budget, remaining: budget.remaining - 1 };
	return 0;
}

// GitHub's resource names (`core`, `search`, `code_search`, `graphql`, …). Nothing else becomes
// a key of `budgets`: not "__proto__", not "constructor", not a name from a garbled header.
const RESOURCE_NAME = /^[a-z][a-z\d_]{0,63}$/;
// GitHub has about a dozen resources; a stored ledger with more is not one Hublet wrote.
const MAX_BUDGETS = 64;

/** Whether `value` can name a resource's budget. */
export const isResourceName = (value: unknown): value is string =>
	typeof value === "string" && RESOURCE_NAME.test(value) && !(value in Object.prototype);

const isCount = (value: unknown) => Number.isSafeInteger(value) && (value as number) >= 0;
const isTime = (value: unknown) => instantOf(value) !== undefined;
/** An object literal with exactly `keys` as its own keys: nothing missing, nothing extra. */
const hasExactly = (value: unknown, keys: readonly string[]): value is Record<string, unknown> =>
	isPlainObject(value) && Object.keys(value).length === keys.length && keys.every((key) => Object.hasOwn(value, key));

const LEDGER_KEYS = ["v", "pauseUntil", "nextWrite", "budgets"];
const BUDGET_KEYS = ["limit", "remaining", "reset", "seen"];

/**
A ledger read back from a store, which is untrusted input: `null` for a ledger of another
version (as if absent: its budgets mean something else), `undefined` when the text is not a
ledger Hublet could have written (a wrong type, a missing or extra key, a count that is not a
whole number, a time no Date holds, a budget name that is not a resource's).
*/
export function parseLedger(text: unknown): Ledger | null | undefined {
	if (typeof text !== "string") return undefined;
	let value: unknown;
	try {
		value = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (!isPlainObject(value) || !Number.isSafeInteger(value.v)) return undefined;
	if (value.v !== 2) return null;
	if (
		!hasExactly(value, LEDGER_KEYS) ||
		!isTime(value.pauseUntil) ||
		!isTime(value.nextWrite) ||
		!isPlainObject(value.budgets)
	)
		return undefined;
	const names = Object.keys(value.budgets);
	if (names.length > MAX_BUDGETS) return undefined;
	for (const name of names) {
		const budget = value.budgets[name];
		if (!isResourceName(name) || !hasExactly(budget, BUDGET_KEYS)) return undefined;
		if (!isCount(budget.limit) || !isCount(budget.remaining) || !isTime(budget.reset) || !isTime(budget.seen))
			return undefined;
	}
	return value as unknown as Ledger;
}
