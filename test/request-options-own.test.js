// No Hublet option is copied into the request options: `retry` stays with the retry feature, so
// a request's options (what a hook, a debug log, `endpoint.DEFAULTS` and `endpoint.merge()` show)
// hold only what the caller put under `request`. A call's own `request.retry` still overrides
// the client's `retry`, both ways.
// Run: node test/request-options-own.test.js
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet, retry } from "../dist/core.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A client whose fetch answers 502 (retried on GET) and counts its calls, and records the options each request reached the hook with. */
function counting(Client, options) {
	const state = { calls: 0, seen: [] };
	const fetch = async () => {
		state.calls += 1;
		return new Response('{"message":"Bad Gateway"}', { status: 502, headers: { "content-type": "application/json" } });
	};
	const client = new Client({ log: quiet, ...options, request: { fetch, ...options.request } });
	client.hook.before("request", (requestOptions) => state.seen.push(requestOptions.request));
	return { client, state };
}

test("the retry option is in no request's options, in either entry", async () => {
	for (const [Client, retryOption] of [
		[Hublet, { enabled: false }],
		[Hublet, { retries: 1, minTimeout: 1 }],
		[Hublet, false],
		[CoreHublet.plugin(retry), { retries: 0 }],
	]) {
		const { client, state } = counting(Client, { retry: retryOption, request: { timeout: 5000 } });
		assert.not.ok("retry" in client.request.endpoint.DEFAULTS.request, JSON.stringify(retryOption));
		assert.not.ok("retry" in client.request.endpoint.merge("GET /x").request);
		// The core client serves no routes until it is given a table.
		if (Client === Hublet) assert.not.ok("retry" in client.rest.repos.get.endpoint.merge({ owner: "o", repo: "r" }).request);
		await client.request("GET /x").catch(() => {});
		assert.ok(state.seen.length > 0);
		for (const seen of state.seen) {
			assert.not.ok("retry" in seen, JSON.stringify(Object.keys(seen)));
			assert.is(seen.timeout, 5000, "what the caller put under request stays");
		}
	}
});

test("the client's retry option still rules a call that gives none, and a call's request.retry overrides it both ways", async () => {
	const off = counting(Hublet, { retry: { enabled: false } });
	await off.client.request("GET /x").catch(() => {});
	assert.is(off.state.calls, 1, "retries off for the client");
	await off.client.request("GET /x", { request: { retry: { retries: 2, minTimeout: 1, maxTimeout: 1 } } }).catch(() => {});
	assert.is(off.state.calls, 4, "a call turns them on: 1 + 2 retries");

	const on = counting(Hublet, { retry: { retries: 2, minTimeout: 1, maxTimeout: 1 } });
	await on.client.request("GET /x").catch(() => {});
	assert.is(on.state.calls, 3, "the client's 2 retries");
	await on.client.request("GET /x", { request: { retry: false } }).catch(() => {});
	assert.is(on.state.calls, 4, "a call turns them off");
	await on.client.request("GET /x", { request: { retry: { retries: 0 } } }).catch(() => {});
	assert.is(on.state.calls, 5);
});

test("a bad per-call retry is still refused naming the call, and a client's request.retry is no client setting", async () => {
	const { client, state } = counting(Hublet, { retry: { retries: 1, minTimeout: 1 } });
	const error = await client.request("GET /x", { request: { retry: { retries: "three" } } }).catch((e) => e);
	assert.instance(error, TypeError);
	assert.match(error.message, /request\.retry/);
	assert.is(state.calls, 0);
});

test.run();
