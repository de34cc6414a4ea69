import type { Feature } from "../../../types/features.js";
import { loadedLater } from "../../common/later.js";
import { loadBody } from "../../common/doors.js";
import { debugRequestEnabled } from "../../common/debug-channel.js";
import { noop } from "../../common/log.js";

type Body = typeof import("./body.js");

/** Where the request log writes: the client's log, or with `requestLog: false` only DEBUG=hublet:request. */
interface Settings {
	toLog: boolean;
}

const QUIET = { debug: noop, info: noop, warn: noop, error: noop };

/**
The request-log feature, as @octokit/plugin-request-log is: the full entry composes it, as
@octokit/rest does, and the core entry does not, as @octokit/core logs no request
(`Hublet.plugin(requestLog)` adds it there). The `requestLog: false` option keeps its lines out of
`client.log` (mockClient's default), but not out of DEBUG=hublet:*, which promises every request
line of the full client: with DEBUG set, the debug feature (composed before it) has opened the
channel, and the wrap writes there alone. Its wrap takes its place in the hook chain when the client
is built, just outside the auth's; its code (body.ts) loads at the first request.
*/
export const requestLog: Feature<Settings, Body> = {
	name: "requestLog",
	option: "requestLog",
	check: (option) => ({ toLog: option !== false }),
	load: () => loadBody("request-log"),
	setup(body, { toLog }, { client }) {
		if (!toLog && !debugRequestEnabled()) return;
		// The client itself, or a view of it whose log is quiet: its auth and request stay the client's.
		const target = toLog ? client : Object.create(client, { log: { value: QUIET } });
		// The client's endpoint as it is now, as octokit's plugin takes it when the client is built.
		const endpoint = client.request.endpoint;
		return {
			wrap: body.now
				? body.now.requestLogWrap(target, endpoint)
				: loadedLater(async () => (await body.load()).requestLogWrap(target, endpoint)),
		};
	},
};
