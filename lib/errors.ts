import type { RequestOptions } from "../types/endpoint.js";
import type { HubletResponse, RequestErrorOptions } from "../types/request.js";

// Query and body keys whose values are credentials (OAuth app secrets and user tokens).
const SECRET_KEYS = ["client_secret", "access_token"];
const SECRET_QUERY = new RegExp(`(?<=[?&])(${SECRET_KEYS.join("|")})=[^&#]*`, "g");

/**
Copies request options with every credential replaced by `[REDACTED]`: the scheme of the
`authorization` header is kept so that logs still tell a token from a JWT.
*/
export function redactRequest(request: RequestOptions): RequestOptions {
	const copy: RequestOptions = { ...request, headers: { ...request.headers } };
	const authorization = copy.headers.authorization;
	if (authorization !== undefined) {
		copy.headers.authorization = String(authorization).replace(/(?<! ) .*$/, " [REDACTED]");
	}
	copy.url = redactUrl(copy.url);
	if (isPlainObject(copy.body) && SECRET_KEYS.some((key) => key in copy.body)) {
		copy.body = { ...copy.body };
		for (const key of SECRET_KEYS) if (key in copy.body) copy.body[key] = "[REDACTED]";
	}
	return copy;
}

/** Replaces secret query values in a URL. */
export function redactUrl(url: string): string {
	return url.replace(SECRET_QUERY, "$1=[REDACTED]");
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
	return typeof value === "object" && value !== null && Object.getPrototypeOf(value) === Object.prototype;
}

/**
The error every failed request rejects with: an HTTP status of 400 or more, a 304, a
network failure or timeout (status 500, no `response`), or a call that failed validation
before anything was sent (status 400, no `response`).
*/
export class RequestError extends Error {
	override name = "HttpError" as const;
	status: number;
	request: RequestOptions;
	response?: HubletResponse<unknown>;

	constructor(message: string, statusCode: number, options: RequestErrorOptions) {
		super(message, options.cause === undefined ? undefined : { cause: options.cause });
		this.status = Number.parseInt(String(statusCode), 10);
		if (Number.isNaN(this.status)) this.status = 0;
		if ("response" in options && options.response) this.response = options.response;
		this.request = redactRequest(options.request);
	}
}
