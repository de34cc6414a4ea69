import type { HubletOptions } from "../../../types/options.js";
import { requireOwn } from "./require-own.js";

/*
The full client's server-tables feature, without its code: every app bundled from the full entry
would otherwise carry the feature (about 1 KB gzip) whether or not it asks for a server. This
stand-in looks for the `server` option or a server's table, and only then takes the feature from
dist/core.js, which the full entry has already loaded (require() of an ES module, Node 20.19 and
later, gives that same instance). A program bundled by a bundler has no dist/core.js beside it,
and composes the feature from "@hublet/rest/core" instead.
*/
export const serverTablesOnDemand = {
	servers(client: { constructor: any }, options: HubletOptions): void {
		if (options.server == null && !client.constructor.routes.server) return;
		let core;
		try {
			core = requireOwn<{ serverTables: { servers(client: unknown, options: HubletOptions): void } }>("@hublet/rest/core");
		} catch (error) {
			// What a bundle does instead (serverTables from "@hublet/rest/core") is in docs/enterprise.md: every byte here is in every bundle.
			throw new TypeError(`The "server" option needs Node 20.19+, unbundled: ${error}`);
		}
		core.serverTables.servers(client, options);
	},
};
