// A proxy that answers 407 wants credentials: the request fails at once with status 407 and code
// PROXY_AUTH_REQUIRED, says so, and is sent once, whether the proxy refused a CONNECT tunnel or
// answered a plain-http request it was asked to forward. Over a forward proxy on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { request as httpRequest } from "node:http";
import { fileURLToPath } from "node:url";
import { inspect, promisify } from "node:util";
import { Hublet as FullHublet, RequestError, proxy } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { startForwardProxy } from "./helpers/forward-proxy.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(proxy);

const execFileAsync = promisify(execFile);
const HUBLET = fileURLToPath(new URL("../bin/hublet.mjs", import.meta.url));
const SECRET = "Wr0ngPassw0rd";

let target;
let guarded;
let api;

/**
A fetch that sends a request through a forward proxy in absolute form (`GET http://host/path`),
as a client does that proxies plain http without a tunnel.
*/
function absoluteFormFetch(proxyUrl, credentials) {
	const proxy = new URL(proxyUrl);
	return (url, init) =>
		new Promise((resolve, reject) => {
			const headers = { ...init.headers, ...(credentials && { "proxy-authorization": `Basic ${Buffer.from(credentials).toString("base64")}` }) };
			const request = httpRequest({ host: proxy.hostname, port: proxy.port, method: init.method, path: url, headers }, async (answer) => {
				const chunks = [];
				for await (const chunk of answer) chunks.push(chunk);
				const body = answer.statusCode === 204 ? null : Buffer.concat(chunks);
				resolve(new Response(body, { status: answer.statusCode, headers: Object.entries(answer.headers).filter(([, value]) => typeof value === "string") }));
			});
			request.on("error", reject);
			request.end(init.body ?? undefined);
		});
}

const everything = (error, lines = {}) =>
	[error.message, error.stack, inspect(error, { depth: Infinity }), JSON.stringify(error), JSON.stringify(error.request), ...Object.values(lines).flat()].join("\n");

const tunnel = suite("a 407 from a proxy");

tunnel.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	guarded = await startForwardProxy({ credentials: "user:s3cret" });
});
tunnel.before.each(() => {
	guarded.seen.length = 0;
});
tunnel.after(async () => {
	await target.close();
	await guarded.close();
});

const proxied = (userinfo) => guarded.url.replace("http://", `http://${userinfo}`);

for (const [what, userinfo] of [
	["no credentials", ""],
	["a wrong password", `user:${SECRET}@`],
	["a password the URL parser percent-encodes", `user:${SECRET}%2F@`],
	["a user alone", "someone@"],
]) {
	for (const method of ["GET", "POST", "PUT", "DELETE"]) {
		tunnel(`CONNECT refused with 407 for ${what}: ${method} fails once with PROXY_AUTH_REQUIRED, retries on`, async () => {
			const { log, lines } = capturingLog();
			const client = new Hublet({ baseUrl: api, log, retry: { retries: 5, minTimeout: 1, maxTimeout: 2 }, request: { proxy: proxied(userinfo) } });
			const error = await client.request(`${method} /x`, method === "GET" || method === "DELETE" ? {} : { a: 1 }).catch((e) => e);
			assert.instance(error, RequestError);
			assert.is(error.status, 407);
			assert.is(error.code, "PROXY_AUTH_REQUIRED");
			assert.is(error.response, undefined, "the tunnel never opened: there is no response");
			assert.match(error.message, /^407 Proxy Authentication Required: the proxy asks for credentials/);
			assert.match(error.message, /\(through the proxy http:\/\/(\[REDACTED\]@)?127\.0\.0\.1:\d+\/\)$/);
			assert.equal(guarded.seen, [`CONNECT ${api.slice("http://".length)}`], "sent once");
			assert.not.ok(everything(error, lines).includes(SECRET), "no password");
			assert.not.match(error.message, /Request was cancelled/);
		});
	}
}

tunnel("HTTP_PROXY with a wrong password: the same, from the environment", async () => {
	const saved = process.env.HTTP_PROXY;
	process.env.HTTP_PROXY = proxied(`user:${SECRET}@`);
	try {
		const error = await new Hublet({ baseUrl: api, log: capturingLog().log }).request("GET /env").catch((e) => e);
		assert.is(error.code, "PROXY_AUTH_REQUIRED");
		assert.is(guarded.seen.length, 1);
		assert.not.ok(everything(error).includes(SECRET));
	} finally {
		if (saved === undefined) delete process.env.HTTP_PROXY;
		else process.env.HTTP_PROXY = saved;
	}
});

tunnel("the right credentials still go through", async () => {
	const { data } = await new Hublet({ baseUrl: api, retry: false, request: { proxy: proxied("user:s3cret@") } }).request("GET /ok");
	assert.equal(data, { path: "/ok" });
});

tunnel("a plain-http request forwarded by the proxy and answered 407: PROXY_AUTH_REQUIRED with the proxy's response, sent once", async () => {
	for (const method of ["GET", "POST"]) {
		guarded.seen.length = 0;
		const client = new Hublet({ baseUrl: api, log: capturingLog().log, retry: { retries: 5, minTimeout: 1, maxTimeout: 2 }, request: { fetch: absoluteFormFetch(guarded.url, `user:${SECRET}`) } });
		const error = await client.request(`${method} /plain`).catch((e) => e);
		assert.instance(error, RequestError);
		assert.is(error.status, 407);
		assert.is(error.code, "PROXY_AUTH_REQUIRED");
		assert.is(error.response.status, 407);
		assert.is(error.response.headers["proxy-authenticate"], 'Basic realm="test"');
		assert.match(error.message, /the proxy asks for credentials/);
		assert.equal(guarded.seen, [`${method} ${api}/plain`]);
		assert.not.ok(everything(error).includes(SECRET));
	}
	const fine = new Hublet({ baseUrl: api, retry: false, request: { fetch: absoluteFormFetch(guarded.url, "user:s3cret") } });
	assert.equal((await fine.request("GET /plain")).data, { path: "/plain" });
});

tunnel.run();

// ---

const other = suite("a proxy that refuses a tunnel with another status");

let refusing;

other.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	refusing = await startForwardProxy({ refuse: 403 });
});
other.after(async () => {
	await target.close();
	await refusing.close();
});

other("the status is named, not 'Request was cancelled'", async () => {
	const error = await new Hublet({ baseUrl: api, retry: false, log: capturingLog().log, request: { proxy: refusing.url } }).request("GET /x").catch((e) => e);
	assert.is(error.code, "NETWORK_ERROR");
	assert.match(error.message, /^fetch failed: the proxy answered 403 instead of opening a tunnel \(through the proxy http:\/\/127\.0\.0\.1:\d+\/\)$/);
});

other.run();

// ---

const cli = suite("the hublet command behind a proxy that wants credentials");

cli.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	guarded = await startForwardProxy({ credentials: "user:s3cret" });
});
cli.after(async () => {
	await target.close();
	await guarded.close();
});

cli("exits 1 with one line that says the proxy wants credentials, without the password, after one request", async () => {
	const env = { ...process.env, GITHUB_API_URL: api, HTTP_PROXY: proxied(`user:${SECRET}@`), GITHUB_TOKEN: "ghp_cliTokenValue1" };
	const failed = await execFileAsync(process.execPath, [HUBLET, "GET", "/repos/o/r"], { env }).catch((e) => e);
	assert.is(failed.code, 1);
	assert.match(failed.stderr, /^hublet: GET \/repos\/o\/r: request failed: 407 Proxy Authentication Required: the proxy asks for credentials/);
	assert.not.match(failed.stderr, new RegExp(SECRET));
	assert.is(guarded.seen.length, 1);
});

cli.run();
