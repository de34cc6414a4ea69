import Hook, { type HookCollection } from "before-after-hook";
import type { HubletOptions, HubletPlugin } from "../types/options.js";
import type { Feature } from "../types/features.js";
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
import { chainWraps, type Wrap } from "./http/chain-wraps.js";
import type { FeatureStages, SendRequest } from "./http/stage-types.js";
import type { PerCallOption } from "./http/call.js";
import { composeFeatures, isFeature, refuseFeatureless } from "./compose-features.js";
import { createGraphql } from "./graphql/api.js";
import { createRestApi, type RestApi } from "./routes/rest.js";
import { readRoutes, type Routes } from "./routes/routes.js";
import { defineRoutes, routesOfClass } from "./routes/class-routes.js";
import { VERSION } from "./version.js";

/**
A plugin, as @octokit/core takes one, or a feature (types/features.d.ts), which `Hublet.plugin()`
takes beside them.
*/
export type Plugin = HubletPlugin | Feature<any, any, any>;

const unauthenticated = async () => ({ type: "unauthenticated" });

/**
`subclass`, named as the class it extends (`Hublet`, core.ts), so that `util.inspect(client)` and a stack
trace show that name: an anonymous class has none, and one kept by the bundler a local's.
*/
function namedAs<T extends Function>(parent: Function, subclass: T): T {
	return Object.defineProperty(subclass, "name", { value: parent.name, configurable: true });
}

/** 0 is "no timeout", as in @octokit/request; Infinity, NaN or a negative would hang or end at once. */
function checkTimeout(timeout: unknown): void {
	const problem = timeoutProblem(timeout as number, 0);
	if (problem) throw new TypeError(`Expected the \`request.timeout\` option to be a number: it ${problem}`);
}

/** The auth of an `authStrategy` (a rare form: most clients give a token), built with a request free of hooks. */
function strategyAuth(client: Hublet, options: HubletOptions, request: RequestInterface): Authentication {
	const { authStrategy, ...octokitOptions } = options;
	return authStrategy!({ request, log: client.log, octokit: client, octokitOptions, ...(options.auth as object) });
}

export class Hublet {
	static VERSION = VERSION;
	/** The plugins every client of the class runs: functions, as @octokit/core's. */
	static plugins: HubletPlugin[] = [];
	/** The features every client of the class composes, in this order (one of each name). */
	static features: Feature<any, any, any>[] = [];
	/** The route table this class serves: routes.json, or a route subset in a subclass. */
	static routes: RouteTable = { namespaces: {} };

	/**
	A subclass whose constructor merges `defaults` under the caller's options (a function
	gets the caller's options and returns the ones to use). User agents are joined.
	*/
	static defaults<T extends typeof Hublet>(
		this: T,
		defaults: HubletOptions | ((options: HubletOptions) => HubletOptions),
	): T {
		return namedAs(
			this,
			class extends (this as typeof Hublet) {
				constructor(options: HubletOptions = {}) {
					if (typeof defaults === "function") {
						super(defaults(options));
						return;
					}
					const userAgent =
						options.userAgent && defaults.userAgent ? { userAgent: `${options.userAgent} ${defaults.userAgent}` } : {};
					super({ ...defaults, ...options, ...userAgent });
				}
			},
		) as T;
	}

	/**
	A subclass that applies `plugins` after those it already has; each plugin runs once. Features go
	to `features` rather than `plugins`, one of each name: the class's own wins, so that adding
	`retry` to the full client, which carries the retry feature with its body, changes nothing.
	*/
	static plugin<T extends typeof Hublet>(this: T, ...plugins: Plugin[]): T {
		const functions = this.plugins.slice();
		const features = this.features.slice();
		for (const plugin of plugins) {
			if (!isFeature(plugin)) {
				if (!functions.includes(plugin)) functions.push(plugin);
			} else if (!features.some((feature) => feature.name === plugin.name)) features.push(plugin);
		}
		return namedAs(
			this,
			class extends (this as typeof Hublet) {
				static override plugins = functions;
				static override features = features;
			},
		) as T;
	}

	/**
	A subclass over another route table: a subset of the methods a program uses in the plain
	shape (`hublet routes` writes one), or, with its reader as `read`, routes.json's compact one.
	Nothing of a namespace is read until it is
	used; `client.<namespace>` getters are defined on the prototype, so construction builds nothing.
	*/
	static withRoutes<T extends typeof Hublet>(this: T, table: RouteTable, read: (table: any) => Routes = readRoutes): T {
		let reader: Routes | undefined;
		const Subclass = namedAs(
			this,
			class extends (this as typeof Hublet) {
				static override routes = table;
			},
		);
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
			"user-agent": options.userAgent
				? `${options.userAgent} ${DEFAULTS.headers["user-agent"]}`
				: DEFAULTS.headers["user-agent"],
		};
		if (options.timeZone) headers["time-zone"] = options.timeZone;
		const timeout = options.request?.timeout;
		if (timeout !== undefined) checkTimeout(timeout);
		// The caller's request options only: the `retry` option stays with the retry feature, which
		// reads it from the options, and a call's own `request.retry` overrides it per call. In the
		// request defaults it would show in every request's options (a debug log, `endpoint.DEFAULTS`).
		const transport = { ...options.request };
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
		const Class = this.constructor as typeof Hublet;
		// The options of the features the class's entry offers, each with the export that adds it
		// (core.ts): a client whose class lacks one refuses its option, naming that import.
		const offered = (Class as { optionFeatures?: Readonly<Record<string, string>> }).optionFeatures ?? {};
		checkOptions(options, this.log, Class.features, offered);
		this.hook = hook;
		const plugins = Class.plugins;
		// The pipeline is composed once the plugins have run (below), with what they retry. A
		// request sent while a plugin is still being set up gets one without that knowledge.
		const stages: FeatureStages = {};
		const perCall: PerCallOption[] = [];
		let send: SendRequest | undefined;
		const pipeline: SendRequest = (request) => (send ??= createPipeline(this.log, stages, perCall))(request);
		const endpoint = createEndpoint(DEFAULTS);
		this.request = createRequest(endpoint, pipeline).defaults(requestDefaults);
		this.rest = createRestApi(this, routesOfClass(Class));
		// Built in, as in @octokit/core; its code loads on the first call.
		this.graphql = createGraphql(this.request);

		// The auth the kernel takes itself: a strategy, none, or a token string. Any other form is
		// a feature's (legacyAuth), which alone is handed the option.
		let auth: Authentication | undefined;
		if (options.authStrategy) {
			// Strategies get a request without the hook chain, so that fetching a token does not re-enter their own hook.
			auth = strategyAuth(
				this,
				options,
				createRequest(endpoint, pipeline).defaults({ ...requestDefaults, request: transport }),
			);
		} else if (!options.auth) {
			auth = unauthenticated;
		} else if (typeof options.auth === "string" && !/^basic /i.test(options.auth)) {
			auth = createTokenAuth(options.auth);
		}
		this.auth = auth ?? unauthenticated;

		// The features, in the class's order: each checks its option and says what it adds.
		const composed = composeFeatures(Class.features, options, transport, auth !== undefined, { client: this, options });
		Object.assign(stages, composed.stages);
		perCall.push(...composed.perCall);
		if (composed.auth) this.auth = composed.auth as Authentication;
		// One wrap of the kernel's, registered before the plugins run: the auth's innermost, so that
		// it runs last, next to the transport, and signs what is sent; then the features' wraps, in
		// the class's order (the request log); then their guards (the server's route check), so that
		// a refused request fetches no token and writes no request line; the plugins' outside them all.
		const own = [...composed.wraps, ...composed.guards];
		const wrap = chainWraps(this.auth.hook ? [this.auth.hook as Wrap, ...own] : own);
		if (wrap) hook.wrap("request", wrap as never);

		// A member a plugin gives the client takes the option of its name (@octokit/plugin-retry's `retry`).
		for (const plugin of plugins) {
			const members = plugin(this, options) as object | undefined;
			Object.assign(this, members);
			for (const name in members) composed.taken.add(name);
		}
		refuseFeatureless(options, composed.taken, offered);
		// A feature whose work a plugin does steps aside (its own `stepsAside`): its stages leave the pipeline.
		for (const [feature, slots] of composed.aside) {
			if (feature.stepsAside!(this, options)) for (const slot of slots) delete stages[slot as keyof FeatureStages];
		}
		send = createPipeline(this.log, stages, perCall);
	}
}

// The name the class had when the core entry extended it.
export { Hublet as Kernel };
