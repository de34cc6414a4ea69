// routes.json as committed (compact rows), and the same table read as the client reads it:
// every row expanded into the plain `[route, decorations?]` shape of a route subset.
import { readFileSync } from "node:fs";
import { readCompactTable } from "../../dist/compact-routes.js";

export const compactTable = JSON.parse(readFileSync(new URL("../../routes.json", import.meta.url), "utf8"));

/** A compact table as `{ source, namespaces: { ns: { method: [route, decorations?] } }, renamedNamespaces }`. */
export function expandTable(table) {
	const routes = readCompactTable(table);
	const namespaces = {};
	for (const namespace of routes.namespaces) {
		namespaces[namespace] = {};
		for (const method of routes.methods(namespace)) namespaces[namespace][method] = routes.entry(namespace, method);
	}
	return { source: table.source, namespaces, renamedNamespaces: table.renamedNamespaces };
}

export const routesTable = expandTable(compactTable);
