import type { RetryOptions } from "../../../types/retry.js";
import { ownValue, shownValue as shown } from "../../common/objects.js";
import { DEFAULT_MAX_WAIT } from "../../common/race.js";

export const RETRY_DEFAULTS = {
	retries: 3,
	factor: 2,
	minTimeout: 1000,
	maxTimeout: 30_000,
	randomize: true,
	maxRetryTime: Infinity,
	maxWait: DEFAULT_MAX_WAIT,
} satisfies Required<Omit<RetryOptions, "enabled" | "onRetry">>;

// What each key accepts, as a check and the words that say so. @octokit/plugin-retry's own keys
// (typed on the option) are let through: with that plugin installed it reads them, and the stage steps aside.
const number = (min: number, infinite: boolean, whole = false) => ({
	ok: (value: unknown) =>
		typeof value === "number" &&
		value >= min &&
		(infinite ? !Number.isNaN(value) : Number.isFinite(value)) &&
		(!whole || value === Infinity || Number.isInteger(value)),
	expected: `a ${whole ? "whole " : ""}number${min > 0 ? " above 0" : " from 0"}${infinite ? " (or Infinity)" : ""}`,
});
const boolean = { ok: (value: unknown) => typeof value === "boolean", expected: "true or false" };
// A function rather than a table made at load: dist/ drops /* @__PURE__ */ marks, and the calls
// above at the top level would keep this file in bundles that never use retries.
const keys = (): Record<string, { ok: (value: unknown) => boolean; expected: string }> => ({
	enabled: boolean,
	retries: number(0, true, true),
	factor: number(Number.MIN_VALUE, false),
	minTimeout: number(0, false),
	maxTimeout: number(0, true),
	randomize: boolean,
	maxRetryTime: number(0, true),
	maxWait: number(0, true),
	onRetry: { ok: (value) => typeof value === "function", expected: "a function" },
	doNotRetry: { ok: Array.isArray, expected: "an array of statuses (@octokit/plugin-retry's)" },
	retryAfterBaseValue: number(0, false),
});

/**
Why `option` cannot be the `retry` option, or undefined when it can: `false`, or an object of
the keys above with values of their kind. Checked when the client is built, as `request.timeout`
and `cache` are, so that `retries: "three"` fails at once and not after the first failed
request in p-retry's words. `name` is what the message calls the option (`HUBLET_RETRY` for the command line).
*/
export function retryOptionProblem(option: unknown, name = "the `retry` option"): string | undefined {
	if (option === undefined || option === false) return undefined;
	if (option === null || typeof option !== "object" || Array.isArray(option)) {
		// The keys of the defaults, in their order, and onRetry.
		return (
			`Expected ${name} to be false or { ${Object.keys(RETRY_DEFAULTS).join("?, ")}?, ` +
			`onRetry? }: got ${shown(option)}`
		);
	}
	const kinds = keys();
	for (const [key, value] of Object.entries(option)) {
		// Own keys of the table only: `constructor`, `toString` or a JSON `__proto__` are unknown keys.
		const kind = ownValue(kinds, key) as { ok: (value: unknown) => boolean; expected: string } | undefined;
		if (!kind) return `Expected ${name} to have only the keys ${Object.keys(kinds).join(", ")}: \`${key}\` is unknown`;
		if (value !== undefined && !kind.ok(value))
			return `Expected \`retry.${key}\` in ${name} to be ${kind.expected}, not ${shown(value)}`;
	}
	return undefined;
}

declare module "../../http/stage-types.js" {
	interface CallSettings {
		/** The retry feature's settings for the call: its `request.retry`, or the client's `retry` option. */
		readonly retry?: RetrySettings;
	}
}

let defaults: RetrySettings | undefined;

/** What the retry stage works from: every key of the option with its default filled in. */
export interface RetrySettings extends Required<Omit<RetryOptions, "onRetry" | "doNotRetry" | "retryAfterBaseValue">> {
	onRetry: RetryOptions["onRetry"];
}

/**
The settings of a `retry` option (the client's, or a call's `request.retry`, which `name` says),
with its defaults: `false` and `{ enabled: false }` are off. A TypeError, naming the option, for
one `retryOptionProblem` refuses.
*/
export function retrySettings(option: unknown, name = "retry"): RetrySettings {
	// The default, which most clients take, is made once: every client would otherwise pay for it.
	if (option === undefined)
		return (defaults ??= Object.freeze({ ...RETRY_DEFAULTS, enabled: true, onRetry: undefined }));
	const problem = retryOptionProblem(option, `the \`${name}\` option`);
	if (problem) throw new TypeError(problem);
	const settings: RetrySettings = { ...RETRY_DEFAULTS, enabled: option !== false, onRetry: undefined };
	if (option && typeof option === "object") {
		// Own keys of the table only (checked above), and a key given as `undefined` keeps its default.
		for (const key of Object.keys(option) as (keyof RetrySettings)[]) {
			const value = (option as Record<string, unknown>)[key];
			if (value !== undefined && key in settings) (settings as unknown as Record<string, unknown>)[key] = value;
		}
	}
	return settings;
}
