// The auth kinds a client can be made with, each with the credential it sends: none, a token, the
// legacy forms (a function, basic), an auth strategy written as octokit's are, @octokit/auth-app,
// and a token given by Hublet.defaults().
import { generateKeyPairSync } from "node:crypto";
import { createAppAuth } from "@octokit/auth-app";
import { INSTALLATION_TOKEN } from "./github.js";

// Neither looks like a GitHub token: only the exact value finds them in what a cell wrote.
export const TOKEN = "Zq7-matrix-token-Pq41";
const FUNCTION_TOKEN = "Fn2-matrix-token-Lk90";
const STRATEGY_TOKEN = "St5-matrix-token-Wd33";
export const DEFAULTS_TOKEN = "Df8-matrix-token-Ye72";
const PASSWORD = "pa55-matrix/word Qx";
const BASIC = `basic ${Buffer.from(`user:${PASSWORD}`).toString("base64")}`;
export const SECRETS = [TOKEN, FUNCTION_TOKEN, STRATEGY_TOKEN, DEFAULTS_TOKEN, PASSWORD, BASIC.slice("basic ".length), INSTALLATION_TOKEN];

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });

/** An auth strategy as octokit's are written: its hook merges the route with `request.endpoint.merge` and signs what it sends. */
export function octokitShapedStrategy({ token }) {
	const auth = async () => ({ type: "token", token, tokenType: "oauth" });
	auth.hook = async (request, route, parameters) => {
		const endpoint = request.endpoint.merge(route, parameters);
		endpoint.headers.authorization = `token ${token}`;
		return request(endpoint);
	};
	return auth;
}

/** The credential each auth kind sends with the cell's call. */
export const CREDENTIAL = {
	none: undefined,
	token: `token ${TOKEN}`,
	function: `token ${FUNCTION_TOKEN}`,
	strategy: `token ${STRATEGY_TOKEN}`,
	app: `token ${INSTALLATION_TOKEN}`,
	basic: BASIC,
	defaults: `token ${DEFAULTS_TOKEN}`,
};

/** The client options of each auth kind; `defaults` is a class made with `Class.defaults({ auth: DEFAULTS_TOKEN })`. */
export const AUTH_OPTIONS = {
	none: {},
	token: { auth: TOKEN },
	function: { auth: async () => FUNCTION_TOKEN },
	strategy: { authStrategy: octokitShapedStrategy, auth: { token: STRATEGY_TOKEN } },
	app: { authStrategy: createAppAuth, auth: { appId: 1, privateKey, installationId: 1 } },
	basic: { auth: { username: "user", password: PASSWORD } },
	defaults: {},
};

