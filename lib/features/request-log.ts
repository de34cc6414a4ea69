import type { HookCollection } from "before-after-hook";
import type { EndpointInterface } from "../../types/endpoint.js";
import type { Log } from "../../types/request.js";
import { logRequests } from "../http/request-log.js";

/**
The request-log feature: one line per request to `log.debug`, `log.info` and `log.error`, as
@octokit/plugin-request-log writes them. The full client has it; on `@hublet/rest/core`,
`Hublet.plugin(requestLog)` adds it.
*/
export function requestLog(client: { hook: HookCollection<any>; log: Log; request: { endpoint: EndpointInterface } }): void {
	logRequests(client.hook, client.log, client.request.endpoint);
}
