import type { Feature } from "../../../types/features.js";
import type { RequestOptions } from "../../../types/endpoint.js";
import { once } from "../../common/later.js";
import { loadBody } from "../../common/doors.js";
import { stageLoadedLater } from "../../http/stage-later.js";
import { throttledByPlugin } from "../../common/octokit-plugins.js";
import { rateLimitSettings, type RateLimitSettings } from "./option.js";

type Body = typeof import("./body.js");

/**
The shared rate-limit feature, for the `rateLimit` option. On either entry,
`Hublet.plugin(rateLimit)` adds it (without it, `rateLimit` is refused).
The option is checked when the client is built; the two stages (body.ts), which share one
ledger, load at the first request. The option off, there is no stage at all; with
@octokit/plugin-throttling in the hook chain, which owns rate limits, the stages step aside.
*/
export const rateLimit: Feature<RateLimitSettings, Body> = {
	name: "rateLimit",
	option: "rateLimit",
	reads: ["throttle"],
	check: rateLimitSettings,
	stepsAside: throttledByPlugin,
	load: (request) => loadBody("rate-limits", request),
	setup(body, settings, { client }) {
		if (body.now) return { stages: body.now.createRateLimits(settings, client.log) };
		const stages = once(async (request: RequestOptions) =>
			(await body.load(request)).createRateLimits(settings, client.log),
		);
		return {
			stages: {
				limits: stageLoadedLater(async (request) => (await stages(request)).limits),
				attemptLimits: stageLoadedLater(async (request) => (await stages(request)).attemptLimits),
			},
		};
	},
};
