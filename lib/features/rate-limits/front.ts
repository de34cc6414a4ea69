import type { HubletFeature } from "../../../types/features.js";
import type { Log } from "../../../types/request.js";
import type { FeatureStages } from "../../http/pipeline.js";
import type { RequestOptions } from "../../../types/endpoint.js";
import { loadLater, once, stageLoadedLater, type Bodies } from "../../common/later.js";
import { rateLimitSettings } from "./option.js";

/**
The shared rate-limit feature, for the `rateLimit` option. The full client has it; on
`@hublet/rest/core`, `Hublet.plugin(rateLimit)` adds it (without it, `rateLimit` is refused).
The option is checked when the client is built; the two stages (rate-limits.ts), which share one
ledger, load at the first request. The option off, there is no stage at all.
*/
export const rateLimit: HubletFeature = {
	rateLimitStages(option: unknown, log: Log, bodies?: Bodies): FeatureStages {
		const settings = rateLimitSettings(option);
		if (!settings) return {};
		const given = bodies?.rateLimit as typeof import("./rate-limits.js") | undefined;
		if (given) return given.createRateLimits(settings, log);
		const stages = once(async (request: RequestOptions) => (await loadLater("feature-rate-limit.js", () => import("./rate-limits.js"), request)).createRateLimits(settings, log));
		return {
			limits: stageLoadedLater(async (request) => (await stages(request)).limits),
			attemptLimits: stageLoadedLater(async (request) => (await stages(request)).attemptLimits),
		};
	},
};
