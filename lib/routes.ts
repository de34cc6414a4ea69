import type { RouteDecorations, RouteEntry, RouteTable } from "../types/routes.js";
import type { RequestMethod } from "../types/endpoint.js";

/** Splits `"GET /repos/{owner}/{repo}"` into its verb and URL template. */
export function splitRoute(route: string): { method: RequestMethod; url: string } {
	const space = route.indexOf(" ");
	return { method: route.slice(0, space) as RequestMethod, url: route.slice(space + 1) };
}

/**
The names of a URL template's path variables. Query expressions (`{?a,b}`, `{&a}`) are
left out: those parameters are optional unless the table says otherwise.
*/
export function pathParameters(url: string): string[] {
	const names: string[] = [];
	for (const [, expression] of url.matchAll(/\{([^}]+)\}/g)) {
		if (expression[0] === "?" || expression[0] === "&") continue;
		for (const name of expression.replace(/^[+#./;]/, "").split(",")) {
			names.push(name.replace(/(\*|:\d+)$/, ""));
		}
	}
	return names;
}

/** The canonical name of a namespace, following a rename such as `gitdata` → `git`. */
export function canonicalNamespace(table: RouteTable, name: string): string | undefined {
	if (Object.hasOwn(table.namespaces, name)) return name;
	const renamed = table.renamedNamespaces;
	if (renamed && Object.hasOwn(renamed, name) && Object.hasOwn(table.namespaces, renamed[name])) return renamed[name];
	return undefined;
}

/** A method's row, or `undefined` for an unknown name (never inherited names such as `toString`). */
export function findEntry(table: RouteTable, namespace: string, method: string): RouteEntry | undefined {
	const methods = table.namespaces[namespace];
	return methods && Object.hasOwn(methods, method) ? methods[method] : undefined;
}

export function decorationsOf(entry: RouteEntry): RouteDecorations {
	return entry[1] ?? {};
}
