import type { EndpointInterface, EndpointOptions, MergedOptions } from "../../../types/endpoint.js";
import type { HubletResponse, Log, RequestInterface } from "../../../types/request.js";
import { RequestError } from "../../common/errors.js";
import { lowercaseKeys } from "../../common/objects.js";
import { credentialsOf, redactText, secretsOfBody } from "../../common/redact.js";
import { authorizationOf } from "../../auth.js";
import { noop } from "../../common/log.js";
import { debugRequest, debugRequestEnabled } from "../../common/debug-channel.js";
import { withoutBaseUrl } from "../../common/url.js";
import type { HookCollection } from "before-after-hook";

/**
What the request log needs from its client; `log` is read per request, as octokit's plugin does (a
later plugin may replace it).
*/
export interface RequestLogClient {
	hook: HookCollection<any>;
	log: Log;
	request: RequestInterface;
	auth?: unknown;
}

// Failures of a request that no attempt of sent: refused before sending (a URL or header fetch
// refuses, a limit spent past retry.maxWait) or never able to (its code or a package did not
// load). With a response, a code says what the server answered instead. A route the server lacks
// never reaches this wrap: the server tables' check is a guard, outside it (client.ts).
const REFUSED_BEFORE_SENDING = new Set<string>(["INVALID_REQUEST", "RATE_LIMITED", "LOAD_FAILED", "MISSING_PACKAGE"]);

/**
Whether `error` ends a request that was never sent: a refusal above, or what is no RequestError
and not the caller's abort (a check before the attempt, an auth hook that could not get a
token). A network error, a timeout and an abort while the request was out were sent, or tried.
*/
function neverSent(error: unknown, signal: AbortSignal | undefined): boolean {
	if (error instanceof RequestError) return error.response === undefined && REFUSED_BEFORE_SENDING.has(error.code);
	return !signal?.aborted;
}

/** A character of the request id as the line shows it: `\x9b`, `\u{202e}`. */
const escapedChar = (code: number) =>
	code <= 0xff ? `\\x${code.toString(16).padStart(2, "0")}` : `\\u{${code.toString(16)}}`;

/**
The wrap that logs one request (index.ts has the client register it): `GET /repos/o/r` to
`log.debug` when a request starts, then
`GET /repos/o/r - 200 with id <x-github-request-id> in 87ms` to `log.info` (successes) or
`log.error` (failures), and every line to `DEBUG=hublet:request`.
A wrap's `request` is the next hook, not a request function, hence the client's `endpoint`. A line holds
the method and path only, with secret query values redacted, so no credential reaches a log.
A request that is never sent has no result line (`neverSent`), and one whose signal has aborted
before it starts has none at all: the log lists what reached the network.
*/
export function requestLogWrap(client: RequestLogClient, endpoint: EndpointInterface) {
	return async (request: RequestInterface, options: MergedOptions) => {
		const signal = (options.request as { signal?: AbortSignal } | undefined)?.signal;
		if (signal?.aborted) return request(options as EndpointOptions);
		// Read per request, as octokit's plugin does: a later plugin may replace `client.log`.
		const { log } = client;
		const start = Date.now();
		let described: string | undefined;
		// The credentials this request goes with: a header the call gives, or the client's token
		// (the auth hook adds it below this wrap), and once answered, what the transport sent.
		const secretsOf = (headers: object, response?: object) => {
			const secrets = [
				...credentialsOf({ authorization: authorizationOf((client as { auth?: unknown }).auth) }),
				...secretsOfBody(response),
				...credentialsOf(lowercaseKeys(headers)),
			];
			return secrets.sort((a, b) => b.length - a.length);
		};
		let secrets: string[] = [];
		const describe = (response?: object) => {
			if (described === undefined || response) {
				const { method, url, headers } = endpoint.parse(options);
				secrets = secretsOf(headers, response);
				described = `${method} ${redactText(withoutBaseUrl(url, options.baseUrl), secrets)}`;
			}
			return described;
		};
		// The id is the server's header: it may echo the credential, or hold bytes that would drive a
		// terminal under DEBUG (C1 controls arrive as obs-text), so both are taken out of the line.
		const shownId = (requestId: unknown) =>
			requestId === undefined
				? "UNKNOWN"
				: redactText(String(requestId), secrets).replace(/[^\x21-\x7e]/gu, (char) => escapedChar(char.codePointAt(0)!));
		const finish = (status: number | string, requestId: unknown, response?: object) =>
			`${describe(response)} - ${status} with id ${shownId(requestId)} in ${Date.now() - start}ms`;

		// Building a line costs a parse, so it is skipped when nobody reads it.
		if (log.debug !== noop) log.debug(describe());
		try {
			const response: HubletResponse<unknown> = await request(options as EndpointOptions);
			if (debugRequestEnabled() || log.info !== noop) {
				const line = finish(
					response.revalidated ? "304 (cached)" : response.status,
					response.headers["x-github-request-id"],
					response,
				);
				debugRequest(line);
				log.info(line);
			}
			return response;
		} catch (error) {
			if (neverSent(error, signal)) throw error;
			const failure = error instanceof RequestError ? error : undefined;
			// The error's request is redacted with the credential the request carried (the auth
			// hook adds it below this wrap), so a token passed as a path parameter stays out of the line.
			if (failure) described = `${failure.request.method} ${withoutBaseUrl(failure.request.url, options.baseUrl)}`;
			const line = finish(failure?.status ?? "failed", failure?.response?.headers["x-github-request-id"]);
			debugRequest(line);
			log.error(line);
			throw error;
		}
	};
}
