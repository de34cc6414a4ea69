import Hook, { type HookCollection } from "before-after-hook";
import type { HubletOptions } from "../types/options.js";
import type { HubletFeature } from "../types/features.js";
import type { Log, RequestInterface } from "../types/request.js";
import type { RequestParameters } from "../types/endpoint.js";
import type { RouteTable } from "../types/routes.js";
import type { GraphqlInterface } from "../types/graphql.js";
import { createTokenAuth, type Authentication } from "./auth.js";
import { checkOptions } from "./client-options.js";
import { createEndpoint, DEFAULTS } from "./endpoint/endpoint.js";
import { normalizeLog } from "./common/log.js";
import { timeoutProblem } from "./common/race.js";
import { createRequest } from "./http/request-api.js";
import { createPipeline } from "./http/pipeline.js";
import type { FeatureStages, ProxyFor, Send, Stage } from "./http/stage-types.js";
import { createGraphql } from "./graphql/api.js";
import { createRestApi, type RestApi } from "./routes/rest.js";
import { readRoutes, type Routes } from "./routes/routes.js";
import { defineRoutes, routesOfClass } from "./routes/class-routes.js";
import { VERSION } from "./version.js";
import { bodiesOf } from "./common/later.js";

/** A plugin, or a feature that the constructor consults for an option (types/features.d.ts). */
export type Plugin = ((client: any, options: HubletOptions) => Record<string, unknown> | void) | HubletFeature;

const unauthenticated = async () => ({ type: "unauthenticated" });

/** Whether a feature's option asks for it: anything but undefined, null and false. */
const isOn = (option: unknown) => option !== undefined && option !== null && option !== false;

/**
What plugins retry from the hook chain, so that the retry stage steps aside and attempts never
multiply (4 × 4 for a 502 with both layers on). @octokit/plugin-retry puts
`retry.retryRequest` on the client and retries everything; @octokit/plugin-throttling leaves
no mark on the client, and owns rate limits only, so the retry stage keeps retrying network and
gateway errors under it.
*/
function retriedByPlugins(client: Hublet, plugins: Plugin[], options: HubletOptions): "none" | "rate-limits" | "all" {
	if (typeof client.retry?.retryRequest === "function") return "all";
	return throttledByPlugin(plugins, options) ? "rate-limits" : "none";
}

/**
Whether @octokit/plugin-throttling runs: it then owns rate limits, and Hublet's step aside. Decided
from the plugin's presence in the class's plugins (its function carries `triggersNotification`,
in every version since 2019, and a name a bundler may change does not count), and from what makes
it run: it wraps the hook chain unless `throttle.enabled` is false, and throws without its
handlers. A `throttle` option alone, without the plugin, changes nothing.
*/
function throttledByPlugin(plugins: Plugin[], options: HubletOptions): boolean {
	const present = plugins.some((plugin) => typeof plugin === "function" && typeof (plugin as { triggersNotification?: unknown }).triggersNotification === "function");
	// Read as the plugin reads it: `const { enabled = true } = octokitOptions.throttle || {}`.
	const enabled = ((options.throttle || {}) as { enabled?: unknown }).enabled;
	return present && (enabled === undefined || Boolean(enabled));
}

/** The feature that provides `member`, or a TypeError naming the import that adds it. */
function featureFor<Member extends "cacheStage" | "rateLimitStages" | "createAuth" | "proxyRoute" | "servers" | "retryStage">(plugins: Plugin[], member: Member, option: string, feature: string): NonNullable<HubletFeature[Member]> {
	for (const plugin of plugins as HubletFeature[]) if (plugin[member]) return plugin[member]!;
	throw new TypeError(`The "${option}" option needs the ${feature} feature: import { ${feature} } from "@hublet/rest/core" and add it with Hublet.plugin(${feature})`);
}

export class Hublet {
	static VERSION = VERSION;
	static plugins: Plugin[] = [];
	/** The route table this class serves: routes.json, or a route subset in a subclass. */
	static routes: RouteTable = { namespaces: {} };

	/**
	A subclass whose constructor merges `defaults` under the caller's options (a function
	gets the caller's options and returns the ones to use). User agents are joined.
	*/
	static defaults<T extends typeof Hublet>(this: T, defaults: HubletOptions | ((options: HubletOptions) => HubletOptions)): T {
		return class extends (this as typeof Hublet) {
			constructor(options: HubletOptions = {}) {
				if (typeof defaults === "function") {
					super(defaults(options));
					return;
				}
				const userAgent =
					options.userAgent && defaults.userAgent ? { userAgent: `${options.userAgent} ${defaults.userAgent}` } : {};
				super({ ...defaults, ...options, ...userAgent });
			}
		} as T;
	}

	/** A subclass that applies `plugins` after those it already has; each plugin runs once. */
	static plugin<T extends typeof Hublet>(this: T, ...plugins: Plugin[]): T {
		const current = this.plugins;
		return class extends (this as typeof Hublet) {
			static override plugins = current.concat(plugins.filter((plugin, index) => !current.includes(plugin) && plugins.indexOf(plugin) === index));
		} as T;
	}

	/**
	A subclass over another route table: a subset of the methods a program uses in the plain
	shape (`hublet routes` writes one), or, with its reader as `read`, routes.json's compact one. Nothing of a namespace is read until it is
	used; `client.<namespace>` getters are defined on the prototype, so construction builds nothing.
	*/
	static withRoutes<T extends typeof Hublet>(this: T, table: RouteTable, read: (table: any) => Routes = readRoutes): T {
		let reader: Routes | undefined;
		const Subclass = class extends (this as typeof Hublet) {
			static override routes = table;
		};
		defineRoutes(Subclass, () => (reader ??= read(table)));
		const names = [...Object.keys(table.namespaces), ...Object.keys(table.renamedNamespaces ?? {})];
		for (const name of names) {
			if (name in Subclass.prototype) continue;
			Object.defineProperty(Subclass.prototype, name, {
				configurable: true,
				enumerable: false,
				get(this: Hublet) {
					return this.rest[name];
				},
				set(this: Hublet, value: unknown) {
					Object.defineProperty(this, name, { value, writable: true, enumerable: true, configurable: true });
				},
			});
		}
		return Subclass as T;
	}

	request: RequestInterface;
	log: Log;
	hook: HookCollection<any>;
	auth: Authentication;
	rest: RestApi;
	graphql: GraphqlInterface;
	[key: string]: any;

	constructor(options: HubletOptions = {}) {
		const hook: HookCollection<any> = new Hook.Collection();
		const headers: Record<string, string> = {
			"user-agent": options.userAgent ? `${options.userAgent} ${DEFAULTS.headers["user-agent"]}` : DEFAULTS.headers["user-agent"],
		};
		if (options.timeZone) headers["time-zone"] = options.timeZone;
		const timeout = options.request?.timeout;
		// 0 is "no timeout", as in @octokit/request; Infinity, NaN or a negative would hang or end at once.
		if (timeout !== undefined && timeoutProblem(timeout, 0)) throw new TypeError(`Expected the \`request.timeout\` option to be a number: it ${timeoutProblem(timeout, 0)}`);
		const transport = { ...options.request, ...(options.retry === undefined ? {} : { retry: options.retry }) };
		// The proxy (and its password) stays with the proxy feature, which is given it below: in the
		// request defaults, `util.inspect(client)` and every error's `request` would show it.
		delete transport.proxy;
		const requestDefaults: RequestParameters = {
			headers,
			// Names without "-preview", as @octokit/core's defaults end up (its graphql set-up strips
			// them in place): a "/graphql" merge strips the call's names, and the one the hook sends
			// merges again, so a suffixed default would no longer match and would be sent twice.
			mediaType: { previews: (options.previews ?? []).map((name) => String(name).replace(/-preview/, "")), format: "" },
			request: { ...transport, hook: hook.bind(null, "request") },
			...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
		};

		this.log = normalizeLog(options.log);
		checkOptions(options, this.log);
		this.hook = hook;
		const plugins = (this.constructor as typeof Hublet).plugins;
		// The features' bodies, when the class's composition gives them (the full entry): each front uses them at once.
		const bodies = bodiesOf(this.constructor);
		const stages: { cache?: Stage; proxy?: ProxyFor; retries?: Stage } = {};
		if (isOn(options.cache)) {
			stages.cache = featureFor(plugins, "cacheStage", "cache", "cache")(options.cache, this.log, bodies) as Stage | undefined;
		}
		// The proxy feature routes every request when present (the environment may name a proxy);
		// without it, only a `request.proxy` URL asks for it.
		const proxy = options.request?.proxy;
		const proxyRoute =
			(plugins as HubletFeature[]).find((plugin) => plugin.proxyRoute)?.proxyRoute ??
			(isOn(proxy) ? featureFor(plugins, "proxyRoute", "request.proxy", "proxy") : undefined);
		if (proxyRoute) stages.proxy = proxyRoute(proxy, this.log, bodies) as ProxyFor;
		// Shared rate limits fill two stages, unless @octokit/plugin-throttling turns out to run (below).
		let rateLimits: FeatureStages | undefined;
		if (isOn(options.rateLimit)) {
			rateLimits = featureFor(plugins, "rateLimitStages", "rateLimit", "rateLimit")(options.rateLimit, this.log, bodies) as FeatureStages;
		}
		// The pipeline is composed once the plugins have run (below), with what they retry. A
		// request sent while a plugin is still being set up gets one without that knowledge.
		let send: Send | undefined;
		const pipeline: Send = (request) => (send ??= createPipeline(this.log, { ...stages, ...rateLimits }))(request);
		const endpoint = createEndpoint(DEFAULTS);
		this.request = createRequest(endpoint, pipeline).defaults(requestDefaults);
		this.rest = createRestApi(this, routesOfClass(this.constructor));
		// Built in, as in @octokit/core; its code loads on the first call.
		this.graphql = createGraphql(this.request);

		if (options.authStrategy) {
			const { authStrategy, ...octokitOptions } = options;
			// Strategies get a request without the hook chain, so that fetching a token does not re-enter their own hook.
			const plainRequest = createRequest(endpoint, pipeline).defaults({ ...requestDefaults, request: transport });
			this.auth = authStrategy({ request: plainRequest, log: this.log, octokit: this, octokitOptions, ...options.auth });
		} else if (!options.auth) {
			this.auth = unauthenticated;
		} else if (typeof options.auth === "string" && !/^basic /i.test(options.auth)) {
			this.auth = createTokenAuth(options.auth);
		} else {
			this.auth = featureFor(plugins, "createAuth", "auth", "legacyAuth")(options.auth, this.log) as Authentication;
		}
		// The auth hook is registered first, so it is the innermost wrap: it runs last, next to the transport.
		if (this.auth.hook) hook.wrap("request", this.auth.hook as never);

		for (const plugin of plugins) {
			if (typeof plugin === "function") Object.assign(this, plugin(this, options));
		}
		// The server-tables feature, when present, puts the server's table under `rest` (and `findRoutes`), after the plugins.
		(options.server == null ? (plugins as HubletFeature[]).find((plugin) => plugin.servers)?.servers : featureFor(plugins, "servers", "server", "serverTables"))?.(this, options);
		// Retries: the retry feature's stage, unless @octokit/plugin-retry owns them. Without the
		// feature (a core client), each request is sent once, and a `retry` option names the import.
		const pluginRetries = retriedByPlugins(this, plugins, options);
		const retry = options.retry;
		const retryFeature = (plugins as HubletFeature[]).find((plugin) => plugin.retryStage)?.retryStage;
		if (retryFeature) stages.retries = retryFeature(retry, this.log, pluginRetries, bodies) as Stage | undefined;
		else if (isOn(retry) && pluginRetries !== "all") featureFor(plugins, "retryStage", "retry", "retry");
		send = createPipeline(this.log, throttledByPlugin(plugins, options) ? stages : { ...stages, ...rateLimits });
	}
}
