import type { HubletFeature } from "../../types/features.js";
import type { CacheOptions, CacheStore } from "../../types/options.js";
import type { Log } from "../../types/request.js";
import type { Stage } from "../http/pipeline.js";
import { timeoutProblem } from "../common/race.js";
import { ownOptions, ownValue, shownValue } from "../common/objects.js";
import { DEFAULT_STORE_TIMEOUT, isStore } from "../common/store-option.js";
import { loadLater, stageOver, type Bodies } from "../common/later.js";

/** How many responses `cache: true` keeps. */
const DEFAULT_MAX_ENTRIES = 500;

/** What a `cache` option asks for, once checked. */
export interface CacheSettings {
	store: CacheStore | undefined;
	max: number;
	timeout: number;
}

/** The settings a `cache` option asks for, or `undefined` when it is off. A bad option throws at once. */
function cacheSettings(option: unknown): CacheSettings | undefined {
	if (option === undefined || option === null || option === false) return undefined;
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
	if (problem) throw new TypeError(`Expected the \`cache\` option to be true, a store with get(), set() and delete(), or { store?, max?, timeout? }: ${problem}`);
	return { store, max, timeout };
}

/**
The conditional-request cache feature, for the `cache` option. The full client has it; on
`@hublet/rest/core`, `Hublet.plugin(cache)` adds it (without it, `cache` is refused). The option is
checked when the client is built; the cache itself (cache.ts) loads at the first request, and
returns `undefined` when the option is off, so that `send` is not wrapped at all.
*/
export const cache: HubletFeature = {
	cacheStage(option: unknown, log: Log, bodies?: Bodies): Stage | undefined {
		const settings = cacheSettings(option);
		return settings && stageOver(bodies?.cache as typeof import("./cache.js") | undefined, (request) => loadLater("feature-cache.js", () => import("./cache.js"), request), ({ createCache }) => createCache(settings, log));
	},
};
