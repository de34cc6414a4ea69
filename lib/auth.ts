import type { RequestInterface } from "../types/request.js";
import type { EndpointOptions, RequestParameters, Route } from "../types/endpoint.js";

/** An auth strategy's result: called for what it knows, and hooked into every request. */
export interface Authentication {
	(options?: unknown): Promise<unknown>;
	hook?: (request: RequestInterface, route: Route | EndpointOptions, params?: RequestParameters) => Promise<unknown>;
}

// @octokit/auth-token picks the scheme by counting dot-separated parts, not by the JWT pattern
// it uses for `tokenType`; the two differ for a three-part value with other characters.
export const authorization = (token: string) => `${token.split(".").length === 3 ? "bearer" : "token"} ${token}`;

function tokenType(token: string): string {
	if (/^[\w-]+\.[\w-]+\.[\w-]+$/.test(token)) return "app";
	if (/^(ghs_|v1\.)/.test(token)) return "installation";
	return token.startsWith("ghu_") ? "user-to-server" : "oauth";
}

/** Wraps every request to carry one `authorization` header. */
export function withHeader(header: () => string | Promise<string>, describe: () => Promise<unknown>): Authentication {
	return Object.assign(describe, {
		hook: async (request: RequestInterface, route: Route | EndpointOptions, params?: RequestParameters) => {
			const options = request.endpoint.merge(route as Route, params);
			options.headers.authorization = await header();
			return request(options as EndpointOptions);
		},
	});
}

// The `authorization` header each token auth sends, kept off the auth function (util.inspect shows
// what it holds): the request log redacts it from a line it writes before the auth hook adds it.
const headers = new WeakMap<object, string>();

/** The `authorization` header a client's token auth sends, or undefined for another auth. */
export const authorizationOf = (auth: unknown): string | undefined =>
	typeof auth === "function" ? headers.get(auth) : undefined;

/**
A token string, as @octokit/auth-token reads it: a JWT (three dot-separated parts) is sent
as `bearer`, anything else as `token`. A `token ` or `bearer ` prefix is accepted.
*/
export function createTokenAuth(raw: string): Authentication {
	// The prefix has a space, which a bare token lacks: the expression is compiled only when it may match.
	const token = raw.includes(" ") ? raw.replace(/^(token|bearer) +/i, "") : raw;
	const header = authorization(token);
	const auth = withHeader(
		() => header,
		async () => ({ type: "token", token, tokenType: tokenType(token) }),
	);
	headers.set(auth, header);
	return auth;
}
