// `hublet graphql`, as `gh api graphql`: -f (a string) and -F (a typed value) fields, every one
// but `query` and `operationName` a variable; the answer printed whole; an answer with `errors`
// printed too, exiting 1. Each case runs the command against a server on 127.0.0.1 and checks
// what reached it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const TOKEN = "ghp_GraphQlToken0123456789";
const api = createApiServer();
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false", GITHUB_TOKEN: TOKEN, ...extra });
const folder = mkdtempSync(join(tmpdir(), "hublet-graphql-"));
const file = (name, content) => {
	writeFileSync(join(folder, name), content);
	return join(folder, name);
};
// Every control or bidi character a terminal acts on, but LF.
const UNSAFE = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

const graphql = suite("hublet graphql");
graphql.before(api.start);
graphql.after(api.stop);

graphql("-f and -F fields: query on top, every other field a variable, -F typed; the answer printed as it came", async () => {
	const answer = { data: { repository: { stargazerCount: 1 } }, extensions: { cost: 1 } };
	api.reset({ "POST /graphql": () => [200, answer] });
	const query = "query($owner: String!, $n: Int) { repository(owner: $owner) { stargazerCount } }";
	const queryFile = file("query.graphql", query);
	const args = ["graphql", "-F", `query=@${queryFile}`, "-F", "owner=octokit", "-F", "n=10", "-F", "draft=false", "-F", "none=null", "-f", "raw=10", "-F", "big=123456789012345678901", "-F", "float=1.5", "labels:=[\"a\"]", "-f", "operationName=Q"];
	const { code, stdout, stderr } = await runCli(args, { env: env() });
	assert.is(code, 0, stderr);
	assert.is(stderr, "");
	assert.equal(JSON.parse(stdout), answer);
	const [request] = api.requests;
	assert.is(request.method, "POST");
	assert.is(request.url.pathname, "/graphql");
	assert.is(request.headers.authorization, `token ${TOKEN}`);
	assert.equal(JSON.parse(request.body), {
		query,
		operationName: "Q",
		variables: { raw: "10", owner: "octokit", n: 10, draft: false, none: null, big: "123456789012345678901", float: "1.5", labels: ["a"] },
	});
});

graphql("a GitHub Enterprise Server base URL sends to /api/graphql, under --server too", async () => {
	api.reset({ "POST /api/graphql": () => [200, { data: { viewer: { login: "a" } } }] });
	for (const flags of [[], ["--server", "ghes-3.17"], ["--server", "auto"]]) {
		// Without a token under --server: a server table with a credential is the library's own case, tested with it.
		const { code, stdout, stderr } = await runCli(["graphql", "-f", "query={ viewer { login } }", "--base-url", `${api.baseUrl}/api/v3/`, ...flags], { env: env(flags.length ? { GITHUB_TOKEN: "" } : {}) });
		assert.is(code, 0, stderr);
		assert.equal(JSON.parse(stdout), { data: { viewer: { login: "a" } } });
		assert.is(api.requests.at(-1).url.pathname, "/api/graphql");
	}
});

graphql("an answer with errors is printed whole and exits 1, its messages on stderr, each error a line", async () => {
	const answer = { data: { repository: null }, errors: [{ type: "NOT_FOUND", path: ["repository"], message: "Could not resolve to a Repository with the name 'o/r'." }] };
	api.reset({ "POST /graphql": () => [200, answer] });
	const one = await runCli(["graphql", "-f", "query={ repository(owner: \"o\", name: \"r\") { id } }"], { env: env() });
	assert.is(one.code, 1);
	assert.equal(JSON.parse(one.stdout), answer);
	assert.is(one.stderr, "hublet: graphql: GraphQL: Could not resolve to a Repository with the name 'o/r'.\n");

	api.reset({ "POST /graphql": () => [200, { data: null, errors: [{ message: "first\nsecond line" }, { message: "third" }] }] });
	const two = await runCli(["graphql", "-f", "query={ a }"], { env: env() });
	assert.is(two.code, 1);
	assert.equal(two.stderr.split("\n"), ["hublet: graphql: GraphQL: 2 errors:", "  - first", "  second line", "  - third", ""]);
});

graphql("errors of any shape exit 1 without a crash; none, null, false or [] is a success", async () => {
	const many = Array.from({ length: 5000 }, (_, index) => ({ message: `error ${index}` }));
	for (const errors of ["boom", { message: "an object" }, [null, "text", 7, {}, { message: 5 }], many, [{ message: "x".repeat(100_000) }]]) {
		api.reset({ "POST /graphql": () => [200, { data: null, errors }] });
		const { code, stdout, stderr } = await runCli(["graphql", "-f", "query={ a }"], { env: env() });
		assert.is(code, 1, stderr);
		assert.equal(JSON.parse(stdout).errors, errors);
		assert.match(stderr, /^hublet: graphql: GraphQL: /);
		// Listed up to 20, each clipped: stderr stays short however many or long they are.
		assert.ok(stderr.length < 12_000, `${stderr.length} characters`);
	}
	for (const errors of [undefined, null, false, []]) {
		api.reset({ "POST /graphql": () => [200, { data: { a: 1 }, ...(errors === undefined ? {} : { errors }) }] });
		const { code, stderr } = await runCli(["graphql", "-f", "query={ a }"], { env: env() });
		assert.is(code, 0, `${JSON.stringify(errors)}: ${stderr}`);
	}
});

graphql("a failed request (401, 502) is reported as a REST call's: the body on stdout, exit 1", async () => {
	api.reset({ "POST /graphql": ({ request }) => [401, { message: `Bad credentials ${request.headers.authorization}` }] });
	const { code, stdout, stderr } = await runCli(["graphql", "-f", "query={ a }"], { env: env() });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout), { message: "Bad credentials token [REDACTED]" });
	assert.match(stderr, "hublet: graphql: HTTP 401: Bad credentials token [REDACTED]");
	assert.not.match(stdout + stderr, TOKEN);
});

graphql("a server's bytes in errors never drive the terminal, and its echo of the token is redacted", async () => {
	api.reset({ "POST /graphql": ({ request }) => [200, { errors: [{ message: `\x1b]0;PWNED\x07\rhublet: ok\u202e ${request.headers.authorization}` }] }] });
	const { code, stdout, stderr } = await runCli(["graphql", "-f", "query={ a }"], { env: env() });
	assert.is(code, 1);
	assert.not.match(stderr.replaceAll("\n", ""), UNSAFE);
	assert.match(stderr, String.raw`\x1B]0;PWNED\x07\x0Dhublet: ok\u{202E} token [REDACTED]`);
	assert.not.match(stdout + stderr, TOKEN);
});

graphql("prototype names, odd bytes and a long query are sent as given", async () => {
	api.reset({ "POST /graphql": () => [200, { data: {} }] });
	const query = `{ a(x: "\u0000\u001b\u202e😀") }${" ".repeat(200_000)}`;
	const { code, stderr } = await runCli(
		["graphql", "-F", "query=@-", "-F", "__proto__=1", "-f", "constructor=c", "toString:={\"__proto__\":{\"x\":1}}", "-F", "hasOwnProperty=true", "-f", "url=u", "-f", "headers=h", "-f", "method=GET"],
		{ env: env(), input: query },
	);
	assert.is(code, 0, stderr);
	const body = JSON.parse(api.requests[0].body);
	assert.is(api.requests[0].method, "POST");
	assert.is(api.requests[0].url.pathname, "/graphql");
	assert.is(body.query, query);
	// Variables named like request options stay variables.
	assert.equal(Object.keys(body.variables), ["constructor", "url", "headers", "method", "__proto__", "hasOwnProperty", "toString"]);
	assert.is(body.variables.__proto__, 1);
	assert.is(JSON.stringify(body.variables.toString), '{"__proto__":{"x":1}}');
});

graphql("usage errors exit 2 and send nothing", async () => {
	api.reset({ "POST /graphql": () => [200, { data: {} }] });
	const binary = file("bytes.bin", Buffer.from([0xff, 0xfe, 0x00]));
	const cases = [
		[["graphql"], /a query is needed/],
		[["graphql", "-f", "query="], /non-empty string/],
		[["graphql", "-f", "query= \n"], /non-empty string/],
		[["graphql", "-f", "query=a", "-f", "query=b"], /one non-empty string/],
		[["graphql", "query:=5"], /one non-empty string/],
		[["graphql", "-f", "query=a", "operationName:=1"], /operationName must be one string/],
		[["graphql", "-f", "novalue"], /-f takes name=value/],
		[["graphql", "-F", "=x"], /-F takes name=value/],
		[["graphql", "-F", "query=@/no/such/file"], /no such file/],
		[["graphql", "-F", `query=@${binary}`], /not UTF-8 text/],
		[["graphql", "-f", "query=a", `data=@${binary}`], /not UTF-8 text/],
		[["graphql", "-F", "query=@-", "q=@-"], /standard input \(@-\) can be read only once/],
		[["graphql", "-f", "query=a", "--paginate"], /--paginate is not taken here/],
		[["repos.get", "owner=o", "repo=r", "-f", "x=1"], /unknown option -f/],
	];
	for (const [args, message] of cases) {
		const { code, stdout, stderr } = await runCli(args, { env: env(), input: "{ a }" });
		assert.is(code, 2, `${JSON.stringify(args)}: ${stderr}`);
		assert.match(stderr, message, JSON.stringify(args));
		assert.is(stdout, "");
	}
	assert.is(api.requests.length, 0);
});

graphql("--dry-run and --curl print the POST and send nothing", async () => {
	api.reset({});
	const dry = await runCli(["graphql", "-f", "query={ a }", "-F", "n=1", "--dry-run"], { env: env() });
	assert.is(dry.code, 0, dry.stderr);
	assert.match(dry.stdout, new RegExp(`^POST ${api.baseUrl}/graphql\n`));
	assert.match(dry.stdout, 'authorization: token [REDACTED]');
	assert.ok(dry.stdout.endsWith('\n{"query":"{ a }","variables":{"n":1}}\n'), dry.stdout);
	const curl = await runCli(["graphql", "-f", "query={ a }", "--curl", "--base-url", `${api.baseUrl}/api/v3`], { env: env() });
	assert.is(curl.code, 0, curl.stderr);
	assert.match(curl.stdout, `curl -g -X POST '${api.baseUrl}/api/graphql'`);
	assert.match(curl.stdout, `-H "authorization: token $GITHUB_TOKEN"`);
	assert.match(curl.stdout, `--data-raw '{"query":"{ a }"}'`);
	assert.is(api.requests.length, 0);
});

graphql("-i prints the status and headers before the answer", async () => {
	api.reset({ "POST /graphql": () => [200, { data: {} }, { "x-ratelimit-remaining": "4999" }] });
	const { code, stdout } = await runCli(["graphql", "-f", "query={ a }", "-i"], { env: env() });
	assert.is(code, 0);
	assert.match(stdout, /^HTTP\/1.1 200 OK\n/);
	assert.match(stdout, "x-ratelimit-remaining: 4999\n");
	assert.ok(stdout.endsWith('\n\n{"data":{}}\n'), stdout);
});

graphql.run();
