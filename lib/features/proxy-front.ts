import type { HubletFeature } from "../../types/features.js";
import type { Log } from "../../types/request.js";
import type { ProxyFor } from "../http/pipeline.js";
import { redactProxy } from "../common/errors.js";
import { shownValue } from "../common/objects.js";
import type { RequestOptions } from "../../types/endpoint.js";
import { loadLater, loadedLater, type Bodies } from "../common/later.js";
import { EXPECTED, isSet, proxyUrl } from "./proxy-url.js";

/**
The proxy feature, for `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY` and the `request.proxy` option.
The full client has it; on `@hublet/rest/core`, `Hublet.plugin(proxy)` adds it (without it, the
environment is not read, and `request.proxy` is refused). The client's `request.proxy` is checked
when the client is built, so that a bad one throws at once; the routing (proxy.ts) loads at the
first request.
*/
export const proxy: HubletFeature = {
	proxyRoute(option: unknown, log: Log, bodies?: Bodies): ProxyFor {
		if (isSet(option) && option !== false && !((typeof option === "string" || option instanceof URL) && proxyUrl(String(option)))) {
			throw new TypeError(`Expected the \`request.proxy\` option to be ${EXPECTED}, got ${typeof option === "string" ? redactProxy(option) : shownValue(option)}`);
		}
		const given = bodies?.proxy as typeof import("./proxy.js") | undefined;
		if (given) return given.createProxyRoute(option, log);
		return loadedLater(async (request: RequestOptions) => (await loadLater("feature-proxy.js", () => import("./proxy.js"), request)).createProxyRoute(option, log)) as ProxyFor;
	},
};
