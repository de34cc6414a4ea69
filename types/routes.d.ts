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

declare const shipped: unique symbol;

/**
The full table as `@hublet/rest` ships it (`Hublet.routes`), in an encoding of the package's own
that may change in any release. `withRoutes()` takes it as it is; `decodeRoutes()` turns it into
a `PlainRouteTable`.
*/
export interface ShippedRouteTable {
	readonly source?: string;
	/** Each namespace's methods, in the package's encoding. */
	readonly namespaces: Readonly<Record<string, unknown>>;
	/** Old namespace names, as `{ oldName: newName }`. */
	readonly renamedNamespaces?: Readonly<Record<string, string>>;
	readonly [shipped]: true;
}

/**
A server's table, from `@hublet/rest/servers/<name>`: a plain table (each namespace decoded when
first read) that names its server and carries where every method exists.
*/
export interface ServerRouteTable<Server extends string = string> extends PlainRouteTable {
	/** `"ghec"`, `"ghes-3.18"`, …: `Hublet.withRoutes(table)` types its client for this server. */
	readonly server: Server;
	/** Where each method exists, across the servers that have tables, in the package's encoding. */
	readonly availability: { readonly servers: readonly string[]; readonly methods: Readonly<Record<string, string>> };
}

/** What `Hublet.withRoutes()` takes and `Hublet.routes` holds: a plain table or the shipped one. */
export type RouteTable = PlainRouteTable | ShippedRouteTable;

/**
What a method tells about itself: `client.rest.repos.get.route`, and the rows of `client.findRoutes()`.
*/
export interface MethodInfo {
	namespace: string;
	method: string;
	/** e.g. `"GET /repos/{owner}/{repo}"`. */
	route: string;
	/** The parameters every call needs: path parameters first, then the others. */
	required: string[];
	/** Parameters required only when their parent is given: `author.name` when `author` is. */
	requiredWhen: string[];
	/** The deprecation message, when the method is deprecated or renamed. */
	deprecated?: string;
}
