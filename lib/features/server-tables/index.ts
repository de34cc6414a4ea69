import type { Feature } from "../../../types/features.js";
import { cannotLoad, requireOwn } from "./require-own.js";
import { SERVERS, isServerName, isServerTable, serverOptionProblem } from "./servers.js";

type Body = typeof import("./body.js");

/** The `server` option, checked: "auto", a server's name, "ghes-<major>.<minor>", or none. */
export interface ServerSettings {
	server: unknown;
}

/**
The server-tables feature (body.ts), for the `server` option and the tables of
`@hublet/rest/servers/<name>`: the route table of the server a client talks to. On either
entry, `Hublet.plugin(serverTables)` adds it. A client that asks
for no server costs it one look at its option and its class's table. One that does takes the
body the composition gave, or the one its table brings (`Hublet.withRoutes(table)`, bundled or
not), or else requires it with the tables, from dist/servers/table-reader.js (require() of an ES
module: Node 20.19 and later, unbundled; a bundled program imports its table instead,
docs/enterprise.md). Its body is needed while the client is built, as `client.rest` is the
server's: so it is required at once rather than imported at a first use. It gives the client a
guard and its members (`rest`, `findRoutes`), which the composition places.
*/
export const serverTables: Feature<ServerSettings, Body> = {
	name: "serverTables",
	option: "server",
	check(server) {
		const problem = server == null ? undefined : serverOptionProblem(server);
		if (problem) throw new TypeError(problem);
		return { server };
	},
	setup(body, { server }, { client }) {
		const table = client.constructor.routes;
		const own = isServerTable(table);
		if (server == null && !own) return;
		const given = body.now ?? (own ? (table.body as Body | undefined) : undefined);
		return (given ?? requireBody(server)).serverParts(client, server);
	},
};

/**
The body from this package's own dist/servers/table-reader.js; a TypeError that says what to do when
it cannot be.
*/
function requireBody(server: unknown): Body {
	try {
		return requireOwn<Body>("@hublet/rest/servers/table-reader");
	} catch (error) {
		// The table a `server` option names, for a message: itself, or for "auto" and a version
		// without a table of its own, the newest.
		throw cannotLoad(isServerName(server) ? server : SERVERS[SERVERS.length - 1]!, error);
	}
}
