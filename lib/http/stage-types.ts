import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse } from "../../types/request.js";

/*
The shapes of the request pipeline (http/pipeline.ts composes it): types only, and importing
nothing of lib/, so that the stages, the loader of what loads later (common/later.ts) and the
attempt (http/request.ts) can name them without an import that points back up at the pipeline.
*/

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
