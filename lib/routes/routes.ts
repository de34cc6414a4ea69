import type { PlainRouteTable, RouteDecorations, RouteEntry, RouteTable } from "../../types/routes.js";
import type { RequestMethod } from "../../types/endpoint.js";

/** Splits `"GET /repos/{owner}/{repo}"` into its verb and URL template. */
export function splitRoute(route: string): { method: RequestMethod; url: string } {
	const space = route.indexOf(" ");
	return { method: route.slice(0, space) as RequestMethod, url: route.slice(space + 1) };
}

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

/** `table`'s namespace names, and the current name of one (`gitdata` → `git`), if known. */
export function namespaceNames({
	namespaces,
	renamedNamespaces = {},
}: Names): Pick<Routes, "namespaces" | "canonical"> {
	return {
		namespaces: Object.keys(namespaces),
		canonical(name) {
			const current =
				Object.hasOwn(namespaces, name) || !Object.hasOwn(renamedNamespaces, name) ? name : renamedNamespaces[name];
			return Object.hasOwn(namespaces, current) ? current : undefined;
		},
	};
}

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
		const { namespaces } = table as PlainRouteTable;
		const has = (namespace: string, method: string) =>
			Object.hasOwn(namespaces, namespace) && Object.hasOwn(namespaces[namespace], method);
		routes = {
			...namespaceNames(table),
			methods: (namespace) => Object.keys(namespaces[namespace]),
			has,
			entry: (namespace, method) => (has(namespace, method) ? namespaces[namespace][method] : undefined),
		};
		readers.set(table, routes);
	}
	return routes;
}
