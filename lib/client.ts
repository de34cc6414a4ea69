import Hook, { type HookCollection } from "before-after-hook";
import type { HubletOptions } from "../types/options.js";
import type { Log, RequestInterface } from "../types/request.js";
import type { RequestParameters } from "../types/endpoint.js";
import type { MethodInfo, RouteTable } from "../types/routes.js";
import { createCache } from "./http/cache.js";
import { createRateLimits } from "./features/rate-limits/rate-limits.js";
import { createLegacyAuth, createTokenAuth, type Authentication } from "./auth.js";
import { createEndpoint, DEFAULTS } from "./endpoint/endpoint.js";
import { createGraphql } from "./graphql.js";
import type { GraphqlInterface } from "../types/graphql.js";
import { normalizeLog } from "./common/log.js";
import { createRequest } from "./http/request-api.js";
import { createSend, type PluginRetries } from "./http/request.js";
import { logRequests } from "./http/request-log.js";
import { createPaginate, type Paginate } from "./paginate.js";
import { createRestApi, type RestApi } from "./routes/rest.js";
import { findRoutes } from "./routes/find-routes.js";
import { readRoutes } from "./routes/routes.js";
import { VERSION } from "./version.js";

export type Plugin = (client: any, options: HubletOptions) => Record<string, unknown> | void;

const unauthenticated = async () => ({ type: "unauthenticated" });

/**
What plugins retry from the hook chain, so that the transport steps aside and attempts never
multiply (4 × 4 for a 502 with both layers on). @octokit/plugin-retry puts
`retry.retryRequest` on the client and retries everything; @octokit/plugin-throttling leaves
no mark but runs whenever `throttle` has its handlers (it throws without them), and owns rate
limits only, so the transport keeps retrying network and gateway errors under it.
*/
function retriedByPlugins(client: Hublet, options: HubletOptions): PluginRetries {
	if (typeof client.retry?.retryRequest === "function") return "all";
	return throttledByPlugin(options) ? "rate-limits" : "none";
}

/** Whether @octokit/plugin-throttling runs (see above): it then owns rate limits, and `rateLimit` steps aside. */
function throttledByPlugin(options: HubletOptions): boolean {
	const throttle = options.throttle as { enabled?: boolean; onRateLimit?: unknown } | undefined;
	return typeof throttle?.onRateLimit === "function" && throttle.enabled !== false;
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
	A subclass over another route table: routes.json, or a subset of the methods a program uses
	in the plain shape (`hublet routes` writes one). Nothing of a namespace is read until it is
	used; `client.<namespace>` getters are defined on the prototype, so construction builds nothing.
	*/
	static withRoutes<T extends typeof Hublet>(this: T, table: RouteTable): T {
		const Subclass = class extends (this as typeof Hublet) {
			static override routes = table;
		};
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
	paginate: Paginate;
	graphql: GraphqlInterface;
	[key: string]: any;

	constructor(options: HubletOptions = {}) {
		const hook: HookCollection<any> = new Hook.Collection();
		const headers: Record<string, string> = {
			"user-agent": options.userAgent ? `${options.userAgent} ${DEFAULTS.headers["user-agent"]}` : DEFAULTS.headers["user-agent"],
		};
		if (options.timeZone) headers["time-zone"] = options.timeZone;
		const transport = { ...options.request, ...(options.retry === undefined ? {} : { retry: options.retry }) };
		const requestDefaults: RequestParameters = {
			headers,
			mediaType: { previews: options.previews ?? [], format: "" },
			request: { ...transport, hook: hook.bind(null, "request") },
			...(options.baseUrl ? { baseUrl: options.baseUrl } : {}),
		};

		this.log = normalizeLog(options.log);
		this.hook = hook;
		// Decided once the plugins have run (below): what they retry themselves.
		let pluginRetries: PluginRetries = "none";
		// rateLimit wiring: its stages go to createSend; throttling plugins are known after the plugins ran.
		let throttled = false;
		const rateLimits = createRateLimits(options.rateLimit, this.log, () => throttled);
		const send = createSend(this.log, () => pluginRetries, createCache(options.cache, this.log), rateLimits);
		const endpoint = createEndpoint(DEFAULTS);
		this.request = createRequest(endpoint, send).defaults(requestDefaults);
		this.graphql = createGraphql(this.request);
		this.rest = createRestApi(this, readRoutes((this.constructor as typeof Hublet).routes));
		this.paginate = createPaginate(this);

		if (options.authStrategy) {
			const { authStrategy, ...octokitOptions } = options;
			// Strategies get a request without the hook chain, so that fetching a token does not re-enter their own hook.
			const plainRequest = createRequest(endpoint, send).defaults({ ...requestDefaults, request: transport });
			this.auth = authStrategy({ request: plainRequest, log: this.log, octokit: this, octokitOptions, ...options.auth });
		} else if (!options.auth) {
			this.auth = unauthenticated;
		} else if (typeof options.auth === "string" && !/^basic /i.test(options.auth)) {
			this.auth = createTokenAuth(options.auth);
		} else {
			this.auth = createLegacyAuth(options.auth, this.log);
		}
		// The auth hook is registered first, so it is the innermost wrap: it runs last, next to the transport.
		if (this.auth.hook) hook.wrap("request", this.auth.hook as never);
		logRequests(hook, this.log, this.request.endpoint);

		for (const plugin of (this.constructor as typeof Hublet).plugins) {
			Object.assign(this, plugin(this, options));
		}
		pluginRetries = retriedByPlugins(this, options);
		throttled = throttledByPlugin(options);
	}

	/**
	The methods whose route matches `query`: a path such as `/repos/octokit/rest.js/issues`
	(concrete values match `{parameters}`), a template, or either with a verb in front.
	*/
	findRoutes(query: string): MethodInfo[] {
		return findRoutes(readRoutes((this.constructor as typeof Hublet).routes), query);
	}
}
