import type { RouteEntry } from "../../../types/routes.js";
import { colonsToBraces } from "../../endpoint/url-template.js";
import { decorationsOf, type Routes } from "../../routes/routes.js";
import { notAvailableMessage, serverTitle, type Availability } from "./availability.js";

/*
The route form of the server check: `request("GET /orgs/{org}/dependabot/repository-access")`,
`paginate()` with a route, a method's `endpoint.merge()` options and a method object read before
auto mode learnt the server all reach `hook("request")` with a route, and a route that the
server's table lacks but another table has is refused there, with the message the method form
gives. A route in no table (a new endpoint, a preview) is sent, as octokit sends it.

Routes are compared by their shape, `GET /repos/{}/{}`: the names inside braces and the query
expression do not matter, and an old-style `:name` placeholder in the path counts as `{name}`, as
the request expands it (`GET /orgs/:org/repos` is the route `GET /orgs/{org}/repos`). Each table
is indexed once, at the first request that needs it, so a request then costs a few string
replaces and one Map lookup.
*/

/**
`"GET /repos/{owner}/{repo}{?ref}"` (or a method and a URL) → `"GET /repos/{}/{}"`; undefined for an
absolute URL.
*/
export function routeShape(method: string, url: string): string | undefined {
	if (typeof url !== "string" || typeof method !== "string" || !url.startsWith("/")) return undefined;
	const path = colonsToBraces(url).replace(/\{[?&][^}]*\}/g, "");
	const query = path.indexOf("?");
	return `${method.toUpperCase()} ${(query === -1 ? path : path.slice(0, query)).replace(/\{[^}]*\}/g, "{}")}`;
}

/** Every route of a table by shape → `"namespace.method"`; a current row wins over a renamed or deprecated one. */
export function indexRoutes(routes: Routes): Map<string, string> {
	const index = new Map<string, string>();
	const legacy = (entry: RouteEntry) =>
		decorationsOf(entry).renamed !== undefined || decorationsOf(entry).deprecated !== undefined;
	for (const namespace of routes.namespaces) {
		for (const method of routes.methods(namespace)) {
			const entry = routes.entry(namespace, method)!;
			const [verb, url] = [entry[0].slice(0, entry[0].indexOf(" ")), entry[0].slice(entry[0].indexOf(" ") + 1)];
			const shape = routeShape(verb, url)!;
			const held = index.get(shape);
			if (held === undefined || (!legacy(entry) && held.startsWith("!")))
				index.set(shape, legacy(entry) ? `!${namespace}.${method}` : `${namespace}.${method}`);
		}
	}
	for (const [shape, name] of index) if (name.startsWith("!")) index.set(shape, name.slice(1));
	return index;
}

export interface RouteCheck {
	/**
	Why `method url` may not be sent to the server, or undefined when it may (the server has it, or no
	table knows it).
	*/
	refusal(method: string, url: string): string | undefined | Promise<string | undefined>;
}

/**
The check for one server's table. `others` are the tables the server's is compared with: first
the client's own (api.github.com's), then, only when a route is in neither, the other servers'
(loaded once; a bundled program that has none of them sends such a route unchecked).
*/
export function createRouteCheck(
	server: string,
	routes: Routes,
	availability: Availability,
	base: Routes,
	loadOthers: () => Promise<Routes[]>,
): RouteCheck {
	let present: Map<string, string> | undefined;
	let elsewhere: Map<string, string> | undefined;
	let loaded: Promise<Map<string, string>> | undefined;

	const explain = (shape: string, name: string, method: string, url: string) => {
		const [namespace, methodName] = [name.slice(0, name.indexOf(".")), name.slice(name.indexOf(".") + 1)];
		// The server has the method under another route: the route itself is what it lacks.
		if (routes.has(namespace, methodName))
			return (
				`${method.toUpperCase()} ${url} is not available on ${serverTitle(server)}: rest.${name} is ` +
				`${routes.entry(namespace, methodName)![0]} there`
			);
		return (
			notAvailableMessage(availability, server, namespace, methodName) ??
			`${shape} is not available on ${serverTitle(server)}`
		);
	};

	return {
		refusal(method, url) {
			const shape = routeShape(method, url);
			if (shape === undefined) return undefined;
			if ((present ??= indexRoutes(routes)).has(shape)) return undefined;
			const name = (elsewhere ??= indexRoutes(base)).get(shape);
			if (name !== undefined) return explain(shape, name, method, url);
			loaded ??= loadOthers().then(
				(tables) => {
					const index = new Map<string, string>();
					for (const table of tables)
						for (const [key, value] of indexRoutes(table)) if (!index.has(key)) index.set(key, value);
					return index;
				},
				() => new Map(),
			);
			return loaded.then((others) => {
				const found = others.get(shape);
				return found === undefined ? undefined : explain(shape, found, method, url);
			});
		},
	};
}
