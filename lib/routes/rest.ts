import type { EndpointMethod } from "../../types/methods.js";
import { createLazyObject } from "./lazy-object.js";
import { createMethod, type MethodHost } from "./method.js";
import { warnOnce } from "../common/log.js";
import type { Routes } from "./routes.js";

export type RestApi = Record<string, Record<string, EndpointMethod>>;

/** What `client.rest` reads: the client, its table, and itself. */
interface Api {
	host: MethodHost;
	/** The table, or how to find it at the first read of a name (the client's: its class's table). */
	routes: Routes | (() => Routes);
	/** `client.rest` itself, which a renamed namespace reads its current name from. */
	rest?: RestApi;
}

// The sources are constants, so that making `client.rest` compiles and allocates none of their
// functions: a client of @hublet/rest/core may never read a name.

/** `api`'s table, found on first use. */
const tableOf = (api: Api): Routes => (typeof api.routes === "function" ? (api.routes = api.routes()) : api.routes);

/** What a lazy object of `client.rest` reads: the client's `api`, and for a namespace's object, its name. */
type Level = [api: Api, namespace?: string];

/**
The names of `client.rest` and of its namespaces, one source for both levels. `client.rest`'s names
are the table's namespaces: a renamed one (`gitdata`) warns and reads its current name (`git`), so
both give the same object. A namespace's names are its methods, each built on its first read.
*/
const REST = {
	keys: ([api, namespace]: Level) =>
		namespace === undefined ? tableOf(api).namespaces : tableOf(api).methods(namespace),
	has: (name: string, [api, namespace]: Level) =>
		namespace === undefined ? tableOf(api).canonical(name) !== undefined : tableOf(api).has(namespace, name),
	resolve(name: string, [api, namespace]: Level): unknown {
		const routes = tableOf(api);
		if (namespace !== undefined) {
			const entry = routes.entry(namespace, name);
			return entry && createMethod(api.host, namespace, name, entry);
		}
		const current = routes.canonical(name);
		if (current === name) return createLazyObject(REST, [api, name]);
		if (current === undefined) return undefined;
		warnOnce(api.host.log, `octokit.${name}.* has been renamed to octokit.${current}.*`);
		return api.rest![current];
	},
};

/**
`client.rest`: namespaces, then methods, both resolved from the route table on first read
(`routes` may be a function that finds the table, called then). A renamed namespace (`gitdata`)
resolves to the same object as its new name (`git`) and warns once; `Object.keys` lists only
current names.
*/
export const createRestApi = (host: MethodHost, routes: Routes | (() => Routes)): RestApi => {
	const api: Api = { host, routes };
	return (api.rest = createLazyObject(REST, [api]) as RestApi);
};
