import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, RequestErrorCode, RequestErrorOptions } from "../../types/request.js";
import { RequestError as OctokitRequestError } from "@octokit/request-error";
import { brandClass } from "./brand.js";
import { isPlainObject } from "./objects.js";

// Query and body keys whose values are credentials (OAuth app secrets and user tokens).
const SECRET_KEYS = ["client_secret", "access_token"];
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_KEYS.join("|")})=)[^&#;]*`, "gi");
// `https://user:password@host`: fetch refuses such a URL, but its text must not travel.
const USERINFO = /^([a-z][a-z\d+.-]*:\/\/)[^/?#@]*@/i;
// Headers whose whole value is a credential, whatever its scheme.
const SECRET_HEADERS = ["authorization", "proxy-authorization", "cookie"];

/** Replaces secret query values and `user:password@` in a URL (or in a `Link` header of URLs). */
export function redactUrl(url: string): string {
	SECRET_QUERY.lastIndex = 0;
	const hasUserinfo = url.includes("@");
	if (!hasUserinfo && !SECRET_QUERY.test(url)) return url;
	const redacted = url.replace(SECRET_QUERY, "$1[REDACTED]");
	return hasUserinfo ? redacted.replace(/(^|<)([a-z][a-z\d+.-]*:\/\/)[^/?#@<>\s]*@/gi, "$1$2[REDACTED]@") : redacted;
}

/** Whether a URL carries `user:password@`. */
export const hasUserinfo = (url: string) => USERINFO.test(url);

/**
An `authorization` value with the credential replaced: the scheme is kept (`token`, `bearer`,
`basic`) so that a log still tells a token from a JWT, and a bare value with no scheme is
replaced whole.
*/
export function redactCredential(value: unknown): string {
	const text = String(value);
	const scheme = /^([A-Za-z][\w-]*) +\S/.exec(text);
	return scheme ? `${scheme[1]} [REDACTED]` : "[REDACTED]";
}

/** Copies request options with every credential replaced by `[REDACTED]`. */
export function redactRequest(request: RequestOptions): RequestOptions {
	const copy: RequestOptions = { ...request, headers: { ...request.headers } };
	for (const name of SECRET_HEADERS) {
		if (copy.headers[name] !== undefined) copy.headers[name] = redactCredential(copy.headers[name]);
	}
	copy.url = redactUrl(String(copy.url));
	if (isPlainObject(copy.body) && SECRET_KEYS.some((key) => key in copy.body)) {
		copy.body = { ...copy.body };
		for (const key of SECRET_KEYS) if (key in copy.body) copy.body[key] = "[REDACTED]";
	}
	return copy;
}

/** The response as an error keeps it: a secret in its URL or `Link` header (a paginated OAuth call) is redacted. */
function redactResponse(response: HubletResponse<unknown>): HubletResponse<unknown> {
	const url = redactUrl(response.url);
	const link = response.headers.link;
	const redactedLink = typeof link === "string" ? redactUrl(link) : link;
	if (url === response.url && redactedLink === link) return response;
	return { ...response, url, headers: { ...response.headers, link: redactedLink } };
}

/** The `code` a status implies when the caller gives none. */
function defaultCode(status: number, response: unknown): RequestErrorCode {
	if (!response) return status === 400 ? "INVALID_REQUEST" : "NETWORK_ERROR";
	return status === 304 ? "NOT_MODIFIED" : "HTTP_ERROR";
}

/**
The error every failed request rejects with: an HTTP status of 400 or more, a 304, a
network failure or timeout (status 500, no `response`), or a call that failed before
anything was sent (status 400, no `response`). `code` tells these apart without reading
the message.
*/
export class RequestError extends Error {
	override name = "HttpError" as const;
	status: number;
	code: RequestErrorCode;
	request: RequestOptions;
	response?: HubletResponse<unknown>;

	constructor(message: string, statusCode: number, options: RequestErrorOptions) {
		super(message, options.cause === undefined ? undefined : { cause: options.cause });
		this.status = Number.parseInt(String(statusCode), 10);
		if (Number.isNaN(this.status)) this.status = 0;
		this.code = options.code ?? defaultCode(this.status, options.response);
		if ("response" in options && options.response) this.response = redactResponse(options.response);
		this.request = redactRequest(options.request);
	}
}

/*
Every RequestError is also an instance of @octokit/request-error's class, the copy the user's
project resolves (a peer dependency, external to dist/), so `error instanceof RequestError`
written against octokit takes the same branch. Only the prototype is re-parented: the
constructor still calls Error's, never octokit's, because version 5's constructor defines
non-configurable `code` and `headers` getters on each instance that print a deprecation
warning and would shadow Hublet's `code`. Versions 5 to 7 set no other state that Hublet's
constructor does not set itself.
*/
Object.setPrototypeOf(RequestError.prototype, OctokitRequestError.prototype);
brandClass(RequestError, "@hublet/rest.RequestError");
