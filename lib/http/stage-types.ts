import type { Fetch, RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse } from "../../types/request.js";

/*
The shapes of the request pipeline (http/request.ts composes it): types only, and importing
nothing of lib/, so that the stages, the loader of what loads later (common/later.ts) and the
attempt (http/request.ts) can name them without an import that points back up at the pipeline.
*/

/**
A request's own options that the stages act on, read once at the pipeline's entry (`readCall` in http/request.ts)
rather than dug out of the untyped `request` options by each stage.
*/
export interface Call {
	/** The caller's `request.signal`. */
	readonly signal: AbortSignal | undefined;
	/** `request.timeout` in milliseconds, checked; 0 is none. */
	readonly timeout: number;
	/** `request.fetch`: the caller's whole transport, which no proxy routes. */
	readonly fetch: Fetch | undefined;
	/**
	Each feature's settings for this call, by feature name: its client option's, or the call's own
	override, checked as the option is (`request.retry`).
	*/
	readonly settings: CallSettings;
}

/**
The features' settings for one call, each under its feature's name. Empty here, as the kernel
names no feature: a feature with a per-call option declares its key and type beside its check, by
declaration merging (retry/options.ts), so that every stage reading it, its own or another
feature's (the rate limits read `retry.maxWait`), reads it typed.
*/
export interface CallSettings {}

/** Sends one request, its options not yet read: what the hook chain ends in, the pipeline's entry. */
export type SendRequest = (request: RequestOptions) => Promise<HubletResponse<any>>;

/** Sends one request: what every stage of the pipeline is. */
export type Send = (request: RequestOptions, call: Call) => Promise<HubletResponse<any>>;
/** A stage: wraps the rest of the pipeline. */
export type Stage = (next: Send) => Send;

/** Where a request goes through a proxy: the fetch `dispatcher`, and the proxy's URL for messages (redacted). */
export interface ProxyRoute {
	dispatcher: object;
	proxy: string;
}

/** The proxy feature's answer for a request: its route, or `undefined` (at once, not a promise) to go direct. */
export type ProxyFor = (request: RequestOptions, call: Call) => Promise<ProxyRoute | undefined> | undefined;

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
