// A wait longer than 5 s is never silent: it is announced once with log.warn (console.warn by
// default), with the reason and the wait, before it starts; shorter waits stay at log.info.
// Each test aborts the request as soon as the wait is announced, so no test waits it out.
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";

/** Answers `failure` first, then 200; counts the hits. */
function failOnce(method, path, failure) {
	const state = { hits: 0 };
	server.use(
		http[method](`${API}${path}`, () => {
			state.hits += 1;
			return state.hits === 1 ? failure() : HttpResponse.json({ ok: true });
		}),
	);
	return state;
}

/**
Sends `route` on a client whose log records each line with the hits seen at that moment, and
which aborts the request at the first retry line: the wait is announced, never waited out.
*/
async function announce(route, state, retry = {}) {
	const controller = new AbortController();
	const lines = [];
	const heard = [];
	const record = (level) => (message) => {
		lines.push({ level, message, hits: state.hits });
		if (/ - retry /.test(message)) controller.abort();
	};
	// `error` is the request log's line for the aborted request, not an announcement.
	const log = { debug() {}, info: record("info"), warn: record("warn"), error() {} };
	const client = new Hublet({ log, retry: { ...retry, onRetry: (info) => heard.push(info) } });
	const error = await client.request(route, { request: { signal: controller.signal } }).catch((e) => e);
	assert.is(error.name, "AbortError", "aborted during the wait");
	return { lines, heard };
}

const status = (code, message, headers = {}) => () => HttpResponse.json({ message }, { status: code, headers });

const waits = suite("long waits are announced");
useServer(waits);

waits("a secondary rate limit without retry-after: the 60 s wait is announced once with log.warn, before it starts", async () => {
	const state = failOnce("post", "/repos/o/r/issues", status(403, "You have exceeded a secondary rate limit"));
	const { lines, heard } = await announce("POST /repos/o/r/issues", state);
	assert.equal(lines, [
		{ level: "warn", message: "POST https://api.github.com/repos/o/r/issues - retry 1 of 3 after secondary rate limit, waiting 60s", hits: 1 },
	]);
	assert.is(heard.length, 1);
	assert.equal([heard[0].waitMs, heard[0].warned], [60_000, true]);
});

waits("a retry-after over 5 s is announced with log.warn", async () => {
	const state = failOnce("get", "/busy", status(503, "busy", { "retry-after": "6" }));
	const { lines } = await announce("GET /busy", state);
	assert.equal(lines, [{ level: "warn", message: "GET https://api.github.com/busy - retry 1 of 3 after status 503, waiting 6s", hits: 1 }]);
});

waits("a rate-limit reset over 5 s away is announced with log.warn", async () => {
	const reset = Math.floor(Date.now() / 1000) + 31;
	const headers = { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) };
	const state = failOnce("get", "/limited", status(403, "API rate limit exceeded", headers));
	const { lines, heard } = await announce("GET /limited", state);
	assert.is(lines.length, 1);
	assert.is(lines[0].level, "warn");
	assert.match(lines[0].message, /^GET https:\/\/api\.github\.com\/limited - retry 1 of 3 after rate limit, waiting 3[01]s$/);
	assert.is(heard[0].warned, true);
});

waits("a backoff over 5 s is announced with log.warn too", async () => {
	const state = failOnce("get", "/gateway", status(502, "bad gateway"));
	const { lines } = await announce("GET /gateway", state, { minTimeout: 7000, randomize: false });
	assert.equal(lines, [{ level: "warn", message: "GET https://api.github.com/gateway - retry 1 of 3 after status 502, waiting 7s", hits: 1 }]);
});

waits("a wait of 5 s or less stays at log.info", async () => {
	const state = failOnce("get", "/short", status(503, "busy", { "retry-after": "5" }));
	const { lines, heard } = await announce("GET /short", state);
	assert.equal(lines, [{ level: "info", message: "GET https://api.github.com/short - retry 1 of 3 after status 503, waiting 5s", hits: 1 }]);
	assert.equal([heard[0].waitMs, heard[0].warned], [5000, false]);
});

waits.run();

const console = suite("long waits reach the console by default");

console("with no log option, a long wait is written to stderr by console.warn before it starts", async () => {
	let hits = 0;
	const api = createServer((request, response) => {
		hits += 1;
		response.writeHead(503, { "content-type": "application/json", "retry-after": "7" });
		response.end('{"message":"busy"}');
	});
	await new Promise((resolve) => api.listen(0, "127.0.0.1", resolve));
	const baseUrl = `http://127.0.0.1:${api.address().port}`;
	const script = fileURLToPath(new URL("./fixtures/long-wait-run.js", import.meta.url));
	const child = spawn(process.execPath, [script, baseUrl], { stdio: ["ignore", "pipe", "pipe"] });
	let stderr = "";
	// Stopped as soon as the line is out: the test never waits the 7 s.
	await new Promise((resolve) => {
		child.stderr.setEncoding("utf8").on("data", (chunk) => {
			stderr += chunk;
			if (stderr.includes("\n")) resolve(child.kill());
		});
		child.on("close", resolve);
	});
	api.closeAllConnections();
	await new Promise((resolve) => api.close(resolve));
	assert.is(stderr, `GET ${baseUrl}/x - retry 1 of 3 after status 503, waiting 7s\n`);
	assert.is(hits, 1, "announced before the wait, not after it");
});

console.run();
