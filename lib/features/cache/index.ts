import type { Feature } from "../../../types/features.js";
import { loadBody } from "../../common/doors.js";
import { stageOver } from "../../http/stage-later.js";
import { cacheSettings, type CacheSettings } from "./option.js";

type Body = typeof import("./body.js");

/**
The conditional-request cache feature, for the `cache` option. On either entry,
`Hublet.plugin(cache)` adds it (without it, `cache` is refused). The option is
checked when the client is built, and a call's own `request.cache` when the call is made (`false`
leaves the cache out of that call); the cache itself (body.ts) loads at the first request. With
the option off there is no stage at all.
*/
export const cache: Feature<CacheSettings, Body> = {
	name: "cache",
	option: "cache",
	perCall: "cache",
	check: cacheSettings,
	load: (request) => loadBody("cache", request),
	setup: (body, settings, { client }) => ({
		stages: { cache: stageOver(body, ({ createCache }) => createCache(settings, client.log)) },
	}),
};
