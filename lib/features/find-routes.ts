import type { MethodInfo } from "../../types/routes.js";
import { decorationsOf, pathParameters, splitRoute, type Routes } from "../routes/routes.js";
import { routesOfClass } from "../routes/class-routes.js";

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/** A template's path as a pattern: each `{parameter}` matches one segment, or itself. */
function templatePattern(url: string): RegExp {
	const path = url.replace(/\{[?&][^}]*\}/g, "");
	const source = path
		.split(/(\{[^}]+\})/)
		.map((part, index) => (index % 2 === 1 ? "[^/]+" : escape(part)))
		.join("");
	return new RegExp(`^${source}$`);
}

/**
The methods whose route matches `query`: `"/repos/octokit/rest.js/issues"` (concrete
values match `{parameters}`), `"/repos/{owner}/{repo}"`, or either after a verb such as
`"POST "`. A query string is ignored. Current methods come before deprecated ones.
*/
export function searchRoutes(routes: Routes, query: string): MethodInfo[] {
	const match = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(query);
	if (!match) return [];
	const verb = match[1]?.toUpperCase();
	const path = match[2].split("?")[0].replace(/(.)\/+$/, "$1");
	const found: MethodInfo[] = [];
	for (const namespace of routes.namespaces) {
		for (const method of routes.methods(namespace)) {
			const entry = routes.entry(namespace, method)!;
			const { method: routeVerb, url } = splitRoute(entry[0]);
			if (verb && verb !== routeVerb) continue;
			if (!templatePattern(url).test(path)) continue;
			const decorations = decorationsOf(entry);
			const renamed = decorations.renamed && `renamed to ${decorations.renamed.join(".")}`;
			const deprecated = decorations.deprecated ?? renamed;
			found.push({
				namespace,
				method,
				route: entry[0],
				required: [...pathParameters(url), ...(decorations.required ?? [])],
				...(deprecated ? { deprecated } : {}),
			});
		}
	}
	return found.sort((a, b) => Number(a.deprecated !== undefined) - Number(b.deprecated !== undefined));
}

/**
The route-search feature: `client.findRoutes(query)` over the client's own route table. The
full client has it; on `@hublet/rest/core`, `Hublet.plugin(findRoutes)` adds it.
*/
export function findRoutes(client: { constructor: unknown }): { findRoutes(query: string): MethodInfo[] } {
	const routes = routesOfClass(client.constructor as object);
	return { findRoutes: (query) => searchRoutes(routes, query) };
}
