// What a store gives back is untrusted input. The cache's entries and the shared rate limits'
// ledgers and locks are checked before use: a value of any wrong shape (a wrong type, a missing
// or extra key, a prototype-pollution key, a huge number, a string with CR, LF or NUL, an array
// where an object goes) costs one warning and its entry, never the request, which goes on as if
// nothing was stored. Tested with a Map (synchronous) and a Keyv store (asynchronous).
// Run: node test/store-values.test.js
import Keyv from "keyv";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, rateLimit } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startEtagServer } from "./helpers/etag-server.js";
import { startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit);

const STORES = [
	["a Map", () => new Map()],
	["a Keyv store", () => new Keyv()],
];

/** Every key a store holds. */
async function keysOf(store) {
	if (store instanceof Map) return [...store.keys()];
	const keys = [];
	for await (const [key] of store.iterator()) keys.push(key);
	return keys;
}

const good = { v: 2, etag: 'W/"abc"', headers: { "content-type": "application/json" }, data: { id: 1 } };
const entry = (changes) => JSON.stringify({ ...good, ...changes });

// Each as the store gives it back: text a client could not have written, or a value that is not text.
const BAD_ENTRIES = {
	"an etag with CR and LF": entry({ etag: 'W/"a"\r\nx-injected: 1' }),
	"an etag with a lone LF": entry({ etag: '"a"\nb' }),
	"an etag with NUL": entry({ etag: '"a\u0000"' }),
	"an etag beyond Latin-1": entry({ etag: '"\u2603"' }),
	"an etag of 2,000 characters": entry({ etag: `"${"a".repeat(2000)}"` }),
	"an empty etag and no last-modified": entry({ etag: "" }),
	"an etag that is a number": entry({ etag: 123 }),
	"an etag that is an array": entry({ etag: ['"a"'] }),
	"an etag that is an object": entry({ etag: { toString: "x" } }),
	"a last-modified with CR LF": JSON.stringify({ v: 2, lastModified: "Wed, 21 Oct 2015 07:28:00 GMT\r\nx: y", headers: {}, data: 1 }),
	"a last-modified that is null": JSON.stringify({ v: 2, lastModified: null, headers: {}, data: 1 }),
	"no validator at all": JSON.stringify({ v: 2, headers: {}, data: 1 }),
	"headers that are an array": entry({ headers: [["etag", "x"]] }),
	"headers that are null": entry({ headers: null }),
	"headers that are a string": entry({ headers: "etag: x" }),
	"a header value that is a number": entry({ headers: { "x-count": 1e300 } }),
	"a header value that is an array": entry({ headers: { link: ["<a>"] } }),
	"a header value with CR LF": entry({ headers: { link: "<a>\r\nset-cookie: x=1" } }),
	"a header value with NUL": entry({ headers: { link: "a\u0000b" } }),
	"a header name with a space": entry({ headers: { "bad name": "x" } }),
	"a header name in capitals": entry({ headers: { "Content-Type": "x" } }),
	"a header named __proto__": `{"v":2,"etag":"\\"a\\"","headers":{"__proto__":{"polluted":"yes"}},"data":1}`,
	"an extra key __proto__": `{"v":2,"etag":"\\"a\\"","headers":{},"data":1,"__proto__":{"polluted":"yes"}}`,
	"an extra key status": entry({ status: 500 }),
	"no data": JSON.stringify({ v: 2, etag: '"a"', headers: {} }),
	"no headers": JSON.stringify({ v: 2, etag: '"a"', data: 1 }),
	"a version that is text": entry({ v: "2" }),
	"a version past any number": entry({ v: 0 }).replace('"v":0', '"v":1e400'),
	"no version": JSON.stringify({ etag: '"a"', headers: {}, data: 1 }),
	"an array": JSON.stringify([good]),
	"JSON null": "null",
	"a JSON string": JSON.stringify(entry({})),
	"text that is not JSON": "{not json",
	"a number, not text": 42,
	"an object, not text": { ...good },
	"an array, not text": [entry({})],
	"true, not text": true,
};

// ---

const cached = suite("cache entries read back from a store");
let api;
cached.before(async () => {
	api = await startEtagServer({ "/repos/o/r": { body: { id: 1, name: "r" }, validators: "both" } });
});
cached.after(() => api.close());

for (const [kind, makeStore] of STORES) {
	cached(`${kind}: an entry of every wrong shape costs one warning and is deleted; the GET goes out unconditional and resolves`, async () => {
		for (const [name, value] of Object.entries(BAD_ENTRIES)) {
			const store = makeStore();
			const { log, lines } = capturingLog();
			const client = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_storevalues1", log, cache: store });
			await client.rest.repos.get({ owner: "o", repo: "r" });
			const [key] = await keysOf(store);
			await store.set(key, value);
			api.requests.length = 0;
			const response = await client.rest.repos.get({ owner: "o", repo: "r" });
			assert.is(response.status, 200, name);
			assert.equal(response.data, { id: 1, name: "r" }, name);
			assert.is(response.revalidated, undefined, name);
			const sent = api.requests[0].headers;
			assert.is(sent["if-none-match"], undefined, name);
			assert.is(sent["if-modified-since"], undefined, name);
			assert.is(lines.warn.length, 1, `${name}: ${lines.warn.join("\n")}`);
			assert.match(lines.warn[0], /cache store gave back a value that is not an entry Hublet wrote \(.+\): it is deleted/);
			// The bad value is gone: the fresh answer took its place, and the next GET revalidates.
			await new Promise((resolve) => setImmediate(resolve));
			assert.is.not(await store.get(key), value, name);
			const again = await client.rest.repos.get({ owner: "o", repo: "r" });
			assert.is(again.revalidated, true, name);
			assert.is(lines.warn.length, 1, name);
			assert.is({}.polluted, undefined, "Object.prototype untouched");
		}
	});

	cached(`${kind}: a warning never quotes the stored value`, async () => {
		const store = makeStore();
		const { log, lines } = capturingLog();
		const client = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_storevalues1", log, cache: store });
		await client.rest.repos.get({ owner: "o", repo: "r" });
		const [key] = await keysOf(store);
		await store.set(key, entry({ etag: "ghp_secretvalue123\r\n" }));
		await client.rest.repos.get({ owner: "o", repo: "r" });
		assert.not.match(lines.warn.join("\n"), /ghp_secretvalue123/);
	});

	cached(`${kind}: another version's entry is a miss, kept for the clients of that version, with no warning`, async () => {
		const store = makeStore();
		const { log, lines } = capturingLog();
		const client = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_storevalues1", log, cache: store });
		await client.rest.repos.get({ owner: "o", repo: "r" });
		const [key] = await keysOf(store);
		await store.set(key, entry({ v: 3, shape: "a future one" }));
		api.requests.length = 0;
		assert.is((await client.rest.repos.get({ owner: "o", repo: "r" })).revalidated, undefined);
		assert.is(api.requests[0].headers["if-none-match"], undefined);
		assert.equal(lines.warn, []);
	});
}

cached("a response whose headers a read would refuse is not stored (what is written is what is read)", async () => {
	const server = await startServer((request, response) => {
		// Valid on the wire, refused in an entry: a validator of 2,000 characters.
		response.writeHead(200, { "content-type": "application/json", etag: `"${"a".repeat(2000)}"` });
		response.end("{}");
	});
	const store = new Map();
	const client = new Hublet({ baseUrl: server.baseUrl, cache: store });
	await client.request("GET /long");
	assert.is(store.size, 0);
	await server.close();
});

cached.run();

// ---

const ledgers = suite("rate-limit ledgers and locks read back from a store");
let limited;
ledgers.before(async () => {
	limited = await startServer((request, response) => {
		const reset = String(Math.floor(Date.now() / 1000) + 3600);
		const resource = request.url.startsWith("/named/") ? decodeURIComponent(request.url.slice(7)) : "core";
		response.writeHead(200, { "content-type": "application/json", "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "4999", "x-ratelimit-reset": reset, "x-ratelimit-resource": resource });
		response.end("{}");
	});
});
ledgers.after(() => limited.close());

const ledger = (changes) => JSON.stringify({ v: 2, pauseUntil: 0, nextWrite: 0, budgets: {}, ...changes });
const budget = { limit: 5000, remaining: 0, reset: 8e15, seen: 0 };
const BAD_LEDGERS = {
	"budgets that are an array": ledger({ budgets: [budget] }),
	"budgets that are null": ledger({ budgets: null }),
	"a budget that is an array": ledger({ budgets: { core: [5000, 0, 8e15, 0] } }),
	"a budget named __proto__": `{"v":2,"pauseUntil":0,"nextWrite":0,"budgets":{"__proto__":{"limit":5000,"remaining":0,"reset":8000000000000000,"seen":0}}}`,
	"a budget named constructor": ledger({ budgets: { constructor: budget } }),
	"a budget name with CR LF": ledger({ budgets: { "co\r\nre": budget } }),
	"a budget name in capitals": ledger({ budgets: { Core: budget } }),
	"a budget with an extra key": ledger({ budgets: { core: { ...budget, extra: 1 } } }),
	"a budget with a key missing": ledger({ budgets: { core: { limit: 5000, remaining: 0, reset: 8e15 } } }),
	"a hundred budgets": ledger({ budgets: Object.fromEntries(Array.from({ length: 100 }, (_, index) => [`r${index}`, budget])) }),
	"an extra key": ledger({ extra: true }),
	"an extra key __proto__": `{"v":2,"pauseUntil":0,"nextWrite":0,"budgets":{},"__proto__":{"polluted":"yes"}}`,
	"a pause as text": ledger({ pauseUntil: "9999999999999" }),
	"a pause past any date": ledger({ pauseUntil: 1e300 }),
	"a version as text": ledger({ v: "2" }),
	"an array": JSON.stringify([JSON.parse(ledger({}))]),
	"JSON null": "null",
	"text that is not JSON": "{not json",
	"an object, not text": JSON.parse(ledger({ pauseUntil: 8e15 })),
	"a number, not text": 1e300,
};

for (const [kind, makeStore] of STORES) {
	ledgers(`${kind}: a ledger of every wrong shape costs one warning, holds nothing back, and is replaced`, async () => {
		for (const [name, value] of Object.entries(BAD_LEDGERS)) {
			const store = makeStore();
			const { log, lines } = capturingLog();
			const options = { baseUrl: limited.baseUrl, auth: "ghp_storevalues2", log, rateLimit: { store, writeInterval: 0, timeout: 1000 } };
			await new Hublet(options).request("GET /warm");
			const key = (await keysOf(store)).find((name) => !name.endsWith(":lock"));
			await store.set(key, value);
			limited.requests.length = 0;
			const started = Date.now();
			const response = await new Hublet(options).request("GET /after");
			assert.is(response.status, 200, name);
			assert.ok(Date.now() - started < 500, `${name}: held back ${Date.now() - started}ms`);
			assert.is(limited.requests.length, 1);
			assert.is(lines.warn.length, 1, `${name}: ${lines.warn.join("\n")}`);
			assert.match(lines.warn[0], /rate-limit store held a value that is not Hublet's/);
			const back = JSON.parse(await store.get(key));
			assert.is(back.v, 2, name);
			assert.ok(Object.keys(back.budgets).every((resource) => resource === "core"), name);
			assert.is(Object.getPrototypeOf(back.budgets), Object.prototype);
			assert.is({}.polluted, undefined, "Object.prototype untouched");
		}
	});
}

ledgers("a Keyv store: a lock of a wrong shape is no lock: the request neither waits for it nor fails", async () => {
	const store = new Keyv();
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: limited.baseUrl, auth: "ghp_storevalues3", log, rateLimit: { store, timeout: 1000 } });
	await client.request("GET /warm");
	const key = (await keysOf(store)).find((name) => !name.endsWith(":lock"));
	for (const lock of ["[]", "null", "{", JSON.stringify({ id: 5, until: Date.now() + 60_000 }), JSON.stringify({ until: Date.now() + 60_000 }), JSON.stringify({ id: "x", until: "tomorrow" }), 7, { id: "x", until: Date.now() + 60_000 }]) {
		await store.set(`${key}:lock`, lock);
		const started = Date.now();
		assert.is((await client.request("GET /after")).status, 200);
		assert.ok(Date.now() - started < 500, `${JSON.stringify(lock)}: waited ${Date.now() - started}ms`);
	}
	assert.equal(lines.warn, []);
});

for (const [kind, makeStore] of STORES) {
	ledgers(`${kind}: an x-ratelimit-resource that is no resource name never becomes a ledger key`, async () => {
		const store = makeStore();
		const { log, lines } = capturingLog();
		const client = new Hublet({ baseUrl: limited.baseUrl, auth: "ghp_storevalues4", log, rateLimit: { store } });
		for (const name of ["__proto__", "constructor", "toString", "Core", "co re", "x".repeat(100), ""]) {
			await client.request(`GET /named/${encodeURIComponent(name)}`);
		}
		await client.request("GET /named/search");
		// What one answer taught reaches the store with the next request.
		await client.request("GET /named/search");
		const key = (await keysOf(store)).find((name) => !name.endsWith(":lock"));
		assert.equal(Object.keys(JSON.parse(await store.get(key)).budgets).sort(), ["core", "search"]);
		assert.is({}.polluted, undefined);
		assert.equal(lines.warn, []);
	});
}

ledgers.run();
