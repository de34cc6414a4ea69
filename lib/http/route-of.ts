/*
The route template a request was built from (`/repos/{owner}/{repo}/issues/{issue_number}`),
kept beside its options rather than in them: endpoint() returns exactly its keys, and
`error.request` is a copy of them. What warns once per route (a deprecated endpoint) reads it
here; a copy a stage makes carries it over with `sameRoute`. Weakly held: it goes with the options.
*/
const routes = new WeakMap<object, RouteSource>();

/** Where a route's template comes from: the merged options' `url` and `baseUrl`. */
interface RouteSource {
	url?: unknown;
	baseUrl?: unknown;
}

/**
`request`, remembered as made from the merged options (a fresh object per call, which nothing
changes afterwards). The template is read from them only when asked for (routePath), so that a
request pays one WeakMap entry for it.
*/
export const withRoute = <T extends object>(request: T, merged: RouteSource): T => (
	routes.set(request, merged),
	request
);

/** `copy`, remembered as made from the same route as `original`: nothing, for a request made without one. */
export const sameRoute = <T extends object>(original: object, copy: T): T => {
	const source = routes.get(original);
	if (source) routes.set(copy, source);
	return copy;
};

/**
The path a request's route names, without its query: its template's when known (so one route is
one path, whatever its parameters), under its `baseUrl` as the URL is
(`https://api.github.com/repos/{owner}/{repo}`); else the URL's.
*/
export function routePath(request: { url: string }): string {
	const { url, baseUrl } = routes.get(request) ?? {};
	if (typeof url !== "string") return request.url.split("?")[0];
	return templatePath(
		/^https?:\/\//i.test(url) || typeof baseUrl !== "string"
			? url
			: `${baseUrl.replace(/\/+$/, "")}${url.startsWith("/") ? "" : "/"}${url}`,
	);
}

/** A route template's path: `{?name,label}`, `{&page}` and a literal query are the query's. */
export const templatePath = (template: string): string => template.replace(/\{[?&][^}]*\}/g, "").split("?")[0];
