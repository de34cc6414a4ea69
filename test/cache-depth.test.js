// A cached body at the accepted depth (1,000 levels, as docs/reliability.md says) is used: the
// entry that wraps it one level down reads back, so the next GET sends `If-None-Match` and its 304
// is answered from the cache. One level deeper, the body itself is refused (INVALID_RESPONSE) and
// nothing is stored. Over a server on 127.0.0.1, with the in-memory store and an async one.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache);

let server;
const ETAG = '"deep-v1"';
const nested = (depth) => "[".repeat(depth) + "]".repeat(depth);

/** The depth of a parsed value made of nested arrays, by a loop. */
function depthOf(value) {
	let depth = 0;
	for (let item = value; Array.isArray(item); item = item[0]) depth++;
	return depth;
}

const depth = suite("a cached body's depth");
depth.before(async () => {
	server = await startServer((request, response) => {
		const levels = Number(new URL(request.url, server.baseUrl).pathname.split("/").pop());
		if (request.headers["if-none-match"] === ETAG) {
			response.writeHead(304, { etag: ETAG });
			return response.end();
		}
		response.writeHead(200, { "content-type": "application/json; charset=utf-8", etag: ETAG });
		response.end(nested(levels));
	});
});
depth.after(() => server.close());
depth.before.each(() => {
	server.requests.length = 0;
});

/** A Keyv-like store over a Map that answers asynchronously. */
const asyncStore = () => {
	const map = new Map();
	return { get: async (key) => map.get(key), set: async (key, value) => void map.set(key, value), delete: async (key) => map.delete(key) };
};

for (const [name, cache] of [["the in-memory store", () => true], ["an async store", () => asyncStore()]]) {
	for (const levels of [999, 1000]) {
		depth(`${levels} levels, ${name}: stored, read back, the next GET sends If-None-Match and the 304 is answered from the cache`, async () => {
			const { log, lines } = capturingLog();
			const client = new Hublet({ baseUrl: server.baseUrl, log, cache: cache(), retry: false });
			const first = await client.request(`GET /deep/${levels}`);
			assert.is(depthOf(first.data), levels);
			// The write is not awaited by the response: a read of the same key waits for it.
			const second = await client.request(`GET /deep/${levels}`);
			assert.is(server.requests[1].headers["if-none-match"], ETAG);
			assert.is(second.status, 200);
			assert.is(second.revalidated, true);
			assert.is(depthOf(second.data), levels);
			assert.equal(lines.warn, [], "the entry was refused");
		});
	}

	depth(`1,001 levels, ${name}: refused as INVALID_RESPONSE, nothing stored, the next GET is unconditional`, async () => {
		const { log, lines } = capturingLog();
		const client = new Hublet({ baseUrl: server.baseUrl, log, cache: cache(), retry: false });
		for (let attempt = 0; attempt < 2; attempt++) {
			try {
				await client.request("GET /deep/1001");
				assert.unreachable("resolved");
			} catch (error) {
				assert.is(error.code, "INVALID_RESPONSE");
			}
		}
		assert.is(server.requests.length, 2);
		assert.is(server.requests[1].headers["if-none-match"], undefined);
		assert.equal(lines.warn, []);
	});
}

depth("a stored entry nested deeper than its body could be (1,002 levels) is still refused as not Hublet's", async () => {
	const store = asyncStore();
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: server.baseUrl, log, cache: store, retry: false });
	await client.request("GET /deep/3");
	// Every stored entry replaced by one whose data is 1,001 levels deep (the entry 1,002).
	const original = store.get;
	store.get = async (name) => {
		const text = await original(name);
		if (text === undefined) return text;
		const entry = JSON.parse(text);
		return JSON.stringify({ ...entry, data: "DATA" }).replace('"DATA"', nested(1001));
	};
	await client.request("GET /deep/3");
	assert.is(server.requests[1].headers["if-none-match"], undefined);
	assert.is(lines.warn.length, 1);
	assert.match(lines.warn[0], "not an entry Hublet wrote");
});

depth.run();
