import type { EndpointMethod } from "../../types/methods.js";
import { createLazyObject } from "./lazy-object.js";
import { createMethod, type MethodHost } from "./method.js";
import { warnOnce } from "../common/log.js";
import type { Routes } from "./routes.js";

export type RestApi = Record<string, Record<string, EndpointMethod>>;

/**
`client.rest`: namespaces, then methods, both resolved from the route table on first
read. A renamed namespace (`gitdata`) resolves to the same object as its new name (`git`)
and warns once; `Object.keys` lists only current names.
*/
export function createRestApi(host: MethodHost, routes: Routes): RestApi {
	const namespaces = new Map<string, Record<string, EndpointMethod>>();

	const namespaceObject = (namespace: string) => {
		let methods = namespaces.get(namespace);
		if (!methods) {
			methods = createLazyObject<EndpointMethod>({
				keys: () => routes.methods(namespace),
				has: (name) => routes.has(namespace, name),
				resolve: (name) => {
					const entry = routes.entry(namespace, name);
					return entry && createMethod(host, namespace, name, entry);
				},
			});
			namespaces.set(namespace, methods);
		}
		return methods;
	};

	return createLazyObject({
		keys: () => routes.namespaces,
		has: (name) => routes.canonical(name) !== undefined,
		resolve: (name) => {
			const namespace = routes.canonical(name);
			if (namespace === undefined) return undefined;
			if (namespace !== name) warnOnce(host.log, `octokit.${name}.* has been renamed to octokit.${namespace}.*`);
			return namespaceObject(namespace);
		},
	});
}
