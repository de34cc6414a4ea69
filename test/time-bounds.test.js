// Every number that becomes a Date, a timer or a time in a message is bounded first, wherever it
// comes from: a server's x-ratelimit-reset or retry-after (seconds or an HTTP date), a ledger a
// store gives back, a lock in that store, an option. A value past ±8.64e15 ms, NaN or negative is
// absent; a wait too long fails with RATE_LIMITED; it is always a RequestError, never a RangeError.
// Run: node test/time-bounds.test.js
import Keyv from "keyv";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, RequestError, rateLimit } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(rateLimit);

// Past the last date (8.64e15 ms), as seconds; and values that are no time at all.
const PAST_THE_CALENDAR = ["9000000000000000", "8640000000001", "99999999999999999999", `${"9".repeat(400)}`];
const NOT_A_TIME = ["-1", "NaN", "1e20", "Infinity", "1.5", "", "0x10"];

let loop;
let answer = () => [200, {}, {}];
const seen = [];
const server = suite("headers past the calendar, with rateLimit on");
server.before(async () => {
	loop = await startServer((request, response) => {
		seen.push(request.url);
		const [status, headers, body] = answer(request);
		response.writeHead(status, { "content-type": "application/json", ...headers });
		response.end(JSON.stringify(body));
	});
});

function client(options = {}) {
	const { log, lines } = capturingLog();
	const instance = new Hublet({ baseUrl: loop.baseUrl, auth: "ghp_timebounds1", log, retry: { retries: 1, minTimeout: 1, maxTimeout: 1 }, ...options });
	instance.lines = lines;
	return instance;
}

/** What a call ends with: its response, or the error, which must be a RequestError. */
async function outcome(promise) {
	try {
		return await promise;
	} catch (error) {
		assert.instance(error, RequestError, `${error?.name}: ${error?.message}`);
		assert.not.match(error.message, /Invalid time|Invalid Date|NaN|Infinity|275760/);
		return error;
	}
}

const limits = (remaining, reset) => ({ "x-ratelimit-limit": "5000", "x-ratelimit-remaining": String(remaining), "x-ratelimit-reset": reset, "x-ratelimit-resource": "core" });

server("an x-ratelimit-reset past any date or not a time, on a 200 with nothing left, is absent: the next call goes out", async () => {
	for (const reset of [...PAST_THE_CALENDAR, ...NOT_A_TIME]) {
		const instance = client({ rateLimit: true });
		answer = () => [200, limits(0, reset), { ok: true }];
		assert.is((await outcome(instance.request("GET /a"))).status, 200, reset.slice(0, 20));
		seen.length = 0;
		const next = await outcome(instance.request("GET /b"));
		assert.is(next.status, 200, `reset ${reset.slice(0, 20)}: ${next.message}`);
		assert.equal(seen, ["/b"]);
		assert.equal(instance.lines.warn, []);
	}
});

server("the same on a 403 with nothing left: RATE_LIMITED from the answer, and the next call still goes out", async () => {
	for (const reset of PAST_THE_CALENDAR) {
		const instance = client({ rateLimit: true });
		answer = () => [403, limits(0, reset), { message: "API rate limit exceeded" }];
		const first = await outcome(instance.request("GET /a"));
		assert.is(first.code, "RATE_LIMITED");
		seen.length = 0;
		const next = await outcome(instance.request("GET /b"));
		assert.is(next.code, "RATE_LIMITED");
		assert.ok(next.response, "sent, and answered");
		assert.equal(seen, ["/b"]);
	}
});

server("a secondary limit whose retry-after is past any date pauses the token: the next call fails at once as RATE_LIMITED, 'past any date', nothing sent", async () => {
	for (const retryAfter of ["99999999999999999999", `${"9".repeat(300)}`]) {
		const instance = client({ rateLimit: true, retry: { retries: 1, minTimeout: 1, maxTimeout: 1, maxWait: 1000 } });
		answer = () => [403, { "retry-after": retryAfter }, { message: "You have exceeded a secondary rate limit." }];
		assert.is((await outcome(instance.request("GET /a"))).code, "RATE_LIMITED");
		seen.length = 0;
		const next = await outcome(instance.request("GET /b"));
		assert.is(next.code, "RATE_LIMITED");
		assert.is(next.response, undefined);
		assert.match(next.message, /past any date, longer than retry\.maxWait/);
		assert.equal(seen, []);
	}
});

server("a retry-after as an HTTP date past the calendar is absent; one within it pauses until that date, said in the message", async () => {
	const instance = client({ rateLimit: true });
	answer = () => [429, { "retry-after": "Fri, 31 Dec 275760 00:00:00 GMT" }, { message: "slow down" }];
	await outcome(instance.request("GET /a"));
	answer = () => [200, {}, { ok: true }];
	assert.is((await outcome(instance.request("GET /b"))).status, 200, "no pause was kept");
	const later = client({ rateLimit: true });
	answer = () => [429, { "retry-after": "Fri, 31 Dec 9999 23:59:59 GMT" }, { message: "slow down" }];
	await outcome(later.request("GET /a"));
	seen.length = 0;
	const next = await outcome(later.request("GET /b"));
	assert.is(next.code, "RATE_LIMITED");
	assert.match(next.message, /until 9999-12-31T23:59:59\.000Z/);
	assert.equal(seen, []);
});

server("writeInterval past what a timer holds, or not a number of milliseconds, is refused when the client is made", () => {
	for (const writeInterval of [1e300, 2 ** 31, Number.NaN, Number.POSITIVE_INFINITY, -1, "10"]) {
		assert.throws(() => new Hublet({ rateLimit: { writeInterval } }), (error) => error instanceof TypeError && /`writeInterval` must be milliseconds/.test(error.message), String(writeInterval));
	}
});

server.after(() => loop.close());
server.run();

// ---

const stored = suite("a stored ledger past the calendar");
let api;
stored.before(async () => {
	api = await startServer((request, response) => {
		response.writeHead(200, { "content-type": "application/json", ...limits(4999, String(Math.floor(Date.now() / 1000) + 3600)) });
		response.end("{}");
	});
});
stored.after(() => api.close());

// A time no Date holds, and a count that is no whole number a ledger could hold.
const BAD_TIMES = [1e300, 8.64e15 + 1, 1.5e308, -1, "1", null, true];
const BAD_COUNTS = [1e300, 2 ** 53 + 2, -1, 1.5, "1", null];

/** Ledgers that hold one time or count no Date or timer holds. */
function hostileLedgers(reset) {
	const budget = { limit: 5000, remaining: 4000, reset, seen: Date.now() };
	const ledgers = [];
	for (const value of BAD_TIMES) {
		ledgers.push({ v: 2, pauseUntil: value, nextWrite: 0, budgets: {} });
		ledgers.push({ v: 2, pauseUntil: 0, nextWrite: value, budgets: {} });
		for (const field of ["reset", "seen"]) ledgers.push({ v: 2, pauseUntil: 0, nextWrite: 0, budgets: { core: { ...budget, [field]: value } } });
	}
	for (const value of BAD_COUNTS) {
		for (const field of ["limit", "remaining"]) ledgers.push({ v: 2, pauseUntil: 0, nextWrite: 0, budgets: { core: { ...budget, [field]: value } } });
	}
	return ledgers;
}

for (const [name, makeStore] of [
	["a Map", () => new Map()],
	["a Keyv store", () => new Keyv()],
]) {
	stored(`${name}: a ledger with a time past any date or a count no Date holds costs one warning, the request goes out, and the value is replaced`, async () => {
		const reset = (Math.floor(Date.now() / 1000) + 3600) * 1000;
		for (const ledger of hostileLedgers(reset)) {
			const store = makeStore();
			const { log, lines } = capturingLog();
			const instance = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_timebounds2", log, rateLimit: { store, writeInterval: 0 } });
			await instance.request("GET /warm");
			const key = await ledgerKey(store);
			await store.set(key, JSON.stringify(ledger));
			const other = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_timebounds2", log, rateLimit: { store, writeInterval: 0 } });
			const response = await outcome(other.request("POST /x"));
			assert.is(response.status, 200, `${JSON.stringify(ledger)}: ${response.message}`);
			assert.is(lines.warn.length, 1, JSON.stringify(ledger));
			assert.match(lines.warn[0], /rate-limit store held a value that is not Hublet's/);
			const back = JSON.parse(await store.get(key));
			assert.ok(back.pauseUntil <= 8.64e15 && back.nextWrite <= 8.64e15, "replaced with a ledger that holds");
			assert.ok(Object.values(back.budgets).every((budget) => Number.isSafeInteger(budget.remaining) && budget.reset <= 8.64e15));
		}
	});
}

stored("a Keyv store: a lock that holds until past any date is no lock, and the request does not wait for it", async () => {
	const store = new Keyv();
	const { log } = capturingLog();
	const timeout = 1000;
	const instance = new Hublet({ baseUrl: api.baseUrl, auth: "ghp_timebounds3", log, rateLimit: { store, timeout } });
	await instance.request("GET /warm");
	const key = await ledgerKey(store);
	for (const until of [1e300, 8.64e15 + 1, Date.now() + 2 ** 31 + 60_000]) {
		await store.set(`${key}:lock`, JSON.stringify({ id: "someone", until }));
		const started = Date.now();
		await instance.request("GET /again");
		assert.ok(Date.now() - started < timeout / 2, `waited ${Date.now() - started}ms for a lock until ${until}`);
		assert.not.ok(await store.get(`${key}:lock`), "the lock was taken and released");
	}
});

stored.run();

/** The one ledger key a store holds. */
async function ledgerKey(store) {
	const keys = [];
	if (store instanceof Map) keys.push(...store.keys());
	else for await (const [key] of store.iterator()) keys.push(key);
	return keys.find((key) => key.startsWith("hublet:rate-limit:") && !key.endsWith(":lock"));
}
