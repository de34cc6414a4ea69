// A feature's per-call option (`request.retry`, `request.cache`, `request.proxy`) goes through the
// check the client's option goes through when the client is built: a bad one is the same
// TypeError, naming the option and the call, before anything is sent; a good one is what the
// feature acts on for that call alone. Over a server on 127.0.0.1 that counts what arrives.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet } from "../dist/index.js";
import { Hublet as CoreHublet, cache, proxy, retry } from "../dist/core.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { heapGrowth } from "./helpers/heap-growth.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, proxy);

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** The error `call` rejects with (or throws), or fails. */
async function rejection(call) {
	try {
		await call();
	} catch (error) {
		return error;
	}
	throw new Error("the call did not fail");
}

let server;
let status = 200;

/** A suite over a server on 127.0.0.1 that answers `status` and counts what arrives. */
function overServer(name) {
	const test = suite(name);
	test.before(async () => {
		server = await startServer((_request, response) => sendJson(response, status, { ok: true }));
	});
	test.after(() => server.close());
	test.before.each(() => {
		server.requests.length = 0;
		status = 200;
	});
	return test;
}

const refused = overServer("a bad per-call option is refused before sending");

const BAD = [
	["request.retry", { retry: { retries: "x" } }, /`retry\.retries` in the `request\.retry` option to be a whole number.*"x"/],
	["request.retry", { retry: "three" }, /`request\.retry` option to be false or \{/],
	["request.retry", { retry: { toString: 1 } }, /`request\.retry` option to have only the keys .*`toString` is unknown/],
	["request.cache", { cache: { max: 0 } }, /`request\.cache` option .*`max` must be a whole number above 0/],
	["request.cache", { cache: "yes" }, /`request\.cache` option to be true/],
	["request.proxy", { proxy: "ftp://proxy.example" }, /`request\.proxy` option to be a proxy URL/],
	["request.proxy", { proxy: 3128 }, /`request\.proxy` option to be a proxy URL/],
];

for (const [name, request, message] of BAD) {
	refused(`${name}: ${JSON.stringify(request)} is a TypeError naming it and the call, and nothing is sent`, async () => {
		const client = new Hublet({ baseUrl: server.baseUrl, log: quiet, cache: true });
		const error = await rejection(() => client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request }));
		assert.instance(error, TypeError);
		assert.match(error.message, message);
		assert.match(error.message, /^GET http:\/\/127\.0\.0\.1:\d+\/repos\/o\/r: /);
		assert.is(server.requests.length, 0);
	});
}

refused("an endpoint method's per-call request.retry is checked the same way", async () => {
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet });
	const error = await rejection(() => client.rest.repos.get({ owner: "o", repo: "r", request: { retry: { maxWait: -1 } } }));
	assert.instance(error, TypeError);
	assert.match(error.message, /`retry\.maxWait` in the `request\.retry` option/);
	assert.is(server.requests.length, 0);
});

refused("the core client with the retry feature checks a per-call request.retry too", async () => {
	const client = new (CoreHublet.plugin(retry))({ baseUrl: server.baseUrl, log: quiet });
	const error = await rejection(() => client.request("GET /x", { request: { retry: { factor: 0 } } }));
	assert.instance(error, TypeError);
	assert.match(error.message, /`retry\.factor` in the `request\.retry` option/);
	assert.is(server.requests.length, 0);
});

refused("a refused per-call option is not retried, and the client's next call goes out", async () => {
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet, retry: { minTimeout: 0 } });
	await rejection(() => client.request("GET /x", { request: { retry: { retries: -1 } } }));
	assert.is(server.requests.length, 0);
	const { status: answered } = await client.request("GET /x");
	assert.is(answered, 200);
	assert.is(server.requests.length, 1);
});

refused("the per-call option object is neither kept nor changed", async () => {
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet });
	const own = { retries: 1, minTimeout: 0 };
	const frozen = Object.freeze({ ...own });
	await client.request("GET /x", { request: { retry: frozen } });
	assert.equal({ ...frozen }, own);
});

const applied = overServer("a good per-call option acts on its call alone");

applied("request.retry: { retries: 1 } on one call retries a 502 once; the client's default retries three times", async () => {
	status = 502;
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet, retry: { minTimeout: 0, randomize: false } });
	await rejection(() => client.request("GET /x", { request: { retry: { retries: 1 } } }));
	assert.is(server.requests.length, 2);
	server.requests.length = 0;
	await rejection(() => client.request("GET /x"));
	assert.is(server.requests.length, 4);
});

applied("request.retry: false on one call sends it once, on a client that retries", async () => {
	status = 503;
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet, retry: { minTimeout: 0 } });
	await rejection(() => client.request("GET /x", { request: { retry: false } }));
	assert.is(server.requests.length, 1);
});

applied("request.retry on a client with retry: false turns retries on for that call", async () => {
	status = 502;
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet, retry: false });
	await rejection(() => client.request("GET /x", { request: { retry: { retries: 2, minTimeout: 0 } } }));
	assert.is(server.requests.length, 3);
});

applied("request.cache: false on one call leaves the cache out of it", async () => {
	const client = new (CoreHublet.plugin(cache))({ baseUrl: server.baseUrl, log: quiet, cache: true });
	await client.request("GET /x", { request: { cache: false } });
	await client.request("GET /x", { request: { cache: false } });
	assert.is(server.requests.length, 2);
	assert.is(server.requests[1].headers["if-none-match"], undefined);
});

applied("request.proxy: false on one call goes direct, past the client's proxy", async () => {
	const client = new (CoreHublet.plugin(proxy))({ baseUrl: server.baseUrl, log: quiet, request: { proxy: "http://127.0.0.1:9" } });
	const { status: answered } = await client.request("GET /x", { request: { proxy: false } });
	assert.is(answered, 200);
	assert.is(server.requests.length, 1);
});

applied("1,000 calls with the client's own option check it once: the settings are shared, not re-read", async () => {
	let checks = 0;
	const counting = { ...retry, check: (option, name) => (checks++, retry.check(option, name)) };
	const client = new (CoreHublet.plugin(counting))({
		log: quiet,
		retry: { retries: 1 },
		request: { fetch: async () => new Response("{}", { headers: { "content-type": "application/json" } }) },
	});
	for (let index = 0; index < 1_000; index++) await client.request("GET /x");
	assert.is(checks, 1);
	await client.request("GET /x", { request: { retry: { retries: 2 } } });
	assert.is(checks, 2);
});

refused("hostile per-call shapes: a JSON __proto__, a null-prototype request, an inherited retry, a throwing toString", async () => {
	const client = new Hublet({ baseUrl: server.baseUrl, log: quiet });
	// A key the prototype gives is no option: the call goes out with the client's settings.
	await client.request("GET /x", JSON.parse('{"request":{"__proto__":{"retry":{"retries":"x"}}}}'));
	await client.request("GET /x", { request: Object.create({ retry: { retries: "x" } }) });
	assert.is(server.requests.length, 2);
	// An own one is checked, whatever the request object's prototype; a value is never made text.
	const bare = Object.assign(Object.create(null), { retry: { retries: { toString() { throw new Error("toString ran"); } } } });
	const error = await rejection(() => client.request("GET /x", { request: bare }));
	assert.instance(error, TypeError);
	assert.not.match(error.message, /toString ran/);
	assert.match(error.message, /`retry\.retries` in the `request\.retry` option/);
	assert.is(server.requests.length, 2);
});

// A check that kept each call's option object (a memo by identity) would keep them all: 10.5 MB here, against 0.6 MB without.
const PER_CALL_REQUESTS = 20_000;
const HEAP_LIMIT_MB = 2;
const bounded = suite("per-call options over many calls");

bounded(`${PER_CALL_REQUESTS} calls, each with its own request.retry, request.cache and request.proxy checked: the heap after GC grows by less than ${HEAP_LIMIT_MB} MB`, async () => {
	const figures = await heapGrowth("per-call-options", PER_CALL_REQUESTS);
	assert.ok(figures.growthMB < HEAP_LIMIT_MB, `the heap grew by ${figures.growthMB.toFixed(2)} MB`);
});

refused.run();
applied.run();
bounded.run();
