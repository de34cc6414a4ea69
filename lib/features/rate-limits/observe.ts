import type { HubletResponse, ResponseHeaders } from "../../../types/request.js";
import { secondaryLimitPauseMs } from "../../http/rate-limit-signs.js";
import { learnBudget, type Ledger } from "./ledger.js";

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

const whole = (value: unknown) => {
	const number = Number(value);
	return value !== undefined && value !== "" && Number.isSafeInteger(number) && number >= 0 ? number : undefined;
};

/**
Records in `ledger` what one answer said: its resource's `x-ratelimit-limit`, `-remaining` and
`-reset`, and the pause of a secondary limit. Returns whether it set a longer pause, which is
news the token's other clients must hear at once.
*/
export function observe(ledger: Ledger, url: string, response: HubletResponse<unknown>, message: string, now: number): boolean {
	const headers: ResponseHeaders = response.headers;
	const limit = whole(headers["x-ratelimit-limit"]);
	const remaining = whole(headers["x-ratelimit-remaining"]);
	const reset = whole(headers["x-ratelimit-reset"]);
	if (limit !== undefined && remaining !== undefined && reset !== undefined) {
		const resource = typeof headers["x-ratelimit-resource"] === "string" ? headers["x-ratelimit-resource"] : resourceOf(url);
		learnBudget(ledger, resource, { limit, remaining: Math.min(remaining, limit), reset: reset * 1000, seen: now }, now);
	}
	if (response.status < 400) return false;
	const pause = secondaryLimitPauseMs(response.status, headers, message, now);
	if (pause === undefined || now + pause <= ledger.pauseUntil) return false;
	ledger.pauseUntil = now + pause;
	return true;
}
