// Issue 10, item 3: a timeout rejects as a RequestError of status 500 that says "timeout",
// from `request.timeout` or from `AbortSignal.timeout()`, and covers the body too. Only the
// caller's own abort passes through as itself. Real sockets on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { startServer } from "./helpers/loopback.js";

let loop;
const stalled = new Set();

const timeouts = suite("timeouts");
timeouts.before(async () => {
	loop = await startServer((request, response) => {
		if (request.url === "/headers-then-stall") {
			// The headers arrive at once; the body starts, then never finishes.
			response.writeHead(200, { "content-type": "application/json" });
			response.write('{"items":[');
			stalled.add(response);
			return;
		}
		if (request.url === "/no-headers") {
			stalled.add(response);
			return;
		}
		response.writeHead(200, { "content-type": "application/json" }).end("{}");
	});
});
timeouts.after(() => loop.close());

const client = (options = {}) => new Hublet({ baseUrl: loop.baseUrl, retry: false, log: { error: () => {} }, ...options });

timeouts("request.timeout before the headers: a RequestError of status 500 and code TIMEOUT", async () => {
	const error = await client().request("GET /no-headers", { request: { timeout: 50 } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.code, "TIMEOUT");
	assert.match(error.message, /timeout/);
	assert.is(error.response, undefined);
});

timeouts("request.timeout covers the body: a body that stalls after the headers fails at the timeout", async () => {
	const started = performance.now();
	const error = await client().request("GET /headers-then-stall", { request: { timeout: 100 } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.code, "TIMEOUT");
	assert.match(error.message, /timeout after 100ms/);
	// Bounded only so that a hang fails instead of waiting for the test runner.
	assert.ok(performance.now() - started < 5000);
});

timeouts("AbortSignal.timeout() as request.signal: a RequestError of status 500, not a bare TimeoutError", async () => {
	const error = await client().request("GET /no-headers", { request: { signal: AbortSignal.timeout(50) } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.code, "TIMEOUT");
	assert.match(error.message, /timeout/);
	assert.is(error.cause?.name, "TimeoutError");
});

timeouts("AbortSignal.timeout() also covers a stalled body", async () => {
	const error = await client().request("GET /headers-then-stall", { request: { signal: AbortSignal.timeout(80) } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.code, "TIMEOUT");
});

timeouts("a custom fetch that ignores its signal still ends at the timeout, headers or body", async () => {
	const never = () => new Promise(() => {});
	const fetchNoHeaders = async () => never();
	const fetchStalledBody = async () =>
		new Response(new ReadableStream({ start: (controller) => controller.enqueue(new TextEncoder().encode("{")) }), {
			headers: { "content-type": "application/json" },
		});
	for (const fetch of [fetchNoHeaders, fetchStalledBody]) {
		const error = await client({ request: { fetch } }).request("GET /x", { request: { timeout: 50 } }).catch((e) => e);
		assert.instance(error, RequestError, fetch.name);
		assert.is(error.code, "TIMEOUT", fetch.name);
	}
});

timeouts("the caller's abort rejects with the AbortError itself, mid-body too", async () => {
	for (const path of ["/no-headers", "/headers-then-stall"]) {
		const controller = new AbortController();
		setTimeout(() => controller.abort(), 50);
		const error = await client().request(`GET ${path}`, { request: { signal: controller.signal, timeout: 10_000 } }).catch((e) => e);
		assert.not.instance(error, RequestError, path);
		assert.is(error.name, "AbortError", path);
		assert.is(error, controller.signal.reason, path);
	}
});

timeouts("a timed-out GET is retried like a network error, and each attempt gets the whole timeout", async () => {
	const before = loop.requests.length;
	const error = await client({ retry: { retries: 1, minTimeout: 0 } })
		.request("GET /no-headers", { request: { timeout: 40 } })
		.catch((e) => e);
	assert.is(error.code, "TIMEOUT");
	assert.is(loop.requests.length - before, 2);
});

timeouts("a completed request leaves no timer or listener behind that keeps the process alive", async () => {
	await client().request("GET /ok", { request: { timeout: 60_000 } });
	const timers = process.getActiveResourcesInfo().filter((name) => name === "Timeout");
	assert.is(timers.length, 0, `${timers.length} timers left`);
});

timeouts.run();
