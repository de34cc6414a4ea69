// Numbers the server sends are hostile input: every rate-limit and retry header, with every
// unusable value, is ignored as if absent; a wait past retry.maxWait fails at once as
// RATE_LIMITED saying until when; no timer is armed beyond what setTimeout holds.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";

const HOSTILE = ["1e20", "-1", "NaN", "1e400", "1.5", "", " ", "Infinity", "0x10", "abc", "1,2", "Sun"];
const BODY = { message: "slow down", documentation_url: "https://docs.github.com/rest" };

let loop;
let answer = () => [200, {}, {}];
const counts = new Map();
const numbers = suite("numbers from the server");
numbers.before(async () => {
	loop = await startServer((request, response) => {
		counts.set(request.url, (counts.get(request.url) ?? 0) + 1);
		const [status, headers, body] = answer(request, counts.get(request.url));
		response.writeHead(status, { "content-type": "application/json", ...headers });
		response.end(typeof body === "string" ? body : JSON.stringify(body));
	});
});
numbers.after(() => loop.close());

function client(retry = {}) {
	const { log, lines } = capturingLog();
	return { client: new Hublet({ baseUrl: loop.baseUrl, log, retry: { retries: 1, minTimeout: 1, maxTimeout: 1, ...retry } }), lines };
}

/** The response stays on the error as the server sent it. */
function assertResponseKept(error, status, headers) {
	assert.instance(error, RequestError);
	assert.is(error.status, status);
	assert.is(error.response.status, status);
	assert.equal(error.response.data, BODY);
	for (const [name, value] of Object.entries(headers)) assert.is(error.response.headers[name], value.trim(), name);
}

let path = 0;
const unique = () => `/n${++path}`;

numbers("x-ratelimit-reset with an unusable value and no requests left: a RATE_LIMITED 403, never a RangeError", async () => {
	for (const reset of HOSTILE) {
		answer = () => [403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }, BODY];
		const url = unique();
		const error = await rejection(client().client.request(`GET ${url}`));
		assert.is(error.code, "RATE_LIMITED", `reset ${JSON.stringify(reset)}: ${error}`);
		assertResponseKept(error, 403, { "x-ratelimit-reset": reset });
		assert.not.match(error.message, /Invalid|NaN|Infinity/);
		assert.is(counts.get(url), 1, "not retried on a reset it cannot read");
	}
});

numbers("x-ratelimit-reset past retry.maxWait fails at once, saying when it resets", async () => {
	const reset = String(Math.floor(Date.now() / 1000) + 7200);
	answer = () => [403, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }, BODY];
	const error = await rejection(client().client.request(`GET ${unique()}`));
	assert.is(error.code, "RATE_LIMITED");
	assert.ok(error.message.includes(`resets at ${new Date(Number(reset) * 1000).toISOString()}`), error.message);
});

numbers("x-ratelimit-remaining with an unusable value is not read as an exhausted limit", async () => {
	for (const remaining of [...HOSTILE, "-0", "0.0", "00x"]) {
		answer = () => [403, { "x-ratelimit-remaining": remaining, "x-ratelimit-reset": "1" }, BODY];
		const url = unique();
		const error = await rejection(client().client.request(`GET ${url}`));
		assert.is(error.code, "HTTP_ERROR", `remaining ${JSON.stringify(remaining)}`);
		assert.is(counts.get(url), 1);
	}
	// "00" is a count of zero, written oddly: still the exhausted limit.
	answer = () => [403, { "x-ratelimit-remaining": "00" }, BODY];
	assert.is((await rejection(client().client.request(`GET ${unique()}`))).code, "RATE_LIMITED");
});

numbers("retry-after with an unusable value is ignored as if absent: a 429 or 503 retries after its backoff", async () => {
	for (const status of [429, 503]) {
		for (const retryAfter of HOSTILE.filter((value) => value !== "1.5")) {
			answer = (request, count) => (count === 1 ? [status, { "retry-after": retryAfter }, BODY] : [200, {}, { ok: true }]);
			const url = unique();
			const { client: hublet, lines } = client();
			const response = await hublet.request(`GET ${url}`);
			assert.equal(response.data, { ok: true }, `${status} retry-after ${JSON.stringify(retryAfter)}`);
			assert.is(counts.get(url), 2);
			assert.not.ok(lines.info.join("\n").includes("NaN"), lines.info.join("\n"));
		}
	}
});

numbers("a 403 whose only rate-limit sign is an unusable retry-after is a refusal, not a rate limit", async () => {
	for (const retryAfter of HOSTILE.filter((value) => value !== "1.5")) {
		answer = () => [403, { "retry-after": retryAfter }, BODY];
		const url = unique();
		const error = await rejection(client().client.request(`GET ${url}`));
		assert.is(error.code, "HTTP_ERROR", JSON.stringify(retryAfter));
		assert.is(counts.get(url), 1);
	}
});

numbers("retry-after beyond retry.maxWait, or beyond what a timer holds, fails at once as RATE_LIMITED saying until when", async () => {
	const huge = ["61", "2147484", "99999999", "99999999999999999999", `${"9".repeat(300)}`];
	for (const status of [429, 503, 403]) {
		for (const retryAfter of huge) {
			answer = () => [status, { "retry-after": retryAfter }, BODY];
			const url = unique();
			const before = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
			const error = await rejection(client().client.request(`GET ${url}`));
			assert.is(error.code, "RATE_LIMITED", `${status} retry-after ${retryAfter.slice(0, 30)}`);
			assertResponseKept(error, status, { "retry-after": retryAfter });
			assert.match(error.message, /more than retry\.maxWait/);
			if (retryAfter.length < 12) assert.match(error.message, /until \d{4}-\d\d-\d\dT[\d:.]+Z\)$/);
			assert.is(counts.get(url), 1, "no retry");
			assert.is(process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length, before, "no timer left armed");
		}
	}
});

numbers("an HTTP-date retry-after is honoured; one in the past retries at once; a malformed one is ignored", async () => {
	const future = new Date(Date.now() + 3_600_000).toUTCString();
	answer = () => [429, { "retry-after": future }, BODY];
	const late = await rejection(client().client.request(`GET ${unique()}`));
	assert.is(late.code, "RATE_LIMITED");
	assert.match(late.message, /until /);
	for (const date of [new Date(Date.now() - 60_000).toUTCString(), "Fri, 31 Dec 275760 00:00:00 GMT", "Sun, 99 Nov 1994 08:49:37 GMT"]) {
		answer = (request, count) => (count === 1 ? [429, { "retry-after": date }, BODY] : [200, {}, { ok: true }]);
		const response = await client().client.request(`GET ${unique()}`);
		assert.equal(response.data, { ok: true }, date);
	}
});

numbers("a wait longer than a timer holds is chained: retry.maxWait above 2^31-1 ms still waits, and an abort ends it at once with no timer left", async () => {
	answer = () => [429, { "retry-after": "2147484" }, BODY];
	const controller = new AbortController();
	const before = process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length;
	const { client: hublet } = client({ maxWait: Number.MAX_SAFE_INTEGER });
	const pending = rejection(hublet.request(`GET ${unique()}`, { request: { signal: controller.signal } }));
	let settled = false;
	pending.then(() => (settled = true));
	// Were the timer armed with 2147484000 ms, Node would fire it at once and the retry would follow.
	await new Promise((resolve) => setTimeout(resolve, 50));
	assert.not.ok(settled, "still waiting");
	controller.abort(new Error("stop"));
	const error = await pending;
	assert.is(error.message, "stop");
	assert.is(process.getActiveResourcesInfo().filter((kind) => kind === "Timeout").length, before);
});

numbers("paginate over a comparison whose total_commits is not a count stops after the page it has", async () => {
	for (const total of ["1e400", "-5", "1.5", "1e20"]) {
		answer = () => [200, {}, `{"total_commits": ${total}, "commits": [{"sha": "a"}]}`];
		const { client: hublet } = client();
		const commits = [];
		for await (const page of hublet.paginate.iterator("GET /repos/{owner}/{repo}/compare/{basehead}", { owner: "o", repo: "r", basehead: "a...b", per_page: 1 })) {
			commits.push(...page.data);
			if (commits.length > 5) break;
		}
		assert.is(commits.length, 1, `total_commits ${total}`);
	}
});

numbers.run();
