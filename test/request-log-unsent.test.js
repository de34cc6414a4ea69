// The request log lists what reached the network: a request that was never sent (a route the
// server lacks, a URL or a header fetch refuses, a validation refusal, a limit spent past
// retry.maxWait, a bad per-call option, an abort before it started) gets no result line in
// log.info or log.error, and one aborted before it started no line at all. What was sent and
// failed (a 404, a refused connection, an abort while it was out) keeps its line.
// Run: node test/request-log-unsent.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, rateLimit } from "../dist/index.js";
import { Hublet as CoreHublet, requestLog, serverTables } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";
import { closedUrl } from "./fixtures/cli-harness.js";
import { sendJson, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(rateLimit, serverTables);

let loop;
const settled = (promise) => promise.then((value) => value, (error) => error);

/** A client on the loopback server whose log is captured; `Client` is the full client unless given. */
function logged(options = {}, Client = Hublet) {
	const { log, lines } = capturingLog();
	return { client: new Client({ baseUrl: loop.baseUrl, log, retry: false, ...options }), lines };
}

/** Lets a line written after the call settled arrive (an abort settles the call before the chain unwinds). */
const drained = () => new Promise((resolve) => setTimeout(resolve, 50));

async function assertNoResultLine(label, lines, call, code) {
	const before = loop.requests.length;
	const error = await settled(call);
	await drained();
	if (code !== undefined) assert.is(error?.code, code, `${label}: ${error?.message}`);
	else assert.instance(error, Error, label);
	assert.is(loop.requests.length, before, `${label}: nothing was sent`);
	assert.equal(lines.info, [], `${label}: no info line`);
	assert.equal(lines.error, [], `${label}: no error line`);
}

const unsent = suite("a request never sent");
unsent.before(async () => {
	loop = await startServer((request, response) => {
		if (request.url.startsWith("/stall")) return;
		if (request.url.startsWith("/spent")) {
			return sendJson(response, 403, { message: "API rate limit exceeded for user ID 1." }, {
				"x-ratelimit-limit": "5000",
				"x-ratelimit-remaining": "0",
				"x-ratelimit-reset": String(Math.ceil(Date.now() / 1000) + 3600),
				"x-ratelimit-resource": "core",
			});
		}
		sendJson(response, request.url.startsWith("/missing") ? 404 : 200, {}, { "x-github-request-id": "AB:CD" });
	});
});
unsent.after(() => loop.close());

unsent("a route the server lacks (NOT_AVAILABLE), in the full client and in the core client with the request log", async () => {
	const Core = CoreHublet.plugin(serverTables, requestLog);
	for (const [label, Client] of [["full", Hublet], ["core", Core]]) {
		const { client, lines } = logged({ server: "ghes-3.17" }, Client);
		await assertNoResultLine(label, lines, client.request("GET /orgs/{org}/dependabot/repository-access", { org: "a" }), "NOT_AVAILABLE");
		await assertNoResultLine(label, lines, client.request("GET /orgs/:org/dependabot/repository-access", { org: "a" }), "NOT_AVAILABLE");
	}
});

unsent("a baseUrl fetch refuses, a header fetch refuses, and a validation refusal (INVALID_REQUEST)", async () => {
	for (const baseUrl of ["ftp://example.com", "http://not a url"]) {
		const { client, lines } = logged({ baseUrl });
		await assertNoResultLine(baseUrl, lines, client.request("GET /x"), "INVALID_REQUEST");
	}
	const { client, lines } = logged();
	await assertNoResultLine("header", lines, client.request("GET /x", { headers: { "bad header": "1" } }), "INVALID_REQUEST");
	await assertNoResultLine("validation", lines, client.rest.repos.get({ owner: "o" }), "INVALID_REQUEST");
	await assertNoResultLine("body", lines, client.rest.issues.create({ owner: "o", repo: "r" }), "INVALID_REQUEST");
});

unsent("a per-call option that fails its check", async () => {
	const { client, lines } = logged();
	await assertNoResultLine("request.retry", lines, client.request("GET /x", { request: { retry: { retries: "three" } } }));
});

unsent("an abort before the request starts: no line at all, debug included", async () => {
	const { client, lines } = logged();
	const controller = new AbortController();
	controller.abort(new Error("stopped"));
	await assertNoResultLine("abort", lines, client.request("GET /x", { request: { signal: controller.signal } }));
	await assertNoResultLine("AbortSignal.abort()", lines, client.request("GET /x", { request: { signal: AbortSignal.abort() } }));
	assert.equal(lines.debug, []);
});

unsent("a budget spent past retry.maxWait (RATE_LIMITED without a response): the 403 that told it is logged, the refusal after it is not", async () => {
	const { client, lines } = logged({ auth: "ghp_requestlogunsent", rateLimit: { writeInterval: 0 }, retry: { retries: 0, maxWait: 1000 } });
	const told = await settled(client.request("GET /spent"));
	assert.is(told.status, 403);
	assert.is(lines.error.length, 1);
	lines.error.length = 0;
	await assertNoResultLine("spent", lines, client.request("GET /spent"), "RATE_LIMITED");
});

unsent.run();

// ---
const sent = suite("a request sent, or tried, keeps its line");
sent.before(async () => {
	loop = await startServer((request, response) => {
		if (request.url.startsWith("/stall")) return;
		sendJson(response, request.url.startsWith("/missing") ? 404 : 200, {}, { "x-github-request-id": "AB:CD" });
	});
});
sent.after(() => loop.close());

sent("a 200 and a 404", async () => {
	const { client, lines } = logged();
	await client.request("GET /x");
	await settled(client.request("GET /missing"));
	assert.equal(lines.debug, ["GET /x", "GET /missing"]);
	assert.match(lines.info[0], /^GET \/x - 200 with id AB:CD in \d+ms$/);
	assert.match(lines.error[0], /^GET \/missing - 404 with id AB:CD in \d+ms$/);
});

sent("a refused connection", async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: await closedUrl(), log, retry: false });
	const error = await settled(client.request("GET /x"));
	assert.is(error.code, "NETWORK_ERROR");
	assert.is(lines.error.length, 1);
	assert.match(lines.error[0], /^GET \/x - 500 with id UNKNOWN in \d+ms$/);
});

sent("an abort while the request is out", async () => {
	const { client, lines } = logged();
	const error = await settled(client.request("GET /stall", { request: { signal: AbortSignal.timeout(100) } }));
	await drained();
	assert.ok(error instanceof Error);
	assert.is(lines.error.length, 1, lines.error.join("\n"));
	assert.match(lines.error[0], /^GET \/stall - /);
});

sent.run();
