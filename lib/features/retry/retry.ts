import type { HubletFeature } from "../../../types/features.js";
import type { Log } from "../../../types/request.js";
import type { Stage } from "../../http/pipeline.js";
import { loadLater, stageOver, type Bodies } from "../../common/later.js";
import { retryOptionProblem } from "./retry-options.js";
import type { PluginRetries } from "./retry-stage.js";

/**
The retry feature: the pipeline's retry stage (p-retry under the policy in retry-policy.ts, the
waits for `retry-after` and rate limits, and their announcements). The full entry composes it,
on by default; on `@hublet/rest/core`, `Hublet.plugin(retry)` adds it, and without it the core
client sends each request once, as @octokit/core does. The `retry` option is checked here, when
the client is built; the stage's code loads at the first request (later.ts). `pluginRetries` is
what the plugins in the hook chain retry themselves (@octokit/plugin-retry all,
plugin-throttling rate limits): the stage steps aside there.
*/
export const retry: HubletFeature = {
	retryStage(option: unknown, log: Log, pluginRetries: PluginRetries, bodies?: Bodies): Stage | undefined {
		// With @octokit/plugin-retry the option is the plugin's, and the stage is not used.
		if (pluginRetries === "all") return undefined;
		const problem = retryOptionProblem(option);
		if (problem) throw new TypeError(problem);
		return stageOver(
			bodies?.retry as typeof import("./retry-stage.js") | undefined,
			(request) => loadLater("feature-retry.js", () => import("./retry-stage.js"), request),
			({ withRetries }) => (next) => withRetries(next, log, pluginRetries),
		);
	},
};
