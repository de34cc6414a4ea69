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
	/** The earliest start of the next content-creating request. */
	nextWrite: number;
	budgets: Record<string, Budget>;
}

/** How long a request waits when its window is spent and the next window's end is not known. */
export const UNKNOWN_RESET_POLL = 100;

export const emptyLedger = (): Ledger => ({ v: 2, pauseUntil: 0, nextWrite: 0, budgets: {} });

/** A budget whose window has ended starts the next one full, its end unknown until an answer says it. */
function current(budget: Budget, now: number): Budget {
	return budget.reset !== 0 && budget.reset <= now ? { limit: budget.limit, remaining: budget.limit, reset: 0, seen: budget.reset } : budget;
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

/** Takes the next slot for a content-creating request: when it may start. */
export function claimWrite(ledger: Ledger, now: number, interval: number): number {
	const slot = Math.max(now, ledger.nextWrite);
	ledger.nextWrite = slot + interval;
	return slot;
}

const isCount = (value: unknown) => typeof value === "number" && Number.isFinite(value) && value >= 0;

/**
A ledger read back from a store; `null` for a ledger of another version (as if absent: its
budgets mean something else), `undefined` when the text is not a ledger at all.
*/
export function parseLedger(text: unknown): Ledger | null | undefined {
	if (typeof text !== "string") return undefined;
	let value: Ledger;
	try {
		value = JSON.parse(text);
	} catch {
		return undefined;
	}
	if (typeof value !== "object" || value === null || !Number.isSafeInteger(value.v)) return undefined;
	if (value.v !== 2) return null;
	if (!isCount(value.pauseUntil) || !isCount(value.nextWrite)) return undefined;
	if (typeof value.budgets !== "object" || value.budgets === null) return undefined;
	for (const name of Object.keys(value.budgets)) {
		const budget = value.budgets[name];
		if (typeof budget !== "object" || budget === null || !isCount(budget.limit) || !isCount(budget.remaining) || !isCount(budget.reset) || !isCount(budget.seen)) {
			return undefined;
		}
	}
	return value;
}
