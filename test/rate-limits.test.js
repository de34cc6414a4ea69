// Shared rate limits (`rateLimit`): what one client learns of a token's limits holds back its
// other requests and, through a real redis-server started here, the clients of other processes.
// Run: node test/rate-limits.test.js
import { throttling } from "@octokit/plugin-throttling";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, rateLimit } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { SECONDARY, startLimitServer } from "./helpers/limit-server.js";
import { redisStore, startRedis } from "./helpers/redis.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit);

const getRepo = (client) => client.rest.repos.get({ owner: "o", repo: "r" });
const createIssue = (client, title) => client.rest.issues.create({ owner: "o", repo: "r", title });

/** A client as a test needs it: its log captured, quick retries. */
function client(baseUrl, options = {}) {
	const { log, lines } = capturingLog();
	const instance = new (options.plugins ? Hublet.plugin(...options.plugins) : Hublet)({ baseUrl, auth: "ghp_alice", log, retry: { minTimeout: 1, maxTimeout: 5 }, ...options, plugins: undefined });
	instance.lines = lines;
	return instance;
}

/** A server whose first GET gets a secondary-limit 403 asking for `seconds` of pause; `penaltyUntil` says until when. */
async function pausingServer(seconds = 1) {
	const pause = { until: 0 };
	const server = await startLimitServer({
		answer(request, record) {
			if (pause.until === 0 && request.method === "GET") {
				pause.until = record.at + seconds * 1000;
				return { status: 403, headers: { "retry-after": String(seconds) }, body: { message: SECONDARY } };
			}
			if (record.at < pause.until && record.token === "token ghp_alice") record.inPenalty = true;
			return undefined;
		},
	});
	return { server, pause };
}


/** A server that answers every request with the `x-ratelimit-*` headers `headers()` gives, or none. */
async function scriptedServer(headers) {
	return startLimitServer({
		answer: () => ({ status: 200, headers: headers() ?? {}, body: { ok: true } }),
	});
}
const limitHeaders = (remaining, reset) => ({
	"x-ratelimit-limit": "5",
	"x-ratelimit-remaining": String(remaining),
	"x-ratelimit-reset": String(reset),
	"x-ratelimit-resource": "core",
});
// A window's end an hour away: a spent budget fails at once, past retry.maxWait.
const farReset = () => Math.floor(Date.now() / 1000) + 3600;

// ---

const option = suite("the rateLimit option");

option("a store without delete(), an unknown key or a negative writeInterval throws a TypeError naming rateLimit", () => {
	for (const rateLimit of [{ store: { get() {}, set() {} } }, { storage: new Map() }, { writeInterval: -1 }, { timeout: 0 }, "yes", new Map()]) {
		assert.throws(() => new Hublet({ rateLimit }), (error) => error instanceof TypeError && /`rateLimit`/.test(error.message), String(rateLimit));
	}
});

option("true, {}, a Map store and writeInterval 0 are accepted", () => {
	for (const rateLimit of [true, {}, { store: new Map() }, { writeInterval: 0, timeout: 100 }, false, undefined]) new Hublet({ rateLimit });
});

option.run();

// ---

const alone = suite("one client, no store");

alone("a secondary limit met by one request holds the client's other requests until the pause ends", async () => {
	const { server, pause } = await pausingServer(1);
	const instance = client(server.baseUrl, { rateLimit: { writeInterval: 0 } });
	const first = getRepo(instance);
	// Sent once the first request's 403 has been answered, while its own retry waits.
	while (!server.records.some((record) => record.status === 403)) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 20));
	const others = await Promise.all([getRepo(instance), getRepo(instance)]);
	await first;
	assert.is(others.length, 2);
	assert.equal(server.records.filter((record) => record.inPenalty).map((record) => record.url), []);
	assert.ok(server.records.length === 4 && server.records.slice(1).every((record) => record.at >= pause.until));
	await server.close();
});

alone("without the option, the same requests go out inside the pause (what the option prevents)", async () => {
	const { server } = await pausingServer(1);
	const instance = client(server.baseUrl);
	const first = getRepo(instance);
	while (!server.records.some((record) => record.status === 403)) await new Promise((resolve) => setTimeout(resolve, 5));
	await getRepo(instance);
	await first;
	assert.is(server.records.filter((record) => record.inPenalty).length, 1);
	await server.close();
});

alone("a pause longer than retry.maxWait fails at once with RATE_LIMITED, saying until when, and sends nothing", async () => {
	const { server, pause } = await pausingServer(30);
	const instance = client(server.baseUrl, { rateLimit: true, retry: { maxWait: 1000 } });
	const first = await rejection(getRepo(instance));
	assert.is(first.status, 403);
	const error = await rejection(getRepo(instance));
	assert.is(error.code, "RATE_LIMITED");
	assert.is(error.response, undefined);
	assert.match(error.message, new Date(pause.until).toISOString().slice(0, 16));
	assert.match(error.message, /retry\.maxWait/);
	assert.is(server.records.length, 1);
	await server.close();
});

alone("a spent budget holds requests until its reset", async () => {
	const server = await startLimitServer({ budget: 2, window: 1000 });
	const instance = client(server.baseUrl, { rateLimit: true });
	await Promise.all([getRepo(instance), getRepo(instance)]);
	// The answers said 0 remaining: these wait for the next window instead of meeting a 403.
	await Promise.all([getRepo(instance), getRepo(instance)]);
	assert.is(server.summary().forbidden, 0);
	assert.is(server.records.length, 4);
	await server.close();
});

alone("answers that keep saying the same remaining figure never run the budget out: GitHub's figure is the truth when given", async () => {
	// GitHub does not count every request (a 304 is free): its figure stays 4 of 5 all along.
	const reset = farReset();
	const server = await scriptedServer(() => limitHeaders(4, reset));
	const instance = client(server.baseUrl, { rateLimit: true });
	for (let index = 0; index < 20; index++) assert.is((await getRepo(instance)).status, 200);
	assert.is(server.records.length, 20);
	await server.close();
});

alone.run();

// ---

const fleet = suite("clients sharing a real Redis");
let redis;
const stores = [];
const store = async () => {
	const made = await redisStore(redis.url);
	stores.push(made);
	return made;
};
fleet.before(async () => {
	redis = await startRedis();
});
// Each test starts from an empty store: a pause a test leaves there (30 s, for ghp_alice) would
// hold the next test's client back until it ends.
fleet.before.each(async () => {
	await redis.flush();
});
fleet.after(async () => {
	for (const made of stores) await made.disconnect().catch(() => {});
	await redis.stop();
});

fleet("a pause learned by client A through Redis makes client B, on its own connection, wait without sending", async () => {
	const { server, pause } = await pausingServer(1);
	const a = client(server.baseUrl, { rateLimit: { store: await store() } });
	const b = client(server.baseUrl, { rateLimit: { store: await store() } });
	const first = getRepo(a);
	while (!server.records.some((record) => record.status === 403)) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 50));
	await getRepo(b);
	await first;
	const fromB = server.records.slice(1).filter((record) => record.at < pause.until);
	assert.equal(fromB, []);
	await server.close();
});

fleet("B fails at once with RATE_LIMITED when the pause A learned is longer than B's retry.maxWait", async () => {
	const { server } = await pausingServer(30);
	const a = client(server.baseUrl, { rateLimit: { store: await store() }, retry: { maxWait: 500 } });
	const b = client(server.baseUrl, { rateLimit: { store: await store() }, retry: { maxWait: 500 } });
	await rejection(getRepo(a));
	await new Promise((resolve) => setTimeout(resolve, 50));
	const error = await rejection(getRepo(b));
	assert.is(error.code, "RATE_LIMITED");
	assert.is(server.records.length, 1);
	await server.close();
});

fleet("the state of another token never holds this one back", async () => {
	const { server, pause } = await pausingServer(2);
	const shared = await store();
	const alice = client(server.baseUrl, { rateLimit: { store: shared } });
	const bob = client(server.baseUrl, { rateLimit: { store: shared }, auth: "ghp_bob" });
	const first = getRepo(alice);
	while (!server.records.some((record) => record.status === 403)) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 50));
	await getRepo(bob);
	const fromBob = server.records.filter((record) => record.token === "token ghp_bob");
	assert.is(fromBob.length, 1);
	assert.ok(fromBob[0].at < pause.until);
	await first;
	await server.close();
});

fleet("the store holds a hash of the credentials, never the token", async () => {
	const server = await startLimitServer({ budget: 100 });
	const shared = await store();
	await getRepo(client(server.baseUrl, { rateLimit: { store: shared } }));
	const keys = [];
	for await (const [key, value] of shared.iterator()) keys.push(`${key} ${value}`);
	assert.ok(keys.length > 0);
	assert.not.ok(keys.some((text) => text.includes("ghp_alice") || text.includes("alice")));
	assert.ok(keys.some((text) => /hublet:rate-limit:v1:[0-9a-f]{64}/.test(text)));
	await server.close();
});

fleet("a budget spent by A's requests holds B's until the reset, with no 403", async () => {
	const server = await startLimitServer({ budget: 3, window: 1000 });
	const a = client(server.baseUrl, { rateLimit: { store: await store() } });
	const b = client(server.baseUrl, { rateLimit: { store: await store() } });
	await Promise.all([getRepo(a), getRepo(a), getRepo(a)]);
	await Promise.all([getRepo(b), getRepo(b), getRepo(b)]);
	assert.is(server.summary().forbidden, 0);
	await server.close();
});

fleet("writes of two clients on two connections start writeInterval apart, one at a time, as the server sees them", async () => {
	const server = await startLimitServer({ hold: 30 });
	const a = client(server.baseUrl, { rateLimit: { store: await store(), writeInterval: 200 } });
	const b = client(server.baseUrl, { rateLimit: { store: await store(), writeInterval: 200 } });
	// Warm: a process's first fetch takes longer to leave than the next ones.
	await Promise.all([getRepo(a), getRepo(b)]);
	server.records.length = 0;
	await Promise.all([createIssue(a, "1"), createIssue(b, "2"), createIssue(a, "3"), createIssue(b, "4")]);
	const times = server.records.map((record) => record.at).sort((x, y) => x - y);
	assert.is(times.length, 4);
	// The server sees arrivals, which a loaded machine's event loops delay unevenly: the slots
	// start 200 ms apart; without pacing, two clients' writes would arrive together.
	for (let index = 1; index < times.length; index++) assert.ok(times[index] - times[index - 1] >= 150, `writes ${times[index] - times[index - 1]}ms apart`);
	await server.close();
});

fleet("reads are not paced: three GETs are in flight together", async () => {
	let release;
	const allIn = new Promise((resolve) => (release = resolve));
	const server = await startLimitServer({
		answer(request) {
			if (server.records.length === 3) release();
			return undefined;
		},
		hold: 0,
	});
	const a = client(server.baseUrl, { rateLimit: { store: await store(), writeInterval: 5000 } });
	const reads = Promise.all([getRepo(a), getRepo(a), getRepo(a)]);
	await Promise.race([allIn, new Promise((_, reject) => setTimeout(() => reject(new Error("reads were held back")), 3000))]);
	await reads;
	await server.close();
});

fleet("writeInterval 0 turns pacing off", async () => {
	const server = await startLimitServer({});
	const a = client(server.baseUrl, { rateLimit: { store: await store(), writeInterval: 0 } });
	await Promise.all([createIssue(a, "1"), createIssue(a, "2")]);
	const [x, y] = server.records.map((record) => record.at);
	// With pacing on, these would be a second apart.
	assert.ok(Math.abs(x - y) < 500);
	await server.close();
});

fleet("a shared ETag cache on the same Redis: B revalidates what A fetched, and GitHub answers 304", async () => {
	const { startEtagServer } = await import("./helpers/etag-server.js");
	const api = await startEtagServer({ "/repos/o/r": { body: { id: 1 } } });
	const redisA = await store();
	const redisB = await store();
	const a = client(api.baseUrl, { rateLimit: { store: redisA }, cache: redisA });
	const b = client(api.baseUrl, { rateLimit: { store: redisB }, cache: redisB });
	await getRepo(a);
	await new Promise((resolve) => setTimeout(resolve, 50));
	const response = await getRepo(b);
	assert.is(response.revalidated, true);
	assert.equal(response.data, { id: 1 });
	assert.equal(api.requestsTo("/repos/o/r").map((request) => request.headers["if-none-match"] !== undefined), [false, true]);
	await api.close();
});

fleet("with @octokit/plugin-throttling configured, the plugin keeps precedence and rateLimit steps aside", async () => {
	const { server } = await pausingServer(30);
	const handled = [];
	const throttle = { onRateLimit: () => false, onSecondaryRateLimit: (after) => (handled.push(after), false) };
	const instance = client(server.baseUrl, { plugins: [throttling], rateLimit: { store: await store() }, retry: { maxWait: 1000 }, throttle });
	await rejection(getRepo(instance));
	assert.equal(handled, [30]);
	// rateLimit would have failed this one at once (a 30 s pause > maxWait); the plugin sends it.
	await getRepo(instance);
	assert.is(server.records.length, 2);
	await server.close();
});

fleet("two processes whose answers keep saying the same remaining figure send more than the limit, alternately, never RATE_LIMITED", async () => {
	const reset = farReset();
	const server = await scriptedServer(() => limitHeaders(4, reset));
	const a = client(server.baseUrl, { rateLimit: { store: await store() } });
	const b = client(server.baseUrl, { rateLimit: { store: await store() } });
	for (let index = 0; index < 20; index++) assert.is((await getRepo(index % 2 ? b : a)).status, 200);
	assert.is(server.records.length, 20);
	await server.close();
});

fleet.run();

// ---

const merging = suite("merging two views of a budget");

/**
A and B share a token and a store. Each learns one answer's remaining figure, `first` before
`second` (a few ms apart); B's then reaches the store with B's next request. Returns how many
more requests A sends before its budget is spent (later answers carry no figures).
*/
async function requestsLeftToA(figures, order) {
	const reset = farReset();
	let next;
	const server = await scriptedServer(() => next);
	const shared = new Map();
	const a = client(server.baseUrl, { rateLimit: { store: shared, writeInterval: 0 } });
	const b = client(server.baseUrl, { rateLimit: { store: shared, writeInterval: 0 } });
	const clients = { a, b };
	for (const name of order) {
		next = limitHeaders(figures[name], reset);
		await getRepo(clients[name]);
		await new Promise((resolve) => setTimeout(resolve, 5));
	}
	next = undefined;
	await getRepo(b);
	let sent = 0;
	for (;;) {
		const error = await getRepo(a).then(() => undefined, (failure) => failure);
		if (error) {
			assert.is(error.code, "RATE_LIMITED");
			break;
		}
		sent += 1;
		assert.ok(sent < 10, "A was never held back");
	}
	await server.close();
	return sent;
}

merging("a fresher, higher figure from another client raises the budget", async () => {
	// A's answer says 1 left; B's later answer says 3, less the request B counted since: 2.
	assert.is(await requestsLeftToA({ a: 1, b: 3 }, ["a", "b"]), 2);
});

merging("an older, higher figure from another client does not", async () => {
	// B's answer (3) came before A's (1): A's stands.
	assert.is(await requestsLeftToA({ a: 1, b: 3 }, ["b", "a"]), 1);
});

merging("a stored ledger of another version is taken as absent, without a warning", async () => {
	const reset = farReset();
	const server = await scriptedServer(() => limitHeaders(4, reset));
	const shared = new Map();
	const a = client(server.baseUrl, { rateLimit: { store: shared } });
	await getRepo(a);
	const [key] = [...shared.keys()].filter((name) => !name.endsWith(":lock"));
	const stored = JSON.parse(shared.get(key));
	assert.is(stored.v, 2);
	// An older client's ledger: its budget, spent, must not hold anyone back.
	shared.set(key, JSON.stringify({ v: 1, pauseUntil: 0, nextWrite: 0, budgets: { core: { limit: 5, remaining: 0, reset: reset * 1000 } } }));
	const b = client(server.baseUrl, { rateLimit: { store: shared } });
	assert.is((await getRepo(b)).status, 200);
	assert.equal(b.lines.warn, []);
	assert.is(JSON.parse(shared.get(key)).v, 2);
	await server.close();
});

merging.run();

// ---

const faults = suite("a store that fails");
let downRedis;
faults.before(async () => {
	downRedis = await startRedis();
});
faults.after(async () => {
	for (const made of stores) await made.disconnect().catch(() => {});
	await downRedis.stop();
});

faults("Redis killed: every request still goes out, one warning; when it is back, sharing resumes", async () => {
	const { server, pause } = await pausingServer(1);
	const storeA = await redisStore(downRedis.url);
	const storeB = await redisStore(downRedis.url);
	stores.push(storeA, storeB);
	const a = client(server.baseUrl, { rateLimit: { store: storeA, timeout: 100 } });
	const b = client(server.baseUrl, { rateLimit: { store: storeB, timeout: 100 } });
	await getRepo(b).catch(() => {});
	await downRedis.stop();
	server.records.length = 0;
	pause.until = 1;
	const [one, two] = await Promise.all([getRepo(a), getRepo(a)]);
	assert.is(one.status, 200);
	assert.is(two.status, 200);
	assert.is(a.lines.warn.length, 1);
	assert.match(a.lines.warn[0], /rate-limit store failed/);
	// Back: after the client's second on local state, a pause A learns reaches B again.
	await downRedis.restart();
	// Both connections back (they reconnect on their own), and A's second on local state over.
	for (const made of [storeA, storeB]) while ((await made.set("probe", "1").catch(() => false)) !== true) await new Promise((resolve) => setTimeout(resolve, 50));
	await new Promise((resolve) => setTimeout(resolve, 1100));
	pause.until = 0;
	server.records.length = 0;
	const first = getRepo(a);
	while (!server.records.some((record) => record.status === 403)) await new Promise((resolve) => setTimeout(resolve, 5));
	await new Promise((resolve) => setTimeout(resolve, 100));
	await getRepo(b);
	await first;
	const fromB = server.records.filter((record) => record.status === 200 && record.at < pause.until);
	assert.equal(fromB, []);
	assert.is(a.lines.warn.length, 1);
	await server.close();
});

faults("a store that never answers, or answers garbage: requests go out, and one warning each", async () => {
	const server = await startLimitServer({});
	const slow = { get: () => new Promise(() => {}), set: () => new Promise(() => {}), delete: () => new Promise(() => {}) };
	const garbage = { get: () => "{not a ledger", set: () => true, delete: () => true };
	const throwing = { get: () => { throw new Error("boom ghp_alice"); }, set() {}, delete() {} };
	for (const bad of [slow, garbage, throwing]) {
		const instance = client(server.baseUrl, { rateLimit: { store: bad, timeout: 50 } });
		const responses = await Promise.all([getRepo(instance), getRepo(instance), createIssue(instance, "x")]);
		assert.equal(responses.map((response) => response.status), [200, 200, 201]);
		assert.is(instance.lines.warn.length, 1, instance.lines.warn.join("\n"));
	}
	await server.close();
});

faults.run();
