import type { Feature } from "../../../types/features.js";
import { loadLater, loadedLater } from "../../common/later.js";

type Body = typeof import("./body.js");

/**
The request-log feature, as @octokit/plugin-request-log is: the full entry composes it, as
@octokit/rest does, and the core entry does not, as @octokit/core logs no request
(`Hublet.plugin(requestLog)` adds it there). The `requestLog: false` option turns it off
(mockClient's default). Its wrap takes its place in the hook chain when the client is built, just
outside the auth's; its code (body.ts) loads at the first request.
*/
export const requestLog: Feature<true, Body> = {
	name: "requestLog",
	option: "requestLog",
	check: (option) => (option === false ? undefined : true),
	load: () => loadLater("feature-request-log.js", () => import("./body.js")),
	setup(body, _settings, { client }) {
		// The client's endpoint as it is now, as octokit's plugin takes it when the client is built.
		const endpoint = client.request.endpoint;
		return { wrap: body.now ? body.now.requestLogWrap(client, endpoint) : loadedLater(async () => (await body.load()).requestLogWrap(client, endpoint)) };
	},
};
