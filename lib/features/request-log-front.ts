import type { HookCollection } from "before-after-hook";
import type { Log, RequestInterface } from "../../types/request.js";
import { bodiesOf, loadLater, loadedLater } from "../common/later.js";

/** What the request log needs from its client; `log` is read per request, as octokit's plugin does (a later plugin may replace it). */
export interface RequestLogClient {
	constructor: unknown;
	hook: HookCollection<any>;
	log: Log;
	request: RequestInterface;
}

/**
The request-log feature, a plugin as @octokit/plugin-request-log is: the full entry composes it, as
@octokit/rest does, and the core entry does not, as @octokit/core logs no request
(`Hublet.plugin(requestLog)` adds it there). The `requestLog: false` option turns it off
(mockClient's default). The wrap takes its place in the hook chain when the client is built; its
code (request-log.ts) loads at the first request.
*/
export function requestLog(client: RequestLogClient, options?: { requestLog?: unknown }): void {
	if (options?.requestLog === false) return;
	// The client's endpoint as it is now, as octokit's plugin takes it when the client is built.
	const endpoint = client.request.endpoint;
	const given = bodiesOf(client.constructor)?.requestLog as typeof import("./request-log.js") | undefined;
	const wrap = given ? given.requestLogWrap(client, endpoint) : loadedLater(async () => (await loadLater("feature-request-log.js", () => import("./request-log.js"))).requestLogWrap(client, endpoint));
	client.hook.wrap("request", wrap as never);
}
