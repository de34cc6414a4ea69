import type { RateLimitOptions, RateLimitStore } from "../../../types/options.js";
import { DEFAULT_STORE_TIMEOUT, isStore } from "../../common/store-option.js";
import { timeoutProblem } from "../../common/race.js";
import { isOff, ownOptions, shownValue } from "../../common/objects.js";

/** GitHub asks for at least a second between content-creating requests of one token. */
export const DEFAULT_WRITE_INTERVAL = 1000;

export interface RateLimitSettings {
	store: RateLimitStore | undefined;
	writeInterval: number;
	timeout: number;
}

/** The settings a `rateLimit` option (`name` what a message calls it) asks for, or `undefined` when it is off. A bad option throws at once. */
export function rateLimitSettings(option: unknown, name = "rateLimit"): RateLimitSettings | undefined {
	if (isOff(option)) return undefined;
	const settings = (option === true ? {} : option) as RateLimitOptions;
	const { store, writeInterval = DEFAULT_WRITE_INTERVAL, timeout = DEFAULT_STORE_TIMEOUT, ...unknown } = ownOptions(settings, ["store", "writeInterval", "timeout"]);
	const problem =
		option !== true && (typeof option !== "object" || Array.isArray(option))
			? `got ${typeof option === "string" ? option : shownValue(option)}`
			: isStore(option)
				? "a store goes in `{ store }`"
				: Object.keys(unknown).length > 0
					? `unknown key \`${Object.keys(unknown)[0]}\``
					: store !== undefined && !isStore(store)
						? "`store` lacks get(), set() or delete()"
						: timeoutProblem(writeInterval, 0)
							? `\`writeInterval\` ${timeoutProblem(writeInterval, 0)}`
							: timeoutProblem(timeout, 1)
								? `\`timeout\` ${timeoutProblem(timeout, 1)}`
								: "";
	if (problem) throw new TypeError(`Expected the \`${name}\` option to be true or { store?, writeInterval?, timeout? }: ${problem}`);
	return { store, writeInterval, timeout };
}
