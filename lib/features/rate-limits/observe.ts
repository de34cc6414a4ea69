import type { HubletResponse, ResponseHeaders } from "../../../types/request.js";
import { secondaryLimitPauseMs } from "../../http/rate-limit-signs.js";
import { boundedEnd, headerCount, resetAt } from "../../http/bounded.js";
import { isResourceName, learnBudget, type Ledger } from "./ledger.js";

/**
The resource a request counts against before its answer names one (`x-ratelimit-resource`):
GitHub keeps separate budgets for search, code search and GraphQL.
*/
export function resourceOf(url: string): string {
	const path = url.replace(/^[a-z]+:\/\/[^/]+/i, "").split("?")[0];
	if (/\/graphql$/.test(path)) return "graphql";
	if (/\/search\/code$/.test(path)) return "code_search";
	if (/\/search\//.test(path)) return "search";
	return "core";
}

/**
Records in `ledger` what one answer said: its resource's `x-ratelimit-limit`, `-remaining` and
`-reset`, and the pause of a secondary limit. Returns whether it is news the token's other
clients must hear at once: a longer pause, or a budget spent until a reset still ahead.
*/
export function observe(
	ledger: Ledger,
	url: string,
	response: HubletResponse<unknown>,
	message: string,
	now: number,
): boolean {
	const headers: ResponseHeaders = response.headers;
	// Numbers past any date are absent: the answer then teaches nothing about the budget.
	const limit = headerCount(headers["x-ratelimit-limit"]);
	const remaining = headerCount(headers["x-ratelimit-remaining"]);
	const reset = resetAt(headers["x-ratelimit-reset"]);
	let spent = false;
	if (limit !== undefined && remaining !== undefined && reset !== undefined) {
		const named = headers["x-ratelimit-resource"];
		const resource = isResourceName(named) ? named : resourceOf(url);
		learnBudget(ledger, resource, { limit, remaining: Math.min(remaining, limit), reset, seen: now }, now);
		spent = remaining === 0 && reset > now;
	}
	if (response.status < 400) return spent;
	const pause = secondaryLimitPauseMs(response.status, headers, message, now);
	// A pause past any date is kept as the longest one a Date holds: a wait too long, not none.
	if (pause === undefined || boundedEnd(pause, now) <= ledger.pauseUntil) return spent;
	ledger.pauseUntil = boundedEnd(pause, now);
	return true;
}
