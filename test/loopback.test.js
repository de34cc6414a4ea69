// Real sockets on 127.0.0.1: what msw cannot fake (a body that breaks off, DEBUG output
// from another process).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer } from "node:http";
import { spawn } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { RequestError } from "../dist/index.js";
import { testClient } from "./helpers/client.js";

let baseUrl;
let flakyHits = 0;
const httpServer = createServer((request, response) => {
	if (request.url === "/repos/o/r") {
		response.writeHead(200, { "content-type": "application/json", "x-github-request-id": "LOOP1" });
		return response.end(JSON.stringify({ id: 1, auth: request.headers.authorization }));
	}
	if (request.url === "/truncated") {
		response.writeHead(200, { "content-type": "application/json", "content-length": "1000" });
		response.write('{"partial":');
		return setTimeout(() => response.socket.destroy(), 10);
	}
	if (request.url === "/flaky") {
		flakyHits += 1;
		response.writeHead(503, { "content-type": "application/json" });
		return response.end('{"message":"unavailable"}');
	}
	response.writeHead(404).end();
});

const loopback = suite("loopback server");
loopback.before(async () => {
	await new Promise((resolve) => httpServer.listen(0, "127.0.0.1", resolve));
	baseUrl = `http://127.0.0.1:${httpServer.address().port}`;
});
loopback.after(() => new Promise((resolve) => httpServer.close(resolve)));

loopback("an endpoint method round-trips over a real socket", async () => {
	const { client } = testClient({ baseUrl, auth: "ghp_loop" });
	const response = await client.rest.repos.get({ owner: "o", repo: "r" });
	assert.equal(response.data, { id: 1, auth: "token ghp_loop" });
	assert.is(response.headers["x-github-request-id"], "LOOP1");
});

loopback("a truncated body is a RequestError with status 500, retried on GET, never an unhandled rejection", async () => {
	const unhandled = [];
	const onUnhandled = (reason) => unhandled.push(reason);
	process.on("unhandledRejection", onUnhandled);
	const { client } = testClient({ baseUrl, retry: { retries: 1, minTimeout: 1 } });
	const error = await client.request("GET /truncated").catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.response, undefined);
	await new Promise((resolve) => setTimeout(resolve, 20));
	process.off("unhandledRejection", onUnhandled);
	assert.equal(unhandled, []);
});

loopback("DEBUG=hublet:* prints requests, retries and deprecations, and never the token", async () => {
	flakyHits = 0;
	const child = spawn(process.execPath, ["test/fixtures/debug-run.js", baseUrl], {
		env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" },
	});
	let stderr = "";
	child.stderr.on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on("close", resolve));
	assertDebugLines(code, stderr);
});

loopback("DEBUG=hublet:* prints the request lines of a client with requestLog: false, and of a mock client, while client.log stays quiet", async () => {
	const child = spawn(process.execPath, ["test/fixtures/debug-quiet-log-run.js", baseUrl], {
		env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" },
	});
	let stderr = "";
	child.stderr.on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on("close", resolve));
	assert.is(code, 0, stderr);
	assert.match(stderr, /hublet:request GET \/repos\/o\/r - 200 with id LOOP1 in \d+ms/);
	assert.match(stderr, /hublet:request GET \/user - 200 with id UNKNOWN in \d+ms/);
	assert.not.match(stderr, /neverlogged/);
});

/** What test/fixtures/debug-run.js prints under DEBUG=hublet:*: a request, a retry, a deprecation, and never the token. */
function assertDebugLines(code, stderr) {
	assert.is(code, 0, stderr);
	assert.match(stderr, /hublet:request GET \/repos\/o\/r - 200 with id LOOP1 in \d+ms/);
	assert.match(stderr, /hublet:retry GET http:\/\/127\.0\.0\.1:\d+\/flaky - retry 1 of 3 after status 503/);
	assert.match(stderr, /hublet:request GET \/flaky - 503 with id UNKNOWN in \d+ms/);
	assert.match(stderr, /hublet:deprecation octokit\.gitdata\.\* has been renamed to octokit\.git\.\*/);
	assert.is(flakyHits, 4);
	assert.not.match(stderr, /neverlogged/);
}

loopback("DEBUG=hublet:* in a bundle of the full entry: the bodies, each from a file of its own, write to the channels the entry started", async () => {
	// The bundlers' entry imports the request log's and the retry stage's bodies from their files,
	// each with its own copy of the channels' code: they share the channels' state as data.
	flakyHits = 0;
	const project = mkdtempSync(join(tmpdir(), "hublet-debug-bundle-"));
	mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");
	writeFileSync(join(project, "program.mjs"), readFileSync("test/fixtures/debug-run.js", "utf8").replace('"../../dist/index.js"', '"@hublet/rest"'));
	await build({ entryPoints: [join(project, "program.mjs")], bundle: true, format: "esm", platform: "node", outfile: join(project, "bundle.mjs"), logLevel: "silent" });
	assert.not.match(readFileSync(join(project, "bundle.mjs"), "utf8"), /^import\b.*"@hublet/m);
	const child = spawn(process.execPath, [join(project, "bundle.mjs"), baseUrl], { env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" } });
	let stderr = "";
	child.stderr.on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((done) => child.on("close", done));
	assertDebugLines(code, stderr);
});

loopback.run();
