import type { CacheOptions, CacheStore } from "../../../types/options.js";
import { timeoutProblem } from "../../common/race.js";
import { isOff, optionRefusal, ownOptions, ownValue, shownValue } from "../../common/objects.js";
import { DEFAULT_STORE_TIMEOUT, isStore } from "../../common/store-option.js";

/** How many responses `cache: true` keeps. */
const DEFAULT_MAX_ENTRIES = 500;

/** What a `cache` option asks for, once checked. */
export interface CacheSettings {
	store: CacheStore | undefined;
	max: number;
	timeout: number;
}

declare module "../../http/stage-types.js" {
	interface CallSettings {
		/** The cache's settings for the call (`request.cache`, or the client's `cache`); `undefined`: off. */
		readonly cache?: CacheSettings;
	}
}

/**
The settings a `cache` option (the client's, or a call's `request.cache`, which `name` says) asks
for, or `undefined` when it is off. A bad option throws at once.
*/
export function cacheSettings(option: unknown, name = "cache"): CacheSettings | undefined {
	if (isOff(option)) return undefined;
	let settings = option as CacheOptions;
	if (option === true) settings = {};
	else if (isStore(option)) settings = { store: option as CacheStore };
	const {
		store,
		max = DEFAULT_MAX_ENTRIES,
		timeout = DEFAULT_STORE_TIMEOUT,
		...unknown
	} = ownOptions(settings, ["store", "max", "timeout"]);
	const refuse = optionRefusal(name, "true, a store with get(), set() and delete(), or { store?, max?, timeout? }");
	if (option !== true && typeof option !== "object")
		refuse(`got ${typeof option === "string" ? option : shownValue(option)}`);
	const [unknownKey] = Object.keys(unknown);
	if (unknownKey !== undefined) refuse(`unknown key \`${unknownKey}\``);
	if (store !== undefined && !isStore(store)) refuse("`store` lacks get(), set() or delete()");
	if (store !== undefined && ownValue(settings, "max") !== undefined)
		refuse("`max` bounds the built-in store, not `store`");
	if (!(Number.isInteger(max) && max > 0)) refuse(`\`max\` must be a whole number above 0, not ${shownValue(max)}`);
	const badTimeout = timeoutProblem(timeout, 1);
	if (badTimeout) refuse(`\`timeout\` ${badTimeout}`);
	return { store, max, timeout };
}
