import type {
	EndpointDefaults,
	EndpointInterface,
	MergedOptions,
	RequestParameters,
	Route,
} from "../../types/endpoint.js";
import { merge } from "./merge.js";
import { parse } from "./parse.js";
import { VERSION } from "../version.js";
import { RUNTIME_AGENT } from "../common/user-agent.js";

/**
The defaults of `@hublet/rest`, the same as `@octokit/endpoint`'s but for the user agent's name:
`hublet-rest.js/<version>`, then the runtime, as octokit's `octokit-core.js/<version> Node.js/20.20.2 (linux; x64)`.
Frozen: `createEndpoint()` copies them, so no endpoint can change them for another.
*/
export const DEFAULTS: EndpointDefaults = Object.freeze({
	method: "GET",
	baseUrl: "https://api.github.com",
	headers: Object.freeze({
		accept: "application/vnd.github.v3+json",
		"user-agent": `hublet-rest.js/${VERSION} ${RUNTIME_AGENT}`,
	}),
	mediaType: Object.freeze({ format: "" }),
}) as EndpointDefaults;

/**
Builds an endpoint over `defaults` (merged over `base`'s, for `.defaults()`): a function that turns
a route and parameters into `{method, url, headers, body?, request?}` without sending anything,
with `.DEFAULTS`, `.defaults()`, `.merge()` and `.parse()` as on `@octokit/endpoint`.
*/
export function createEndpoint(defaults: RequestParameters, base: MergedOptions | null = null): EndpointInterface {
	const DEFAULTS = merge(base, defaults);
	return Object.assign(
		(route?: Route | RequestParameters, parameters?: RequestParameters) => parse(merge(DEFAULTS, route, parameters)),
		{
			DEFAULTS,
			defaults: (newDefaults: RequestParameters) => createEndpoint(newDefaults, DEFAULTS),
			merge: (route?: Route | RequestParameters, parameters?: RequestParameters) => merge(DEFAULTS, route, parameters),
			parse,
		},
	) as EndpointInterface;
}
