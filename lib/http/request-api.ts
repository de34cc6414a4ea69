import type { EndpointInterface, MergedOptions, RequestParameters, Route } from "../../types/endpoint.js";
import type { RequestInterface } from "../../types/request.js";
import type { SendRequest } from "./stage-types.js";
import { redactUrl } from "../common/errors.js";
import { untilAborted } from "../common/race.js";
import { missingParametersError, missingPathParameters } from "../endpoint/validate.js";
import { abortFailure } from "./abort-failure.js";
import { withRoute } from "./route-of.js";

/** A route's path parameters the call left out: refused before the hooks, naming them. */
function refuseMissing(endpoint: EndpointInterface, merged: MergedOptions, missing: string[]): never {
	throw missingParametersError(
		`${String(merged.method).toUpperCase()} ${redactUrl(String(merged.url))}`,
		missing,
		endpoint.parse(merged),
	);
}

/** A failure of the hooks, or of the wait for them that the call's signal ended: then the abort's, as a fetch's. */
function hooksFailed(error: unknown, endpoint: EndpointInterface, merged: MergedOptions, signal: AbortSignal): never {
	if (!signal.aborted || error !== signal.reason) throw error;
	let request;
	try {
		request = endpoint.parse(merged);
	} catch {
		throw error;
	}
	throw abortFailure(error, request, signal);
}

/**
Builds `request(route, params)` over an endpoint and a transport.

When the merged options carry `request.hook` (the client's hook chain), the call goes
through it: the hook receives a `request` of the same endpoint that sends directly, so a
wrap that calls it does not re-enter the chain (the @octokit/request contract that
plugins and auth strategies are written against).
*/
export function createRequest(endpoint: EndpointInterface, send: SendRequest): RequestInterface {
	const members = {
		endpoint,
		defaults: (newDefaults: RequestParameters) => createRequest(endpoint.defaults(newDefaults), send),
	};
	const sendMerged = (merged: MergedOptions) => send(withRoute(endpoint.parse(merged), merged));
	const direct = Object.assign(
		async (route: Route | RequestParameters, params?: RequestParameters) =>
			sendMerged(endpoint.merge(route as Route, params)),
		members,
	);

	// Bad input to merge or parse rejects like any other failure instead of throwing. A route's
	// missing path parameter is refused before the hooks, naming them, as an endpoint method refuses it.
	const request = async (route: Route | RequestParameters, params?: RequestParameters) => {
		const merged = endpoint.merge(route as Route, params);
		const missing = missingPathParameters(merged);
		if (missing.length) refuseMissing(endpoint, merged, missing);
		const { hook, signal } = merged.request ?? {};
		if (!hook) return sendMerged(merged);
		if (!signal) return hook(direct, merged);
		// Hooks and auth strategies are the caller's code: an abort ends the wait for them at once,
		// as it ends a fetch (a timeout signal becomes a TIMEOUT error, as there).
		return untilAborted(hook(direct, merged), signal).catch((error) => hooksFailed(error, endpoint, merged, signal));
	};

	return Object.assign(request, members) as RequestInterface;
}
