import type { EndpointInterface, RequestParameters, Route } from "../../types/endpoint.js";
import type { RequestInterface } from "../../types/request.js";
import type { Send } from "./pipeline.js";

/**
Builds `request(route, params)` over an endpoint and a transport.

When the merged options carry `request.hook` (the client's hook chain), the call goes
through it: the hook receives a `request` of the same endpoint that sends directly, so a
wrap that calls it does not re-enter the chain (the @octokit/request contract that
plugins and auth strategies are written against).
*/
export function createRequest(endpoint: EndpointInterface, send: Send): RequestInterface {
	const defaults = (newDefaults: RequestParameters) => createRequest(endpoint.defaults(newDefaults), send);

	const direct = Object.assign(
		async (route: Route | RequestParameters, params?: RequestParameters) =>
			send(endpoint.parse(endpoint.merge(route as Route, params))),
		{ endpoint, defaults },
	);

	// Bad input to merge or parse rejects like any other failure instead of throwing.
	const request = async (route: Route | RequestParameters, params?: RequestParameters) => {
		const merged = endpoint.merge(route as Route, params);
		const hook = merged.request?.hook;
		if (!hook) return send(endpoint.parse(merged));
		return hook(direct, merged);
	};

	return Object.assign(request, { endpoint, defaults }) as RequestInterface;
}
