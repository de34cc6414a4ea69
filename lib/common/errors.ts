import type { RequestOptions } from "../../types/endpoint.js";
import type { HubletResponse, RequestErrorCode, RequestErrorOptions } from "../../types/request.js";
import { RequestError as OctokitRequestError } from "@octokit/request-error";
import { brandClass } from "./brand.js";
import {
	hasUserinfo,
	isSecretHeader,
	redactCredential,
	redactProxy,
	redactText,
	redactUrl,
	secretsOf,
} from "./redact.js";
import { redactCause, redactData } from "./redact-values.js";

export { hasUserinfo, redactCredential, redactProxy, redactUrl };

/**
Copies request options with every credential replaced by `[REDACTED]`, the request's own
(`secrets`, from its headers, body and query) wherever they appear in its URL and body, and the
`client_secret` and `access_token` values of its body in any shape (nested, JSON or form text,
URLSearchParams, FormData).
*/
export function redactRequest(
	request: RequestOptions,
	secrets: readonly string[] = secretsOf(request),
): RequestOptions {
	const copy: RequestOptions = {
		...request,
		headers: { ...request.headers },
		url: redactText(String(request.url), secrets),
	};
	for (const name in copy.headers) {
		if (isSecretHeader(name) && copy.headers[name] !== undefined)
			copy.headers[name] = redactCredential(copy.headers[name]);
	}
	// A per-call `request.proxy` may carry the proxy's password, parsable or not.
	const proxy = request.request?.proxy;
	if (proxy !== undefined && proxy !== null && proxy !== false)
		copy.request = { ...request.request, proxy: redactProxy(String(proxy)) };
	if (copy.body !== undefined) copy.body = redactData(copy.body, secrets);
	return copy;
}

/**
The error every failed request rejects with: an HTTP status of 400 or more, a 304, a
network failure or timeout (status 500, no `response`), or a call that failed before
anything was sent (status 400, no `response`). `code` tells these apart without reading
the message.
*/
export class RequestError extends Error {
	// Fields, set by the constructor: they are the error's own from the start, in the order
	// `util.inspect` and `JSON.stringify` show, and a subclass's getter of the same name is shadowed,
	// not written through.
	override name = "HttpError" as const;
	status!: number;
	code!: RequestErrorCode;
	request!: RequestOptions;
	response?: HubletResponse<unknown>;

	constructor(message: string, statusCode: number, options: RequestErrorOptions) {
		// The credentials of the request being failed are in hand here: whatever a lower layer
		// wrote (a custom fetch's message, its cause chain, a parser's error) is redacted of them.
		const secrets = secretsOf(options.request);
		const { cause, response, code } = options;
		super(
			redactText(String(message), secrets),
			cause === undefined ? undefined : { cause: redactCause(cause, secrets) },
		);
		// octokit's parse, with 0 for what is not a number.
		const status = parseInt(String(statusCode), 10) || 0;
		// The `code` a status implies when the caller gives none.
		let implied: RequestErrorCode = status === 400 ? "INVALID_REQUEST" : "NETWORK_ERROR";
		if (response) implied = status === 304 ? "NOT_MODIFIED" : "HTTP_ERROR";
		// Assigned to the fields declared above, redacted of the request's secrets.
		this.status = status;
		this.code = code ?? implied;
		this.request = redactRequest(options.request, secrets);
		this.response = response;
		if (response) {
			// The response as the error keeps it: a secret in its URL or `Link` header (a paginated
			// OAuth call) is redacted, and the request's own secrets wherever the server echoed them
			// (its body, in any shape: a JSON field, a proxy's HTML page; its headers).
			const url = redactText(response.url, secrets);
			const headers = redactData(response.headers, secrets, true);
			const data = redactData(response.data, secrets);
			if (url !== response.url || headers !== response.headers || data !== response.data)
				this.response = { ...response, url, headers, data };
		}
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
