import Hook, { type HookCollection } from "before-after-hook";
import type { HubletOptions, HubletPlugin } from "../types/options.js";
import type { Feature } from "../types/features.js";
import type { Log, RequestInterface } from "../types/request.js";
import type { EndpointInterface, RequestParameters } from "../types/endpoint.js";
import type { RouteTable } from "../types/routes.js";
import type { GraphqlInterface } from "../types/graphql.js";
import { createTokenAuth, type Authentication } from "./auth.js";
import { checkOptions } from "./client-options.js";
import { createEndpoint, DEFAULTS } from "./endpoint/endpoint.js";
import { normalizeLog } from "./common/log.js";
import { defineData } from "./common/objects.js";
import { createRequest } from "./http/request-api.js";
import { doors } from "./common/doors.js";
import type { FeatureStages, SendRequest } from "./http/stage-types.js";
import type { PerCallOption } from "./http/call.js";
import { composeFeatures } from "./compose-features.js";
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

// The endpoint of the package's defaults, which every client's request extends with its own
// (merging never changes its inputs, and this one is never handed out): made at the first client.
let baseEndpoint: EndpointInterface | undefined;

/**
The auth of an `authStrategy` (a rare form: most clients give a token), given a request of the client's
defaults and `pipeline` with the caller's `transport` options and no hook chain, so that fetching a token
does not re-enter the strategy's own hook: a function of its own, so that the constructor every client runs
does not carry it.
*/
function strategyAuth(
	client: Hublet,
	options: HubletOptions,
	requestDefaults: RequestParameters,
	transport: object,
	pipeline: SendRequest,
): Authentication {
	const { authStrategy, ...octokitOptions } = options;
	const request = createRequest(createEndpoint({ ...requestDefaults, request: transport }, DEFAULTS), pipeline);
	return authStrategy!({ request, log: client.log, octokit: client, octokitOptions, ...(options.auth as object) });
}

/*
Each subclass that `defaults()`, `plugin()` and `withRoutes()` make is a class expression under a
computed key, `{ [this.name]: class extends this {…} }[this.name]`, so that it is named as the class it
extends (`Hublet`, core.ts) and `util.inspect(client)` and a stack trace show that name: an anonymous
class has none, and one kept by the bundler a local's.
*/
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
		return {
			[this.name]: class extends (this as typeof Hublet) {
				constructor(options: HubletOptions = {}) {
					const { userAgent } = options;
					super(
						typeof defaults === "function"
							? defaults(options)
							: {
									...defaults,
									...options,
									...(userAgent && defaults.userAgent && { userAgent: `${userAgent} ${defaults.userAgent}` }),
								},
					);
				}
			},
		}[this.name] as T;
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
			// A feature is an object with a `setup`; a plugin is a function.
			const feature = typeof plugin === "object" && typeof (plugin as Partial<Feature> | null)?.setup === "function";
			const list: Plugin[] = feature ? features : functions;
			if (!list.some((known) => (feature ? known.name === plugin.name : known === plugin))) list.push(plugin);
		}
		return {
			[this.name]: class extends (this as typeof Hublet) {
				static override plugins = functions;
				static override features = features;
			},
		}[this.name] as T;
	}

	/**
	A subclass over another route table: a subset of the methods a program uses in the plain
	shape (`hublet routes` writes one), or, with its reader as `read`, routes.json's compact one.
	Nothing of a namespace is read until it is
	used; `client.<namespace>` getters are defined on the prototype, so construction builds nothing.
	*/
	static withRoutes<T extends typeof Hublet>(this: T, table: RouteTable, read: (table: any) => Routes = readRoutes): T {
		let reader: Routes | undefined;
		const Subclass = {
			[this.name]: class extends (this as typeof Hublet) {
				static override routes = table;
			},
		}[this.name];
		// A table only the full entry's reader reads is refused here, not at a client's first read of a name.
		if (read === readRoutes) readRoutes(table);
		defineRoutes(Subclass, () => (reader ??= read(table)));
		// `client.<namespace>`, for each name of either list once: a name the prototype chain has
		// (`__proto__`, `toString`, or one defined just before) keeps what it is.
		const prototype = Subclass.prototype;
		// Each list's own keys: a spread of both would copy every entry only to list it.
		for (const list of [table.namespaces, table.renamedNamespaces ?? {}])
			for (const name of Object.keys(list))
				if (!(name in prototype))
					Object.defineProperty(prototype, name, {
						configurable: true,
						get(this: Hublet) {
							return this.rest[name];
						},
						set(this: Hublet, value: unknown) {
							defineData(this, name, value);
						},
					});
		return Subclass as T;
	}

	declare request: RequestInterface;
	declare log: Log;
	declare hook: HookCollection<any>;
	declare auth: Authentication;
	declare rest: RestApi;
	declare graphql: GraphqlInterface;
	[key: string]: any;

	constructor(options: HubletOptions = {}) {
		const Class = this.constructor as typeof Hublet;
		// The options of the features the class's entry offers, each with the export that adds it
		// (core.ts): a client whose class lacks one refuses its option, naming that import.
		const offered = (Class as { optionFeatures?: Readonly<Record<string, string>> }).optionFeatures ?? {};
		const log = (this.log = normalizeLog(options.log));
		checkOptions(options, log, Class.features, offered);
		const hook: HookCollection<any> = (this.hook = new Hook.Collection());
		// The caller's request options, less the proxy (and its password), which stays with the proxy
		// feature: in the request defaults, `util.inspect(client)` and every error's `request` would
		// show it. The `retry` option stays with the retry feature too, which reads it from the
		// options: in the defaults it would show in every request's options (`endpoint.DEFAULTS`).
		const { proxy: _proxy, ...transport } = options.request ?? {};
		const { userAgent, timeZone, baseUrl } = options;
		const agent = DEFAULTS.headers["user-agent"];
		const requestDefaults: RequestParameters = {
			headers: {
				"user-agent": userAgent ? `${userAgent} ${agent}` : agent,
				...(timeZone && { "time-zone": timeZone }),
			},
			// Names without "-preview", as @octokit/core's defaults end up (its graphql set-up strips
			// them in place): a "/graphql" merge strips the call's names, and the one the hook sends
			// merges again, so a suffixed default would no longer match and would be sent twice.
			mediaType: { previews: (options.previews ?? []).map((name) => String(name).replace(/-preview/, "")), format: "" },
			request: { ...transport, hook: hook.bind(null, "request") },
			...(baseUrl && { baseUrl }),
		};

		// The pipeline is composed at the first request, from the stages and per-call options the
		// features and plugins leave (below); a request sent while a plugin is still being set up gets
		// one composed then, without what the later ones change, and the next request a new one.
		const stages: FeatureStages = {};
		const perCall: PerCallOption[] = [];
		let send: SendRequest | undefined;
		// The client's `send`: the stages, the origin guard and the attempt (http/request.ts), through the
		// door the entry opened (common/doors.ts): for Node when the transport's file has loaded, at the
		// first request (a failed load fails the call, LOAD_FAILED, and the next one loads it again); in a
		// program's bundle, at once.
		const pipeline: SendRequest = (request) => (send ??= doors.composeSend(log, stages, perCall))(request);
		const endpoint = (baseEndpoint ??= createEndpoint(DEFAULTS)).defaults(requestDefaults);
		this.request = createRequest(endpoint, pipeline);
		// The route table is looked up at the first read of a name: a client that reads none never does.
		this.rest = createRestApi(this, () => routesOfClass(Class));
		// Built in, as in @octokit/core, over the request made above: its code loads on the first call. Its
		// request is the one `this.request.defaults({ method: "POST", url: "/graphql" })` gives, made here from
		// the client's endpoint and pipeline, so that no client runs (and the first compiles) `request.defaults()`
		// for it.
		this.graphql = createGraphql(createRequest(endpoint.defaults({ method: "POST", url: "/graphql" }), pipeline));

		// The auth the kernel takes itself: a strategy, none, or a token string. Any other form is
		// a feature's (legacyAuth), which alone is handed the option. Strategies get a request
		// without the hook chain, so that fetching a token does not re-enter their own hook.
		const given = options.auth;
		let auth: Authentication | undefined = unauthenticated;
		if (options.authStrategy) auth = strategyAuth(this, options, requestDefaults, transport, pipeline);
		// "basic …" by a string test, not an expression: one compiled for every program costs more than the test.
		else if (given)
			auth =
				typeof given === "string" && given.slice(0, 6).toLowerCase() !== "basic " ? createTokenAuth(given) : undefined;
		this.auth = auth ?? unauthenticated;

		// The features, in the class's order, then the plugins: each checks its option and says what it
		// adds; their wraps and the auth's are one wrap of the kernel's, registered before the plugins run.
		composeFeatures(this, options, transport, stages, perCall, auth !== undefined, offered);
		send = undefined;
	}
}

// The name the class had when the core entry extended it.
export { Hublet as Kernel };
