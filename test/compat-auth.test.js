// The real @octokit/auth-* packages, used unchanged with Hublet (issue 3, item 4;
// DESIGN.md section 4 "Auth strategy"). msw plays GitHub. Run: node test/compat-auth.test.js
import { createPublicKey, generateKeyPairSync, verify } from "node:crypto";
import { createActionAuth } from "@octokit/auth-action";
import { createAppAuth } from "@octokit/auth-app";
import { createOAuthAppAuth } from "@octokit/auth-oauth-app";
import { createTokenAuth } from "@octokit/auth-token";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** Answers every api.github.com request with 200 and keeps what arrived. */
function echo(base = API) {
	const received = [];
	server.use(
		http.all(`${base}/*`, async ({ request }) => {
			received.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers) });
			return HttpResponse.json({ ok: true });
		}),
	);
	return received;
}

// ---

const exports = suite("exports");

exports("the auth packages export their factories", () => {
	for (const factory of [createTokenAuth, createAppAuth, createOAuthAppAuth, createActionAuth]) assert.type(factory, "function");
	assert.type(Hublet, "function");
});

exports.run();

// ---

const token = suite("@octokit/auth-token");
useServer(token);

const TOKENS = [
	["a classic token", "ghp_classic"],
	["an installation token", "ghs_installation"],
	["a user-to-server token", "ghu_user"],
	["a JWT", "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiIxIn0.c2lnbmF0dXJl"],
	['a "token "-prefixed token', "token ghp_prefixed"],
	["a three-part value that is not base64url (the scheme counts parts; tokenType checks the pattern)", "ab+c.de/f.gh="],
];

for (const [name, value] of TOKENS) {
	token(`new Hublet({ auth }) sends and reports ${name} exactly as createTokenAuth does`, async () => {
		const received = echo();
		const client = new Hublet({ auth: value });
		await client.request("GET /user");
		// The package itself, as the client's strategy, is the oracle for the header and the result.
		const reference = new Hublet({ authStrategy: () => createTokenAuth(value) });
		await reference.request("GET /user");
		assert.is(received[0].headers.authorization, received[1].headers.authorization);
		assert.equal(await client.auth(), await reference.auth());
		assert.equal(await client.auth(), await createTokenAuth(value)());
	});
}

token("authStrategy: ({ token }) => createTokenAuth(token), with auth: { token }", async () => {
	const received = echo();
	const client = new Hublet({ authStrategy: ({ token }) => createTokenAuth(token), auth: { token: "ghs_strategy" } });
	await client.request("GET /user");
	assert.is(received[0].headers.authorization, "token ghs_strategy");
	assert.equal(await client.auth(), { type: "token", token: "ghs_strategy", tokenType: "installation" });
});

token.run();

// ---

const app = suite("@octokit/auth-app");
useServer(app);

const APP_ID = 12345;
const { privateKey, publicKey } = generateKeyPairSync("rsa", {
	modulusLength: 2048,
	privateKeyEncoding: { type: "pkcs1", format: "pem" },
	publicKeyEncoding: { type: "spki", format: "pem" },
});

/** Checks a `bearer <JWT>` header the way GitHub would: RS256 over our key, issued by our app. */
function assertAppJwt(authorization) {
	assert.match(authorization, /^bearer [\w-]+\.[\w-]+\.[\w-]+$/);
	const jwt = authorization.slice("bearer ".length);
	const [header, payload, signature] = jwt.split(".");
	const decode = (part) => JSON.parse(Buffer.from(part, "base64url").toString());
	assert.equal(decode(header), { alg: "RS256", typ: "JWT" });
	const claims = decode(payload);
	assert.is(claims.iss, APP_ID);
	assert.ok(claims.exp > Date.now() / 1000, "the JWT has not expired");
	assert.ok(claims.exp - claims.iat <= 600, "GitHub takes JWTs of at most 10 minutes");
	const valid = verify("RSA-SHA256", Buffer.from(`${header}.${payload}`), createPublicKey(publicKey), Buffer.from(signature, "base64url"));
	assert.ok(valid, "the JWT is signed with the app's private key");
}

/** GitHub for one app installation: the token endpoint and a repository, each counting its calls. */
function github(installationId, { base = API, token = `ghs_installation_${installationId}` } = {}) {
	const calls = { app: [], tokens: [], repo: [] };
	server.use(
		http.get(`${base}/app`, ({ request }) => {
			calls.app.push(request.headers.get("authorization"));
			return HttpResponse.json({ id: APP_ID, slug: "hublet-test" });
		}),
		http.post(`${base}/app/installations/:id/access_tokens`, ({ request, params }) => {
			calls.tokens.push({ id: params.id, authorization: request.headers.get("authorization"), accept: request.headers.get("accept") });
			return HttpResponse.json(
				{ token, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { metadata: "read", issues: "write" }, repository_selection: "all" },
				{ status: 201 },
			);
		}),
		http.get(`${base}/repos/:owner/:repo`, ({ request }) => {
			calls.repo.push(request.headers.get("authorization"));
			return HttpResponse.json({ full_name: "octocat/hello-world" });
		}),
	);
	return calls;
}

const appClient = (auth, options = {}) => new Hublet({ authStrategy: createAppAuth, auth: { appId: APP_ID, privateKey, ...auth }, log: quiet, ...options });

app("client.rest.apps.getAuthenticated(): GET /app is sent with the app's JWT", async () => {
	const calls = github(1);
	const client = appClient({ installationId: 1 });
	const { data } = await client.rest.apps.getAuthenticated();
	assert.is(data.id, APP_ID);
	assert.is(calls.app.length, 1);
	assertAppJwt(calls.app[0]);
	assert.equal(calls.tokens, [], "an app route needs no installation token");
});

app("client.rest.repos.get(): JWT, then POST /app/installations/{id}/access_tokens, then the request with the installation token", async () => {
	const calls = github(2);
	const client = appClient({ installationId: 2 });
	const { data } = await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
	assert.is(data.full_name, "octocat/hello-world");
	assert.is(calls.tokens.length, 1);
	assert.is(calls.tokens[0].id, "2");
	assertAppJwt(calls.tokens[0].authorization);
	// auth-app asks for the machine-man preview; as @octokit/endpoint 11 does, previews go to /graphql only (issue 10).
	assert.is(calls.tokens[0].accept, "application/vnd.github.v3+json");
	assert.equal(calls.repo, ["token ghs_installation_2"]);
});

app("client.rest.repos.get(): a second request reuses the cached installation token", async () => {
	const calls = github(3);
	const client = appClient({ installationId: 3 });
	await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
	await client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world" });
	assert.is(calls.tokens.length, 1);
	assert.equal(calls.repo, ["token ghs_installation_3", "token ghs_installation_3"]);
});

app("concurrent requests share one token request", async () => {
	const calls = github(4);
	const client = appClient({ installationId: 4 });
	await Promise.all([1, 2, 3].map(() => client.rest.repos.get({ owner: "octocat", repo: "hello-world" })));
	assert.is(calls.tokens.length, 1);
	assert.equal(calls.repo, ["token ghs_installation_4", "token ghs_installation_4", "token ghs_installation_4"]);
});

app('client.auth({ type: "installation" }): fetches the token through the strategy\'s request, then serves it from the cache', async () => {
	const calls = github(5);
	const client = appClient({ installationId: 5 });
	const first = await client.auth({ type: "installation" });
	assert.is(first.type, "token");
	assert.is(first.tokenType, "installation");
	assert.is(first.token, "ghs_installation_5");
	assert.equal(first.permissions, { metadata: "read", issues: "write" });
	assert.is(calls.tokens.length, 1);
	assertAppJwt(calls.tokens[0].authorization);
	await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
	assert.is(calls.tokens.length, 1, "the request used the token client.auth() cached");
	assert.equal(calls.repo, ["token ghs_installation_5"]);
});

app('client.auth({ type: "app" }): the JWT', async () => {
	const client = appClient({ installationId: 6 });
	const result = await client.auth({ type: "app" });
	assert.is(result.type, "app");
	assert.is(result.appId, APP_ID);
	assertAppJwt(`bearer ${result.token}`);
});

app("baseUrl: a GitHub Enterprise Server app gets its token from the same host", async () => {
	const base = "https://ghe.test/api/v3";
	const calls = github(7, { base, token: "ghs_enterprise" });
	const client = appClient({ installationId: 7 }, { baseUrl: base });
	await client.rest.apps.getAuthenticated();
	await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
	assertAppJwt(calls.app[0]);
	assert.is(calls.tokens.length, 1);
	assert.equal(calls.repo, ["token ghs_enterprise"]);
});

app("a failed token request rejects the call with the RequestError, and nothing else is sent", async () => {
	const repo = [];
	server.use(
		http.post(`${API}/app/installations/:id/access_tokens`, () =>
			HttpResponse.json({ message: "Integration not found", documentation_url: "https://docs.github.com" }, { status: 404 }),
		),
		http.get(`${API}/repos/:owner/:repo`, () => {
			repo.push(1);
			return HttpResponse.json({});
		}),
	);
	const client = appClient({ installationId: 8 });
	try {
		await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 404);
		assert.match(error.message, /Integration not found/);
		assert.is(error.request.headers.authorization, "bearer [REDACTED]");
	}
	assert.equal(repo, []);
});

app("new Hublet(): createAppAuth's own option checks still throw", () => {
	assert.throws(() => new Hublet({ authStrategy: createAppAuth, auth: { privateKey } }), /appId option is required/);
});

app.run();

// ---

const oauthApp = suite("@octokit/auth-oauth-app");
useServer(oauthApp);

const CLIENT_ID = "Iv1.8a61f9b3a7aba766";
const CLIENT_SECRET = "1f2d3c4b5a6978";
const BASIC = `basic ${Buffer.from(`${CLIENT_ID}:${CLIENT_SECRET}`).toString("base64")}`;
const oauthClient = () => new Hublet({ authStrategy: createOAuthAppAuth, auth: { clientId: CLIENT_ID, clientSecret: CLIENT_SECRET }, log: quiet });

oauthApp("client.request('POST /applications/{client_id}/token'): basic auth with the client id and secret", async () => {
	const received = [];
	server.use(
		http.post(`${API}/applications/:clientId/token`, async ({ request, params }) => {
			received.push({ clientId: params.clientId, authorization: request.headers.get("authorization"), body: await request.json() });
			return HttpResponse.json({ id: 1, token: "gho_checked", app: { client_id: CLIENT_ID } });
		}),
	);
	const client = oauthClient();
	const { data } = await client.request("POST /applications/{client_id}/token", { client_id: CLIENT_ID, access_token: "gho_checked" });
	assert.is(data.token, "gho_checked");
	assert.equal(received, [{ clientId: CLIENT_ID, authorization: BASIC, body: { access_token: "gho_checked" } }]);
});

oauthApp("a 401 gets the strategy's message, on Hublet's RequestError with the secret redacted", async () => {
	server.use(http.post(`${API}/applications/:clientId/token`, () => HttpResponse.json({ message: "Bad credentials" }, { status: 401 })));
	try {
		await oauthClient().request("POST /applications/{client_id}/token", { client_id: CLIENT_ID, access_token: "gho_secret_token" });
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 401);
		assert.match(error.message, /\[@octokit\/auth-oauth-app\] "POST \/applications\/\{client_id\}\/token" does not support/);
		assert.is(error.request.headers.authorization, "basic [REDACTED]");
		assert.not.match(JSON.stringify(error.request), /gho_secret_token|1f2d3c4b5a6978/);
	}
});

oauthApp('client.auth({ type: "oauth-app" }): the basic authorization header', async () => {
	assert.equal(await oauthClient().auth({ type: "oauth-app" }), {
		type: "oauth-app",
		clientId: CLIENT_ID,
		clientSecret: CLIENT_SECRET,
		clientType: "oauth-app",
		headers: { authorization: BASIC },
	});
});

oauthApp('client.auth({ type: "oauth-user", code }): exchanges the code at https://github.com/login/oauth/access_token', async () => {
	const received = [];
	server.use(
		http.post("https://github.com/login/oauth/access_token", async ({ request }) => {
			received.push({ accept: request.headers.get("accept"), authorization: request.headers.get("authorization"), body: await request.json() });
			return HttpResponse.json({ access_token: "gho_user", scope: "repo", token_type: "bearer" });
		}),
	);
	const result = await oauthClient().auth({ type: "oauth-user", code: "c0de" });
	assert.is(result.type, "token");
	assert.is(result.tokenType, "oauth");
	assert.is(result.token, "gho_user");
	assert.equal(result.scopes, ["repo"]);
	assert.is(received.length, 1);
	assert.is(received[0].accept, "application/json");
	assert.is(received[0].authorization, null);
	assert.equal(received[0].body, { client_id: CLIENT_ID, client_secret: CLIENT_SECRET, code: "c0de" });
});

oauthApp("any other route is sent with basic auth too, as an OAuth app may", async () => {
	const received = echo();
	await oauthClient().rest.repos.get({ owner: "octocat", repo: "hello-world" });
	assert.is(received[0].headers.authorization, BASIC);
});

oauthApp.run();

// ---

const action = suite("@octokit/auth-action");
useServer(action);

const ACTION_ENV = ["GITHUB_ACTION", "GITHUB_TOKEN", "INPUT_GITHUB_TOKEN", "INPUT_TOKEN"];
let savedEnv;
action.before.each(() => {
	savedEnv = Object.fromEntries(ACTION_ENV.map((name) => [name, process.env[name]]));
	for (const name of ACTION_ENV) delete process.env[name];
});
action.after.each(() => {
	for (const [name, value] of Object.entries(savedEnv)) {
		if (value === undefined) delete process.env[name];
		else process.env[name] = value;
	}
});

action("GITHUB_TOKEN from the environment authenticates every request", async () => {
	process.env.GITHUB_ACTION = "run1";
	process.env.GITHUB_TOKEN = "ghs_from_actions";
	const received = echo();
	const client = new Hublet({ authStrategy: createActionAuth });
	await client.rest.repos.get({ owner: "octocat", repo: "hello-world" });
	await client.request("GET /user");
	assert.equal(
		received.map((r) => r.headers.authorization),
		["token ghs_from_actions", "token ghs_from_actions"],
	);
	assert.equal(await client.auth(), { type: "token", token: "ghs_from_actions", tokenType: "installation" });
});

action("INPUT_TOKEN (a `with: token` input) works the same", async () => {
	process.env.GITHUB_ACTION = "run1";
	process.env.INPUT_TOKEN = "ghs_from_input";
	const received = echo();
	await new Hublet({ authStrategy: createActionAuth }).request("GET /user");
	assert.is(received[0].headers.authorization, "token ghs_from_input");
});

action("outside GitHub Actions the strategy's error comes out of the constructor", () => {
	process.env.GITHUB_TOKEN = "ghs_from_actions";
	assert.throws(() => new Hublet({ authStrategy: createActionAuth }), /`GITHUB_ACTION` environment variable is not set/);
});

action.run();
