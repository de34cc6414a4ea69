import { suite } from "uvu";
import * as assert from "uvu/assert";
import { testClient } from "./helpers/client.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";

/** A handler that answers with `failures` in turn, then with `final`; counts the hits. */
function sequence(method, path, failures, final = () => HttpResponse.json({ ok: true })) {
	const state = { hits: 0 };
	server.use(
		http[method](`${API}${path}`, () => {
			state.hits += 1;
			const next = failures[state.hits - 1];
			return next ? next() : final();
		}),
	);
	return state;
}
const status = (code, init = {}) => () => HttpResponse.json({ message: init.message ?? `status ${code}` }, { status: code, headers: init.headers });

const retry = suite("retries");
useServer(retry);

retry("502, 503 and 504 are retried on GET, and each retry is logged", async () => {
	const state = sequence("get", "/r", [status(502), status(503), status(504)]);
	const { client, lines } = testClient();
	const response = await client.request("GET /r");
	assert.is(response.status, 200);
	assert.is(state.hits, 4);
	assert.is(lines.info.filter((line) => / - retry \d of 3 after status 50[234]/.test(line)).length, 3);
});

retry("a network error is retried on idempotent verbs (PUT, DELETE)", async () => {
	const put = sequence("put", "/p", [() => HttpResponse.error()]);
	const del = sequence("delete", "/d", [() => HttpResponse.error()]);
	const { client } = testClient();
	await client.request("PUT /p");
	await client.request("DELETE /d");
	assert.equal([put.hits, del.hits], [2, 2]);
});

retry("a 502 or network error on POST or PATCH is not retried (not idempotent)", async () => {
	const post = sequence("post", "/c", [status(502)]);
	const patch = sequence("patch", "/u", [() => HttpResponse.error()]);
	const { client } = testClient();
	assert.is((await client.request("POST /c").catch((e) => e)).status, 502);
	assert.is((await client.request("PATCH /u").catch((e) => e)).status, 500);
	assert.equal([post.hits, patch.hits], [1, 1]);
});

retry("a 500 is retried on GET, HEAD, PUT, DELETE and OPTIONS, as @octokit/plugin-retry does", async () => {
	const { client, lines } = testClient();
	for (const verb of ["get", "head", "put", "delete", "options"]) {
		const state = sequence(verb, `/e-${verb}`, [status(500)], () => new HttpResponse(null, { status: 204 }));
		assert.is((await client.request(`${verb.toUpperCase()} /e-${verb}`)).status, 204, verb);
		assert.is(state.hits, 2, verb);
	}
	assert.is(lines.info.filter((line) => / - retry 1 of 3 after status 500/.test(line)).length, 5);
});

retry("a 500 on POST or PATCH is not retried (not idempotent)", async () => {
	const post = sequence("post", "/e-post", [status(500)]);
	const patch = sequence("patch", "/e-patch", [status(500)]);
	const { client } = testClient();
	assert.is((await client.request("POST /e-post").catch((e) => e)).status, 500);
	assert.is((await client.request("PATCH /e-patch").catch((e) => e)).status, 500);
	assert.equal([post.hits, patch.hits], [1, 1]);
});

retry("a 200 whose body is not JSON (an error of status 500) is not retried: the same request gets the same body", async () => {
	const state = sequence("get", "/bad-json", [], () => new HttpResponse("{", { headers: { "content-type": "application/json" } }));
	const { client } = testClient();
	const error = await client.request("GET /bad-json").catch((e) => e);
	assert.equal([error.status, error.code, state.hits], [500, "INVALID_RESPONSE", 1]);
});

for (const code of [400, 401, 403, 404, 410, 422, 451, 501]) {
	retry(`status ${code} is never retried`, async () => {
		const state = sequence("get", "/n", [status(code)]);
		const { client } = testClient();
		assert.is((await client.request("GET /n").catch((e) => e)).status, code);
		assert.is(state.hits, 1);
	});
}

retry("429 is retried on every verb, after retry-after", async () => {
	const state = sequence("post", "/limited", [status(429, { headers: { "retry-after": "0.05" } })]);
	const { client, lines } = testClient();
	const started = Date.now();
	await client.request("POST /limited");
	assert.is(state.hits, 2);
	assert.ok(Date.now() - started >= 45, "waited for retry-after");
	assert.match(lines.info.find((line) => line.includes("retry")), /after secondary rate limit, waiting 50ms/);
});

retry("a 403 secondary rate limit (message or retry-after) is retried, even on POST", async () => {
	const byMessage = sequence("post", "/s1", [status(403, { message: "You have exceeded a secondary rate limit", headers: { "retry-after": "0" } })]);
	const byHeader = sequence("post", "/s2", [status(403, { message: "Forbidden", headers: { "retry-after": "0" } })]);
	const { client } = testClient();
	await client.request("POST /s1");
	await client.request("POST /s2");
	assert.equal([byMessage.hits, byHeader.hits], [2, 2]);
});

retry("a wait longer than retry.maxWait fails at once and says so", async () => {
	const state = sequence("get", "/wait", [status(429, { headers: { "retry-after": "3600" } })]);
	const { client } = testClient();
	const error = await client.request("GET /wait").catch((e) => e);
	assert.is(state.hits, 1);
	assert.match(error.message, /asked to wait 3600s, more than retry\.maxWait/);
});

retry("an exhausted primary limit states the reset time, unless it falls within the cap", async () => {
	const reset = Math.floor(Date.now() / 1000) + 3600;
	const far = sequence("get", "/far", [status(403, { message: "API rate limit exceeded", headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(reset) } })]);
	const { client } = testClient();
	const error = await client.request("GET /far").catch((e) => e);
	assert.is(far.hits, 1);
	assert.is(error.status, 403);
	assert.ok(error.message.includes(`resets at ${new Date(reset * 1000).toISOString()}`), error.message);

	const soon = Math.floor(Date.now() / 1000);
	const near = sequence("get", "/near", [status(403, { message: "API rate limit exceeded", headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(soon) } })]);
	await client.request("GET /near");
	assert.is(near.hits, 2);
});

retry("retry: false disables retries; retry: { retries } tunes them", async () => {
	const off = sequence("get", "/off", [status(503)]);
	assert.is((await testClient({ retry: false }).client.request("GET /off").catch((e) => e)).status, 503);
	assert.is(off.hits, 1);
	const one = sequence("get", "/one", [status(503), status(503), status(503)]);
	const tuned = testClient({ retry: { retries: 1, minTimeout: 1 } }).client;
	assert.is((await tuned.request("GET /one").catch((e) => e)).status, 503);
	assert.is(one.hits, 2);
});

retry("per-call request.retry overrides the client's", async () => {
	const state = sequence("get", "/call", [status(503)]);
	const { client } = testClient();
	assert.is((await client.request("GET /call", { request: { retry: false } }).catch((e) => e)).status, 503);
	assert.is(state.hits, 1);
});

retry("the backoff has jitter: waits between retries differ from run to run", async () => {
	const gaps = [];
	for (let run = 0; run < 3; run += 1) {
		const times = [];
		server.use(
			http.get(`${API}/jitter${run}`, () => {
				times.push(performance.now());
				return times.length < 2 ? status(503)() : HttpResponse.json({});
			}),
		);
		await testClient({ retry: { minTimeout: 20, maxTimeout: 100 } }).client.request(`GET /jitter${run}`);
		gaps.push(Math.round(times[1] - times[0]));
	}
	assert.ok(gaps.every((gap) => gap >= 19), `every wait is at least minTimeout: ${gaps}`);
	assert.ok(new Set(gaps).size > 1, `waits differ: ${gaps}`);
});

retry("an abort during a retry wait stops at once", async () => {
	const state = sequence("get", "/abort", [status(429, { headers: { "retry-after": "5" } })]);
	const { client } = testClient();
	const controller = new AbortController();
	setTimeout(() => controller.abort(), 30);
	const started = Date.now();
	const error = await client.request("GET /abort", { request: { signal: controller.signal } }).catch((e) => e);
	assert.ok(Date.now() - started < 1000);
	assert.is(error.name, "AbortError");
	assert.is(state.hits, 1);
});

retry.run();
