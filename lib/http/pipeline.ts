import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { loadLater, loadedLater } from "../common/later.js";
import type { FeatureStages, ProxyFor, Send, SendRequest, Stage } from "./stage-types.js";
import { readCall, type PerCallOption } from "./call.js";

// The stages' types live in a file of types only, which any layer may import without a circle;
// they are exported here too, for the features that take them from the pipeline.
export type { Call, FeatureStages, ProxyFor, ProxyRoute, Send, SendRequest, Stage } from "./stage-types.js";

const none: Stage = (next) => next;

/**
The slots of the pipeline that features fill, outermost first, declared once: the composition
refuses a slot not named here and a slot two features fill (compose-features.ts), and
`createPipeline` places each below.
*/
export const STAGE_SLOTS = ["limits", "cache", "retries", "proxy", "attemptLimits"] as const satisfies ReadonlyArray<keyof FeatureStages>;
// Every slot of `FeatureStages` is in the list: a slot added to the type and not here fails to compile.
const everySlotListed: [Exclude<keyof FeatureStages, (typeof STAGE_SLOTS)[number]>] extends [never] ? true : never = true;
void everySlotListed;

/**
The whole of `send`, outermost first:

	notModified ← limits ← cache ← retries ← origin guard ← attempt limits ← attempt

Shared limits hold a request before anything else; the cache sits above the retries, so a
retried request keeps its validators and a 304 reaches it as a response; the retry stage (a
feature, absent from a core client that did not add it) repeats what is below it; the origin guard drops the token on a request to another origin
than paginate's first page; the attempt limits hold back, and learn from, every attempt (each
counts against GitHub's limits); one attempt calls fetch. A 304 the cache did not answer
rejects last, as octokit's request does. The call's options are read once, at the entry, into the
value every stage is handed with the request (http/call.ts): a feature's per-call option that
fails its check stops the call there.
*/
export function createPipeline(log: Log, stages: FeatureStages, perCall: readonly PerCallOption[] = []): SendRequest {
	const { limits = none, cache = none, retries = none, attemptLimits = none } = stages;
	const send = rejectNotModified(limits(cache(retries(transport(log, stages.proxy, attemptLimits)))));
	return (request) => send(request, readCall(request, perCall));
}

/**
The origin guard, the attempt limits and the attempt, whose code (request.ts) is a file of
its own in dist/, loaded at the first request: a program that does not bundle parses it only then.
*/
function transport(log: Log, proxyFor: ProxyFor | undefined, attemptLimits: Stage): Send {
	return loadedLater(async (request: RequestOptions, _call: unknown): Promise<Send> => {
		const { attemptWith, withOrigin } = await loadLater("transport.js", () => import("./request.js"), request);
		return withOrigin(attemptLimits(attemptWith(log, proxyFor)), log);
	}) as Send;
}

function rejectNotModified(next: Send): Send {
	return async (request, call) => {
		const response = await next(request, call);
		// A HEAD's 304 resolves, as it always has (it has no body to keep).
		if (response.status === 304 && request.method !== "HEAD") throw new RequestError("Not modified", 304, { request, response });
		return response;
	};
}
