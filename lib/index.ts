import routes from "../routes.json" with { type: "json" };
import type { RouteTable } from "../types/routes.js";
// core.js stays a module of its own in dist/ (scripts/build.mjs): the full client is a core client
// with the features an @octokit/rest user gets, the same features (`instanceof` and `Hublet.plugin()`
// see one object each).
// It composes what @octokit/rest has (the request log, paginate; graphql is built in), retries, and
// DEBUG=hublet:* output. The other features are one import away, `Hublet.plugin(cache)`: a bundler
// inlines a feature's body even when no client sets its option, and composing them all cost a
// bundled app (repos.get and a 1-page paginate) 7.7 M instructions and 9.5 KB gzip: 68.6 → 60.9 M,
// 57,202 → 47,722 B. debug stays, for DEBUG=hublet:* without a change to the program (+1.5 M, +3.4 KB).
// The features it composes come with their bodies (features-with-bodies.ts, `Feature.body`): the
// bodies that every client runs at its first request (the request log, retries) and paginate's are,
// for Node, in this entry's own file (a load costs 2–3 M instructions on Node 20), and for a bundler
// dist/core.module.js's (scripts/build.mjs). The features it exports are the core entry's (below).
import { Hublet as HubletBase } from "./core.js";
import { debug } from "./features/debug/index.js";
import { paginate, requestLog, retry } from "./features-with-bodies.js";
import { readShippedRoutes } from "./routes/codec.js";
import type { HubletOptions } from "../types/options.js";

export { GraphqlResponseError, RequestError } from "./core.js";
export { decodeRoutes } from "./routes/codec.js";
// Every feature, as the core entry exports it (the same objects: the build takes them from the core
// entry of each form, scripts/build.mjs): `Hublet.plugin(cache)` adds one this entry leaves out, and an
// option of one left out is a TypeError that names this import.
export * from "./features-with-bodies.js";

/**
An instance of the full client: the kernel's members and what the features add (without the kernel's
index signature, which would make each of them `any`).
*/
type FullClient = Pick<HubletBase, "request" | "log" | "hook" | "auth" | "rest" | "graphql"> & {
	paginate: import("../types/paginate.js").PaginateInterface;
};

/**
The client over every route in routes.json, with the features of @octokit/rest and retries, in the
order they are composed: among them the request log that @octokit/rest composes
(@octokit/plugin-request-log), `info` per success and `error` per failure; the core client logs no
request.
*/
export const Hublet = HubletBase.plugin(debug, requestLog, paginate, retry).withRoutes(
	routes as unknown as RouteTable,
	readShippedRoutes,
) as Omit<typeof HubletBase, "prototype"> & {
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
