import type { Feature } from "../../../types/features.js";
import { loadLater } from "../../common/later.js";
import { stageOver } from "../../http/stage-later.js";
import { retrySettings, type RetrySettings } from "./options.js";

type Body = typeof import("./body.js");

/**
The retry feature: the pipeline's retry stage (p-retry under the policy in policy.ts, the waits for
`retry-after` and rate limits, and their announcements). The full entry composes it, on by
default; on `@hublet/rest/core`, `Hublet.plugin(retry)` adds it, and without it the core client
sends each request once, as @octokit/core does. The `retry` option is checked when the client is
built, and a call's own `request.retry` when the call is made, by the same check; the stage's code
(body.ts) loads at the first request. Where a plugin in the hook chain retries (@octokit/plugin-retry
all, plugin-throttling rate limits), the stage steps aside.
*/
export const retry: Feature<RetrySettings, Body> = {
	name: "retry",
	option: "retry",
	perCall: "retry",
	check: retrySettings,
	load: (request) => loadLater("feature-retry.js", () => import("./body.js"), request as never),
	setup: (body, settings, { client, pluginRetries }) => ({
		stages: {
			retries: stageOver(
				body,
				({ withRetries }) =>
					(next) =>
						withRetries(next, settings, client.log, pluginRetries()),
			),
		},
	}),
};
