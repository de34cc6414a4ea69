import type { PlainRouteTable, RouteEntry, RouteTable } from "../../../types/routes.js";
import type { AvailabilityData } from "./availability.js";
import { readShippedRoutes, withWholePaths } from "../../routes/codec.js";

/**
A server's table as `@hublet/rest/servers/<name>` exports it: the shape of a plain table (so that
`Hublet.withRoutes(table)` takes it on either entry, and `decodeRoutes` copies it), which names its
server and carries the availability index of every server. Each namespace is decoded from the
codec's shipped form on first read, and replaces its getter, so that a program pays only for the
namespaces it touches.
*/
export interface ServerTable extends PlainRouteTable {
	readonly server: string;
	readonly availability: AvailabilityData;
	/**
	The server-tables feature's body (body.ts), which the table brings, not enumerable: a bundle with a
	table has it. Typed where it is read (index.ts): naming body.ts here would make an import circle.
	*/
	readonly body?: object;
}

/** Builds the table a `dist/servers/<name>.js` module exports (scripts/build.mjs writes the call). */
export function serverTable(shipped: RouteTable & { server: string }, availability: AvailabilityData): ServerTable {
	const routes = readShippedRoutes(withWholePaths(shipped));
	const namespaces: Record<string, Record<string, RouteEntry>> = {};
	for (const namespace of routes.namespaces) {
		Object.defineProperty(namespaces, namespace, {
			configurable: true,
			enumerable: true,
			get() {
				const rows: Record<string, RouteEntry> = {};
				for (const method of routes.methods(namespace)) rows[method] = routes.entry(namespace, method)!;
				Object.defineProperty(namespaces, namespace, {
					value: rows,
					writable: true,
					enumerable: true,
					configurable: true,
				});
				return rows;
			},
		});
	}
	const { source, renamedNamespaces } = shipped as PlainRouteTable;
	return {
		server: shipped.server,
		...(source === undefined ? {} : { source }),
		namespaces,
		...(renamedNamespaces ? { renamedNamespaces } : {}),
		availability,
	};
}
