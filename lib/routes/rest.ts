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

/** What a namespace's object reads: the table, the namespace's name, the client. */
type Namespace = [routes: Routes, namespace: string, host: MethodHost];

/** A namespace's names: its methods, each built on its first read. */
const METHODS = {
	keys: ([routes, namespace]: Namespace) => routes.methods(namespace),
	has: (name: string, [routes, namespace]: Namespace) => routes.has(namespace, name),
	resolve(name: string, [routes, namespace, host]: Namespace) {
		const entry = routes.entry(namespace, name);
		return entry && createMethod(host, namespace, name, entry);
	},
};

/**
`client.rest`'s names: the table's namespaces. A renamed one (`gitdata`) warns and reads its current
name (`git`), so both give the same object.
*/
const NAMESPACES = {
	keys: (api: Api) => tableOf(api).namespaces,
	has: (name: string, api: Api) => tableOf(api).canonical(name) !== undefined,
	resolve(name: string, api: Api) {
		const namespace = tableOf(api).canonical(name);
		if (namespace === name) return createLazyObject(METHODS, [api.routes as Routes, namespace, api.host]);
		if (namespace === undefined) return undefined;
		warnOnce(api.host.log, `octokit.${name}.* has been renamed to octokit.${namespace}.*`);
		return api.rest![namespace];
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
	return (api.rest = createLazyObject(NAMESPACES, api));
};
