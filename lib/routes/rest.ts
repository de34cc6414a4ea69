import type { EndpointMethod } from "../../types/methods.js";
import { createLazyObject } from "./lazy-object.js";
import { createMethod, type MethodHost } from "./method.js";
import { warnOnce } from "../common/log.js";
import type { Routes } from "./routes.js";

export type RestApi = Record<string, Record<string, EndpointMethod>>;

/** What `client.rest` and its namespaces read: the client, its table, one object per namespace. */
interface Api {
	host: MethodHost;
	routes: Routes;
	objects?: Map<string, Record<string, EndpointMethod>>;
	namespace?: string;
}

// The sources are constants, so that making `client.rest` compiles and allocates none of their
// functions: a client of @hublet/rest/core may never read a name.

/** A namespace's names: its methods, each built on its first read. */
const METHODS = {
	keys: ({ routes, namespace }: Api) => routes.methods(namespace!),
	has: (name: string, { routes, namespace }: Api) => routes.has(namespace!, name),
	resolve(name: string, { host, routes, namespace }: Api) {
		const entry = routes.entry(namespace!, name);
		return entry && createMethod(host, namespace!, name, entry);
	},
};

/** `client.rest`'s names: the table's namespaces, one object per namespace whatever name reads it. */
const NAMESPACES = {
	keys: ({ routes }: Api) => routes.namespaces,
	has: (name: string, { routes }: Api) => routes.canonical(name) !== undefined,
	resolve(name: string, api: Api) {
		const namespace = api.routes.canonical(name);
		if (namespace === undefined) return undefined;
		if (namespace !== name) warnOnce(api.host.log, `octokit.${name}.* has been renamed to octokit.${namespace}.*`);
		const objects = (api.objects ??= new Map());
		let methods = objects.get(namespace);
		if (!methods) objects.set(namespace, (methods = createLazyObject(METHODS, { ...api, namespace })));
		return methods;
	},
};

/**
`client.rest`: namespaces, then methods, both resolved from the route table on first
read. A renamed namespace (`gitdata`) resolves to the same object as its new name (`git`)
and warns once; `Object.keys` lists only current names.
*/
export const createRestApi = (host: MethodHost, routes: Routes): RestApi =>
	createLazyObject(NAMESPACES, { host, routes });
