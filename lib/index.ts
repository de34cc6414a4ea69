import routes from "../routes.json" with { type: "json" };
import type { RouteTable } from "../types/routes.js";
// core.js stays a module of its own in dist/ (scripts/build.mjs): the full client is a core client
// with every feature, the same features (`instanceof` and `Hublet.plugin()` see one object each).
// The bodies that every full client runs at its first request (the request log, retries, proxies)
// and paginate's are in this entry's own file, and each feature is composed with its body
// (`Feature.body`): a load costs 2–3 M instructions on Node 20. The cache's and shared rate
// limits' bodies, which only their options turn on, load from their files at the first request of
// a client that sets them, as on the core entry: parsing them at every start-up cost 3.2 M
// instructions (45.3 M → 42.1 M).
import type { Feature } from "../types/features.js";
import {
	Hublet as HubletBase,
	cache,
	findRoutes,
	legacyAuth,
	paginate,
	proxy,
	rateLimit,
	requestLog,
	retry,
	serverTables,
} from "./core.js";
import { debug } from "./features/debug/index.js";
import * as paginateBody from "./features/paginate/body.js";
import * as proxyBody from "./features/proxy/body.js";
import * as requestLogBody from "./features/request-log/body.js";
import * as retryBody from "./features/retry/body.js";
import { readShippedRoutes } from "./routes/codec.js";
import type { HubletOptions } from "../types/options.js";

export { GraphqlResponseError, RequestError } from "./core.js";
export { decodeRoutes } from "./routes/codec.js";

/**
An instance of the full client: the kernel's members and what the features add (without the kernel's
index signature, which would make each of them `any`).
*/
type FullClient = Pick<HubletBase, "request" | "log" | "hook" | "auth" | "rest" | "graphql"> & {
	paginate: import("../types/paginate.js").PaginateInterface;
	findRoutes: (query: string) => import("../types/routes.js").MethodInfo[];
};

/** `feature`, composed with its body: the client uses it at once, and never loads the body's file. */
const withBody = <Settings, Body, Members>(
	feature: Feature<Settings, Body, Members>,
	body: Body,
): Feature<Settings, Body, Members> => ({ ...feature, body });

/**
The client over every route in routes.json, with every feature, in the order they are composed:
among them the request log that @octokit/rest composes (@octokit/plugin-request-log), `info` per
success and `error` per failure; the core client logs no request.
*/
export const Hublet = HubletBase.plugin(
	debug,
	withBody(requestLog, requestLogBody),
	withBody(paginate, paginateBody),
	findRoutes,
	withBody(retry, retryBody),
	cache,
	rateLimit,
	legacyAuth,
	withBody(proxy, proxyBody),
	serverTables,
).withRoutes(routes as unknown as RouteTable, readShippedRoutes) as Omit<typeof HubletBase, "prototype"> & {
	new (options?: HubletOptions): FullClient;
	prototype: FullClient;
};

// @octokit/rest's name for the same class: switching from it is changing the module name.
export { Hublet as Octokit };

let warnedDefaultExport = false;

/**
The default export, for code written as `import Hublet from "@hublet/rest"`. It works,
does not throw without options, and says once that the named export is preferred.
*/
export default class HubletDefaultExport extends Hublet {
	constructor(options: HubletOptions = {}) {
		super(options);
		if (!warnedDefaultExport) {
			warnedDefaultExport = true;
			this.log.warn(
				'The default export of "@hublet/rest" is deprecated. Use `import { Hublet } from "@hublet/rest"` instead',
			);
		}
	}
}
