// Conditional requests: the `cache` option (issue 14), over a real server on 127.0.0.1 that
// honours If-None-Match and If-Modified-Since and counts a fake rate limit for 200s only.
// Run: node test/cache.test.js
import Keyv from "keyv";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, RequestError, cache } from "../dist/index.js";
import { testClient } from "./helpers/client.js";
import { RATE_LIMIT, recordingStore, startEtagServer } from "./helpers/etag-server.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache);

const REPO = { id: 1, full_name: "o/r", stargazers_count: 10 };
const ISSUES = (page) => Array.from({ length: 2 }, (_, index) => ({ number: page * 10 + index, title: `issue ${page}.${index}` }));

let api;
const resources = () => ({
	"/repos/o/r": { body: REPO },
	"/repos/o/other": { body: { id: 2, full_name: "o/other" } },
	"/user": { body: (who) => ({ login: who === "token ghp_alice" ? "alice" : who === "token ghp_bob" ? "bob" : "someone" }) },
	"/last-modified": { body: { kind: "dated" }, validators: "last-modified" },
	"/both": { body: { kind: "both" }, validators: "both" },
	"/no-validators": { body: { kind: "plain" }, validators: "none" },
	"/binary": { body: "\u0001\u0002", contentType: "application/octet-stream" },
	"/repos/o/r/issues": { body: ISSUES(1), link: '</repos/o/r/issues?page=2>; rel="next"' },
	"/repos/o/r/issues?page=2": { body: ISSUES(2), link: '</repos/o/r/issues?page=3>; rel="next"' },
	"/repos/o/r/issues?page=3": { body: ISSUES(3) },
	"/search/issues?q=x": { body: { total_count: 2, incomplete_results: false, items: ISSUES(4) } },
});

async function fresh() {
	await api?.close();
	api = await startEtagServer(resources());
	// Links in the fixtures are relative to the server.
	for (const resource of Object.values(api.resources)) {
		if (resource.link) resource.link = resource.link.replace(/<\//g, `<${api.baseUrl}/`);
	}
}

const client = (options = {}) => testClient({ Hublet, baseUrl: api.baseUrl, auth: "ghp_alice", cache: true, ...options });
const getRepo = (hublet, extra = {}) => hublet.rest.repos.get({ owner: "o", repo: "r", ...extra });
const remaining = (response) => Number(response.headers["x-ratelimit-remaining"]);

async function rejection(promise) {
	try {
		await promise;
	} catch (error) {
		return error;
	}
	assert.unreachable("should have thrown");
}

// ---

const options = suite("the cache option");
options.before.each(fresh);
options.after(() => api?.close());

options("bad values throw a TypeError that names the option, before any request", () => {
	const cases = [
		["yes", /^Expected the `cache` option to be true, a store with get\(\), set\(\) and delete\(\), or \{ store\?, max\?, timeout\? \}: got yes$/],
		[{ max: 0 }, /: `max` must be a whole number above 0, not 0$/],
		[{ max: 2.5 }, /: `max` must be a whole number above 0, not 2\.5$/],
		[{ timeout: -1 }, /: `timeout` must be milliseconds from 1 to 2147483647, not -1$/],
		[{ timeout: "5" }, /: `timeout` must be milliseconds from 1 to 2147483647, not "5"$/],
		[{ maxEntries: 10 }, /: unknown key `maxEntries`$/],
		[{ get() {}, set() {} }, /: unknown key `get`$/],
		[{ store: { get() {} } }, /: `store` lacks get\(\), set\(\) or delete\(\)$/],
		[{ store: new Map(), max: 10 }, /: `max` bounds the built-in store, not `store`$/],
	];
	for (const [value, message] of cases) {
		assert.throws(() => new Hublet({ cache: value }), (error) => error instanceof TypeError && message.test(error.message), JSON.stringify(value));
	}
	assert.equal(api.requests, []);
});

options("false, null and undefined leave the cache off: a second GET is sent without validators", async () => {
	for (const cache of [false, null, undefined]) {
		const { client: hublet } = client({ cache });
		await getRepo(hublet);
		await getRepo(hublet);
	}
	assert.is(api.requests.length, 6);
	assert.ok(api.requests.every((request) => request.headers["if-none-match"] === undefined));
});

options.run();

// ---

const revalidation = suite("revalidation");
revalidation.before.each(fresh);
revalidation.after(() => api?.close());

revalidation("the second identical GET sends If-None-Match, and the 304 resolves as the cached 200, marked revalidated", async () => {
	const { client: hublet } = client();
	const first = await getRepo(hublet);
	const second = await getRepo(hublet);
	const [sentFirst, sentSecond] = api.requestsTo("/repos/o/r");
	assert.is(sentFirst.headers["if-none-match"], undefined);
	assert.is(sentSecond.headers["if-none-match"], first.headers.etag);

	assert.is(first.status, 200);
	assert.not.ok("revalidated" in first, "a fresh 200 carries no marker");
	assert.is(second.status, 200);
	assert.is(second.revalidated, true);
	assert.equal(second.data, REPO);
	assert.is(second.url, `${api.baseUrl}/repos/o/r`);
	assert.is(second.headers.etag, first.headers.etag);
	assert.is(second.headers["content-type"], "application/json; charset=utf-8", "kept from the stored response");
	assert.is(second.headers["x-github-request-id"], "REQ-2", "updated from the 304");
});

revalidation("304s leave x-ratelimit-remaining where it was: ten polls cost one request of the rate limit", async () => {
	const { client: hublet } = client();
	const figures = [];
	for (let poll = 0; poll < 10; poll++) figures.push(remaining(await getRepo(hublet)));
	assert.equal(figures, Array(10).fill(RATE_LIMIT - 1));
	assert.is(api.state.remaining, RATE_LIMIT - 1);
	assert.is(api.requests.length, 10);
});

revalidation("the rate-limit headers of a revalidated response are the 304's, not the stored ones", async () => {
	const { client: hublet } = client();
	await getRepo(hublet);
	// Another caller spends the limit in between.
	await fetch(`${api.baseUrl}/repos/o/other`);
	const second = await getRepo(hublet);
	assert.is(second.revalidated, true);
	assert.is(second.headers["x-ratelimit-remaining"], String(RATE_LIMIT - 2));
	assert.is(second.headers["x-ratelimit-used"], "2");
});

revalidation("a body changed on the server gives the new data (no marker), and the next poll revalidates the new version", async () => {
	const { client: hublet } = client();
	const first = await getRepo(hublet);
	api.resources["/repos/o/r"].body = { ...REPO, stargazers_count: 11 };
	const changed = await getRepo(hublet);
	assert.is(changed.status, 200);
	assert.is(changed.data.stargazers_count, 11);
	assert.is(changed.revalidated, undefined);
	assert.is.not(changed.headers.etag, first.headers.etag);
	const third = await getRepo(hublet);
	assert.is(api.requestsTo("/repos/o/r")[2].headers["if-none-match"], changed.headers.etag);
	assert.is(third.revalidated, true);
	assert.is(third.data.stargazers_count, 11);
});

revalidation("a response with Last-Modified only is revalidated with If-Modified-Since", async () => {
	const { client: hublet } = client();
	const first = await hublet.request("GET /last-modified");
	const second = await hublet.request("GET /last-modified");
	const sent = api.requestsTo("/last-modified")[1].headers;
	assert.is(sent["if-modified-since"], first.headers["last-modified"]);
	assert.is(sent["if-none-match"], undefined);
	assert.is(second.revalidated, true);
	assert.equal(second.data, { kind: "dated" });
});

revalidation("a response with both validators sends both back", async () => {
	const { client: hublet } = client();
	const first = await hublet.request("GET /both");
	const second = await hublet.request("GET /both");
	const sent = api.requestsTo("/both")[1].headers;
	assert.is(sent["if-none-match"], first.headers.etag);
	assert.is(sent["if-modified-since"], first.headers["last-modified"]);
	assert.is(second.revalidated, true);
});

revalidation("a response without validators is not stored; a stored entry whose resource lost them is dropped", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await hublet.request("GET /no-validators");
	await hublet.request("GET /no-validators");
	assert.ok(api.requestsTo("/no-validators").every((request) => request.headers["if-none-match"] === undefined));
	assert.is(store.map.size, 0);

	await getRepo(hublet);
	api.resources["/repos/o/r"].validators = "none";
	await getRepo(hublet);
	assert.is(store.map.size, 0);
	assert.ok(store.calls.some(([call]) => call === "delete"));
});

revalidation("a 404 forgets the entry; the resource coming back starts afresh", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await getRepo(hublet);
	const resource = api.resources["/repos/o/r"];
	delete api.resources["/repos/o/r"];
	const error = await rejection(getRepo(hublet));
	assert.is(error.status, 404);
	assert.is(store.map.size, 0);
	api.resources["/repos/o/r"] = resource;
	const back = await getRepo(hublet);
	assert.is(back.revalidated, undefined);
	assert.is(api.requestsTo("/repos/o/r")[2].headers["if-none-match"], undefined);
});

revalidation("the cached data is a copy: changing a response does not change what the next 304 gives", async () => {
	const { client: hublet } = client();
	const first = await getRepo(hublet);
	first.data.full_name = "changed by the caller";
	const second = await getRepo(hublet);
	second.data.stargazers_count = -1;
	const third = await getRepo(hublet);
	assert.is(third.revalidated, true);
	assert.equal(third.data, REPO);
});

revalidation("set-cookie is never stored, and not replayed by a revalidated response", async () => {
	api.resources["/repos/o/r"].headers = { "set-cookie": "session=abc; HttpOnly" };
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await getRepo(hublet);
	assert.not.match([...store.map.values()].join(), /session=abc/);
	delete api.resources["/repos/o/r"].headers;
	const second = await getRepo(hublet);
	assert.is(second.revalidated, true);
	assert.is(second.headers["set-cookie"], undefined);
});

revalidation("a binary body is not stored (the next GET is unconditional)", async () => {
	const { client: hublet } = client();
	const first = await hublet.request("GET /binary");
	assert.instance(first.data, ArrayBuffer);
	await hublet.request("GET /binary");
	assert.is(api.requestsTo("/binary")[1].headers["if-none-match"], undefined);
});

revalidation("a retried request keeps its validators (the cache wraps attempt and retries)", async () => {
	const { client: hublet, lines } = client();
	await getRepo(hublet);
	api.failNext("/repos/o/r", 502);
	const second = await getRepo(hublet);
	const [, failed, retried] = api.requestsTo("/repos/o/r");
	assert.ok(lines.info.some((line) => / - retry 1 of 3 after status 502/.test(line)));
	assert.is(failed.headers["if-none-match"], second.headers.etag);
	assert.is(retried.headers["if-none-match"], second.headers.etag);
	assert.is(second.revalidated, true);
});

revalidation.run();

// ---

const keys = suite("cache keys and credentials");
keys.before.each(fresh);
keys.after(() => api?.close());

keys("two tokens sharing a store never share an entry", async () => {
	const store = new Map();
	const alice = client({ cache: store, auth: "ghp_alice" }).client;
	const bob = client({ cache: store, auth: "ghp_bob" }).client;
	assert.is((await alice.request("GET /user")).data.login, "alice");
	const bobFirst = await bob.request("GET /user");
	assert.is(bobFirst.data.login, "bob");
	assert.is(bobFirst.revalidated, undefined);
	assert.is(api.requestsTo("/user")[1].headers["if-none-match"], undefined, "bob's first request is not conditional on alice's entry");
	const aliceAgain = await alice.request("GET /user");
	const bobAgain = await bob.request("GET /user");
	assert.is(aliceAgain.data.login, "alice");
	assert.is(bobAgain.data.login, "bob");
	assert.ok(aliceAgain.revalidated && bobAgain.revalidated);
	assert.is(store.size, 2);
});

keys("nothing secret is stored: a key is a SHA-256 hash of the request (method, URL, accept, authorization), values hold no credential header", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store, auth: "ghp_alice" });
	await getRepo(hublet);
	await hublet.request("GET /user");
	assert.is(store.map.size, 2);
	for (const [key, value] of store.map) {
		assert.match(key, /^hublet:cache:v2:[0-9a-f]{64}$/);
		assert.type(value, "string");
		for (const text of [key, value]) assert.not.match(text, /ghp_alice/);
		const stored = JSON.parse(value);
		assert.not.ok(Object.keys(stored.headers).some((name) => /authorization|cookie/i.test(name)), "no credential header");
		assert.not.match(JSON.stringify(stored.headers), /token /);
	}
});

keys("an unauthenticated client has entries of its own", async () => {
	const store = new Map();
	await client({ cache: store, auth: undefined }).client.request("GET /user");
	await client({ cache: store, auth: "ghp_alice" }).client.request("GET /user");
	assert.is(store.size, 2);
	const anonymous = client({ cache: store, auth: undefined }).client;
	assert.is((await anonymous.request("GET /user")).data.login, "someone");
});

keys("the accept header is part of the key", async () => {
	const { client: hublet } = client();
	await getRepo(hublet);
	await getRepo(hublet, { headers: { accept: "application/vnd.github.raw+json" } });
	assert.is(api.requestsTo("/repos/o/r")[1].headers["if-none-match"], undefined);
	assert.ok((await getRepo(hublet)).revalidated);
});

keys("a URL carrying a secret query value is never cached", async () => {
	api.resources["/repos/o/r?client_secret=s3cret"] = { body: REPO };
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await hublet.request("GET /repos/o/r?client_secret=s3cret");
	await hublet.request("GET /repos/o/r?client_secret=s3cret");
	assert.equal(store.calls, []);
});

keys("a repeated GET is hashed once per client, and nothing is hashed with the cache off", async () => {
	const digest = crypto.subtle.digest;
	let calls = 0;
	crypto.subtle.digest = function (...args) {
		calls += 1;
		return digest.apply(this, args);
	};
	try {
		const off = client({ cache: undefined }).client;
		for (let poll = 0; poll < 3; poll++) await getRepo(off);
		assert.is(calls, 0, "cache off: no hashing");
		const on = client().client;
		for (let poll = 0; poll < 3; poll++) await getRepo(on);
		assert.is(calls, 1, "cache on: one digest per request key");
	} finally {
		crypto.subtle.digest = digest;
	}
});

keys("without Web Crypto, requests go on uncached and one warning says why", async () => {
	const descriptor = Object.getOwnPropertyDescriptor(globalThis, "crypto");
	const { client: hublet, lines } = client();
	Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true, writable: true });
	try {
		for (let poll = 0; poll < 3; poll++) assert.equal((await getRepo(hublet)).data, REPO);
	} finally {
		Object.defineProperty(globalThis, "crypto", descriptor);
	}
	assert.ok(api.requests.every((request) => request.headers["if-none-match"] === undefined));
	assert.equal(lines.warn, ["[hublet] the cache needs Web Crypto (crypto.subtle) to hash credentials: requests go on without it"]);
});

keys.run();

// ---

const stores = suite("stores: the built-in LRU, Keyv, and stores that fail");
stores.before.each(fresh);
stores.after(() => api?.close());

stores("cache: { max: 2 } keeps the two most recently used responses", async () => {
	const { client: hublet } = client({ cache: { max: 2 } });
	const conditional = async (path) => {
		await hublet.request(`GET ${path}`);
		return api.requestsTo(path).at(-1).headers["if-none-match"] !== undefined;
	};
	await conditional("/repos/o/r"); // [r]
	await conditional("/repos/o/other"); // [r, other]
	assert.ok(await conditional("/repos/o/r"), "a read makes r the most recent"); // [other, r]
	await conditional("/user"); // [r, user]: other is out
	assert.not.ok(await conditional("/repos/o/other"), "the least recently used went first"); // [user, other]
	assert.ok(await conditional("/user"));
	assert.not.ok(await conditional("/repos/o/r"));
});

stores("cache: true keeps 500 responses, the documented default", async () => {
	for (let index = 1; index <= 501; index++) api.resources[`/items/${index}`] = { body: { index } };
	const { client: hublet } = client();
	for (let index = 1; index <= 501; index++) await hublet.request(`GET /items/${index}`);
	await hublet.request("GET /items/2");
	await hublet.request("GET /items/1");
	assert.ok(api.requestsTo("/items/2")[1].headers["if-none-match"], "the 500 most recent are kept");
	assert.is(api.requestsTo("/items/1")[1].headers["if-none-match"], undefined, "the 501st pushed the first out");
});

stores("a Keyv instance is a store as it is", async () => {
	const keyv = new Keyv();
	const { client: hublet } = client({ cache: keyv });
	const first = await getRepo(hublet);
	const second = await getRepo(hublet);
	assert.is(second.revalidated, true);
	assert.equal(second.data, REPO);
	assert.is(api.requestsTo("/repos/o/r")[1].headers["if-none-match"], first.headers.etag);
	const keys = [];
	for await (const [key] of keyv.iterator()) keys.push(key);
	assert.is(keys.length, 1);
});

stores("two clients of one token sharing a Keyv store ({ store, timeout } or the store alone) revalidate each other's entries", async () => {
	const store = new Keyv({ namespace: "github" });
	const one = client({ cache: { store, timeout: 1000 } }).client;
	const two = client({ cache: store }).client;
	await getRepo(one);
	const fromOther = await getRepo(two);
	assert.is(fromOther.revalidated, true, "the second client revalidates the first one's entry");
});

stores("a store that throws: every request succeeds, uncached, and one warning is logged", async () => {
	const boom = () => {
		throw new Error("store is down");
	};
	const { client: hublet, lines } = client({ cache: { get: boom, set: boom, delete: boom } });
	for (let poll = 0; poll < 3; poll++) assert.equal((await getRepo(hublet)).data, REPO);
	assert.is(api.requests.length, 3);
	assert.equal(lines.warn, ["[hublet] the cache store's get() failed (store is down): requests go on without the cache where it fails"]);
});

stores("a store that rejects: every request succeeds, and one warning is logged", async () => {
	const reject = async () => {
		throw new Error("connection refused");
	};
	const { client: hublet, lines } = client({ cache: { get: reject, set: reject, delete: reject } });
	for (let poll = 0; poll < 3; poll++) assert.equal((await getRepo(hublet)).data, REPO);
	await new Promise((resolve) => setImmediate(resolve));
	assert.is(lines.warn.length, 1);
	assert.match(lines.warn[0], /^\[hublet\] the cache store's (get|set)\(\) failed \(connection refused\)/);
});

stores("a store whose get() never answers: each request waits cache.timeout, goes out unconditionally, and one warning is logged", async () => {
	const store = { get: () => new Promise(() => {}), set: () => Promise.resolve(true), delete: () => Promise.resolve(true) };
	const { client: hublet, lines } = client({ cache: { store, timeout: 5 } });
	for (let poll = 0; poll < 3; poll++) assert.equal((await getRepo(hublet)).data, REPO);
	assert.ok(api.requests.every((request) => request.headers["if-none-match"] === undefined));
	assert.equal(lines.warn, ["[hublet] the cache store took over 5ms to answer get(): requests go on without waiting for it (cache.timeout)"]);
});

stores("a slow set() is waited for by the next read of its key, so a client finds what it has just stored", async () => {
	const map = new Map();
	const later = () => new Promise((resolve) => setImmediate(resolve));
	const store = {
		get: async (key) => map.get(key),
		set: async (key, value) => {
			await later();
			await later();
			map.set(key, value);
		},
		delete: async (key) => map.delete(key),
	};
	const { client: hublet } = client({ cache: store });
	await getRepo(hublet);
	assert.ok((await getRepo(hublet)).revalidated);
});

stores("a stored value that is not an entry (another version, foreign text) is a miss", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await getRepo(hublet);
	const [key] = store.map.keys();
	for (const value of ["not json", JSON.stringify({ v: 0, etag: "x", data: 1 }), JSON.stringify({ v: 1 })]) {
		store.map.set(key, value);
		const response = await getRepo(hublet);
		assert.is(response.revalidated, undefined, value);
		assert.is(api.requests.at(-1).headers["if-none-match"], undefined, value);
	}
});

stores.run();

// ---

const scope = suite("what is never cached");
scope.before.each(fresh);
scope.after(() => api?.close());

scope("POST, PATCH, PUT and DELETE are never looked up or stored", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	for (const method of ["POST", "PATCH", "PUT", "DELETE"]) {
		const first = await hublet.request(`${method} /repos/o/r`, { name: "x" });
		assert.ok(first.headers.etag, "the server sent an ETag");
		await hublet.request(`${method} /repos/o/r`, { name: "x" });
	}
	assert.equal(store.calls, []);
	assert.ok(api.requests.every((request) => request.headers["if-none-match"] === undefined));
	// A GET after the writes is not answered from them.
	await getRepo(hublet);
	assert.is(api.requests.at(-1).headers["if-none-match"], undefined);
});

scope("a call with its own If-None-Match keeps it and gets octokit's behaviour: the 304 rejects", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	const { headers } = await getRepo(hublet);
	const callsBefore = store.calls.length;
	const error = await rejection(getRepo(hublet, { headers: { "if-none-match": headers.etag } }));
	assert.instance(error, RequestError);
	assert.is(error.status, 304);
	assert.is(error.code, "NOT_MODIFIED");
	assert.is(api.requests.at(-1).headers["if-none-match"], headers.etag);
	assert.is(store.calls.length, callsBefore, "the cache was not consulted");
});

scope("a call with its own If-Modified-Since keeps it too", async () => {
	const { client: hublet } = client();
	const { headers } = await hublet.request("GET /last-modified");
	const error = await rejection(hublet.request("GET /last-modified", { headers: { "if-modified-since": headers["last-modified"] } }));
	assert.is(error.status, 304);
});

scope("request: { cache: false } sends without validators and stores nothing", async () => {
	const store = recordingStore();
	const { client: hublet } = client({ cache: store });
	await getRepo(hublet);
	const optedOut = await getRepo(hublet, { request: { cache: false } });
	assert.is(optedOut.revalidated, undefined);
	assert.is(api.requests.at(-1).headers["if-none-match"], undefined);
	await hublet.request("GET /repos/o/other", { request: { cache: false } });
	assert.not.ok(store.calls.some(([, key]) => key.includes("/repos/o/other")));
});

scope("without a cache, a 304 still rejects as octokit's does", async () => {
	const { client: hublet } = client({ cache: undefined });
	const { headers } = await getRepo(hublet);
	const error = await rejection(getRepo(hublet, { headers: { "if-none-match": headers.etag } }));
	assert.instance(error, RequestError);
	assert.is(error.status, 304);
	assert.is(error.code, "NOT_MODIFIED");
	assert.is(error.response.status, 304);
});

scope("parseSuccessResponseBody: false (a streamed body) is not cached", async () => {
	const { client: hublet } = client();
	await getRepo(hublet, { request: { parseSuccessResponseBody: false } }).then((response) => response.data.cancel());
	await getRepo(hublet, { request: { parseSuccessResponseBody: false } }).then((response) => response.data.cancel());
	assert.ok(api.requests.every((request) => request.headers["if-none-match"] === undefined));
});

scope.run();

// ---

const layers = suite("with paginate and the request log");
layers.before.each(fresh);
layers.after(() => api?.close());

layers("paginate revalidates each page, and gives the same items for free", async () => {
	const { client: hublet } = client();
	const first = await hublet.paginate(hublet.rest.issues.listForRepo, { owner: "o", repo: "r" });
	const spent = RATE_LIMIT - api.state.remaining;
	const pages = [];
	const second = await hublet.paginate(hublet.rest.issues.listForRepo, { owner: "o", repo: "r" }, (response) => {
		pages.push([response.revalidated, response.headers["x-ratelimit-remaining"]]);
		return response.data;
	});
	assert.equal(second, first);
	assert.is(first.length, 6);
	assert.is(spent, 3);
	assert.is(RATE_LIMIT - api.state.remaining, 3, "the second walk cost nothing");
	assert.equal(pages, Array(3).fill([true, String(RATE_LIMIT - 3)]));
	for (const path of ["/repos/o/r/issues?page=2", "/repos/o/r/issues?page=3"]) {
		assert.ok(api.requestsTo(path)[1].headers["if-none-match"], `${path} was conditional`);
	}
});

layers("paginate over an object-wrapped list (search) gives the same list on revalidation", async () => {
	const { client: hublet } = client();
	const first = await hublet.paginate("GET /search/issues", { q: "x" });
	const second = await hublet.paginate("GET /search/issues", { q: "x" });
	assert.equal(second, first);
	assert.equal(first, ISSUES(4));
	assert.is(api.requests.length, 2);
});

layers("the request log says 304 (cached) for a revalidated response", async () => {
	const { client: hublet, lines } = client();
	await getRepo(hublet);
	await getRepo(hublet);
	assert.is(lines.info.length, 2);
	assert.match(lines.info[0], /^GET \/repos\/o\/r - 200 with id REQ-1 in \d+ms$/);
	assert.match(lines.info[1], /^GET \/repos\/o\/r - 304 \(cached\) with id REQ-2 in \d+ms$/);
});

layers.run();

// ---

const readme = suite("README example");
readme.before.each(fresh);
readme.after(() => api?.close());

readme("Conditional requests: polling a repository's open issues, the rate limit only drops when they change", async () => {
	const open = Array.from({ length: 30 }, (_, index) => ({ number: index + 1, state: "open" }));
	api.resources["/repos/octokit/rest.js/issues?state=open"] = { body: open };
	const output = [];
	const console = { log: (line) => output.push(line) };
	// As in the README, with the server's baseUrl.
	const client = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_readme", cache: true });

	async function poll() {
		const response = await client.rest.issues.listForRepo({ owner: "octokit", repo: "rest.js", state: "open" });
		const { "x-ratelimit-remaining": remaining, "x-ratelimit-limit": limit } = response.headers;
		console.log(`${response.data.length} open issues${response.revalidated ? " (not modified)" : ""}, rate limit ${remaining}/${limit}`);
	}

	await poll();
	await poll();
	await poll();
	api.resources["/repos/octokit/rest.js/issues?state=open"].body = open.slice(1);
	await poll();
	assert.equal(output, [
		"30 open issues, rate limit 4999/5000",
		"30 open issues (not modified), rate limit 4999/5000",
		"30 open issues (not modified), rate limit 4999/5000",
		"29 open issues, rate limit 4998/5000",
	]);
});

readme.run();
