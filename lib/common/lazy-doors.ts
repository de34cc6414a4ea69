import type { SendRequest } from "../http/stage-types.js";
import { Hublet as Kernel } from "../kernel.js";
import { openDoors } from "./doors.js";
import { loadLater, loadedLater } from "./later.js";

/*
The kernel's doors for Node (common/doors.ts): the transport, graphql's query and each feature's body
are files of their own in dist/, each loaded at its first use (later.ts), so that a program that does
not bundle parses them only then. Built into the entries Node loads, dist/core.js and dist/index.js
(scripts/build.mjs), never into dist/kernel.js nor the files for bundlers (lib/core.ts's form): a
bundler follows every import() in code it keeps, and would wrap each file it reaches so in a lazy module.
*/

/**
A feature's body by its folder of lib/features/, a file of dist/ (`feature-<folder>.js`: the build fails,
naming this file, when a folder of lib/features/ with a body.ts has no line here). A table made in a
function rather than at the top level, which the entry would build at import: a program that does not
bundle pays for it only at a load.
*/
function bodyOf(folder: string): Promise<unknown> {
	const loaders: Record<string, () => Promise<unknown>> = {
		cache: () => import("../features/cache/body.js"),
		paginate: () => import("../features/paginate/body.js"),
		proxy: () => import("../features/proxy/body.js"),
		"rate-limits": () => import("../features/rate-limits/body.js"),
		"request-log": () => import("../features/request-log/body.js"),
		retry: () => import("../features/retry/body.js"),
	};
	return loaders[folder]();
}

/** The kernel's class, once its doors are open: what the entry exports. */
export const Hublet = openDoors(
	{
		// The client's `send`, composed when the transport's file has loaded, at the first request; a failed
		// load fails the call (LOAD_FAILED) and the next one loads it again.
		composeSend: (...args) =>
			loadedLater(async (request) =>
				(await loadLater("transport.js", () => import("../http/request.js"), request)).composeSend(...args),
			) as SendRequest,
		// Argument errors reject rather than throw, as octokit's do, so the wait for the query changes nothing.
		// The request a graphql call whose code failed to load names is made only then.
		query: () =>
			loadLater("graphql.js", () => import("../graphql/query.js"), { method: "POST", url: "/graphql", headers: {} }),
		body: (folder, request) => loadLater(`feature-${folder}.js`, () => bodyOf(folder), request as never),
		ownFile: loadLater,
	},
	Kernel,
);
export { Hublet as Octokit };
