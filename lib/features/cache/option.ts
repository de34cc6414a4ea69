import type { CacheOptions, CacheStore } from "../../../types/options.js";
import { timeoutProblem } from "../../common/race.js";
import { isOff, ownOptions, ownValue, shownValue } from "../../common/objects.js";
import { DEFAULT_STORE_TIMEOUT, isStore } from "../../common/store-option.js";

/** How many responses `cache: true` keeps. */
const DEFAULT_MAX_ENTRIES = 500;

/** What a `cache` option asks for, once checked. */
export interface CacheSettings {
	store: CacheStore | undefined;
	max: number;
	timeout: number;
}

/** The settings a `cache` option (the client's, or a call's `request.cache`, which `name` says) asks for, or `undefined` when it is off. A bad option throws at once. */
export function cacheSettings(option: unknown, name = "cache"): CacheSettings | undefined {
	if (isOff(option)) return undefined;
	const settings = (option === true ? {} : isStore(option) ? { store: option as CacheStore } : option) as CacheOptions;
	const { store, max = DEFAULT_MAX_ENTRIES, timeout = DEFAULT_STORE_TIMEOUT, ...unknown } = ownOptions(settings, ["store", "max", "timeout"]);
	const problem =
		option !== true && typeof option !== "object"
			? `got ${typeof option === "string" ? option : shownValue(option)}`
			: Object.keys(unknown).length > 0
				? `unknown key \`${Object.keys(unknown)[0]}\``
				: store !== undefined && !isStore(store)
					? "`store` lacks get(), set() or delete()"
					: store !== undefined && ownValue(settings, "max") !== undefined
						? "`max` bounds the built-in store, not `store`"
						: !(Number.isInteger(max) && max > 0)
							? `\`max\` must be a whole number above 0, not ${shownValue(max)}`
							: timeoutProblem(timeout, 1)
								? `\`timeout\` ${timeoutProblem(timeout, 1)}`
								: "";
	if (problem) throw new TypeError(`Expected the \`${name}\` option to be true, a store with get(), set() and delete(), or { store?, max?, timeout? }: ${problem}`);
	return { store, max, timeout };
}
