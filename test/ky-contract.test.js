// What the attempt (lib/http/request.ts) relies on ky for, tested against the ky that the build
// bundles into dist/transport.js (the pinned devDependency), through ky's public API only. If an
// upgrade of ky changes one of these, this suite says which, before a request does.
// Run: node test/ky-contract.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { getEventListeners } from "node:events";
import ky from "ky";
import { Hublet } from "../dist/index.js";

const URL_ = "https://api.github.com/repos/o/r";
/** The options the attempt gives ky, with a beforeRequest hook that records ky's Request and answers with `answer()`. */
function shell(answer, extra = {}) {
	const seen = { requests: [], kyFetches: 0 };
	const options = {
		method: "get",
		retry: 0,
		throwHttpErrors: false,
		timeout: false,
		// ky's own fetch: the attempt never lets ky reach it.
		fetch: async () => {
			seen.kyFetches++;
			return new Response("ky's own fetch");
		},
		...extra,
		hooks: {
			beforeRequest: [
				async (request) => {
					seen.requests.push(request);
					return answer();
				},
			],
		},
	};
	return { options, seen };
}
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));

const hook = suite("ky: a beforeRequest hook's Response answers the call");

hook("ky resolves with the hook's Response and never calls its own fetch", async () => {
	const answer = new Response('{"id":1}', { status: 200 });
	const { options, seen } = shell(() => answer);
	const response = await ky(URL_, options);
	assert.is(response, answer);
	assert.is(seen.kyFetches, 0);
	assert.is(seen.requests.length, 1);
});

hook("with throwHttpErrors: false an error status resolves like any other (the stages decide what it means)", async () => {
	for (const status of [304, 404, 500, 503]) {
		const { options } = shell(() => new Response(null, { status }));
		assert.is((await ky(URL_, options)).status, status);
	}
});

hook("an error the hook throws rejects the call as that very error, with no second attempt (retry: 0)", async () => {
	for (const method of ["get", "put", "post", "delete"]) {
		const failure = new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
		let calls = 0;
		const { options } = shell(() => {
			calls++;
			throw failure;
		}, { method });
		const error = await ky(URL_, options).then(
			() => undefined,
			(error) => error,
		);
		assert.is(error, failure, method);
		assert.is(calls, 1, method);
	}
});

hook("an answer that is not this realm's Response is not taken: ky goes on to its own fetch (so the attempt always answers with a Response)", async () => {
	const { options, seen } = shell(() => ({ status: 200, headers: new Map() }));
	const response = await ky(URL_, options);
	assert.is(seen.kyFetches, 1);
	assert.is(await response.text(), "ky's own fetch");
});

hook("an invalid URL throws when ky is called, before the hook runs", () => {
	const { options, seen } = shell(() => new Response(null));
	assert.throws(() => ky("https://exa mple.com:99999/", options), TypeError);
	assert.is(seen.requests.length, 0);
});

const body = suite("ky: what it does with a body");

body("given no body, ky's Request has none and ky adds no content-type", async () => {
	const { options, seen } = shell(() => new Response(null));
	await ky(URL_, options);
	assert.is(seen.requests[0].body, null);
	assert.equal([...seen.requests[0].headers.keys()], []);
});

body("given bytes, ky's Request holds a copy of them: the attempt keeps the body out of ky, so a large upload is not copied per attempt", async () => {
	const bytes = new Uint8Array([1, 2, 3]);
	const { options, seen } = shell(() => new Response(null), { method: "post", body: bytes });
	await ky(URL_, options);
	bytes[0] = 9;
	assert.equal([...new Uint8Array(await seen.requests[0].arrayBuffer())], [1, 2, 3]);
});

body("given a stream, ky's Request takes it as its own body: the attempt keeps a stream out of ky, so that fetch is its only reader", async () => {
	const stream = new ReadableStream({ start: (controller) => controller.close() });
	const { options, seen } = shell(() => new Response(null), { method: "post", body: stream });
	await ky(URL_, options);
	assert.is(seen.requests[0].body, stream);
});

const timing = suite("ky: what it does with a timeout and a signal");

timing("ky's timeout does not cover the hook's answer: a hook answering after the timeout still resolves (so the attempt has its own deadline)", async () => {
	const { options } = shell(() => later(150, new Response("late")), { timeout: 30 });
	const response = await ky(URL_, options);
	assert.is(await response.text(), "late");
});

timing("with timeout: false and no signal, nothing of ky's aborts the call, however long the hook takes", async () => {
	const { options, seen } = shell(() => later(100, new Response("slow")));
	const response = await ky(URL_, options);
	assert.is(await response.text(), "slow");
	assert.is(seen.requests[0].signal.aborted, false);
});

timing("a signal given to ky is followed by ky's Request only: aborting it while the hook runs does not end the call (so the attempt races the caller's signal itself)", async () => {
	const controller = new AbortController();
	const { options, seen } = shell(() => later(100, new Response("finished")), { signal: controller.signal });
	setTimeout(() => controller.abort(new Error("the caller's")), 20);
	const response = await ky(URL_, options);
	assert.is(await response.text(), "finished");
	assert.is(seen.requests[0].signal.aborted, true);
	assert.is.not(seen.requests[0].signal, controller.signal);
});

timing("a signal given to ky keeps a listener of ky's for as long as the signal lives (so the attempt never gives ky one)", async () => {
	const controller = new AbortController();
	for (let index = 0; index < 3; index++) {
		const { options } = shell(() => new Response(null), { signal: controller.signal });
		await ky(URL_, options);
	}
	assert.ok(getEventListeners(controller.signal, "abort").length >= 3);
});

const attempt = suite("the attempt, with ky as ky ships");

attempt("dist/transport.js carries ky's constants as ky ships them: the request-stream probe and the AbortController check", () => {
	const transport = readFileSync(new URL("../dist/transport.js", import.meta.url), "utf8");
	assert.match(transport, /supportsRequestStreams=\(\(\)=>\{/);
	assert.match(transport, /new globalThis\.Request\("https:\/\/empty\.invalid"/);
	assert.match(transport, /supportsAbortController=typeof globalThis\.AbortController=="function"/);
});

attempt("fetch gets the caller's signal or none, never ky's own, with no timeout", async () => {
	const signals = [];
	const fetch = async (url, init) => {
		signals.push(init.signal);
		return Response.json({ id: 1 });
	};
	const controller = new AbortController();
	const client = new Hublet({ request: { fetch } });
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { signal: controller.signal } });
	assert.equal(signals, [undefined, controller.signal]);
});

attempt("the caller's signal keeps no listener once its requests have settled, answered or failed", async () => {
	const controller = new AbortController();
	let calls = 0;
	const fetch = async () => (++calls % 2 ? Response.json({ id: 1 }) : Response.json({ message: "Not Found" }, { status: 404 }));
	const client = new Hublet({ log: quiet, request: { fetch, signal: controller.signal, retry: { retries: 0 } } });
	for (let index = 0; index < 50; index++) await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: String(index) }).catch(() => {});
	assert.is(calls, 50);
	assert.is(getEventListeners(controller.signal, "abort").length, 0);
});

attempt("the caller's abort while fetch runs rejects with the caller's own reason, though ky's Request follows a signal of ky's", async () => {
	const controller = new AbortController();
	const reason = new DOMException("stopped by the caller", "AbortError");
	const fetch = () => new Promise(() => {}); // a fetch that ignores its signal
	const client = new Hublet({ log: quiet, request: { fetch } });
	setTimeout(() => controller.abort(reason), 20);
	const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { signal: controller.signal } }).catch((error) => error);
	assert.is(error, reason);
});

hook.run();
body.run();
timing.run();
attempt.run();
