import type { RouteTable } from "../../types/routes.js";
import { readRoutes, type Routes } from "./routes.js";

// How each client class reads its route table: `withRoutes()` records it, the client and route
// search use it. Kept here rather than as a static, so the class's public statics stay octokit's.
const readers = new WeakMap<object, () => Routes>();

/**
Records how instances of `Class` (and of its subclasses) read their table: the map's own `set`, bound,
which is no function of this module's source for the engine to parse at import.
*/
export const defineRoutes: (Class: object, read: () => Routes) => void = readers.set.bind(readers);

/**
The route reader of `Class`, or of the nearest class above it that has one; else its `routes`, read
as a plain table.
*/
export function routesOfClass(Class: object): Routes {
	for (let current: object | null = Class; current; current = Object.getPrototypeOf(current)) {
		const read = readers.get(current);
		if (read) return read();
	}
	return readRoutes((Class as { routes: RouteTable }).routes);
}
