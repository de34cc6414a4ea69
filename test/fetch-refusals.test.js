// A request that fetch refuses before any network activity can never succeed: it fails at once
// with INVALID_REQUEST and is never retried. These tests use Node's own fetch (no msw), which
// refuses without connecting; the counting server proves that nothing reached the network.
import { createRequire } from "node:module";
import { createServer } from "node:net";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError } from "../dist/index.js";
import { testClient } from "./helpers/client.js";
import { closedUrl } from "./fixtures/cli-harness.js";

// The fetch standard's list of blocked ports, from undici's source rather than a copy.
const { badPorts } = createRequire(import.meta.url)("undici/lib/web/fetch/constants.js");

/** A client on `baseUrl` whose fetch is Node's, counted. */
function countingClient(baseUrl, options = {}) {
	const calls = [];
	const fetch = (url, init) => {
		calls.push(url);
		return globalThis.fetch(url, init);
	};
	return { client: testClient({ baseUrl, request: { fetch }, ...options }).client, calls };
}

/** A TCP server that counts connections and answers each with a 200. */
async function countingServer() {
	const server = createServer((socket) => {
		state.connections += 1;
		socket.on("data", () => socket.end("HTTP/1.1 200 OK\r\ncontent-type: application/json\r\ncontent-length: 2\r\n\r\n{}"));
	});
	const state = { connections: 0, close: () => new Promise((resolve) => server.close(resolve)) };
	await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
	state.baseUrl = `http://127.0.0.1:${server.address().port}`;
	return state;
}

const refusals = suite("requests fetch refuses before sending");

refusals("every port the fetch standard blocks fails at once with INVALID_REQUEST that names the port", async () => {
	assert.ok(badPorts.length > 80, `undici lists ${badPorts.length} ports`);
	for (const port of badPorts) {
		const { client, calls } = countingClient(`http://127.0.0.1:${port}`);
		const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
		assert.instance(error, RequestError, `port ${port}`);
		assert.is(error.code, "INVALID_REQUEST", `port ${port}`);
		assert.is(error.status, 400);
		assert.is(
			error.message,
			`Invalid request GET http://127.0.0.1:${port}/repos/o/r: fetch refuses port ${port}, which the fetch standard blocks as the port of another protocol: check baseUrl`,
		);
		assert.is(calls.length, 1, `port ${port} was not retried`);
	}
});

refusals("a blocked port written with leading zeros is still refused", async () => {
	const { client, calls } = countingClient("http://127.0.0.1:0001");
	const error = await client.request("GET /x").catch((e) => e);
	assert.is(error.code, "INVALID_REQUEST");
	assert.match(error.message, /port 1,/);
	assert.is(calls.length, 1);
});

refusals("a header undici does not allow (connection: upgrade, expect) fails at once, and no connection is opened", async () => {
	const server = await countingServer();
	try {
		const { client, calls } = countingClient(server.baseUrl);
		const upgrade = await client.request("GET /x", { headers: { connection: "upgrade" } }).catch((e) => e);
		assert.is(upgrade.code, "INVALID_REQUEST");
		assert.match(upgrade.message, /^Invalid request GET http:\/\/127\.0\.0\.1:\d+\/x: invalid connection header$/);
		const expect = await client.request("PUT /x", { headers: { expect: "100-continue" }, data: "body" }).catch((e) => e);
		assert.is(expect.code, "INVALID_REQUEST");
		assert.match(expect.message, /expect header not supported/);
		assert.is(calls.length, 2, "neither was retried");
		assert.is(server.connections, 0, "nothing reached the network");
		// The same client and server answer a request that fetch accepts.
		assert.is((await client.request("GET /x")).status, 200);
		assert.is(server.connections, 1);
	} finally {
		await server.close();
	}
});

refusals("a port nothing listens on, on this machine (ECONNREFUSED), is a network error, not retried", async () => {
	const { client, calls } = countingClient(await closedUrl());
	const error = await client.request("GET /x").catch((e) => e);
	assert.is(error.code, "NETWORK_ERROR");
	assert.match(error.message, /ECONNREFUSED.*is the server running\?/);
	assert.is(calls.length, 1, "nothing listens there: a retry finds the same");
});

refusals("a fetch that does not block ports is used as it is on a blocked port", async () => {
	const fetch = async () => new Response('{"ok":true}', { headers: { "content-type": "application/json" } });
	const { client } = testClient({ baseUrl: "http://127.0.0.1:1", request: { fetch } });
	assert.equal((await client.request("GET /x")).data, { ok: true });
});

refusals("a fetch that does not block ports, failing to connect to one of another machine, is retried as a network error", async () => {
	const calls = [];
	const fetch = async (url) => {
		calls.push(url);
		throw new TypeError("fetch failed", { cause: Object.assign(new Error("connect ECONNREFUSED 192.0.2.1:1"), { code: "ECONNREFUSED" }) });
	};
	const { client } = testClient({ baseUrl: "http://192.0.2.1:1", request: { fetch } });
	const error = await client.request("GET /x").catch((e) => e);
	assert.is(error.code, "NETWORK_ERROR");
	assert.is(calls.length, 4);
});

refusals.run();
