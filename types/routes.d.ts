import type { RequestParameters } from "./endpoint.js";

/**
What a route table row may carry besides its route. Only keys that apply are present.
*/
export interface RouteDecorations {
	/** Required parameters that are not path parameters. `author.name` means "required when `author` is given". */
	required?: string[];
	/** A host other than the client's, such as `https://uploads.github.com`. */
	baseUrl?: string;
	/** The parameter that is sent as the raw request body. */
	mapToData?: string;
	/** Why the method is deprecated, and what replaces it. */
	deprecated?: string;
	/** The method's current name, as `[namespace, method]`. */
	renamed?: [string, string];
	/** Parameters that were renamed, as `{ oldName: newName }`. */
	renamedParameters?: Record<string, string>;
	/** Parameters merged under the caller's, such as a preview media type. */
	defaults?: RequestParameters;
}

/** One method: `[route]` or `[route, decorations]`. */
export type RouteEntry = [route: string] | [route: string, decorations: RouteDecorations];

/**
A route table with one `[route, decorations?]` row per method: the shape of a route subset
(what `hublet routes` writes), and of a table written by hand.
*/
export interface PlainRouteTable {
	source?: string;
	namespaces: Record<string, Record<string, RouteEntry>>;
	/** Old namespace names, as `{ oldName: newName }`. */
	renamedNamespaces?: Record<string, string>;
}

/**
What a compact row carries besides its head: the decorations that are not `required` or
`renamed` (those are in the head). `deprecated` is the part of the message after
`octokit.rest.<namespace>.<method>() is deprecated`: a docs path (`/rest/teams/teams#…`) stands
for `, see https://docs.github.com/rest/teams/teams#…`; anything else is the rest of the message.
*/
export type CompactRowExtra = Omit<RouteDecorations, "required" | "renamed">;

/**
One method of `routes.json`: a head, or `[head, extra]`. The head is the route followed by the
comma-separated required parameters, if any (`"POST /repos/{owner}/{repo}/issues title"`), or,
for a renamed method, its current name instead of the route (`"repos.getAllTopics"`): the row
then takes its successor's route and decorations, and what it gives itself replaces theirs.
*/
export type CompactRow = string | [head: string, extra: CompactRowExtra];

/**
`routes.json`: the full table, one row per method in the encoding of `CompactRow`. A namespace
may also be a function that returns its rows as one string, `|<method> <head>[ <extra as JSON>]`
per row with "~" for "/repos/{owner}/{repo}", as the build ships it: importing the table then builds nothing per namespace, and a row is
read when it is asked for.
*/
export interface CompactRouteTable {
	source?: string;
	format: 2;
	namespaces: Record<string, Record<string, CompactRow> | (() => string)>;
	/** Old namespace names, as `{ oldName: newName }`. */
	renamedNamespaces?: Record<string, string>;
}

/** What `Hublet.withRoutes()` takes and `Hublet.routes` holds: a plain table or `routes.json`. */
export type RouteTable = PlainRouteTable | CompactRouteTable;

/**
What a method tells about itself: `client.rest.repos.get.route`, and the rows of `client.findRoutes()`.
*/
export interface MethodInfo {
	namespace: string;
	method: string;
	/** e.g. `"GET /repos/{owner}/{repo}"`. */
	route: string;
	/** Every required parameter: path parameters first, then the rest. */
	required: string[];
	/** The deprecation message, when the method is deprecated or renamed. */
	deprecated?: string;
}
