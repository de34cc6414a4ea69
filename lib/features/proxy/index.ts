import type { Feature } from "../../../types/features.js";
import type { ProxyFor } from "../../http/pipeline.js";
import { redactProxy } from "../../common/errors.js";
import { shownValue } from "../../common/objects.js";
import { loadedLater } from "../../common/later.js";
import { loadBody } from "../../common/doors.js";
import { EXPECTED, isSet, proxyUrl, type ProxySettings } from "./url.js";

type Body = typeof import("./body.js");

/**
The settings of a `request.proxy` option (the client's, or a call's own, which `name` says): a
TypeError, naming it, for one that is no proxy URL.
*/
function proxySettings(option: unknown, name = "request.proxy"): ProxySettings {
	if (
		isSet(option) &&
		option !== false &&
		!((typeof option === "string" || option instanceof URL) && proxyUrl(String(option)))
	) {
		throw new TypeError(
			`Expected the \`${name}\` option to be ${EXPECTED}, got ` +
				`${typeof option === "string" ? redactProxy(option) : shownValue(option)}`,
		);
	}
	return { proxy: option as ProxySettings["proxy"] };
}

/**
The proxy feature, for `HTTPS_PROXY`, `HTTP_PROXY`, `NO_PROXY` and the `request.proxy` option.
On either entry, `Hublet.plugin(proxy)` adds it (without it, the
environment is not read, and `request.proxy` is refused). The client's `request.proxy` is checked
when the client is built, and a call's own when the call is made, so that a bad one throws before
anything is sent; the routing (body.ts) loads at the first request.
*/
export const proxy: Feature<ProxySettings, Body> = {
	name: "proxy",
	option: "request.proxy",
	perCall: "proxy",
	check: proxySettings,
	load: (request) => loadBody("proxy", request),
	setup: (body, settings, { client }) => ({
		stages: {
			proxy: body.now
				? body.now.createProxyRoute(settings, client.log)
				: (loadedLater(async (request, _call) =>
						(await body.load(request)).createProxyRoute(settings, client.log),
					) as ProxyFor),
		},
	}),
};
