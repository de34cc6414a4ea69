// What an answer says about a token's limits reaches the shared store before that answer is
// handed back: a second client of the token that asks the moment the first client's call has
// resolved (or rejected) already sees the spent budget, through a real redis-server on its own
// connection as through a Map. A store that does not answer holds the answer back no longer
// than the store `timeout`.
// Run: node test/spent-budget-at-once.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, rateLimit } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";
import { redisStore, startRedis } from "./helpers/redis.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(rateLimit);

const TRIALS = 8;
const settled = (promise) => promise.then((response) => response, (error) => error);

/**
A server whose token's budget is spent by the request to `/spend`: it answers `firstStatus` (403
or 200) with x-ratelimit-remaining 0 and a reset about 3 s ahead, and 403 to anything sent after
it and before that reset. Requests before it (`/warm`) are answered 200 with plenty left. Every
arrival is recorded.
*/
async function spendingServer(firstStatus) {
	const state = { resetAt: 0, arrivals: [] };
	const server = await startServer((request, response) => {
		const now = Date.now();
		state.arrivals.push(request.url);
		const warm = state.resetAt === 0 && request.url !== "/spend";
		const first = state.resetAt === 0 && !warm;
		if (first) state.resetAt = Math.ceil((now + 3000) / 1000) * 1000;
		const status = warm ? 200 : first ? firstStatus : 403;
		response.writeHead(status, {
			"content-type": "application/json",
			"x-ratelimit-limit": "5000",
			"x-ratelimit-remaining": warm ? "4999" : "0",
			"x-ratelimit-reset": String((warm ? Math.ceil(now / 1000) * 1000 + 3_600_000 : state.resetAt) / 1000),
			"x-ratelimit-resource": "core",
		});
		response.end(JSON.stringify(status === 403 ? { message: "API rate limit exceeded for user ID 1." } : { ok: true }));
	});
	return { ...server, state };
}

const client = (baseUrl, store, retry) =>
	new Hublet({ baseUrl, auth: "ghp_spentatonce1", log: capturingLog().log, rateLimit: { store, writeInterval: 0 }, retry });

/**
Both clients have made a request before (as clients of a running service have); A's next call
spends the budget and settles, and B asks at once. Returns what B got and whether B reached the server.
*/
async function askRightAfter(firstStatus, storeA, storeB) {
	const server = await spendingServer(firstStatus);
	try {
		const a = client(server.baseUrl, storeA, false);
		const b = client(server.baseUrl, storeB, { maxWait: 1000 });
		await a.request("GET /warm");
		await b.request("GET /warm");
		const fromA = await settled(a.request("GET /spend"));
		const fromB = await settled(b.request("GET /from-b"));
		return { fromA, fromB, sentB: server.state.arrivals.includes("/from-b") };
	} finally {
		await server.close();
	}
}

function assertWaitedOut({ fromA, fromB, sentB }, firstStatus, trial) {
	assert.is(fromA.status, firstStatus, `trial ${trial}: A's own answer`);
	assert.is(fromB.code, "RATE_LIMITED", `trial ${trial}: B went ahead (${fromB.status} ${fromB.message})`);
	assert.is(fromB.response, undefined, `trial ${trial}: B was refused by the server, not before sending`);
	assert.not.ok(sentB, `trial ${trial}: B reached the server`);
}

// ---
const map = suite("a spent budget told at once, through a Map");

for (const status of [200, 403]) {
	map(`A's ${status} with none left: B, asking as soon as A's call settles, sends nothing (${TRIALS} trials)`, async () => {
		for (let trial = 1; trial <= TRIALS; trial++) {
			const store = new Map();
			assertWaitedOut(await askRightAfter(status, store, store), status, trial);
		}
	});
}

map.run();

// ---
const redis = suite("a spent budget told at once, through a real Redis");
let server;
const connections = [];
const connect = async (options) => {
	const store = await redisStore(server.url, options);
	connections.push(store);
	return store;
};
redis.before(async () => {
	server = await startRedis();
});
redis.after(async () => {
	for (const store of connections) await store.disconnect().catch(() => {});
	await server.stop();
});

for (const status of [200, 403]) {
	redis(`A's ${status} with none left: B on its own connection, asking as soon as A's call settles, sends nothing (${TRIALS} trials)`, async () => {
		for (let trial = 1; trial <= TRIALS; trial++) {
			await server.flush();
			assertWaitedOut(await askRightAfter(status, await connect(), await connect()), status, trial);
		}
	});
}

redis.run();

// ---
const bounded = suite("a store that does not answer holds no answer back past its timeout");

bounded("a store that stops answering while A's request is out holds A's answer back one store timeout at most", async () => {
	const timeout = 300;
	const held = new Map();
	let hang = false;
	const answer = (value) => (hang ? new Promise(() => {}) : Promise.resolve(value));
	const store = {
		get: (key) => answer(held.get(key)),
		set: (key, value) => answer(void held.set(key, value)),
		delete: (key) => answer(held.delete(key)),
	};
	const api = await spendingServer(200);
	api.server.prependListener("request", (request) => {
		if (request.url === "/spend") hang = true;
	});
	try {
		const { log, lines } = capturingLog();
		const a = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_spentatonce1", log, rateLimit: { store, writeInterval: 0, timeout }, retry: { retries: 0, maxWait: 1000 } });
		await a.request("GET /warm");
		const started = Date.now();
		const response = await a.request("GET /spend");
		const took = Date.now() - started;
		assert.is(response.status, 200);
		assert.ok(took < timeout + 250, `A's answer came after ${took}ms`);
		assert.ok(took >= timeout - 20, `A's answer came after ${took}ms: it did not wait for the store`);
		// What A learnt holds in A itself: its next call fails at once, without the store.
		const again = await settled(a.request("GET /again"));
		assert.is(again.code, "RATE_LIMITED");
		assert.is(again.response, undefined);
		// The write given up on is a store fault, warned about once (it may land just after the answer).
		for (let waited = 0; waited < 1000 && lines.warn.length === 0; waited += 10) await new Promise((resolve) => setTimeout(resolve, 10));
		assert.ok(lines.warn.some((line) => line.includes("rate-limit store failed")), lines.warn.join("\n"));
	} finally {
		await api.close();
	}
});

bounded.run();
