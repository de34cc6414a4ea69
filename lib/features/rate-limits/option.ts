import type { RateLimitOptions, RateLimitStore } from "../../../types/options.js";
import { DEFAULT_STORE_TIMEOUT, isStore } from "../../common/store-option.js";
import { timeoutProblem } from "../../common/race.js";
import { isOff, optionRefusal, ownOptions, shownValue } from "../../common/objects.js";

/** GitHub asks for at least a second between content-creating requests of one token. */
export const DEFAULT_WRITE_INTERVAL = 1000;

export interface RateLimitSettings {
	store: RateLimitStore | undefined;
	writeInterval: number;
	timeout: number;
}

/**
The settings a `rateLimit` option (`name` what a message calls it) asks for, or `undefined` when it
is off. A bad option throws at once.
*/
export function rateLimitSettings(option: unknown, name = "rateLimit"): RateLimitSettings | undefined {
	if (isOff(option)) return undefined;
	const settings = (option === true ? {} : option) as RateLimitOptions;
	const {
		store,
		writeInterval = DEFAULT_WRITE_INTERVAL,
		timeout = DEFAULT_STORE_TIMEOUT,
		...unknown
	} = ownOptions(settings, ["store", "writeInterval", "timeout"]);
	const refuse = optionRefusal(name, "true or { store?, writeInterval?, timeout? }");
	if (option !== true && (typeof option !== "object" || Array.isArray(option)))
		refuse(`got ${typeof option === "string" ? option : shownValue(option)}`);
	if (isStore(option)) refuse("a store goes in `{ store }`");
	const [unknownKey] = Object.keys(unknown);
	if (unknownKey !== undefined) refuse(`unknown key \`${unknownKey}\``);
	if (store !== undefined && !isStore(store)) refuse("`store` lacks get(), set() or delete()");
	const badInterval = timeoutProblem(writeInterval, 0);
	if (badInterval) refuse(`\`writeInterval\` ${badInterval}`);
	const badTimeout = timeoutProblem(timeout, 1);
	if (badTimeout) refuse(`\`timeout\` ${badTimeout}`);
	return { store, writeInterval, timeout };
}
