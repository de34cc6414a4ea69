// Issue 11, items 5, 6 and 7: no secret in any error, inspection or log line; no token to
// another origin; no endless walk over a self-referencing Link. Real sockets on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { spawn } from "node:child_process";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

const SECRET = "s3cr3t-value-0123456789";

let loop;
let other;

/** Every place a secret could surface, each checked separately so that a failure names it. */
function assertNowhere(secret, error, lines) {
	assert.ok(error, "there is an error to look at");
	const channels = {
		"error.message": error.message,
		"error.request": JSON.stringify(error.request),
		"error.cause": inspect(error.cause, { depth: Infinity, showHidden: true }),
		"util.inspect(error)": inspect(error, { depth: Infinity, showHidden: true }),
		"JSON.stringify(error)": JSON.stringify(error),
		"String(error)": String(error),
		"error.stack": String(error.stack),
		"log lines": Object.values(lines).flat().join("\n"),
	};
	for (const [channel, text] of Object.entries(channels)) {
		assert.not.ok(String(text).includes(secret), `the secret appears in ${channel}`);
	}
}

function setup(options = {}) {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: loop.baseUrl, log, retry: { retries: 1, minTimeout: 0 }, ...options });
	return { client, lines };
}

async function route(request, response) {
	const url = new URL(request.url, "http://x");
	const page = Number(url.searchParams.get("page") ?? 1);
	switch (url.pathname) {
		case "/unauthorized":
			return sendJson(response, 401, { message: "Bad credentials" });
		case "/stall":
			return;
		case "/pages-with-token":
			// Page 2's link carries the token in its query, as some OAuth flows leave it; page 2 fails.
			if (page === 1) return sendJson(response, 200, [1], { link: `<${loop.baseUrl}/pages-with-token?page=2&access_token=${SECRET}>; rel="next"` });
			return sendJson(response, 500, { message: "boom" }, { link: `<${loop.baseUrl}/pages-with-token?page=3&client_secret=${SECRET}>; rel="next"` });
		case "/to-other-origin":
			return sendJson(response, 200, [1], { link: `<${other.baseUrl}/elsewhere?page=2>; rel="next"` });
		case "/loop":
			// Every page points at page 2, which points at itself.
			return sendJson(response, 200, [page], { link: `<${loop.baseUrl}/loop?page=2>; rel="next"` });
		default:
			return sendJson(response, 200, {});
	}
}

// ---

const secrets = suite("secrets never leak (item 5)");
secrets.before(async () => (loop = await startServer(route)));
secrets.after(() => loop.close());

const schemes = [
	["a token (token scheme)", { auth: `ghp_${SECRET}` }],
	["a JWT (bearer scheme)", { auth: `eyJhbGciOiJSUzI1NiJ9.${SECRET}.c2ln` }],
	["a Bearer header set by hand", { headers: { authorization: `Bearer ${SECRET}` } }],
	["a header with no scheme at all", { headers: { authorization: SECRET } }],
	["a basic header", { headers: { Authorization: `Basic ${SECRET}` } }],
];

for (const [name, { auth, headers }] of schemes) {
	secrets(`${name}: an HTTP error`, async () => {
		const { client, lines } = setup(auth ? { auth } : {});
		const error = await client.request("GET /unauthorized", { headers }).catch((e) => e);
		assert.is(error.status, 401);
		assert.ok(loop.requests.at(-1).headers.authorization.includes(SECRET), "the server did get the credential");
		assertNowhere(SECRET, error, lines);
	});

	secrets(`${name}: a timed-out request`, async () => {
		const capture = capturingLog();
		const client = new Hublet({ baseUrl: loop.baseUrl, ...(auth ? { auth } : {}), log: capture.log, retry: false });
		const error = await client.request("GET /stall", { headers, request: { timeout: 30 } }).catch((e) => e);
		assert.is(error.code, "TIMEOUT");
		assertNowhere(SECRET, error, capture.lines);
	});

	secrets(`${name}: a network failure`, async () => {
		const closed = await startServer(() => {});
		await closed.close();
		const capture = capturingLog();
		const client = new Hublet({ baseUrl: closed.baseUrl, ...(auth ? { auth } : {}), log: capture.log, retry: { retries: 1, minTimeout: 0 } });
		const error = await client.request("GET /x", { headers }).catch((e) => e);
		assert.is(error.code, "NETWORK_ERROR");
		assertNowhere(SECRET, error, capture.lines);
	});
}

secrets("access_token and client_secret in a query string", async () => {
	const { client, lines } = setup();
	const error = await client.request(`GET /unauthorized?client_id=abc&client_secret=${SECRET}&access_token=${SECRET}`).catch((e) => e);
	assert.is(error.status, 401);
	assert.match(error.request.url, /client_id=abc&client_secret=\[REDACTED\]&access_token=\[REDACTED\]/);
	assertNowhere(SECRET, error, lines);
});

secrets("access_token in a Link URL that paginate follows, with the failing page's own Link", async () => {
	const { client, lines } = setup({ retry: false });
	const error = await client.paginate("GET /pages-with-token").catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.ok(loop.requests.some((r) => r.url.includes(SECRET)), "the link was followed");
	assertNowhere(SECRET, error, lines);
});

secrets("client_secret and access_token in a body", async () => {
	const { client, lines } = setup();
	const error = await client.request("POST /unauthorized", { client_id: "abc", client_secret: SECRET, access_token: SECRET }).catch((e) => e);
	assertNowhere(SECRET, error, lines);
});

secrets("user:password in baseUrl", async () => {
	const { client, lines } = setup({ baseUrl: loop.baseUrl.replace("http://", `http://octocat:${SECRET}@`) });
	const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.is(error.code, "INVALID_REQUEST");
	assertNowhere(SECRET, error, lines);
});

secrets("DEBUG=hublet:* output holds no token, secret query value or password", async () => {
	const script = `
		import { Hublet } from "./dist/index.js";
		const client = new Hublet({ baseUrl: process.argv[1], auth: "ghp_${SECRET}", retry: { retries: 1, minTimeout: 0 }, log: { warn() {}, error() {} } });
		await client.request("GET /unauthorized?access_token=${SECRET}").catch(() => {});
		await client.request("GET /stall", { request: { timeout: 20 } }).catch(() => {});
		await client.paginate("GET /pages-with-token").catch(() => {});
		await new Hublet({ baseUrl: process.argv[1].replace("http://", "http://u:${SECRET}@") }).request("GET /").catch(() => {});
	`;
	// Not spawnSync: the server lives in this process and must go on answering.
	const child = await new Promise((resolve) => {
		const run = spawn(process.execPath, ["--input-type=module", "-e", script, loop.baseUrl], {
			env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" },
		});
		const out = { stdout: "", stderr: "" };
		run.stdout.on("data", (chunk) => (out.stdout += chunk));
		run.stderr.on("data", (chunk) => (out.stderr += chunk));
		run.on("close", (status) => resolve({ ...out, status }));
	});
	assert.is(child.status, 0, child.stderr);
	assert.match(child.stderr, /hublet:request/);
	assert.match(child.stderr, /access_token=\[REDACTED\]/);
	assert.not.ok(child.stderr.includes(SECRET), child.stderr);
	assert.not.ok(child.stdout.includes(SECRET));
});

secrets.run();

// ---

const origins = suite("paginate sends no credentials to another origin (item 6), and stops at a loop (item 7)");
origins.before(async () => {
	loop = await startServer(route);
	other = await startServer((_request, response) => sendJson(response, 200, [2]));
});
origins.after(async () => {
	await loop.close();
	await other.close();
});

origins("a Link to another origin is followed without the authorization header, with one warning", async () => {
	const { client, lines } = setup({ auth: `ghp_${SECRET}` });
	const items = await client.paginate("GET /to-other-origin");
	assert.equal(items, [1, 2]);
	assert.is(loop.requests.at(-1).headers.authorization, `token ghp_${SECRET}`, "the first origin gets the token");
	assert.is(other.requests.length, 1);
	assert.is(other.requests[0].headers.authorization, undefined, "the other origin does not");
	assert.is(lines.warn.filter((line) => /authorization header was not sent/.test(line)).length, 1);
	await client.paginate("GET /to-other-origin");
	assert.is(other.requests[1].headers.authorization, undefined);
	assert.is(lines.warn.filter((line) => /authorization header was not sent/.test(line)).length, 1, "warned once");
});

origins("the same origin keeps the token on every page", async () => {
	const { client } = setup({ auth: `ghp_${SECRET}` });
	await client.paginate("GET /pages-with-token").catch(() => {});
	const pages = loop.requests.filter((r) => r.url.startsWith("/pages-with-token"));
	assert.ok(pages.slice(-2).every((r) => r.headers.authorization === `token ghp_${SECRET}`));
});

origins("a Link that points back at a page already read ends the walk", async () => {
	const { client, lines } = setup();
	const before = loop.requests.length;
	const items = await client.paginate("GET /loop");
	assert.equal(items, [1, 2]);
	assert.is(loop.requests.length - before, 2, "two pages fetched, not sixty");
	assert.ok(lines.warn.some((line) => /already read/.test(line)));
});

origins.run();
