import type { MethodInfo } from "../../types/routes.js";
import { decorationsOf, splitRoute, type Routes } from "./routes.js";
import { extractUrlVariableNames } from "../endpoint/url-template.js";
import { requiredLists } from "../endpoint/validate.js";

// A template's `{?query}` and `{&more}` expressions, which are no part of its path.
const QUERY_EXPRESSIONS = /\{[?&][^}]*\}/g;

const slashes = (text: string): number => {
	let count = 0;
	for (let index = text.indexOf("/"); index !== -1; index = text.indexOf("/", index + 1)) count += 1;
	return count;
};

const escape = (text: string) => text.replace(/[.*+?^$()|[\]\\]/g, "\\$&");

/**
A template's path as a pattern: each `{parameter}` matches `parameter` (a pattern source), by
default one segment, captured in the order `extractUrlVariableNames(url, true)` names them.
*/
export function templatePattern(url: string, parameter = "([^/]+)"): RegExp {
	const path = url.replace(QUERY_EXPRESSIONS, "");
	const source = path
		.split(/(\{[^}]+\})/)
		.map((part, index) => (index % 2 === 1 ? parameter : escape(part)))
		.join("");
	return new RegExp(`^${source}$`);
}

// A URL's scheme and authority (`https://user@ghe.example:8443`), or a scheme-relative `//host`.
const ORIGIN = /^(?:[A-Za-z][A-Za-z0-9+.-]*:)?\/\/[^/?#]*/;
// A host written without a scheme (`api.github.com/repos/…`, `localhost:3000/…`): a first segment
// with a dot or a port, which no route's first segment has.
const BARE_HOST = /^[^/{?#]*[.:][^/?#]*(?=\/|$)/;
// GitHub Enterprise Server's REST root, which its URLs carry before the route's path.
const GHES_ROOT = /^\/api\/v3(?=\/|$)/;

/**
The path of a route query as the routes are written: a full URL's origin, GHES's `/api/v3` root,
the query string and the fragment are dropped, and so are slashes at the end. `/` for a URL of
the root alone.
*/
export function routePath(text: string): string {
	const withoutOrigin = ORIGIN.test(text) ? text.replace(ORIGIN, "") : text.replace(BARE_HOST, "");
	const cut = withoutOrigin.search(/[?#]/);
	const path = (cut === -1 ? withoutOrigin : withoutOrigin.slice(0, cut)).replace(GHES_ROOT, "");
	return path === "" ? "/" : path.replace(/(.)\/+$/, "$1");
}

/**
The methods whose route matches `query`: `"/repos/octokit/rest.js/issues"` (concrete
values match `{parameters}`), `"/repos/{owner}/{repo}"` (a template matches routes with a
parameter in each of its `{…}` places, and its literal segments only themselves), or either
after a verb such as `"POST "`. A full URL is read for its path (`https://api.github.com/repos/o/r?x=1`,
`https://ghe.example/api/v3/repos/o/r`). Current methods come before deprecated ones.
*/
export function searchRoutes(routes: Routes, query: string): MethodInfo[] {
	const match = /^\s*(?:([A-Za-z]+)\s+)?(\S+)\s*$/.exec(query);
	if (!match) return [];
	const verb = match[1]?.toUpperCase();
	const concrete = routePath(match[2]);
	// In a template query each `{name}` becomes a character no URL holds, and a route's
	// `{parameter}` matches only that: so `/repos/{owner}/{repo}/pulls/{pull_number}` is not
	// `GET /repos/{owner}/{repo}/{archive_format}/{ref}`, whose `{archive_format}` would take `pulls`.
	// In a concrete path, a `{parameter}` takes any one segment.
	const isTemplate = /\{[^}/]*\}/.test(concrete);
	const path = isTemplate ? concrete.replace(/\{[^}/]*\}/g, "\u0000") : concrete;
	const parameter = isTemplate ? "\u0000" : "[^/]+";
	// A `{parameter}` takes one segment, so a route can match only a path of as many segments: the
	// count is compared before any pattern runs, which keeps a very long path from being scanned by each.
	const segments = slashes(path);
	const found: MethodInfo[] = [];
	for (const namespace of routes.namespaces) {
		for (const method of routes.methods(namespace)) {
			const entry = routes.entry(namespace, method)!;
			const { method: routeVerb, url } = splitRoute(entry[0]);
			if (verb && verb !== routeVerb) continue;
			if (slashes(url.replace(QUERY_EXPRESSIONS, "")) !== segments) continue;
			if (!templatePattern(url, parameter).test(path)) continue;
			const decorations = decorationsOf(entry);
			const renamed = decorations.renamed && `renamed to ${decorations.renamed.join(".")}`;
			const deprecated = decorations.deprecated ?? renamed;
			found.push({
				namespace,
				method,
				route: entry[0],
				...requiredLists(extractUrlVariableNames(url, true), decorations.required ?? []),
				...(deprecated ? { deprecated } : {}),
			});
		}
	}
	return found.sort((a, b) => Number(a.deprecated !== undefined) - Number(b.deprecated !== undefined));
}
