// `hublet <namespace>.<method>` and `hublet <VERB> <path>` against a server on 127.0.0.1
// (issue 13): stdout has the data, stderr the rest, and the exit code says which kind of failure.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RequestError } from "@hublet/rest";
import { reportError } from "../bin/cli/errors.mjs";
import { BIN, closedUrl, createApiServer, runCli, startCli } from "./fixtures/cli-harness.js";

const api = createApiServer();
const TOKEN = "ghp_clitestsecret123";
// Retries in these tests wait 1 ms, not the library's 1 s backoff.
const FAST_RETRY = '{"minTimeout":1,"maxTimeout":1}';
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: FAST_RETRY, ...extra });
const REPO = { id: 1, full_name: "o/r" };

const call = suite("hublet <namespace>.<method>");
call.before(api.start);
call.after(api.stop);

call("repos.get owner=o repo=r sends one GET and prints compact JSON to a pipe, with nothing on stderr", async () => {
	api.reset({ "GET /repos/o/r": () => [200, REPO] });
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(code, 0);
	assert.is(stdout, `${JSON.stringify(REPO)}\n`);
	assert.is(stderr, "");
	assert.equal(api.requests.map((request) => `${request.method} ${request.url.pathname}`), ["GET /repos/o/r"]);
});

call("data=@file that is not JSON is sent as application/octet-stream, and --dry-run and --curl show the same", async () => {
	api.reset({ "POST /repos/o/r/releases/1/assets": () => [201, { id: 9 }] });
	const dir = mkdtempSync(join(tmpdir(), "hublet-cli-"));
	writeFileSync(join(dir, "notes.txt"), "release notes\n");
	writeFileSync(join(dir, "asset.bin"), Buffer.from([0x50, 0x4b, 0x03, 0x04, 0xff, 0x00]));
	writeFileSync(join(dir, "payload.json"), '{"a":1}');
	const sent = await runCli(["POST", "/repos/o/r/releases/1/assets", `data=@${join(dir, "notes.txt")}`], { env: env() });
	assert.is(sent.code, 0, sent.stderr);
	assert.is(api.requests[0].headers["content-type"], "application/octet-stream");
	assert.is(api.requests[0].body, "release notes\n");
	const upload = ["repos.uploadReleaseAsset", "owner=o", "repo=r", "release_id=1", "name=asset.bin", `data=@${join(dir, "asset.bin")}`];
	const dryRun = await runCli([...upload, "--dry-run"], { env: env() });
	// --curl prints a body it can carry as an argument: the text file's.
	const curl = await runCli(["repos.uploadReleaseAsset", "owner=o", "repo=r", "release_id=1", "name=notes.txt", `data=@${join(dir, "notes.txt")}`, "--curl"], { env: env() });
	assert.match(dryRun.stdout, /\ncontent-type: application\/octet-stream\n/);
	assert.match(curl.stdout, /-H 'content-type: application\/octet-stream'/);
	// A JSON file keeps the JSON type; a type the user sets wins.
	const json = await runCli(["POST", "/repos/o/r/releases/1/assets", `data=@${join(dir, "payload.json")}`, "--dry-run"], { env: env() });
	assert.match(json.stdout, /\ncontent-type: application\/json; charset=utf-8\n/);
	const zip = await runCli([...upload, 'headers:={"Content-Type":"application/zip"}', "--dry-run"], { env: env() });
	assert.match(zip.stdout, /\ncontent-type: application\/zip\n/);
	assert.not.match(zip.stdout, /octet-stream/);
	assert.is(api.requests.length, 1);
});

call("name=value is a string, name:=json raw JSON, name=@file a file and name:=@file a JSON file", async () => {
	api.reset({ "POST /repos/o/r/issues": () => [201, { number: 7 }] });
	const dir = mkdtempSync(join(tmpdir(), "hublet-cli-"));
	writeFileSync(join(dir, "body.md"), "Steps:\n1. run it\n");
	writeFileSync(join(dir, "assignees.json"), '["octocat"]');
	const args = ["issues.create", "owner=o", "repo=r", "title=Bug", "labels:=[\"bug\"]", "milestone:=3", `body=@${join(dir, "body.md")}`, `assignees:=@${join(dir, "assignees.json")}`];
	const { code, stdout } = await runCli(args, { env: env() });
	assert.is(code, 0);
	assert.equal(JSON.parse(stdout), { number: 7 });
	assert.equal(JSON.parse(api.requests[0].body), { title: "Bug", labels: ["bug"], milestone: 3, body: "Steps:\n1. run it\n", assignees: ["octocat"] });
});

call("name=@- reads standard input; name=\\@x is the literal text @x", async () => {
	api.reset({ "POST /repos/o/r/issues": () => [201, { number: 8 }] });
	const { code } = await runCli(["issues.create", "owner=o", "repo=r", "title=\\@mention", "body=@-"], { env: env(), input: "from stdin" });
	assert.is(code, 0);
	assert.equal(JSON.parse(api.requests[0].body), { title: "@mention", body: "from stdin" });
});

call("GET /repos/{owner}/{repo}/topics owner=o repo=r calls by route; a concrete /path is a GET as written", async () => {
	api.reset({ "GET /repos/o/r/topics": () => [200, { names: ["cli"] }] });
	const byRoute = await runCli(["GET", "/repos/{owner}/{repo}/topics", "owner=o", "repo=r"], { env: env() });
	const bare = await runCli(["/repos/o/r/topics", "per_page=5"], { env: env() });
	assert.is(byRoute.code, 0);
	assert.equal(JSON.parse(byRoute.stdout), { names: ["cli"] });
	assert.equal(JSON.parse(bare.stdout), { names: ["cli"] });
	assert.equal(api.requests.map((request) => request.url.pathname + request.url.search), ["/repos/o/r/topics", "/repos/o/r/topics?per_page=5"]);
});

call("a text body is printed as it came, and a binary body byte for byte", async () => {
	const tarball = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0xff, 0xfe, 0x00, 0x80]);
	api.reset({
		"GET /zen": () => [200, "Keep it logically awesome.", { "content-type": "text/plain; charset=utf-8" }],
		"GET /repos/o/r/tarball/main": () => [200, tarball, { "content-type": "application/x-gzip" }],
	});
	const text = await runCli(["meta.getZen"], { env: env() });
	const binary = await runCli(["repos.downloadTarballArchive", "owner=o", "repo=r", "ref=main"], { env: env(), binary: true });
	assert.is(text.stdout, "Keep it logically awesome.");
	assert.equal([binary.code, Buffer.compare(binary.stdout, tarball)], [0, 0]);
});

call("--include prints the status line and the headers, then a blank line, then the data", async () => {
	api.reset({ "GET /repos/o/r": () => [200, REPO, { "x-ratelimit-remaining": "4999" }] });
	const { code, stdout } = await runCli(["repos.get", "owner=o", "repo=r", "--include"], { env: env() });
	assert.is(code, 0);
	const [head, body] = stdout.split("\n\n");
	assert.match(head, /^HTTP\/1\.1 200 OK\n/);
	assert.match(head, /\nx-ratelimit-remaining: 4999(\n|$)/);
	assert.equal(JSON.parse(body), REPO);
});

call("--ndjson prints a list response one item per line", async () => {
	api.reset({ "GET /repos/o/r/issues": () => [200, [{ n: 1 }, { n: 2 }]] });
	const { stdout } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--ndjson"], { env: env() });
	assert.is(stdout, '{"n":1}\n{"n":2}\n');
});

call.run();

// ---

const environment = suite("hublet: token and base URL from the environment");
environment.before(api.start);
environment.after(api.stop);

environment("the token comes from GITHUB_TOKEN, else GH_TOKEN, and is never printed, even under DEBUG or on an error", async () => {
	api.reset({ "GET /repos/o/r": () => [200, REPO], "GET /repos/o/gone": () => [404, { message: "Not Found" }] });
	await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ GH_TOKEN: "ghp_fromgh" }) });
	const runs = [
		await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ GITHUB_TOKEN: TOKEN, GH_TOKEN: "ghp_fromgh" }) }),
		await runCli(["repos.get", "owner=o", "repo=gone"], { env: env({ GITHUB_TOKEN: TOKEN, DEBUG: "hublet:*" }) }),
	];
	assert.equal(api.requests.map((request) => request.headers.authorization), ["token ghp_fromgh", `token ${TOKEN}`, `token ${TOKEN}`]);
	for (const { stdout, stderr } of runs) {
		assert.not.ok(stdout.includes(TOKEN) || stderr.includes(TOKEN), "the token was printed");
	}
	assert.match(runs[1].stderr, /hublet:request GET \/repos\/o\/gone - 404/, "DEBUG=hublet:* shows the request line");
	assert.match(runs[1].stderr, /\n\s+at /, "DEBUG shows the stack trace");
});

environment("--base-url wins over GITHUB_API_URL", async () => {
	api.reset({ "GET /repos/o/r": () => [200, REPO] });
	const { code } = await runCli(["repos.get", "owner=o", "repo=r", "--base-url", `${api.baseUrl}/`], { env: env({ GITHUB_API_URL: await closedUrl() }) });
	assert.is(code, 0);
	assert.is(api.requests.length, 1);
});

environment.run();

// ---

const failures = suite("hublet: failures and exit codes");
failures.before(api.start);
failures.after(api.stop);

failures("a 404 exits 1, as gh api does: the server's body on stdout, one line on stderr, no stack trace", async () => {
	api.reset();
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=missing"], { env: env() });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout), { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
	assert.is(stderr, "hublet: repos.get: HTTP 404: Not Found - https://docs.github.com/rest\n");
});

failures("a 422 exits 1 with the server's field errors on stdout and the message on stderr", async () => {
	const errors = [{ resource: "Issue", code: "missing_field", field: "title" }];
	api.reset({ "POST /repos/o/r/issues": () => [422, { message: "Validation Failed", errors }] });
	const { code, stdout, stderr } = await runCli(["issues.create", "owner=o", "repo=r", "title="], { env: env() });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout).errors, errors);
	assert.is(stderr, 'hublet: issues.create: HTTP 422: Validation Failed: {"resource":"Issue","code":"missing_field","field":"title"}\n');
});

failures("-i prints the status line and headers of a failed request too: a 403's x-ratelimit-* headers, then the body", async () => {
	const limits = { "x-ratelimit-limit": "60", "x-ratelimit-remaining": "0", "x-ratelimit-reset": "1700000000" };
	api.reset({ "GET /repos/o/r": () => [403, { message: "API rate limit exceeded" }, limits] });
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "-i"], { env: env({ HUBLET_RETRY: "false" }) });
	assert.is(code, 1);
	const [head, body] = stdout.split("\n\n");
	const [statusLine, ...headerLines] = head.split("\n");
	assert.is(statusLine, "HTTP/1.1 403 Forbidden");
	for (const [name, value] of Object.entries(limits)) assert.ok(headerLines.includes(`${name}: ${value}`), `${name} missing from ${head}`);
	assert.equal(JSON.parse(body), { message: "API rate limit exceeded" });
	assert.is(stderr, "hublet: repos.get: HTTP 403: API rate limit exceeded\n");
});

failures("a failed first page of --paginate prints the server's body, as a single call does", async () => {
	api.reset({ "GET /repos/o/r/issues": () => [410, { message: "Issues are disabled for this repo" }] });
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: env() });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout), { message: "Issues are disabled for this repo" });
	assert.is(stderr, "hublet: issues.listForRepo: HTTP 410: Issues are disabled for this repo\n");
});

failures("missing required parameters exit 2, named, and nothing is sent (by method, by route, under --paginate)", async () => {
	api.reset({ "POST /repos/o/r/issues": () => [201, {}], "GET /repos/o/r": () => [200, REPO] });
	const byMethod = await runCli(["issues.create", "owner=o", "repo=r"], { env: env() });
	const byRoute = await runCli(["GET", "/repos/{owner}/{repo}", "owner=o"], { env: env() });
	const unknownRoute = await runCli(["GET", "/nowhere/{thing}"], { env: env() });
	const paginated = await runCli(["issues.listForRepo", "--paginate"], { env: env() });
	assert.equal([byMethod.code, byRoute.code, unknownRoute.code, paginated.code], [2, 2, 2, 2]);
	assert.equal([byMethod.stdout, paginated.stdout], ["", ""]);
	assert.match(paginated.stderr, /"owner", "repo"/);
	assert.match(byMethod.stderr, /Missing required parameter for rest\.issues\.create\(\): "title"/);
	assert.match(byMethod.stderr, /nothing was sent; see: hublet describe issues\.create/);
	assert.match(byRoute.stderr, /"repo"/);
	assert.match(unknownRoute.stderr, /missing path parameter for GET \/nowhere\/\{thing\}: thing/);
	assert.is(api.requests.length, 0);
});

failures("bad name:=json exits 2, says why, and sends nothing", async () => {
	api.reset({ "POST /repos/o/r/issues": () => [201, {}] });
	const { code, stdout, stderr } = await runCli(["issues.create", "owner=o", "repo=r", "title=x", "labels:=[bug]"], { env: env() });
	assert.is(code, 2);
	assert.is(stdout, "");
	assert.match(stderr, /^hublet: issues\.create: labels:= takes JSON: /);
	assert.is(stderr.trim().split("\n").length, 1);
	assert.is(api.requests.length, 0);
});

failures("an unknown option exits 2 and names the option meant", async () => {
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--paginat"], { env: env() });
	assert.is(code, 2);
	assert.is(stderr, "hublet: unknown option --paginat (did you mean --paginate?)\n");
});

failures("a network failure exits 1 with one line", async () => {
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ GITHUB_API_URL: await closedUrl(), HUBLET_RETRY: "false" }) });
	assert.is(code, 1);
	assert.match(stderr, /^hublet: repos\.get: request failed: .*ECONNREFUSED.*\n$/);
});

failures("the exit status follows the library's error.code, not the status or the message's words", async () => {
	const request = { method: "GET", url: "https://api.github.com/repos/o/r", headers: {} };
	const exitFor = async (error) => {
		let stderr = "";
		const code = await reportError(error, { stderr: { write: (text) => (stderr += text) } });
		return [code, stderr];
	};
	// A 400 without a response that is not the caller's mistake (a proxy refusing the request).
	assert.equal(await exitFor(new RequestError("refused", 400, { request, code: "NETWORK_ERROR" })), [1, "hublet: request failed: refused\n"]);
	assert.equal((await exitFor(new RequestError("bad port", 500, { request, code: "INVALID_REQUEST" })))[0], 2);
	// The library's input checks, whatever their wording.
	assert.equal((await exitFor(new TypeError("rest.repos.get() cannot send a circular structure")))[0], 2);
	assert.equal((await exitFor(new Error("something else")))[0], 1);
});

failures.run();

// ---

const retries = suite("hublet: retries and rate-limit waits are shown on stderr");
retries.before(api.start);
retries.after(api.stop);

retries("a 503 then a 200 is retried once; the retry is a line on stderr and stdout has the data", async () => {
	let hits = 0;
	api.reset({ "GET /repos/o/r": () => (++hits === 1 ? [503, { message: "busy" }, { "retry-after": "0" }] : [200, REPO]) });
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(code, 0);
	assert.equal(JSON.parse(stdout), REPO);
	assert.is(hits, 2);
	assert.match(stderr, /^hublet: GET http:\/\/127\.0\.0\.1:\d+\/repos\/o\/r - retry 1 of 3 after status 503(, waiting \d+ms)?\n$/);
});

retries("a 429 with retry-after is waited out, and the wait is shown", async () => {
	let hits = 0;
	api.reset({ "POST /repos/o/r/issues": () => (++hits === 1 ? [429, { message: "slow down" }, { "retry-after": "0" }] : [201, { number: 1 }]) });
	const { code, stderr } = await runCli(["issues.create", "owner=o", "repo=r", "title=t"], { env: env() });
	assert.is(code, 0);
	assert.is(hits, 2);
	assert.match(stderr, /retry 1 of 3 after secondary rate limit/);
});

retries("a retry is heard through retry.onRetry and shown with its wait in seconds", async () => {
	let hits = 0;
	api.reset({ "GET /repos/o/r": () => (++hits === 1 ? [503, { message: "busy" }, { "retry-after": "1" }] : [200, REPO]) });
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(code, 0);
	assert.is(stderr, `hublet: GET ${api.baseUrl}/repos/o/r - retry 1 of 3 after status 503, waiting 1s\n`);
});

retries("a wait over 5 s is shown once, as a warning, before it starts", async () => {
	let hits = 0;
	api.reset({ "POST /repos/o/r/issues": () => (++hits, [403, { message: "You have exceeded a secondary rate limit" }, { "retry-after": "7" }]) });
	// Stopped as soon as the line is out: the test never waits the 7 s.
	const { done } = startCli(["issues.create", "owner=o", "repo=r", "title=t"], {
		env: env(),
		onStderr: (text, child) => text.includes("\n") && child.kill(),
	});
	const { stderr } = await done;
	assert.is(stderr, `hublet: warning: POST ${api.baseUrl}/repos/o/r/issues - retry 1 of 3 after secondary rate limit, waiting 7s\n`);
	assert.is(hits, 1);
});

retries("a port that fetch blocks fails at once: exit 2, one line, no retries", async () => {
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--base-url", "http://127.0.0.1:1"], { env: env({ HUBLET_RETRY: "" }) });
	assert.is(code, 2);
	assert.match(stderr, /^hublet: repos\.get: Invalid request GET http:\/\/127\.0\.0\.1:1\/repos\/o\/r: fetch refuses port 1, .*: check baseUrl\nnothing was sent/);
	assert.not.match(stderr, /retry/);
});

retries.run();

// ---

const terminal = suite("hublet on a terminal");
terminal.before(api.start);
terminal.after(api.stop);

/** Runs a shell command under a pseudo-terminal (util-linux `script`) and returns what the terminal showed. */
const underTerminal = (command, extraEnv) =>
	new Promise((resolve, reject) => {
		execFile("script", ["-qec", command, "/dev/null"], { env: { ...process.env, ...extraEnv } }, (error, stdout) => (error ? reject(error) : resolve(stdout.replaceAll("\r\n", "\n"))));
	});

terminal("JSON is indented on a terminal, and compact there under --compact", async () => {
	api.reset({ "GET /repos/o/r": () => [200, REPO] });
	const command = `"${process.execPath}" "${BIN}" repos.get owner=o repo=r`;
	const indented = await underTerminal(`${command} 2>/dev/null`, { GITHUB_API_URL: api.baseUrl });
	const compact = await underTerminal(`${command} --compact 2>/dev/null`, { GITHUB_API_URL: api.baseUrl });
	assert.is(indented, `${JSON.stringify(REPO, null, 2)}\n`);
	assert.is(compact, `${JSON.stringify(REPO)}\n`);
});

terminal.run();
