import type { Feature } from "../../../types/features.js";
import { loadBody } from "../../common/doors.js";
import { stageOver } from "../../http/stage-later.js";
import { throttledByPlugin } from "../../common/octokit-plugins.js";
import { retrySettings, type RetrySettings } from "./options.js";

type Body = typeof import("./body.js");

/**
The retry feature: the pipeline's retry stage (p-retry under the policy in policy.ts, the waits for
`retry-after` and rate limits, and their announcements). The full entry composes it, on by
default; on `@hublet/rest/core`, `Hublet.plugin(retry)` adds it, and without it the core client
sends each request once, as @octokit/core does. The `retry` option is checked when the client is
built, and a call's own `request.retry` when the call is made, by the same check; the stage's code
(body.ts) loads at the first request. Where a plugin in the hook chain retries, the stage steps
aside, so that attempts never multiply (4 × 4 for a 502 with both layers on): @octokit/plugin-retry
puts `retry.retryRequest` on the client and retries everything, so the stage leaves the pipeline;
@octokit/plugin-throttling owns rate limits only, so the stage keeps retrying network and gateway
errors under it.
*/
export const retry: Feature<RetrySettings, Body> = {
	name: "retry",
	option: "retry",
	perCall: "retry",
	reads: ["throttle"],
	check: retrySettings,
	stepsAside: (client) => typeof client.retry?.retryRequest === "function",
	load: (request) => loadBody("retry", request),
	setup: (body, settings, { client, options }) => ({
		stages: {
			// Composed at the first request, once the plugins have run.
			retries: stageOver(body, ({ withRetries }) => (next) => {
				return withRetries(next, settings, client.log, throttledByPlugin(client, options) ? "rate-limits" : "none");
			}),
		},
	}),
};
