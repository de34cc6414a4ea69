// A proxy's password never leaves the proxy URL, whether the URL parses or not (a `/`, `#`, `?`
// or `@` in the password ends it early for a URL parser): not in errors, their `request`, their
// stack, JSON or inspection, nor the constructor's TypeError, the log, the client's own
// inspection or the hublet command's stderr. Through a forward proxy on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { inspect, promisify } from "node:util";
import { Hublet as FullHublet, RequestError, proxy } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { startForwardProxy, withProxyEnv } from "./helpers/forward-proxy.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(proxy);

const execFileAsync = promisify(execFile);
const HUBLET = fileURLToPath(new URL("../bin/hublet.mjs", import.meta.url));

// The part of each password that must never show. Every password holds it beside a character
// that ends userinfo early for a URL parser or a naive pattern.
const MARK = "Zx9SECRETqv";
const PASSWORDS = [
	`pa/${MARK}`,
	`${MARK}/ss`,
	`pa#${MARK}`,
	`${MARK}#x`,
	`pa?${MARK}`,
	`${MARK}?q=1`,
	`p@${MARK}`,
	`${MARK}@x`,
	`a:b/${MARK}`,
	`${MARK} x`,
	`%2F${MARK}`,
];
const PROXY_HOST = "127.0.0.1:1";
// Every spelling of a proxy setting: with a scheme in either case, https, and without one as curl reads it.
const SPELLINGS = (password) => [
	`http://user:${password}@${PROXY_HOST}`,
	`HTTP://user:${password}@${PROXY_HOST}/`,
	`https://user:${password}@${PROXY_HOST}`,
	`user:${password}@${PROXY_HOST}`,
	`http://us@er:${password}@${PROXY_HOST}`,
];

const leaks = (text) => text.includes(MARK) || text.includes(Buffer.from(MARK).toString("base64").slice(0, 12));

function seenIn(error, lines = {}) {
	return [String(error?.message), String(error?.stack), inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error) ?? "", JSON.stringify(error?.request) ?? "", ...Object.values(lines).flat()].join("\n");
}


const values = suite("every proxy value, parsable or not");

for (const password of PASSWORDS) {
	for (const proxy of SPELLINGS(password)) {
		values(`${JSON.stringify(proxy)}: HTTPS_PROXY, request.proxy per call and per client`, async () => {
			const { log, lines } = capturingLog();
			await withProxyEnv({ HTTPS_PROXY: proxy, HTTP_PROXY: proxy }, async () => {
				const error = await new Hublet({ baseUrl: "https://api.test", retry: false, log }).request("GET /env").catch((e) => e);
				assert.instance(error, RequestError);
				assert.not.ok(leaks(seenIn(error, lines)), seenIn(error));
			});
			// Per call: one that is no proxy URL is refused as the client's is, with a TypeError naming
			// it; another fails as a RequestError whose request.request.proxy is redacted too.
			const perCall = await new Hublet({ baseUrl: "http://api.test", retry: false, log }).request("GET /call", { request: { proxy } }).catch((e) => e);
			assert.not.ok(leaks(seenIn(perCall, lines)), seenIn(perCall));
			if (perCall instanceof TypeError) assert.match(perCall.message, /`request\.proxy` option/);
			else {
				assert.instance(perCall, RequestError);
				assert.type(perCall.request.request.proxy, "string");
			}
			// The client's: a bad one throws a TypeError at once, a good one never shows in an error.
			let client;
			try {
				client = new Hublet({ baseUrl: "http://api.test", retry: false, log, request: { proxy } });
			} catch (error) {
				assert.instance(error, TypeError);
				assert.match(error.message, /request\.proxy/);
				assert.not.ok(leaks(seenIn(error)), error.message);
				return;
			}
			const failed = await client.request("GET /client").catch((e) => e);
			assert.instance(failed, RequestError);
			assert.not.ok(leaks(seenIn(failed, lines)), seenIn(failed));
		});
	}
}

values.run();

// ---

const routed = suite("credentials that work, through a real proxy");

let target;
let guarded;
let api;
const GOOD = `${MARK}/#?@:x`;

routed.before(async () => {
	target = await startServer((request, response) => sendJson(response, request.url === "/missing" ? 404 : 200, { path: request.url }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	guarded = await startForwardProxy({ credentials: `user:${GOOD}` });
});
routed.after(async () => {
	await target.close();
	await guarded.close();
});

const encoded = () => guarded.url.replace("http://", `http://user:${encodeURIComponent(GOOD)}@`);

routed("a per-call request.proxy reaches the API, and an answered error's request shows no password", async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: api, retry: false, log, auth: "ghp_tokenOfTheClient1" });
	assert.equal((await client.request("GET /ok", { request: { proxy: encoded() } })).data, { path: "/ok" });
	const error = await client.request("GET /missing", { request: { proxy: encoded() } }).catch((e) => e);
	assert.is(error.status, 404);
	assert.not.ok(leaks(seenIn(error, lines)));
	assert.match(error.request.request.proxy, /^http:\/\/\[REDACTED\]@127\.0\.0\.1:\d+\/?$/);
	assert.not.ok(JSON.stringify(error).includes("ghp_tokenOfTheClient1"));
});

routed("the client's request.proxy routes every call, a call's own wins, and false turns it off", async () => {
	const client = new Hublet({ baseUrl: api, retry: false, log: capturingLog().log, request: { proxy: encoded() } });
	// api.test resolves nowhere: only the proxy reaches it.
	assert.equal((await client.request("GET /a")).data, { path: "/a" });
	const direct = await client.request("GET /b", { request: { proxy: false } }).catch((e) => e);
	assert.match(direct.message, /api\.test does not resolve/);
	const other = await client.request("GET /c", { request: { proxy: "http://127.0.0.1:1" } }).catch((e) => e);
	assert.match(other.message, /ECONNREFUSED/);
	const error = await client.request("GET /missing").catch((e) => e);
	assert.is(error.status, 404);
	assert.not.ok(leaks(seenIn(error)));
	assert.is(error.request.request.proxy, undefined, "the client's proxy is not in the request");
});

routed("util.inspect(client) shows neither the proxy's password nor the token, at any depth", async () => {
	const token = "ghp_inspectedToken12345";
	for (const client of [
		new Hublet({ auth: token, request: { proxy: encoded() } }),
		new Hublet({ auth: token, request: { proxy: `http://user:pa/${MARK}@127.0.0.1:3128`.replace("pa/", "pa%2F") } }),
		new (Hublet.defaults({ auth: token, request: { proxy: encoded() } }))(),
	]) {
		const shown = inspect(client, { depth: Infinity, showHidden: true }) + inspect(client.request.endpoint.DEFAULTS, { depth: Infinity }) + JSON.stringify(client.request.endpoint.DEFAULTS);
		assert.not.ok(leaks(shown), "no proxy password");
		assert.not.ok(shown.includes(token), "no token");
		assert.not.ok(shown.includes(encodeURIComponent(MARK)));
	}
});

routed.run();

// ---

const cli = suite("the hublet command");

for (const password of [`pa/${MARK}`, `pa#${MARK}`, `pa?${MARK}`, `p@${MARK}`]) {
	cli(`HTTPS_PROXY with ${JSON.stringify(password)}: stderr names the setting without the password, DEBUG included`, async () => {
		for (const debug of [undefined, "1"]) {
			const env = { ...process.env, HTTPS_PROXY: `http://user:${password}@${PROXY_HOST}`, HUBLET_RETRY: "false", GITHUB_TOKEN: "ghp_cliToken123456" };
			if (debug) env.DEBUG = debug;
			else delete env.DEBUG;
			const failed = await execFileAsync(process.execPath, [HUBLET, "GET", "/zen"], { env }).catch((e) => e);
			assert.ok(failed.code > 0);
			assert.match(failed.stderr, /HTTPS_PROXY must be a proxy URL|through the proxy http:\/\/\[REDACTED\]@127\.0\.0\.1:1/);
			assert.not.ok(leaks(failed.stderr + failed.stdout), failed.stderr);
		}
	});
}

cli.run();
