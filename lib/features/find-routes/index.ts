import type { Feature } from "../../../types/features.js";
import type { MethodInfo } from "../../../types/routes.js";
import { routesOfClass } from "../../routes/class-routes.js";
import { searchRoutes } from "../../routes/search.js";

/**
The route-search feature: `client.findRoutes(query)` over the client's own route table.
`Hublet.plugin(findRoutes)` adds it, on either entry. It has no body:
the search is small, and answers at once.
*/
export const findRoutes: Feature<true, never, { findRoutes(query: string): MethodInfo[] }> = {
	name: "findRoutes",
	check: () => true,
	setup(_body, _settings, { client }) {
		// The server tables, composed before this feature, gave the client the search over the
		// server's table: that one stays.
		if (typeof (client as { findRoutes?: unknown }).findRoutes === "function") return undefined;
		const routes = routesOfClass(client.constructor as object);
		return { members: { findRoutes: (query: string) => searchRoutes(routes, query) } };
	},
};
