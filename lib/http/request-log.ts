import type { HookCollection } from "before-after-hook";
import type { EndpointInterface, EndpointOptions, MergedOptions } from "../../types/endpoint.js";
import type { HubletResponse, Log, RequestInterface } from "../../types/request.js";
import { RequestError, redactUrl } from "../common/errors.js";
import { debugRequest, noop } from "../common/log.js";
import { withoutBaseUrl } from "../common/url.js";

/**
Logs each request as @octokit/plugin-request-log does: `GET /repos/o/r` to `log.debug` when
it starts, then `GET /repos/o/r - 200 with id <x-github-request-id> in 87ms` to `log.info`
(successes) or `log.error` (failures), and every line to `DEBUG=hublet:request`.
A wrap's `request` is the next hook, not a request function, hence the client's `endpoint`. A line holds
the method and path only, with secret query values redacted, so no credential reaches a log.
*/
export function logRequests(hook: HookCollection<any>, log: Log, endpoint: EndpointInterface): void {
	hook.wrap("request", (async (request: RequestInterface, options: MergedOptions) => {
		const start = Date.now();
		let described: string | undefined;
		const describe = () => {
			if (described === undefined) {
				const { method, url } = endpoint.parse(options);
				described = `${method} ${redactUrl(withoutBaseUrl(url, options.baseUrl))}`;
			}
			return described;
		};
		const finish = (status: number | string, requestId: unknown) =>
			`${describe()} - ${status} with id ${requestId ?? "UNKNOWN"} in ${Date.now() - start}ms`;

		// Building a line costs a parse, so it is skipped when nobody reads it.
		if (log.debug !== noop) log.debug(describe());
		try {
			const response: HubletResponse<unknown> = await request(options as EndpointOptions);
			if (debugRequest.enabled || log.info !== noop) {
				const line = finish(response.revalidated ? "304 (cached)" : response.status, response.headers["x-github-request-id"]);
				debugRequest(line);
				log.info(line);
			}
			return response;
		} catch (error) {
			const failure = error instanceof RequestError ? error : undefined;
			const line = finish(failure?.status ?? "failed", failure?.response?.headers["x-github-request-id"]);
			debugRequest(line);
			log.error(line);
			throw error;
		}
	}) as never);
}
