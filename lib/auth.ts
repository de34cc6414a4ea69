import type { Log, RequestInterface } from "../types/request.js";
import type { EndpointOptions, RequestParameters, Route } from "../types/endpoint.js";
import { warnOnce } from "./common/log.js";

/** An auth strategy's result: called for what it knows, and hooked into every request. */
export interface Authentication {
	(options?: unknown): Promise<unknown>;
	hook?: (request: RequestInterface, route: Route | EndpointOptions, params?: RequestParameters) => Promise<unknown>;
}

const JWT = /^[\w-]+\.[\w-]+\.[\w-]+$/;

// @octokit/auth-token picks the scheme by counting dot-separated parts, not by the JWT pattern
// it uses for `tokenType`; the two differ for a three-part value with other characters.
const authorization = (token: string) => (token.split(".").length === 3 ? `bearer ${token}` : `token ${token}`);

function tokenType(token: string): string {
	if (JWT.test(token)) return "app";
	if (token.startsWith("ghs_") || token.startsWith("v1.")) return "installation";
	if (token.startsWith("ghu_")) return "user-to-server";
	return "oauth";
}

/** Wraps every request to carry one `authorization` header. */
function withHeader(header: () => string | Promise<string>, describe: () => Promise<unknown>): Authentication {
	return Object.assign(describe, {
		hook: async (request: RequestInterface, route: Route | EndpointOptions, params?: RequestParameters) => {
			const options = request.endpoint.merge(route as Route, params);
			options.headers.authorization = await header();
			return request(options as EndpointOptions);
		},
	});
}

/**
A token string, as @octokit/auth-token reads it: a JWT (three dot-separated parts) is sent
as `bearer`, anything else as `token`. A `token ` or `bearer ` prefix is accepted.
*/
export function createTokenAuth(raw: string): Authentication {
	const token = raw.replace(/^(token|bearer) +/i, "");
	const header = authorization(token);
	return withHeader(
		() => header,
		async () => ({ type: "token", token, tokenType: tokenType(token) }),
	);
}

const LEGACY_AUTH =
	'Setting the "auth" option to an object, a function or a "basic …" string is deprecated. Use a token string or an "authStrategy" instead';

/**
The `auth` forms that @octokit/rest v16 took: a `"basic …"` string, `{ username, password }`,
`{ clientId, clientSecret }`, `{ token }`, or a function that returns a token. They still
work, with a deprecation message once per client.
*/
export function createLegacyAuth(auth: unknown, log: Log): Authentication {
	warnOnce(log, LEGACY_AUTH);
	if (typeof auth === "string") return withHeader(() => auth, async () => ({ type: "basic" }));
	if (typeof auth === "function") {
		return withHeader(
			async () => createHeader(await auth()),
			async () => ({ type: "token", tokenType: "oauth" }),
		);
	}
	const value = auth as Record<string, string | undefined>;
	if (value.token) return createTokenAuth(value.token);
	const [user, secret] = value.username ? [value.username, value.password] : [value.clientId, value.clientSecret];
	if (user === undefined || secret === undefined) {
		throw new TypeError('The "auth" option must be a token string, or an object with "username" and "password"');
	}
	const basic = `basic ${Buffer.from(`${user}:${secret}`).toString("base64")}`;
	return withHeader(() => basic, async () => ({ type: "basic", username: user }));
}

function createHeader(token: unknown): string {
	const text = String(token);
	if (/^(basic|token|bearer) /i.test(text)) return text;
	return authorization(text);
}
