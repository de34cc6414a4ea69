import type { MethodInfo } from "../../types/routes.js";
import { decorationsOf, pathParameters, splitRoute, type Routes } from "./routes.js";
import { requiredLists } from "../endpoint/validate.js";

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/**
A template's path as a pattern: each `{parameter}` matches `parameter` (a pattern source), by
default one segment, captured in the order `pathParameters(url)` names them.
*/
export function templatePattern(url: string, parameter = "([^/]+)"): RegExp {
	const path = url.replace(/\{[?&][^}]*\}/g, "");
	const source = path
		.split(/(\{[^}]+\})/)
		.map((part, index) => (index % 2 === 1 ? parameter : escape(part)))
		.join("");
	return new RegExp(`^${source}$`);
}

/**
The methods whose route matches `query`: `"/repos/octokit/rest.js/issues"` (concrete
values match `{parameters}`), `"/repos/{owner}/{repo}"` (a template matches routes with a
parameter in each of its `{…}` places, and its literal segments only themselves), or either
after a verb such as `"POST "`. A query string is ignored. Current methods come before deprecated ones.
*/
export function searchRoutes(routes: Routes, query: string): MethodInfo[] {
	const match = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(query);
	if (!match) return [];
	const verb = match[1]?.toUpperCase();
	const concrete = match[2].split("?")[0].replace(/(.)\/+$/, "$1");
	// In a template query each `{name}` becomes a character no URL holds, and a route's
	// `{parameter}` matches only that: so `/repos/{owner}/{repo}/pulls/{pull_number}` is not
	// `GET /repos/{owner}/{repo}/{archive_format}/{ref}`, whose `{archive_format}` would take `pulls`.
	// In a concrete path, a `{parameter}` takes any one segment.
	const isTemplate = /\{[^}/]*\}/.test(concrete);
	const path = isTemplate ? concrete.replace(/\{[^}/]*\}/g, "\u0000") : concrete;
	const parameter = isTemplate ? "\u0000" : "[^/]+";
	const found: MethodInfo[] = [];
	for (const namespace of routes.namespaces) {
		for (const method of routes.methods(namespace)) {
			const entry = routes.entry(namespace, method)!;
			const { method: routeVerb, url } = splitRoute(entry[0]);
			if (verb && verb !== routeVerb) continue;
			if (!templatePattern(url, parameter).test(path)) continue;
			const decorations = decorationsOf(entry);
			const renamed = decorations.renamed && `renamed to ${decorations.renamed.join(".")}`;
			const deprecated = decorations.deprecated ?? renamed;
			found.push({
				namespace,
				method,
				route: entry[0],
				...requiredLists(pathParameters(url), decorations.required ?? []),
				...(deprecated ? { deprecated } : {}),
			});
		}
	}
	return found.sort((a, b) => Number(a.deprecated !== undefined) - Number(b.deprecated !== undefined));
}
