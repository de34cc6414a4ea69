// Issue 11, items 1 and 3: input that no retry can fix rejects at once, names what is wrong,
// sends nothing and is never retried. The client keeps the default retry settings (a first
// backoff of at least 1 s), so a retry would show in the log; no test waits for one.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog, deepFreeze } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";

let loop;

/** A client with default retries whose log is captured, and a fetch that counts its calls. */
function setup(options = {}) {
	const { log, lines } = capturingLog();
	let fetched = 0;
	const fetch = (url, init) => {
		fetched += 1;
		return globalThis.fetch(url, init);
	};
	const client = new Hublet({ baseUrl: loop.baseUrl, log, ...options, request: { fetch, ...options.request } });
	return { client, lines, fetched: () => fetched };
}

/** Rejects as a local error: 400, INVALID_REQUEST, nothing fetched or sent, no retry logged. */
async function rejectsLocally(call, { client, lines, fetched }, message) {
	const sentBefore = loop.requests.length;
	const error = await call(client).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 400);
	assert.is(error.code, "INVALID_REQUEST");
	assert.match(error.message, message);
	assert.is(error.response, undefined);
	assert.is(fetched(), 0, "fetch was never called");
	assert.is(loop.requests.length, sentBefore, "the server saw nothing");
	assert.not.ok(lines.info.some((line) => /retry/.test(line)), `no retry: ${lines.info}`);
	return error;
}

const local = suite("local errors are never retried");
local.before(async () => {
	loop = await startServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
local.after(() => loop.close());

local("an invalid header name names the header", async () => {
	await rejectsLocally((c) => c.request("GET /x", { headers: { "bad header": "1" } }), setup(), /^Invalid header name "bad header"$/);
});

local("CR/LF in a header value names the header and never repeats the value", async () => {
	const error = await rejectsLocally(
		(c) => c.request("GET /x", { headers: { "x-trace": "abc\r\nx-injected: secret-value" } }),
		setup(),
		/^Invalid value for header "x-trace": it contains a line break \(CR or LF\)$/,
	);
	assert.not.match(error.message, /secret-value/);
});

local("CR/LF in userAgent names the userAgent option", async () => {
	await rejectsLocally((c) => c.rest.repos.get({ owner: "o", repo: "r" }), setup({ userAgent: "my-app\r\nx-evil: 1" }), /"user-agent" \(from the userAgent option\)/);
});

local("a line break in timeZone names the timeZone option", async () => {
	await rejectsLocally((c) => c.request("GET /x"), setup({ timeZone: "Europe/Amsterdam\nx: 1" }), /"time-zone" \(from the timeZone option\)/);
});

local("a header value beyond Latin-1 names the header", async () => {
	await rejectsLocally((c) => c.request("GET /x", { headers: { "x-name": "✓" } }), setup(), /"x-name": it contains a character beyond Latin-1/);
});

local("an invalid baseUrl names the baseUrl option", async () => {
	await rejectsLocally((c) => c.request("GET /x"), setup({ baseUrl: "http://not a url" }), /^Invalid URL "http:\/\/not a url\/x": check the baseUrl option/);
});

local("a baseUrl that is not http or https names the baseUrl option", async () => {
	await rejectsLocally((c) => c.request("GET /x"), setup({ baseUrl: "ftp://example.com" }), /only http and https are supported \(check the baseUrl option\)/);
});

local("a URL with user:password is refused, and the password appears nowhere", async () => {
	const context = setup({ baseUrl: loop.baseUrl.replace("http://", "http://user:hunter2@") });
	const error = await rejectsLocally((c) => c.request("GET /x"), context, /carries credentials \(user:password@\).*auth option/);
	assert.not.match(JSON.stringify(error.request), /hunter2/);
	assert.not.match(error.message, /hunter2/);
	assert.is(error.cause, undefined);
});

local("a body that cannot be JSON names the route", async () => {
	const body = { a: 1 };
	body.self = body;
	await rejectsLocally((c) => c.request("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", extra: body }), setup(), /^The body of POST .*\/repos\/o\/r\/issues cannot be sent as JSON: Converting circular structure to JSON/);
});

local("with plugin-retry's shape of error (status 400), octokit-style retry code leaves it alone", async () => {
	const error = await setup().client.request("GET /x", { headers: { "bad header": "1" } }).catch((e) => e);
	assert.is(error.name, "HttpError");
	assert.ok([400, 401, 403, 404, 410, 422, 451].includes(error.status), "in @octokit/plugin-retry's doNotRetry list");
});

local.run();

// ---

const circular = suite("circular structures (issue 11, item 3)");
circular.before(async () => {
	loop = await startServer((_request, response) => response.writeHead(200, { "content-type": "application/json" }).end("{}"));
});
circular.after(() => loop.close());

circular("a circular params object gets a TypeError that names the method and the parameter, not a RangeError", async () => {
	const { client, fetched } = setup();
	const params = { owner: "o", repo: "r", title: "t", labels: [{ name: "bug" }] };
	params.labels[0].parent = params;
	const error = await client.rest.issues.create(params).catch((e) => e);
	assert.instance(error, TypeError);
	assert.is(error.message, 'rest.issues.create() cannot send a circular structure: parameter "labels[0].parent" refers back to an object that contains it');
	assert.is(fetched(), 0);
});

circular("the same object twice, without a cycle, is not circular", async () => {
	const { client } = setup();
	const shared = { name: "x" };
	const response = await client.rest.issues.create({ owner: "o", repo: "r", title: "t", a: shared, b: [shared, shared] });
	assert.is(response.status, 200);
});

circular("the check leaves the caller's params untouched", async () => {
	const { client } = setup();
	const params = deepFreeze({ owner: "o", repo: "r", title: "t", nested: { deep: [1, 2] } });
	await client.rest.issues.create(params);
});

circular.run();
