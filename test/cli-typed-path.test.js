// A path typed on the command line (`hublet GET /path …`, a route no method owns) is sent as
// typed: every RFC 6570 expression in it, whatever its operator and modifiers, is filled from the
// given name=value fields, or the command exits 2, names what is missing and sends nothing. A
// colon is sent as it is (octokit's `:name` placeholder is not read); braces to be sent as they
// are, the user percent-encodes.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { runCli } from "./fixtures/cli-harness.js";
import { startServer } from "./helpers/loopback.js";

let loop;
const received = [];
const typed = suite("hublet GET <typed path>");
typed.before(async () => {
	loop = await startServer((request, response) => {
		received.push(`${request.method} ${request.url}`);
		response.writeHead(200, { "content-type": "application/json" });
		response.end("{}");
	});
});
typed.after(() => loop.close());
typed.before.each(() => {
	received.length = 0;
});

const env = () => ({ GITHUB_API_URL: loop.baseUrl });

// [typed path, fields, the variables named as missing]
const UNFILLED = [
	["/repos/o/r/contents/{b,c}", [], ["b", "c"]],
	["/repos/o/r/contents/{b,c}", ["b=1"], ["c"]],
	["x{+q}y", [], ["q"]],
	["/a{#frag}", [], ["frag"]],
	["/a{.ext}", [], ["ext"]],
	["/a{/seg,more}", ["seg=1"], ["more"]],
	["/a{;matrix}", [], ["matrix"]],
	["/a{?q,sort}", ["sort=updated"], ["q"]],
	["/a?x=1{&page}", [], ["page"]],
	["/a{/list*}", ["list:=[]"], ["list"]],
	["/a{?map*}", ["map:={}"], ["map"]],
	["/a/{prefix:3}", [], ["prefix"]],
	["/a/{name}/b", ["name="], ["name"]],
];

for (const [index, [path, fields, missing]] of UNFILLED.entries()) {
	// Every mode checks before it builds a request; the first case proves it for each.
	const modes = index === 0 ? [[], ["--dry-run"], ["--curl"], ["--paginate"]] : [[]];
	typed(`${path} ${fields.join(" ")}: exit 2 naming ${missing.join(", ")}, nothing sent${index === 0 ? ", under --dry-run, --curl and --paginate too" : ""}`, async () => {
		for (const flags of modes) {
			const result = await runCli(["GET", path, ...fields, ...flags], { env: env() });
			assert.is(result.code, 2, `${flags}: ${result.stderr}`);
			assert.is(result.stdout, "");
			assert.ok(result.stderr.includes(`for GET ${path}: ${missing.join(", ")}\n`), result.stderr);
			assert.match(result.stderr, /nothing was sent; give .*percent-encode/);
		}
		assert.equal(received, []);
	});
}

typed("a POST to a typed path with an unfilled expression is refused too, and its fields are not sent as a body instead", async () => {
	const result = await runCli(["POST", "/repos/o/r/{thing}/comments", "body=text"], { env: env() });
	assert.is(result.code, 2);
	assert.match(result.stderr, /for POST \/repos\/o\/r\/\{thing\}\/comments: thing\n/);
	assert.equal(received, []);
});

// [typed path, fields, the request line the server sees]
const FILLED = [
	["/repos/o/r/contents/{b,c}", ["b=1", "c=2"], "GET /repos/o/r/contents/1,2"],
	["/x{+q}y", ["q=a/b"], "GET /xa/by"],
	["/a{.ext}", ["ext=json"], "GET /a.json"],
	["/a{/seg,more}", ["seg=1", "more=2"], "GET /a/1/2"],
	["/a{;matrix}", ["matrix=m"], "GET /a;matrix=m"],
	["/a{?q,sort}", ["q=is:open", "sort=updated"], "GET /a?q=is%3Aopen&sort=updated"],
	["/a{?q}", ["q="], "GET /a?q="],
	["/a?x=1{&page}", ["page=2"], "GET /a?x=1&page=2"],
	["/a{/list*}", ['list:=["p","q"]'], "GET /a/p/q"],
	["/a/{prefix:3}", ["prefix=abcdef"], "GET /a/abc"],
	["/a{#frag}", ["frag=top"], "GET /a"],
	["/repos/o/r/compare/main...octocat:feature", [], "GET /repos/o/r/compare/main...octocat:feature"],
	["/repos/o/r/contents/notes:draft.md", ["ref=main"], "GET /repos/o/r/contents/notes:draft.md?ref=main"],
	["/orgs/:org/repos", ["org=o"], "GET /orgs/:org/repos?org=o"],
	["/a:b/{c}", ["c=x"], "GET /a:b/x"],
	["/repos/o/r/contents/%7Bb,c%7D", [], "GET /repos/o/r/contents/%7Bb,c%7D"],
	["/repos/o/r/compare/main...octocat%3Afeature", [], "GET /repos/o/r/compare/main...octocat%3Afeature"],
];

for (const [path, fields, line] of FILLED) {
	typed(`${path} ${fields.join(" ")}: sent as ${line}`, async () => {
		const result = await runCli(["GET", path, ...fields], { env: env() });
		assert.is(result.code, 0, result.stderr);
		assert.equal(received, [line]);
	});
}

typed("a colon is sent as typed under --paginate, --dry-run and --curl too, and a path without one gains no parameter", async () => {
	const path = "/repos/o/r/compare/main...octocat:feature";
	const paged = await runCli(["GET", path, "--paginate"], { env: env() });
	assert.is(paged.code, 0, paged.stderr);
	assert.equal(received, [`GET ${path}`]);
	const dryRun = await runCli(["GET", path, "--dry-run"], { env: env() });
	assert.ok(dryRun.stdout.startsWith(`GET ${loop.baseUrl}${path}\n`), dryRun.stdout);
	const curl = await runCli(["GET", path, "--curl"], { env: env() });
	assert.ok(curl.stdout.startsWith(`curl -g '${loop.baseUrl}${path}'`), curl.stdout);
	const plain = await runCli(["POST", "/repos/o/r/things", "a=1", "--dry-run"], { env: env() });
	assert.ok(plain.stdout.startsWith(`POST ${loop.baseUrl}/repos/o/r/things\n`), plain.stdout);
	assert.ok(plain.stdout.endsWith('\n{"a":"1"}\n'), plain.stdout);
});

typed.run();
