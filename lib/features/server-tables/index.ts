import type { Feature } from "../../../types/features.js";
import type { HubletOptions } from "../../../types/options.js";
import { cannotLoad, requireOwn } from "./require-own.js";
import { SERVERS, isServerName, isServerTable, serverOptionProblem } from "./servers.js";

/** The feature's body (body.ts): sets the client up for its server, and returns its wrap of the hook chain. */
type Implementation = (
	client: unknown,
	options: HubletOptions,
) => ((request: any, options: any) => Promise<unknown>) | undefined;

/**
The server-tables feature (body.ts), for the `server` option and the tables of
`@hublet/rest/servers/<name>`: the route table of the server a client talks to. The full client
composes it; on `@hublet/rest/core`, `Hublet.plugin(serverTables)` adds it. A client that asks
for no server costs it one look at its option and its class's table. One that does takes the
body from the table it was given (`Hublet.withRoutes(table)`, bundled or not), or else requires it
with the tables, from dist/servers/table-reader.js (require() of an ES module: Node 20.19 and
later, unbundled; a bundled program imports its table instead, docs/enterprise.md). Its body is
needed while the client is built, as `client.rest` is the server's: so it is required, at once,
rather than imported at a first use, and rides in the table reader that every table imports.
*/
export const serverTables: Feature<{ server: unknown }, never> = {
	name: "serverTables",
	option: "server",
	check(server) {
		const problem = server == null ? undefined : serverOptionProblem(server);
		if (problem) throw new TypeError(problem);
		return { server };
	},
	setup(_body, { server }, { client, options }) {
		const table = client.constructor.routes;
		if (server == null && !isServerTable(table)) return;
		let implementation: Implementation | undefined = table[Symbol.for("hublet.serverTables")];
		if (!implementation) {
			try {
				implementation = requireOwn<{ serverTablesPlugin: Implementation }>(
					"@hublet/rest/servers/table-reader",
				).serverTablesPlugin;
			} catch (error) {
				throw cannotLoad(tableNamed(server), error);
			}
		}
		const guard = implementation(client, options);
		return guard && { guard };
	},
};

/**
The table a `server` option names, for a message: itself, or for "auto" and a version without a
table of its own, the newest.
*/
const tableNamed = (option: unknown): string => (isServerName(option) ? option : SERVERS[SERVERS.length - 1]!);
