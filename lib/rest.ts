import type { RouteTable } from "../types/routes.js";
import type { EndpointMethod } from "../types/methods.js";
import { createLazyObject } from "./lazy-object.js";
import { createMethod, type MethodHost } from "./method.js";
import { warnOnce } from "./log.js";
import { canonicalNamespace, findEntry } from "./routes.js";

export type RestApi = Record<string, Record<string, EndpointMethod>>;

/**
`client.rest`: namespaces, then methods, both resolved from the route table on first
read. A renamed namespace (`gitdata`) resolves to the same object as its new name (`git`)
and warns once; `Object.keys` lists only current names.
*/
export function createRestApi(host: MethodHost, table: RouteTable): RestApi {
	const namespaces = new Map<string, Record<string, EndpointMethod>>();
	const namespaceNames = Object.keys(table.namespaces);

	const namespaceObject = (namespace: string) => {
		let methods = namespaces.get(namespace);
		if (!methods) {
			const names = Object.keys(table.namespaces[namespace]);
			methods = createLazyObject<EndpointMethod>({
				keys: () => names,
				has: (name) => findEntry(table, namespace, name) !== undefined,
				resolve: (name) => {
					const entry = findEntry(table, namespace, name);
					return entry && createMethod(host, namespace, name, entry);
				},
			});
			namespaces.set(namespace, methods);
		}
		return methods;
	};

	return createLazyObject({
		keys: () => namespaceNames,
		has: (name) => canonicalNamespace(table, name) !== undefined,
		resolve: (name) => {
			const namespace = canonicalNamespace(table, name);
			if (namespace === undefined) return undefined;
			if (namespace !== name) warnOnce(host.log, `octokit.${name}.* has been renamed to octokit.${namespace}.*`);
			return namespaceObject(namespace);
		},
	});
}
