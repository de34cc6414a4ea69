import routes from "../routes.json" with { type: "json" };
import type { RouteTable } from "../types/routes.js";
// core.js stays a module of its own in dist/ (scripts/build.mjs): the full client is a core client
// with every feature, the same features (`instanceof` and `Hublet.plugin()` see one object each).
// The bodies that every full client runs at its first request (the request log, retries, proxies)
// and paginate's are in this entry's own file and given to them below (`{ bodies }`): a load costs
// 2–3 M instructions on Node 20. The cache's and shared rate limits' bodies, which only their
// options turn on, load from their files at the first request of a client that sets them, as on
// the core entry: parsing them at every start-up cost 3.2 M instructions (45.3 M → 42.1 M).
import { Hublet as HubletBase, cache, findRoutes, legacyAuth, paginate, proxy, rateLimit, requestLog, retry, serverTables } from "./core.js";
import { useDebug } from "./features/debug.js";
import { loadLater } from "./common/later.js";
import * as paginateBody from "./features/paginate.js";
import * as proxyBody from "./features/proxy.js";
import * as requestLogBody from "./features/request-log.js";
import * as retryBody from "./features/retry/retry-stage.js";
import { readShippedRoutes } from "./routes/codec.js";
import type { HubletOptions } from "../types/options.js";

export { GraphqlResponseError, RequestError } from "./core.js";
export { decodeRoutes } from "./routes/codec.js";

let debugWanted = true;

/**
DEBUG=hublet:* output, for the full client only: debug loads when the first client is made
with DEBUG set. The guard keeps runtimes without `process` (browsers, edge workers) from
touching it, and Deno without --allow-env, where reading the environment throws, from failing.
*/
function debugOutput(): void {
	if (!debugWanted) return;
	debugWanted = false;
	if (debugRequested()) useDebug(() => loadLater("debug.js", () => import("debug")));
}

function debugRequested(): boolean {
	try {
		return Boolean(globalThis.process?.env?.DEBUG);
	} catch {
		return false;
	}
}

/** An instance of the full client: the kernel's members and what the features add (without the kernel's index signature, which would make each of them `any`). */
type FullClient = Pick<HubletBase, "request" | "log" | "hook" | "auth" | "rest" | "graphql"> &
	ReturnType<typeof paginate> &
	ReturnType<typeof findRoutes>;

/** The bodies this entry carries, handed to their fronts (lib/common/later.ts, bodiesOf) so that none is loaded from its file. */
const bodies = { bodies: { paginate: paginateBody, proxy: proxyBody, requestLog: requestLogBody, retry: retryBody } };

/**
The client over every route in routes.json, with every feature: among them the request log that
@octokit/rest composes (@octokit/plugin-request-log), `info` per success and `error` per failure;
the core client logs no request.
*/
export const Hublet = HubletBase.plugin(bodies as never, debugOutput, requestLog, paginate, findRoutes, retry, cache, rateLimit, legacyAuth, proxy, serverTables).withRoutes(
	routes as unknown as RouteTable,
	readShippedRoutes,
) as Omit<typeof HubletBase, "prototype"> & { new (options?: HubletOptions): FullClient; prototype: FullClient };

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
			this.log.warn('The default export of "@hublet/rest" is deprecated. Use `import { Hublet } from "@hublet/rest"` instead');
		}
	}
}
