import routes from "../routes.json" with { type: "json" };
import type { RouteTable } from "../types/routes.js";
// core.js stays a module of its own in dist/ (scripts/build.mjs): the full client is a core client.
import { Hublet as HubletBase, requestLog, useCompactRoutes, useDebug } from "./core.js";
import { readShippedRoutes } from "./routes/codec.js";
import type { HubletOptions } from "../types/options.js";

export { GraphqlResponseError, RequestError } from "./core.js";
export { decodeRoutes } from "./routes/codec.js";

// DEBUG=hublet:* logging, for the full client only: debug loads when DEBUG is set as the process
// starts. The guard keeps runtimes without `process` (browsers, edge workers) from touching it,
// and Deno without --allow-env, where reading the environment throws, from failing the import.
if (debugRequested()) useDebug(() => import("debug"));

function debugRequested(): boolean {
	try {
		return Boolean(globalThis.process?.env?.DEBUG);
	} catch {
		return false;
	}
}

useCompactRoutes(readShippedRoutes);

/**
The client over every route in routes.json, with the request log that @octokit/rest composes
(@octokit/plugin-request-log): `info` per success, `error` per failure. The core client logs no request.
*/
export const Hublet = HubletBase.plugin(requestLog).withRoutes(routes as unknown as RouteTable);

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
