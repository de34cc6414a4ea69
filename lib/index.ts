import routes from "../routes.json" with { type: "json" };
import type { RouteTable } from "../types/routes.js";
import { Hublet as HubletBase } from "./client.js";
import type { HubletOptions } from "../types/options.js";

export { RequestError } from "./errors.js";
export { GraphqlResponseError } from "./graphql.js";

/** The client over every route in routes.json. */
export const Hublet = HubletBase.withRoutes(routes as unknown as RouteTable);

let warnedDefaultExport = false;

/**
The default export, for code written as `import Hublet from "@hublet/rest"`. It works,
does not throw without options, and says once that the named export is preferred.
*/
export default class HubletDefaultExport extends Hublet {
	constructor(options: HubletOptions = {}) {
		super(options);
		if (!warnedDefaultExport) {
			warnedDefaultExport = true;
			this.log.warn('The default export of "@hublet/rest" is deprecated. Use `import { Hublet } from "@hublet/rest"` instead');
		}
	}
}
