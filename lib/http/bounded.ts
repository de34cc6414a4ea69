/*
Numbers that become a time, read as hostile input: what a server sends and what a store gives
back. A value that is not what its grammar allows, or that no clock or timer can hold, is
`undefined`, as if it were absent, so that no caller ever computes with NaN, Infinity, a
negative wait or an invalid Date. Every `Date` Hublet makes goes through `dateText`.
*/

/** The last instant a `Date` can hold (ECMAScript's ±8.64e15 ms). */
export const MAX_DATE_MS = 8.64e15;

/**
A whole number of 0 or more written as digits ("0", "4999"), within 2^53, with white space around it
(`\s` is what `trim()` removes, and what `+` skips); otherwise undefined, as is anything that is not
one string.
*/
export function headerCount(value: unknown): number | undefined {
	return typeof value === "string" && /^\s*\d{1,16}\s*$/.test(value) && Number.isSafeInteger(+value)
		? +value
		: undefined;
}

/**
`retry-after`, in milliseconds from `now`: delay-seconds (digits, with a decimal fraction
tolerated, as some servers send `0.5`) or an HTTP date (a past date is 0). A number of seconds
too large for a timer is kept: it is a wait that is too long, not a missing one. Anything else
(a negative, `1e20`, `NaN`, an empty value) is undefined.
*/
export function retryAfterMs(value: unknown, now: number): number | undefined {
	// A header's text, trimmed, or "" (no number, no date) for anything that is not one string.
	const text = typeof value === "string" ? value.trim() : "";
	// An HTTP date always starts with a day name (RFC 9110: IMF-fixdate, RFC 850 and asctime forms).
	// Date.parse alone would read "1.5" or "-1" as days of 2001. Anything else, or a date that does
	// not parse (NaN), or seconds past any number (Infinity), is no wait.
	let ms = NaN;
	if (/^\d+(?:\.\d+)?$/.test(text)) ms = Number(text) * 1000;
	else if (/^[A-Za-z]{3,9},? +\S/.test(text)) ms = Math.max(0, Date.parse(text) - now);
	return Number.isFinite(ms) ? ms : undefined;
}

/**
An instant in epoch milliseconds that a `Date` can hold, from 1970 on: the number itself, or
undefined (NaN, negative, past any date, not a number).
*/
export const instantOf = (value: unknown): number | undefined =>
	typeof value === "number" && value >= 0 && value <= MAX_DATE_MS ? value : undefined;

/** An instant as an ISO date, or undefined for one that no `Date` can hold. */
export const dateText = (at: number): string | undefined =>
	instantOf(at) === undefined ? undefined : new Date(at).toISOString();

/** `x-ratelimit-reset` (whole epoch seconds) as epoch milliseconds; a value past any Date is undefined. */
export function resetAt(value: unknown): number | undefined {
	const seconds = headerCount(value);
	return seconds === undefined ? undefined : instantOf(seconds * 1000);
}

/** `x-ratelimit-reset`, in milliseconds from `now` (a past reset is 0); a value past any Date is undefined. */
export function resetMs(value: unknown, now: number): number | undefined {
	const at = resetAt(value);
	return at === undefined ? undefined : Math.max(0, at - now);
}

/** The end of a wait as a time the caller may keep (a ledger's pause): past any date, the last one a Date holds. */
export const boundedEnd = (waitMs: number, now: number) => Math.min(now + waitMs, MAX_DATE_MS);
