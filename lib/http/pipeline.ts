import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log } from "../../types/request.js";
import { RequestError } from "../common/errors.js";
import { loadLater, loadedLater } from "../common/later.js";

/** Sends one request: what every stage of the pipeline is, and what the hook chain ends in. */
export type Send = (request: RequestOptions) => Promise<HubletResponse<any>>;
/** A stage: wraps the rest of the pipeline. */
export type Stage = (next: Send) => Send;

/** Where a request goes through a proxy: the fetch `dispatcher`, and the proxy's URL for messages (redacted). */
export interface ProxyRoute {
	dispatcher: object;
	proxy: string;
}

/** The proxy feature's answer for a request: its route, or `undefined` (at once, not a promise) to go direct. */
export type ProxyFor = (request: RequestOptions) => Promise<ProxyRoute | undefined> | undefined;

/** The stages that features fill in; a missing one is no stage at all. */
export interface FeatureStages {
	/** Limits shared by every request of a client (concurrency, rate). */
	limits?: Stage;
	/** The conditional-request cache (the `cache` feature). */
	cache?: Stage;
	/** Retries (the `retry` feature; the core client without it sends each request once). */
	retries?: Stage;
	/** The route through a proxy that the attempt takes (the `proxy` feature). */
	proxy?: ProxyFor;
	/** Limits around each attempt, retries included: every attempt counts against the rate limits. */
	attemptLimits?: Stage;
}

const none: Stage = (next) => next;

/**
The whole of `send`, outermost first:

	notModified ← limits ← cache ← retries ← origin guard ← attempt limits ← attempt

Shared limits hold a request before anything else; the cache sits above the retries, so a
retried request keeps its validators and a 304 reaches it as a response; the retry stage (a
feature, absent from a core client that did not add it) repeats what is below it; the origin guard drops the token on a request to another origin
than paginate's first page; the attempt limits hold back, and learn from, every attempt (each
counts against GitHub's limits); one attempt sends through ky. A 304 the cache did not answer
rejects last, as octokit's request does.
*/
export function createPipeline(log: Log, stages: FeatureStages): Send {
	const { limits = none, cache = none, retries = none, attemptLimits = none } = stages;
	return rejectNotModified(limits(cache(retries(transport(log, stages.proxy, attemptLimits)))));
}

/**
The origin guard, the attempt limits and the attempt, whose code (request.ts, with ky) is a file of
its own in dist/, loaded at the first request: a program that does not bundle parses it only then.
*/
function transport(log: Log, proxyFor: ProxyFor | undefined, attemptLimits: Stage): Send {
	return loadedLater(async (request: RequestOptions): Promise<Send> => {
		const { attemptWith, withOrigin } = await loadLater("transport.js", () => import("./request.js"), request);
		return withOrigin(attemptLimits(attemptWith(log, proxyFor)), log);
	}) as Send;
}

function rejectNotModified(next: Send): Send {
	return async (request) => {
		const response = await next(request);
		// A HEAD's 304 resolves, as it always has (it has no body to keep).
		if (response.status === 304 && request.method !== "HEAD") throw new RequestError("Not modified", 304, { request, response });
		return response;
	};
}
