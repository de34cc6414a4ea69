import type { EndpointMethod } from "../../../types/methods.js";
import type { RequestMethod } from "../../../types/endpoint.js";
import { RequestError } from "../../common/errors.js";
import { createLazyObject } from "../../routes/lazy-object.js";
import { createRestApi, type RestApi } from "../../routes/rest.js";
import { splitRoute, type Routes } from "../../routes/routes.js";
import type { MethodHost } from "../../routes/method.js";
import { availableOn, notAvailableMessage, type Availability } from "./availability.js";

/** A method as the server-tables feature hands it out: `availableOn` says where it exists. */
type ServerMethod = EndpointMethod & { availableOn: string[] };

/**
`client.rest` over one server's table. The server's own methods are the kernel's (createRestApi),
each told where else it exists (`availableOn`). A method that another server has and this one
lacks resolves too, as a method that rejects at once with a 400 `NOT_AVAILABLE` RequestError
that says where it is, so that nothing leaves the machine to come back as a bare 404. `keys`
list only what the server has; `in` is true for both.
*/
export function createServerRest(
	host: MethodHost,
	routes: Routes,
	availability: Availability,
	server: string,
	fallback?: Routes,
): RestApi {
	const present = createRestApi(host, routes);
	const everywhere = availability.servers;
	const absent = (namespace: string, method: string) =>
		!routes.has(namespace, method) &&
		/^[\w$]+$/.test(method) &&
		availability.listed(`${namespace}.${method}`) !== undefined;

	const namespaceObject = (name: string) => {
		const canonical = routes.canonical(name);
		const own = canonical === undefined ? undefined : present[name];
		const namespace = canonical ?? name;
		return createLazyObject<EndpointMethod>({
			keys: () => (own ? Object.keys(own) : []),
			has: (method) => (own !== undefined && method in own) || absent(namespace, method),
			resolve: (method) => {
				const found = own?.[method] as ServerMethod | undefined;
				if (found) {
					found.availableOn ??= availableOn(everywhere, availability.listed(`${namespace}.${method}`) ?? everywhere);
					return found;
				}
				return absent(namespace, method) ? notAvailable(namespace, method) : undefined;
			},
		});
	};

	function notAvailable(namespace: string, method: string): ServerMethod {
		const have = availability.listed(`${namespace}.${method}`)!;
		const message = notAvailableMessage(availability, server, namespace, method)!;
		// The route another server gives it, when the client knows one: only for `error.request`.
		const route = fallback?.entry(namespace, method)?.[0];
		const { method: verb, url } = route ? splitRoute(route) : { method: "GET" as RequestMethod, url: "" };
		const fail = () =>
			new RequestError(message, 400, { request: { method: verb, url, headers: {} }, code: "NOT_AVAILABLE" });
		const call = () => Promise.reject(fail());
		const endpoint = Object.assign(
			() => {
				throw fail();
			},
			{
				merge: () => {
					throw fail();
				},
			},
		);
		return Object.assign(call, {
			endpoint,
			route,
			required: [],
			availableOn: availableOn(everywhere, have),
			notAvailable: message,
		}) as unknown as ServerMethod;
	}

	return createLazyObject({
		keys: () => routes.namespaces,
		has: (name) => routes.canonical(name) !== undefined || availability.hasNamespace(name),
		resolve: (name) =>
			routes.canonical(name) !== undefined || availability.hasNamespace(name) ? namespaceObject(name) : undefined,
	});
}
