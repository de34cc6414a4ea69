import type { PlainRouteTable, RouteDecorations, RouteEntry, RouteTable } from "../../types/routes.js";
import type { RequestMethod } from "../../types/endpoint.js";
import { extractUrlVariableNames } from "../endpoint/url-template.js";

/** Splits `"GET /repos/{owner}/{repo}"` into its verb and URL template. */
export function splitRoute(route: string): { method: RequestMethod; url: string } {
	const space = route.indexOf(" ");
	return { method: route.slice(0, space) as RequestMethod, url: route.slice(space + 1) };
}

/**
The names of a URL template's path variables. Query expressions (`{?a,b}`, `{&a}`) are
left out: those parameters are optional unless the table says otherwise.
*/
export const pathParameters = (url: string): string[] => extractUrlVariableNames(url, true);

export function decorationsOf(entry: RouteEntry): RouteDecorations {
	return entry[1] ?? {};
}

/** A route table as the client reads it: names at once, rows when they are asked for. */
export interface Routes {
	/** The current namespace names, in table order. */
	readonly namespaces: string[];
	/** The current name of a namespace, following a rename such as `gitdata` → `git`. */
	canonical(name: string): string | undefined;
	/** A namespace's method names, in table order. */
	methods(namespace: string): string[];
	/** Whether a (canonical) namespace has a method; never true for inherited names such as `toString`. */
	has(namespace: string, method: string): boolean;
	/** A method's row as `[route, decorations?]`, or `undefined` for an unknown name. */
	entry(namespace: string, method: string): RouteEntry | undefined;
}

type Names = { namespaces: object; renamedNamespaces?: Record<string, string> };

/** The current name of a namespace of `table` (`gitdata` → `git`), if known. */
function canonicalName({ namespaces, renamedNamespaces = {} }: Names, name: string): string | undefined {
	if (Object.hasOwn(namespaces, name)) return name;
	const current = Object.hasOwn(renamedNamespaces, name) ? renamedNamespaces[name] : undefined;
	return current !== undefined && Object.hasOwn(namespaces, current) ? current : undefined;
}

/** `table`'s namespace names, and the current name of one (`gitdata` → `git`), if known. */
export function namespaceNames(table: Names): Pick<Routes, "namespaces" | "canonical"> {
	return { namespaces: Object.keys(table.namespaces), canonical: (name) => canonicalName(table, name) };
}

/**
A plain table's reader, which each reader inherits with its `table`: a client over an empty table
compiles none of it.
*/
const PLAIN: Routes & ThisType<Routes & { table: PlainRouteTable }> = {
	get namespaces() {
		return Object.keys(this.table.namespaces);
	},
	canonical(name) {
		return canonicalName(this.table, name);
	},
	methods(namespace) {
		return Object.keys(this.table.namespaces[namespace]);
	},
	has(namespace, method) {
		const { namespaces } = this.table;
		return Object.hasOwn(namespaces, namespace) && Object.hasOwn(namespaces[namespace], method);
	},
	entry(namespace, method) {
		return this.has(namespace, method) ? this.table.namespaces[namespace][method] : undefined;
	},
};

const readers = new WeakMap<RouteTable, Routes>();

/**
The reader of a plain table (a route subset), made on first use and shared by every client of
the class. routes.json's shipped table has its own reader (the codec's readShippedRoutes), which
the full entry hands to `withRoutes()`, so that @hublet/rest/core never carries it.
*/
export function readRoutes(table: RouteTable): Routes {
	let routes = readers.get(table);
	if (!routes) {
		// The shipped table says which form it is in; a plain table has no `format`.
		if ("format" in table) {
			throw new TypeError(
				'the full route table is read by the client from "@hublet/rest"; "@hublet/rest/core" takes a route ' +
					"subset (`hublet routes` writes one)",
			);
		}
		routes = { __proto__: PLAIN, table } as unknown as Routes;
		readers.set(table, routes);
	}
	return routes;
}
