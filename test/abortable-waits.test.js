// Every wait on the caller's code ends when the request's signal aborts: a cache store's get(),
// an auth strategy, a hook, a custom fetch. The abort rejects at once with its reason and leaves
// no timer or listener behind. Invalid timeouts are refused when the client is made.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { getEventListeners } from "node:events";
import { Hublet as FullHublet, RequestError, cache } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache);

let loop;
const waits = suite("an abort ends every wait on the caller's code");
waits.before(async () => {
	loop = await startServer((request, response) => sendJson(response, 200, { ok: true }, { etag: '"e1"' }));
});
waits.after(() => loop.close());

const never = () => new Promise(() => {});
const handles = () => process.getActiveResourcesInfo().filter((kind) => kind !== "TTYWrap").sort().join(",");
const settle = () => new Promise((resolve) => setImmediate(resolve));

const hangs = {
	"a cache store's get()": () => {
		let first = true;
		return { cache: { store: { get: () => (first ? ((first = false), undefined) : never()), set() {}, delete() {} }, timeout: 2_000_000_000 } };
	},
	"a cache store's get() waiting on its own set()": () => {
		let first = true;
		return { cache: { store: { get: () => (first ? ((first = false), undefined) : never()), set: never, delete() {} }, timeout: 2_000_000_000 } };
	},
	"an auth strategy's hook": () => ({ authStrategy: () => Object.assign(async () => ({}), { hook: never }) }),
	"a hook before the request": () => ({ plugins: (client) => client.hook.before("request", never) }),
	"a hook wrapping the request": () => ({ plugins: (client) => client.hook.wrap("request", never) }),
	"a custom fetch": () => ({ request: { fetch: never } }),
	"a custom fetch's body": () => ({ request: { fetch: async () => new Response(new ReadableStream({ pull: never }), { headers: { "content-type": "application/json" } }) } }),
};

for (const [what, make] of Object.entries(hangs)) {
	waits(`${what} that never settles: an abort rejects at once with its reason, and no handle or listener is left`, async () => {
		for (const reason of [new Error("user stopped"), "a string reason", Object.freeze(new Error("frozen"))]) {
			const { plugins, ...options } = make();
			const Client = plugins ? Hublet.plugin(plugins) : Hublet;
			const client = new Client({ baseUrl: loop.baseUrl, log: capturingLog().log, ...options });
			// A first call warms a cache store (its set() may stay pending) and loads the transport.
			if (options.cache) await client.request("GET /warm");
			await settle();
			const before = handles();
			const controller = new AbortController();
			const pending = rejection(client.request("GET /warm", { request: { signal: controller.signal } }));
			await settle();
			controller.abort(reason);
			const error = await pending;
			assert.is(error, reason, what);
			await settle();
			assert.is(getEventListeners(controller.signal, "abort").length, 0, "no abort listener left");
			assert.is(handles(), before, "no timer or socket left");
		}
	});
}

waits("a signal already aborted before the call rejects with its reason, past a store that never answers", async () => {
	const client = new Hublet({ baseUrl: loop.baseUrl, log: capturingLog().log, cache: { store: { get: never, set() {}, delete() {} }, timeout: 2_000_000_000 } });
	const controller = new AbortController();
	controller.abort(new Error("already"));
	const error = await rejection(client.request("GET /x", { request: { signal: controller.signal } }));
	assert.is(error.message, "already");
});

waits("a timeout signal on a hanging hook rejects as a TIMEOUT RequestError", async () => {
	const Client = Hublet.plugin((client) => client.hook.before("request", never));
	const error = await rejection(new Client({ baseUrl: loop.baseUrl, log: capturingLog().log }).request("GET /x", { request: { signal: AbortSignal.timeout(20) } }));
	assert.instance(error, RequestError);
	assert.is(error.code, "TIMEOUT");
});

const refused = suite("invalid timeouts are refused when the client is made");

refused("cache.timeout of Infinity, 0, -1, NaN, above 2^31-1 or not a number: a TypeError naming cache and timeout", () => {
	for (const timeout of [Number.POSITIVE_INFINITY, 0, -1, Number.NaN, 2 ** 31, "500", null]) {
		assert.throws(
			() => new Hublet({ cache: { timeout } }),
			(error) => error instanceof TypeError && /`cache` option/.test(error.message) && /`timeout`/.test(error.message),
			String(timeout),
		);
	}
	assert.ok(new Hublet({ cache: { timeout: 2 ** 31 - 1 } }));
});

refused("request.timeout of Infinity, -1, NaN, above 2^31-1 or not a number: a TypeError naming request.timeout; 0 means none", () => {
	for (const timeout of [Number.POSITIVE_INFINITY, -1, Number.NaN, 2 ** 31, "500", null]) {
		assert.throws(() => new Hublet({ request: { timeout } }), (error) => error instanceof TypeError && /`request\.timeout`/.test(error.message), String(timeout));
	}
	assert.ok(new Hublet({ request: { timeout: 0 } }));
});

refused("an invalid request.timeout on one call rejects with INVALID_REQUEST naming it, and sends nothing", async () => {
	let calls = 0;
	const client = new Hublet({ log: capturingLog().log, request: { fetch: async () => (calls++, new Response("{}")) } });
	for (const timeout of [Number.POSITIVE_INFINITY, -1, Number.NaN, 2 ** 31]) {
		const error = await rejection(client.request("GET /x", { request: { timeout } }));
		assert.is(error.code, "INVALID_REQUEST");
		assert.match(error.message, /request\.timeout/);
	}
	assert.is(calls, 0);
});

waits.run();
refused.run();
