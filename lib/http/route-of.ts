/*
The route template a request was built from (`/repos/{owner}/{repo}/issues/{issue_number}`),
kept beside its options rather than in them: endpoint() returns exactly its keys, and
`error.request` is a copy of them. What warns once per route (a deprecated endpoint) reads it
here; a copy a stage makes carries it over with `sameRoute`. Weakly held: it goes with the options.
*/
const routes = new WeakMap<object, string>();

/**
`request`, remembered as made from the merged options' `url` template, before expansion, under
their `baseUrl` as the URL is (`https://api.github.com/repos/{owner}/{repo}`).
*/
export function withRoute<T extends object>(request: T, merged: { url?: unknown; baseUrl?: unknown }): T {
	const { url, baseUrl } = merged;
	if (typeof url !== "string") return request;
	const absolute = /^https?:\/\//i.test(url) || typeof baseUrl !== "string";
	routes.set(request, absolute ? url : `${baseUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`);
	return request;
}

/** `copy`, remembered as made from the same route as `original`. */
export function sameRoute<T extends object>(original: object, copy: T): T {
	const template = routes.get(original);
	if (template !== undefined) routes.set(copy, template);
	return copy;
}

/**
The path a request's route names, without its query: the template's when known (so one route
is one path, whatever its parameters), else the URL's.
*/
export function routePath(request: { url: string }): string {
	const template = routes.get(request);
	return template === undefined ? request.url.split("?")[0] : templatePath(template);
}

/** A route template's path: `{?name,label}`, `{&page}` and a literal query are the query's. */
export const templatePath = (template: string): string => template.replace(/\{[?&][^}]*\}/g, "").split("?")[0];
