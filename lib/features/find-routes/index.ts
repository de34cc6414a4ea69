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
		const routes = routesOfClass(client.constructor as object);
		return { members: { findRoutes: (query: string) => searchRoutes(routes, query) } };
	},
};
