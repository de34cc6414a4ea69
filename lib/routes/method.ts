import type { RequestInterface, Log } from "../../types/request.js";
import type { EndpointInterface, EndpointOptions, RequestParameters } from "../../types/endpoint.js";
import type { RouteEntry } from "../../types/routes.js";
import type { EndpointMethod } from "../../types/methods.js";
import { RequestError } from "../common/errors.js";
import { warnOnce } from "../common/log.js";
import { defineData, ownValue } from "../common/objects.js";
import { splitRoute } from "./routes.js";
import { extractUrlVariableNames } from "../endpoint/url-template.js";
import { hasPath, isEmptyPathValue, missingParametersError, requiredLists } from "../endpoint/validate.js";
import { cyclePath } from "./cycle.js";
import { parse } from "../endpoint/parse.js";

/** What a method needs from its client. */
export interface MethodHost {
	request: RequestInterface;
	log: Log;
}

// `method.endpoint.DEFAULTS` reads as the route's merged defaults, which exist once the method's
// request does. One accessor shared by every method (a getter per method would give each its own
// hidden class); the first read or write makes it an own data property, as on @octokit/endpoint.
const requestOf = new WeakMap<object, () => RequestInterface>();
const LAZY_DEFAULTS: PropertyDescriptor = {
	configurable: true,
	enumerable: true,
	get(this: object) {
		const request = requestOf.get(this);
		return request && defineData(this, "DEFAULTS", request().endpoint.DEFAULTS);
	},
	set(this: object, value: unknown) {
		defineData(this, "DEFAULTS", value);
	},
};

/**
Builds `client.rest.<namespace>.<name>`: a request with the route's defaults, behind one
pipeline of decorations (deprecation warnings, renamed parameters, `mapToData`) and
validation. The pipeline copies the caller's parameters before it changes anything.
*/
export function createMethod(host: MethodHost, namespace: string, name: string, entry: RouteEntry): EndpointMethod {
	const [route, decorations = {}] = entry;
	const {
		required: otherNames = [],
		deprecated,
		renamed,
		renamedParameters,
		mapToData,
		baseUrl,
		defaults,
	} = decorations;
	const { method, url } = splitRoute(route);
	// The path variables (`true`): query expressions (`{?a,b}`) are optional unless the table says otherwise.
	const pathNames = extractUrlVariableNames(url, true);
	// Written only into messages (`rest.x.y()` in errors, `octokit.x.y()` in warnings, as octokit's): a
	// string made up front would cost every method ~130 B.
	const label = (prefix = "rest") => `${prefix}.${namespace}.${name}()`;
	// The request with the route's defaults is made on first use, from the client's request as it
	// was when the method was read: a program reads many methods and calls few, and the merged
	// defaults and their closures were most of what a method held (about 5 KB each). An undefined
	// baseUrl is no default: merging leaves it out.
	const base = host.request;
	let built: RequestInterface | undefined;
	const request = () => (built ??= base.defaults({ method, url, baseUrl, ...defaults }));
	const endpointOf = () => request().endpoint;
	const renamedText = renamed && `${label("octokit")} has been renamed to octokit.${renamed[0]}.${renamed[1]}()`;

	function prepare(params: unknown): RequestParameters {
		if (deprecated) warnOnce(host.log, deprecated);
		if (renamedText) warnOnce(host.log, renamedText);
		if (params == null) return {};
		if (typeof params !== "object" || Array.isArray(params)) {
			throw new TypeError(
				`${label()} expects an object of parameters, got ${Array.isArray(params) ? "an array" : typeof params}`,
			);
		}
		// JSON.stringify would throw far from here without naming the method; the walk is cheap next to sending.
		const cycle = cyclePath(params);
		if (cycle !== undefined) {
			throw new TypeError(
				`${label()} cannot send a circular structure: parameter "${cycle}" refers back to an object that contains it`,
			);
		}
		const options: RequestParameters = { ...(params as RequestParameters) };
		for (const oldName in renamedParameters) {
			if (!Object.hasOwn(options, oldName)) continue;
			const newName = renamedParameters[oldName];
			warnOnce(host.log, `"${oldName}" parameter is deprecated for "${label("octokit")}". Use "${newName}" instead`);
			if (!Object.hasOwn(options, newName)) options[newName] = options[oldName];
			delete options[oldName];
		}
		if (mapToData && Object.hasOwn(options, mapToData)) {
			options.data = options[mapToData];
			delete options[mapToData];
		}
		return options;
	}

	// An async function: a refused call rejects, as a failed request does, instead of throwing.
	const endpointMethod = async function (params?: RequestParameters) {
		const options = prepare(params);
		// A `url` parameter replaces the route's URL, as in @octokit/endpoint (an upload to a
		// release's `upload_url`): only that template's placeholders are then path parameters.
		const names = typeof options.url === "string" ? extractUrlVariableNames(options.url, true) : pathNames;
		// Under mapToData, the caller may name the body either way.
		const view = mapToData && options.data !== undefined ? { ...options, [mapToData]: options.data } : options;
		// The required parameters the call lacks: path parameters first, then the others, in the table's order.
		const missing: string[] = [];
		for (const pathName of names) {
			const value = ownValue(options, pathName);
			// "." and ".." would be resolved away by the URL parser and reach another endpoint.
			if (value === "." || value === "..") {
				throw new RequestError(`Invalid parameter for ${label()}: "${pathName}" may not be "${value}"`, 400, {
					request: { method, url, headers: {} },
				});
			}
			if (isEmptyPathValue(ownValue(view, pathName))) missing.push(pathName);
		}
		for (const name of otherNames) if (!hasPath(view, name.split("."))) missing.push(name);
		if (missing.length > 0) throw missingParametersError(label(), missing, endpointOf()(options));
		return request()(options as EndpointOptions);
	} as EndpointMethod;

	const endpoint = Object.defineProperty(
		(params?: RequestParameters) => endpointOf()(prepare(params)),
		"DEFAULTS",
		LAZY_DEFAULTS,
	);
	requestOf.set(endpoint, request);
	Object.assign(endpoint, {
		defaults: (newDefaults: RequestParameters) => endpointOf().defaults(newDefaults),
		merge: (routeOrParams?: string | RequestParameters, params?: RequestParameters) =>
			typeof routeOrParams === "string"
				? endpointOf().merge(routeOrParams, prepare(params))
				: endpointOf().merge(prepare(routeOrParams)),
		parse,
	});
	return Object.assign(endpointMethod, {
		endpoint: endpoint as unknown as EndpointInterface,
		defaults: (newDefaults: RequestParameters) => request().defaults(newDefaults),
		route,
		...requiredLists(pathNames, otherNames),
		deprecated: deprecated && renamedText ? `${deprecated}; ${renamedText}` : deprecated || renamedText || undefined,
	});
}
