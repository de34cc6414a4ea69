// A spent primary budget is shared, not only a pause: when one client of a token learns that its
// budget is spent until a reset (a 403 with x-ratelimit-remaining: 0, or a 200 that says 0 are
// left), every client sharing the store waits for that reset without sending, or fails at once
// with RATE_LIMITED when the reset is further than its retry.maxWait. Tested with a Map, a Keyv
// store, and a real redis-server with two connections (two processes' worth).
// Run: node test/spent-budget.test.js
import Keyv from "keyv";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, rateLimit } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";
import { redisStore, startRedis } from "./helpers/redis.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(rateLimit);

/**
A server whose token's budget is spent by the first request: that request gets `firstStatus`
(403, or 200) with x-ratelimit-remaining 0 and a reset about 3 s ahead; after the reset, 200s with
a fresh budget. Every arrival is recorded with the budget it met.
*/
async function spendingServer(firstStatus) {
	const state = { resetAt: 0, arrivals: [] };
	const server = await startServer((request, response) => {
		const now = Date.now();
		const first = state.resetAt === 0;
		if (first) state.resetAt = Math.ceil((now + 3000) / 1000) * 1000;
		const spent = now < state.resetAt;
		state.arrivals.push({ url: request.url, at: now, spent: spent && !first });
		const status = !spent ? 200 : first ? firstStatus : 403;
		response.writeHead(status, {
			"content-type": "application/json",
			"x-ratelimit-limit": "5000",
			"x-ratelimit-remaining": spent ? "0" : "4999",
			"x-ratelimit-reset": String((spent ? state.resetAt : state.resetAt + 3_600_000) / 1000),
			"x-ratelimit-resource": "core",
		});
		response.end(JSON.stringify(status === 403 ? { message: "API rate limit exceeded for user ID 1." } : { ok: true }));
	});
	return { ...server, state };
}

function client(baseUrl, store, retry = {}) {
	const { log, lines } = capturingLog();
	const instance = new Hublet({ baseUrl, auth: "ghp_spentbudget1", log, rateLimit: { store, writeInterval: 0 }, retry: { minTimeout: 1, maxTimeout: 5, ...retry } });
	instance.lines = lines;
	return instance;
}

/** A learns the budget is spent; B, on its own store connection, asks 0.3 s later. Returns what the server saw of B. */
async function secondClientAfterSpend(firstStatus, storeA, storeB, retryB) {
	const server = await spendingServer(firstStatus);
	const a = client(server.baseUrl, storeA);
	const b = client(server.baseUrl, storeB, retryB);
	const fromA = a.request("GET /from-a").then((response) => response, (error) => error);
	while (server.state.arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 300));
	const fromB = await b.request("GET /from-b").then((response) => response, (error) => error);
	await fromA;
	await server.close();
	return { fromB, arrivals: server.state.arrivals.filter((arrival) => arrival.url === "/from-b"), resetAt: server.state.resetAt };
}

const STORES = [
	["a Map", () => new Map()],
	["a Keyv store", () => new Keyv()],
];

const shared = suite("a spent budget, shared through a store");

for (const [kind, makeStore] of STORES) {
	for (const status of [403, 200]) {
		shared(`${kind}: after A's ${status} with none left, B waits for the reset and sends once, with no 403`, async () => {
			const store = makeStore();
			const { fromB, arrivals, resetAt } = await secondClientAfterSpend(status, store, store);
			assert.is(fromB.status, 200, String(fromB.message));
			assert.is(arrivals.length, 1);
			assert.ok(arrivals[0].at >= resetAt, `B sent ${resetAt - arrivals[0].at}ms before the reset`);
			assert.not.ok(arrivals[0].spent);
		});
	}

	shared(`${kind}: when the reset is further than B's retry.maxWait, B fails at once with RATE_LIMITED, sends nothing, and says until when`, async () => {
		const store = makeStore();
		const started = Date.now();
		const { fromB, arrivals, resetAt } = await secondClientAfterSpend(403, store, store, { maxWait: 1000 });
		assert.is(fromB.code, "RATE_LIMITED");
		assert.is(fromB.status, 403);
		assert.is(fromB.response, undefined);
		assert.match(fromB.message, /core rate limit of this token is spent until/);
		assert.ok(fromB.message.includes(new Date(resetAt).toISOString()), fromB.message);
		assert.equal(arrivals, []);
		assert.ok(Date.now() - started < 5000);
	});
}

shared("without a store, two clients do not share it: B meets the 403 (what the store is for)", async () => {
	const server = await spendingServer(403);
	const a = client(server.baseUrl, undefined);
	const b = client(server.baseUrl, undefined, { retries: 0 });
	const fromA = a.request("GET /from-a").catch(() => {});
	while (server.state.arrivals.length === 0) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 300));
	const error = await rejection(b.request("GET /from-b"));
	assert.is(error.code, "RATE_LIMITED");
	assert.ok(error.response, "sent, and refused");
	await fromA;
	await server.close();
});

shared.run();

// ---

const fleet = suite("a spent budget, shared through a real Redis");
let redis;
const connections = [];
const connect = async () => {
	const store = await redisStore(redis.url);
	connections.push(store);
	return store;
};
fleet.before(async () => {
	redis = await startRedis();
});
fleet.after(async () => {
	for (const store of connections) await store.disconnect().catch(() => {});
	await redis.stop();
});

fleet("after A's 403 with none left, B on its own connection waits for the reset and sends once, with no 403", async () => {
	const { fromB, arrivals, resetAt } = await secondClientAfterSpend(403, await connect(), await connect());
	assert.is(fromB.status, 200, String(fromB.message));
	assert.is(arrivals.length, 1);
	assert.ok(arrivals[0].at >= resetAt, `B sent ${resetAt - arrivals[0].at}ms before the reset`);
});

fleet("B on its own connection fails at once with RATE_LIMITED when the reset is past its retry.maxWait", async () => {
	const { fromB, arrivals } = await secondClientAfterSpend(403, await connect(), await connect(), { maxWait: 1000 });
	assert.is(fromB.code, "RATE_LIMITED");
	assert.equal(arrivals, []);
});

fleet.run();
