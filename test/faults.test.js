// Issue 11, items 2, 4, 8 and 9: waits the server asks for, big integers, aborts with odd
// reasons, and failures that say what they are. Real sockets on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { readBody, sendJson, startServer } from "./helpers/loopback.js";

let loop;
const hits = new Map();
const hit = (path) => hits.set(path, (hits.get(path) ?? 0) + 1).get(path);
const arrivals = new Map();

async function route(request, response) {
	const path = request.url.split("?")[0];
	const count = hit(path);
	(arrivals.get(path) ?? arrivals.set(path, []).get(path)).push(performance.now());
	switch (path) {
		case "/retry-after-1":
			return count === 1 ? sendJson(response, 503, { message: "busy" }, { "retry-after": "1" }) : sendJson(response, 200, { ok: true });
		case "/retry-after-3600":
			return sendJson(response, 503, { message: "busy" }, { "retry-after": "3600" });
		case "/secondary-3600":
			return sendJson(response, 403, { message: "You have exceeded a secondary rate limit" }, { "retry-after": "3600" });
		case "/primary":
			return sendJson(response, 403, { message: "API rate limit exceeded" }, {
				"x-ratelimit-remaining": "0",
				"x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600),
			});
		case "/not-found":
			return sendJson(response, 404, { message: "Not Found" });
		case "/big":
			return sendJson(response, 200, '{"id":12345678901234567890,"small":42,"negative":-9007199254740993,"text":"12345678901234567890","list":[9007199254740993,1.5e300]}');
		case "/big-in-string":
			return sendJson(response, 200, '{"sha":"1234567890123456789012345678901234567890","n":1}');
		case "/echo":
			return sendJson(response, 200, { body: await readBody(request) });
		case "/stall":
			return; // never answers
		case "/broken":
			response.writeHead(200, { "content-type": "application/json", "content-length": "100" });
			response.write("{");
			return setTimeout(() => response.socket.destroy(), 5);
		case "/bad-json":
			return sendJson(response, 200, "{not json");
		default:
			return sendJson(response, 200, {});
	}
}

function client(options = {}) {
	const { log, lines } = capturingLog();
	return { client: new Hublet({ baseUrl: loop.baseUrl, log, ...options }), lines };
}

// ---

const waits = suite("retry-after is honoured on every retried status (item 2)");
waits.before(async () => (loop = await startServer(route)));
waits.after(() => loop.close());

waits("a 503 with retry-after: 1 is retried no sooner than 1 s, even with a shorter backoff", async () => {
	const { client: c, lines } = client({ retry: { minTimeout: 10, maxTimeout: 20 } });
	const response = await c.request("GET /retry-after-1");
	assert.is(response.status, 200);
	const [first, second] = arrivals.get("/retry-after-1");
	assert.ok(second - first >= 995, `retried after ${Math.round(second - first)}ms`);
	assert.match(lines.info.join("\n"), /retry 1 of 3 after status 503, waiting 1s/);
});

waits("a 503 asking for longer than maxWait gives up at once, and the message names the wait", async () => {
	const { client: c, lines } = client();
	const error = await c.request("GET /retry-after-3600").catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 503);
	assert.match(error.message, /the server asked to wait 3600s, more than retry\.maxWait/);
	assert.is(hits.get("/retry-after-3600"), 1, "one attempt");
	assert.not.ok(lines.info.some((line) => /retry/.test(line)));
});

waits("a secondary rate limit asking for longer than maxWait gives up at once on a POST too", async () => {
	const { client: c } = client();
	const error = await c.request("POST /secondary-3600", { title: "x" }).catch((e) => e);
	assert.is(error.status, 403);
	assert.is(error.code, "RATE_LIMITED");
	assert.match(error.message, /wait 3600s/);
	assert.is(hits.get("/secondary-3600"), 1);
});

waits("maxWait raised above the wait lets the same 503 be retried after it (checked through the log, then aborted)", async () => {
	const controller = new AbortController();
	const { client: c, lines } = client({ retry: { maxWait: 4_000_000 } });
	const pending = c.request("GET /retry-after-3600", { request: { signal: controller.signal } }).catch((e) => e);
	while (!lines.warn.length) await new Promise((resolve) => setTimeout(resolve, 5));
	assert.match(lines.warn[0], /waiting 3600s/);
	controller.abort();
	const error = await pending;
	assert.is(error.name, "AbortError");
});

waits.run();

// ---

const bigints = suite("big integers, as @octokit/rest 22 (item 4)");
bigints.before(async () => (loop = await startServer(route)));
bigints.after(() => loop.close());

bigints("an integer above 2^53 in a response keeps its exact value as a BigInt; safe numbers stay numbers", async () => {
	const { data } = await client().client.request("GET /big");
	assert.is(data.id, 12345678901234567890n);
	assert.is(data.negative, -9007199254740993n);
	assert.is(data.small, 42);
	assert.is(data.text, "12345678901234567890", "a string of digits stays a string");
	assert.equal(data.list, [9007199254740993n, 1.5e300]);
});

bigints("a long run of digits inside a string takes nothing from its exactness", async () => {
	const { data } = await client().client.request("GET /big-in-string");
	assert.equal(data, { sha: "1234567890123456789012345678901234567890", n: 1 });
});

bigints("a BigInt in a body is sent as a JSON number", async () => {
	const { data } = await client().client.request("POST /echo", { id: 12345678901234567890n, small: 1n, name: "x" });
	assert.is(data.body, '{"id":12345678901234567890,"small":1,"name":"x"}');
});

bigints.run();

// ---

const aborts = suite("aborts reject with their reason (item 8)");
aborts.before(async () => (loop = await startServer(route)));
aborts.after(() => loop.close());

for (const [name, reason] of [
	["a frozen Error", Object.freeze(new Error("frozen reason"))],
	["a frozen AbortError", Object.freeze(new DOMException("stop", "AbortError"))],
	["a string", "stopped by the caller"],
	["an object that is not an Error", Object.freeze({ why: "shutdown" })],
	["undefined is replaced by the default AbortError", undefined],
]) {
	aborts(`an abort whose reason is ${name} rejects with that reason, never an internal TypeError`, async () => {
		const controller = new AbortController();
		setTimeout(() => controller.abort(reason), 20);
		const error = await client({ retry: false }).client.request("GET /stall", { request: { signal: controller.signal } }).catch((e) => e);
		assert.is(error, controller.signal.reason);
		if (reason === undefined) assert.is(error.name, "AbortError");
	});
}

aborts("an abort before the call rejects with the reason at once", async () => {
	const reason = Object.freeze(new Error("already"));
	const error = await client().client.request("GET /stall", { request: { signal: AbortSignal.abort(reason) } }).catch((e) => e);
	assert.is(error, reason);
});

aborts("an AbortError that can take it gets status 500, as octokit sets", async () => {
	const controller = new AbortController();
	setTimeout(() => controller.abort(), 20);
	const error = await client().client.request("GET /stall", { request: { signal: controller.signal } }).catch((e) => e);
	assert.is(error.name, "AbortError");
	assert.is(error.status, 500);
});

aborts.run();

// ---

const markers = suite("failures say what they are, through `code` (item 9)");
markers.before(async () => (loop = await startServer(route)));
markers.after(() => loop.close());

markers("HTTP_ERROR, RATE_LIMITED, NETWORK_ERROR, TIMEOUT, INVALID_RESPONSE, INVALID_REQUEST, and the abort's own name", async () => {
	const { client: c } = client({ retry: false });
	const http = await c.request("GET /not-found").catch((e) => e);
	const limited = await c.request("GET /primary").catch((e) => e);
	const network = await c.request("GET /broken").catch((e) => e);
	const closed = await startServer(() => {});
	await closed.close();
	const refused = await new Hublet({ baseUrl: closed.baseUrl, retry: false, log: { error() {} } }).request("GET /").catch((e) => e);
	const timeout = await c.request("GET /stall", { request: { timeout: 30 } }).catch((e) => e);
	const invalid = await c.request("GET /bad-json").catch((e) => e);
	const local = await c.request("GET /x", { headers: { "x-bad": "a\nb" } }).catch((e) => e);
	const controller = new AbortController();
	setTimeout(() => controller.abort(), 20);
	const aborted = await c.request("GET /stall", { request: { signal: controller.signal } }).catch((e) => e);

	const rows = [
		[http, "HTTP_ERROR", 404],
		[limited, "RATE_LIMITED", 403],
		[network, "NETWORK_ERROR", 500],
		[refused, "NETWORK_ERROR", 500],
		[timeout, "TIMEOUT", 500],
		[invalid, "INVALID_RESPONSE", 500],
		[local, "INVALID_REQUEST", 400],
	];
	for (const [error, code, status] of rows) {
		assert.instance(error, RequestError, code);
		assert.is(error.name, "HttpError", code);
		assert.is(error.code, code);
		assert.is(error.status, status, code);
	}
	assert.match(refused.message, /ECONNREFUSED/);
	assert.not.instance(aborted, RequestError);
	assert.is(aborted.name, "AbortError");
});

markers("a 429 is RATE_LIMITED, a plain 403 is HTTP_ERROR", async () => {
	const fetch = async (url) =>
		url.endsWith("/429")
			? Response.json({ message: "Too many requests" }, { status: 429 })
			: Response.json({ message: "Resource not accessible by integration" }, { status: 403 });
	const c = new Hublet({ retry: false, request: { fetch }, log: { error() {} } });
	assert.is((await c.request("GET /429").catch((e) => e)).code, "RATE_LIMITED");
	assert.is((await c.request("GET /403").catch((e) => e)).code, "HTTP_ERROR");
});

markers.run();
