// Conditional requests with the other layers (issue 14, item 5): auth strategies,
// @octokit/plugin-throttling, @octokit/plugin-retry and DEBUG=hublet:*, over a real server on
// 127.0.0.1 that honours If-None-Match. Run: node test/cache-layers.test.js
import { spawn } from "node:child_process";
import { generateKeyPairSync } from "node:crypto";
import { createAppAuth } from "@octokit/auth-app";
import { createTokenAuth } from "@octokit/auth-token";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import sinon from "sinon";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, legacyAuth } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { RATE_LIMIT, startEtagServer } from "./helpers/etag-server.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, legacyAuth);

const REPO = { id: 1, full_name: "o/r" };
let api;

async function fresh() {
	await api?.close();
	api = await startEtagServer({
		"/repos/o/r": { body: REPO },
		// The login of `token ghp_alice` is alice.
		"/user": { body: (who) => ({ login: who.split("_").at(-1) }) },
		"POST /app/installations/1/access_tokens": {
			body: () => ({ token: `ghs_installation_${api.requests.length}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { metadata: "read" } }),
		},
	});
}

const getRepo = (client) => client.rest.repos.get({ owner: "o", repo: "r" });
const conditional = (path = "/repos/o/r") => api.requestsTo(path).map((request) => request.headers["if-none-match"] !== undefined);
const builtInRetries = (lines) => lines.info.filter((line) => / - retry \d+ of \d+ after /.test(line));

// ---

const plugins = suite("@octokit/plugin-throttling and @octokit/plugin-retry");
plugins.before.each(fresh);
plugins.after(() => api?.close());

const throttle = () => ({ onRateLimit: sinon.spy(() => true), onSecondaryRateLimit: sinon.spy(() => true), retryAfterBaseValue: 1 });

plugins("plugin-throttling: a revalidated response goes through, and no handler is called", async () => {
	const options = throttle();
	const client = new (Hublet.plugin(throttling))({ baseUrl: api.baseUrl, auth: "ghp_a", cache: true, throttle: options });
	await getRepo(client);
	const second = await getRepo(client);
	assert.is(second.revalidated, true);
	assert.equal(second.data, REPO);
	assert.is(options.onRateLimit.callCount + options.onSecondaryRateLimit.callCount, 0);
});

plugins("plugin-throttling: a rate limit on a revalidation reaches onSecondaryRateLimit, and the plugin's retry revalidates", async () => {
	const options = throttle();
	const { log, lines } = capturingLog();
	const client = new (Hublet.plugin(throttling))({ baseUrl: api.baseUrl, auth: "ghp_a", cache: true, throttle: options, log });
	await getRepo(client);
	api.failNext("/repos/o/r", 403, { "retry-after": "1" }, "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.");
	const second = await getRepo(client);
	assert.is(options.onSecondaryRateLimit.callCount, 1, "the plugin saw the limit untouched");
	assert.equal(conditional(), [false, true, true], "the plugin's retry kept the validators");
	assert.is(second.revalidated, true);
	assert.equal(builtInRetries(lines), []);
});

plugins("plugin-retry: a 502 on a revalidation is retried by the plugin, conditionally, and resolves revalidated", async () => {
	const { log, lines } = capturingLog();
	const client = new (Hublet.plugin(retry))({ baseUrl: api.baseUrl, auth: "ghp_a", cache: true, retry: { retryAfterBaseValue: 1 }, log });
	await getRepo(client);
	api.failNext("/repos/o/r", 502);
	const second = await getRepo(client);
	assert.equal(conditional(), [false, true, true]);
	assert.is(second.revalidated, true);
	assert.equal(builtInRetries(lines), [], "only the plugin retried");
});

plugins("both plugins, as octokit ships them: ten polls cost one request of the rate limit", async () => {
	const client = new (Hublet.plugin(retry, throttling))({ baseUrl: api.baseUrl, auth: "ghp_a", cache: true, throttle: throttle(), retry: { retryAfterBaseValue: 1 } });
	const remaining = [];
	for (let poll = 0; poll < 10; poll++) remaining.push((await getRepo(client)).headers["x-ratelimit-remaining"]);
	assert.equal(remaining, Array(10).fill(String(RATE_LIMIT - 1)));
});

plugins.run();

// ---

const auth = suite("auth strategies");
auth.before.each(fresh);
auth.after(() => api?.close());

auth("@octokit/auth-token as authStrategy: the key is the header its hook sets; two tokens kept apart", async () => {
	const store = new Map();
	const alice = new Hublet({ baseUrl: api.baseUrl, authStrategy: ({ token }) => createTokenAuth(token), auth: { token: "ghp_alice" }, cache: store });
	const bob = new Hublet({ baseUrl: api.baseUrl, authStrategy: ({ token }) => createTokenAuth(token), auth: { token: "ghp_bob" }, cache: store });
	assert.is((await alice.request("GET /user")).data.login, "alice");
	assert.is((await bob.request("GET /user")).data.login, "bob");
	const again = await alice.request("GET /user");
	assert.is(again.revalidated, true);
	assert.is(again.data.login, "alice");
	assert.equal(conditional("/user"), [false, false, true]);
	assert.is(store.size, 2);
	assert.not.ok([...store].join().includes("ghp_"), "no token in the store");
});

auth("@octokit/auth-app: the token request (a POST) is not cached; reads with the installation token revalidate", async () => {
	const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs1", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });
	const client = new Hublet({ baseUrl: api.baseUrl, authStrategy: createAppAuth, auth: { appId: 1, privateKey, installationId: 1 }, cache: true });
	await getRepo(client);
	const second = await getRepo(client);
	assert.is(second.revalidated, true);
	assert.equal(api.requests.map((request) => `${request.method} ${request.url}`), ["POST /app/installations/1/access_tokens", "GET /repos/o/r", "GET /repos/o/r"]);
	assert.equal(conditional(), [false, true]);
});

auth("a strategy whose token rotates: the new token starts with no entries, then revalidates its own", async () => {
	let token = "ghs_first";
	const rotating = () => Object.assign(async () => ({ type: "token", token }), {
		hook: (request, route, parameters) => {
			const endpoint = request.endpoint.merge(route, parameters);
			endpoint.headers.authorization = `token ${token}`;
			return request(endpoint);
		},
	});
	const client = new Hublet({ baseUrl: api.baseUrl, authStrategy: rotating, cache: true });
	await getRepo(client);
	await getRepo(client);
	token = "ghs_second";
	const afterRotation = await getRepo(client);
	const again = await getRepo(client);
	assert.is(afterRotation.revalidated, undefined);
	assert.is(again.revalidated, true);
	assert.equal(conditional(), [false, true, false, true]);
});

auth.run();

// ---

const debug = suite("DEBUG=hublet:*");
debug.before(fresh);
debug.after(() => api?.close());

debug("says 304 (cached) for a revalidated response, and never shows the token", async () => {
	const child = spawn(process.execPath, ["test/fixtures/cache-debug-run.js", api.baseUrl], {
		env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" },
	});
	let stderr = "";
	child.stderr.on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on("close", resolve));
	assert.is(code, 0, stderr);
	assert.match(stderr, /hublet:request GET \/repos\/o\/r - 200 with id REQ-1 in \d+ms/);
	assert.match(stderr, /hublet:request GET \/repos\/o\/r - 304 \(cached\) with id REQ-2 in \d+ms/);
	assert.not.match(stderr, /neverlogged/);
});

debug.run();
