// What `hublet` does without sending anything (issue 13): --dry-run, --curl, ls, describe,
// find, suggestions, help and `hublet routes`. A server listens on 127.0.0.1 and must see nothing.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { Hublet as FullHublet, findRoutes } from "@hublet/rest";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(findRoutes);

const api = createApiServer();
const TOKEN = "ghp_offlinesecret456";
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, ...extra });
const client = new Hublet();

const dryRun = suite("hublet --dry-run and --curl");
dryRun.before(api.start);
dryRun.after(api.stop);
dryRun.before.each(() => api.reset({ "POST /repos/o/r/issues": () => [201, { number: 1 }] }));

dryRun("--dry-run prints the method, URL, headers with the token redacted, and the body; the server sees nothing", async () => {
	const { code, stdout, stderr } = await runCli(["issues.create", "owner=o", "repo=r", "title=Bug", 'labels:=["bug"]', "--dry-run"], { env: env({ GITHUB_TOKEN: TOKEN }) });
	assert.is(code, 0);
	assert.is(stderr, "");
	const [head, body] = stdout.split("\n\n");
	const [requestLine, ...headers] = head.split("\n");
	assert.is(requestLine, `POST ${api.baseUrl}/repos/o/r/issues`);
	assert.ok(headers.includes("authorization: token [REDACTED]"), head);
	assert.ok(headers.includes("content-type: application/json; charset=utf-8"), head);
	assert.equal(JSON.parse(body), { title: "Bug", labels: ["bug"] });
	assert.not.ok(stdout.includes(TOKEN));
	assert.is(api.requests.length, 0);
});

dryRun("--dry-run works offline: without GITHUB_API_URL it shows api.github.com", async () => {
	const { code, stdout } = await runCli(["repos.get", "owner=octokit", "repo=rest.js", "--dry-run"]);
	assert.is(code, 0);
	assert.match(stdout, /^GET https:\/\/api\.github\.com\/repos\/octokit\/rest\.js\naccept: application\/vnd\.github\.v3\+json\n/);
});

dryRun("--dry-run still reports missing parameters (exit 2), and --paginate shows the first request with per_page=100", async () => {
	const missing = await runCli(["issues.create", "owner=o", "repo=r", "--dry-run"], { env: env() });
	const paged = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate", "--dry-run"], { env: env() });
	assert.is(missing.code, 2);
	assert.is(missing.stdout, "");
	assert.match(missing.stderr, /"title"/);
	assert.match(paged.stdout, new RegExp(`^GET ${api.baseUrl}/repos/o/r/issues\\?per_page=100\\n`));
	assert.is(api.requests.length, 0);
});

dryRun("--curl prints a curl command with $GITHUB_TOKEN that sends the same request when run", async () => {
	const { code, stdout } = await runCli(["issues.create", "owner=o", "repo=r", "title=It's a bug", "--curl"], { env: env({ GITHUB_TOKEN: TOKEN }) });
	assert.is(code, 0);
	assert.not.ok(stdout.includes(TOKEN));
	assert.match(stdout, /-H "authorization: token \$GITHUB_TOKEN"/);
	assert.is(api.requests.length, 0, "the server saw nothing");
	// Run the printed command: the server must see what hublet would have sent.
	await new Promise((resolve, reject) => {
		execFile("sh", ["-c", `${stdout.trim()} --silent`], { env: { ...process.env, GITHUB_TOKEN: TOKEN } }, (error) => (error ? reject(error) : resolve()));
	});
	const [request] = api.requests;
	assert.is(`${request.method} ${request.url.pathname}`, "POST /repos/o/r/issues");
	assert.is(request.headers.authorization, `token ${TOKEN}`);
	assert.equal(JSON.parse(request.body), { title: "It's a bug" });
});

dryRun("--curl names the variable the token came from (GH_TOKEN), turns globbing off, and omits -X for a GET", async () => {
	const { stdout } = await runCli(["repos.get", "owner=o", "repo=r", "--curl"], { env: env({ GH_TOKEN: TOKEN }) });
	assert.match(stdout, new RegExp(`^curl -g '${api.baseUrl}/repos/o/r' \\\\\n`));
	assert.match(stdout, /-H "authorization: token \$GH_TOKEN"/);
	assert.not.ok(stdout.includes(TOKEN));
});

dryRun("--dry-run and --curl together are a usage error", async () => {
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--curl", "--dry-run"], { env: env() });
	assert.is(code, 2);
	assert.match(stderr, /give one of them/);
});

dryRun.run();

// ---

const introspection = suite("hublet ls, describe and find");

introspection("ls lists every namespace with its method count", async () => {
	const { code, stdout } = await runCli(["ls"]);
	assert.is(code, 0);
	const rows = stdout.trimEnd().split("\n").map((line) => line.split(/\s+/));
	assert.equal(rows.map(([name]) => name), Object.keys(client.rest).sort());
	assert.equal(rows.find(([name]) => name === "repos").slice(1), [String(Object.keys(client.rest.repos).length), "methods"]);
});

introspection("ls repos lists its methods with their routes, deprecated ones marked", async () => {
	const { code, stdout } = await runCli(["ls", "repos"]);
	assert.is(code, 0);
	const lines = stdout.trimEnd().split("\n");
	assert.is(lines.length, Object.keys(client.rest.repos).length);
	assert.ok(lines.some((line) => /^repos\.get +GET \/repos\/\{owner\}\/\{repo\}$/.test(line)));
	assert.ok(lines.some((line) => /^repos\.listTopics +GET \/repos\/\{owner\}\/\{repo\}\/topics +\(deprecated\)$/.test(line)));
});

introspection("describe repos.get gives the route, path and required parameters, paging, docs link and an example", async () => {
	const { code, stdout } = await runCli(["describe", "repos.get"]);
	assert.is(code, 0);
	assert.is(
		stdout,
		[
			"repos.get: Get a repository",
			"  route      GET /repos/{owner}/{repo}",
			"  path       owner, repo",
			"  required   owner, repo",
			"  paginates  no",
			"  docs       https://docs.github.com/rest/repos/repos#get-a-repository",
			"",
			"Example:",
			"  hublet repos.get owner=OWNER repo=REPO",
			"",
		].join("\n"),
	);
});

introspection("describe shows paging, renames, deprecations, query parameters and conditional requirements", async () => {
	const list = (await runCli(["describe", "issues.listForRepo"])).stdout;
	const renamed = (await runCli(["describe", "pulls.createComment"])).stdout;
	const deprecated = (await runCli(["describe", "teams.addMember"])).stdout;
	const upload = (await runCli(["describe", "repos.uploadReleaseAsset"])).stdout;
	const create = (await runCli(["describe", "issues.create"])).stdout;
	assert.match(list, /\n {2}paginates +yes\n/);
	assert.match(list, /\n {2}hublet issues\.listForRepo owner=OWNER repo=REPO --paginate\n$/);
	assert.match(renamed, /\n {2}renamed +to pulls\.createReviewComment\n/);
	assert.match(deprecated, /\n {2}deprecated +octokit\.rest\.teams\.addMember\(\) is deprecated/);
	assert.match(upload, /\n {2}query +name, label\n/);
	assert.match(create, /issue_field_values\.field_id \(when issue_field_values is given\)/);
});

introspection("describe of a renamed method shows its example under the current name", async () => {
	const namespace = (await runCli(["describe", "gitdata.getCommit"])).stdout;
	const method = (await runCli(["describe", "pulls.createComment"])).stdout;
	assert.match(namespace, /\n {2}renamed +to git\.getCommit\n/);
	assert.match(namespace, /\nExample:\n {2}hublet git\.getCommit owner=OWNER repo=REPO commit_sha=COMMIT_SHA\n$/);
	assert.match(method, /\nExample:\n {2}hublet pulls\.createReviewComment owner=OWNER /);
});

introspection("describe of a legacy method that GitHub's description lacks links to its successor's docs", async () => {
	const { stdout } = await runCli(["describe", "apps.checkAuthorization"]);
	assert.match(stdout, /^apps\.checkAuthorization: Deprecated: use apps\.checkToken \(Check a token\)\n/);
	assert.match(stdout, /\n {2}docs +https:\/\/docs\.github\.com\/rest\/apps\/oauth-applications#check-a-token\n/);
});

introspection("find /repos/octokit/rest.js/issues runs findRoutes", async () => {
	const { code, stdout } = await runCli(["find", "/repos/octokit/rest.js/issues"]);
	const expected = client.findRoutes("/repos/octokit/rest.js/issues").map((info) => `${info.namespace}.${info.method}`);
	assert.is(code, 0);
	assert.equal(stdout.trimEnd().split("\n").map((line) => line.split(/\s+/)[0]), expected);
	assert.ok(expected.includes("issues.listForRepo"));
	const post = await runCli(["find", "POST", "/repos/octokit/rest.js/issues"]);
	assert.match(post.stdout, /^issues\.create +POST \/repos\/\{owner\}\/\{repo\}\/issues\n$/);
});

introspection("find with no match exits 1, as grep does, with a note on stderr and nothing on stdout", async () => {
	const { code, stdout, stderr } = await runCli(["find", "/no/such/thing/here"]);
	assert.equal([code, stdout], [1, ""]);
	assert.match(stderr, /no method's route matches/);
});

introspection.run();

// ---

const suggestions = suite("hublet: unknown names get the closest names");

const SUGGESTIONS = [
	[["repos.gte", "owner=o"], /unknown method repos\.gte\ndid you mean repos\.get/],
	[["repo.get"], /did you mean repos\.get/],
	[["repository.get"], /^hublet: unknown method repository\.get\ndid you mean repos\.get,/],
	[["describe", "isues.create"], /did you mean issues\.create/],
	[["ls", "repo"], /unknown namespace repo\ndid you mean repos/],
	[["lss"], /unknown command lss\ndid you mean ls/],
	[["repos"], /repos is a namespace, not a method\nlist its methods with: hublet ls repos/],
	[["GET"], /^hublet: GET needs a path\n/],
];
for (const [args, expected] of SUGGESTIONS) {
	suggestions(`hublet ${args.join(" ")} exits 2 and suggests`, async () => {
		const { code, stdout, stderr } = await runCli(args);
		assert.equal([code, stdout], [2, ""]);
		assert.match(stderr, expected);
	});
}

suggestions.run();

// ---

const help = suite("hublet --help");

help("--help is short, on stdout, and ends with examples", async () => {
	const { code, stdout, stderr } = await runCli(["--help"]);
	assert.equal([code, stderr], [0, ""]);
	assert.ok(stdout.split("\n").length < 50);
	assert.match(stdout, /\nExamples:\n( {2}hublet .+\n)+$/);
});

for (const command of ["ls", "describe", "find", "graphql", "GET"]) {
	help(`hublet ${command} --help ends with examples of ${command === "GET" ? "calls by route" : command}`, async () => {
		const { code, stdout } = await runCli([command, "--help"]);
		assert.is(code, 0);
		assert.match(stdout, /\nExamples:\n( {2}hublet .+\n)+$/);
	});
}

help("every option is in --help, and --server in the help of every command it applies to", async () => {
	const { OPTIONS } = await import("../bin/cli/args.mjs");
	const main = await runCli(["--help"]);
	for (const [name, { short }] of Object.entries(OPTIONS)) {
		assert.match(main.stdout, new RegExp(`(^|[ ,])--${name}\\b`), `--${name} in hublet --help`);
		if (short) assert.match(main.stdout, new RegExp(`(^|[ ,])-${short}\\b`), `-${short} in hublet --help`);
	}
	for (const words of [["ls"], ["describe"], ["find"], ["graphql"], ["GET"], ["repos.get"]]) {
		const { code, stdout } = await runCli([...words, "--help"]);
		assert.is(code, 0);
		assert.match(stdout, "--server <name>", `hublet ${words.join(" ")} --help`);
	}
});

help("hublet repos.get --help describes the method and how to call it", async () => {
	const { code, stdout } = await runCli(["repos.get", "--help"]);
	assert.is(code, 0);
	assert.match(stdout, /^repos\.get: Get a repository\n/);
	assert.match(stdout, /\n {2}hublet repos\.get \[name=value …\] \[options\]\n/);
});

help("help for an unknown command or method exits 2 with a suggestion", async () => {
	const command = await runCli(["help", "lst"]);
	const method = await runCli(["repos.gte", "--help"]);
	assert.equal([command.code, method.code], [2, 2]);
	assert.match(command.stderr, /unknown command lst\ndid you mean ls/);
	assert.match(method.stderr, /did you mean repos\.get/);
});

help("no arguments prints the usage on stderr and exits 2", async () => {
	const { code, stdout, stderr } = await runCli([]);
	assert.equal([code, stdout], [2, ""]);
	assert.match(stderr, /^Usage:\n {2}hublet <namespace>\.<method>/);
});

help("--version prints the library's version", async () => {
	const { stdout } = await runCli(["--version"]);
	assert.is(stdout, `${Hublet.VERSION}\n`);
});

help.run();

// ---

const routes = suite("hublet routes");

routes("hublet routes writes the same subset as hublet-routes, which keeps working", async () => {
	const viaHublet = await runCli(["routes", "repos.get", "issues.listForRepo"]);
	const legacy = await new Promise((resolve, reject) => {
		const bin = fileURLToPath(new URL("../bin/hublet-routes.mjs", import.meta.url));
		execFile(process.execPath, [bin, "repos.get", "issues.listForRepo"], (error, stdout) => (error ? reject(error) : resolve(stdout)));
	});
	assert.is(viaHublet.code, 0);
	assert.is(viaHublet.stdout, legacy);
	assert.equal(Object.keys(JSON.parse(legacy).namespaces).sort(), ["issues", "repos"]);
	const helped = await runCli(["routes", "--help"]);
	assert.match(helped.stdout, /^Usage: hublet routes/);
});

routes.run();

// ---

const readme = suite("README and docs/cli.md: the command line examples");
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const CLI_PAGE = readFileSync(new URL("../docs/cli.md", import.meta.url), "utf8");

readme("the Try it block sets up with npm ci, then runs a command that works offline", async () => {
	const block = /### Try it\n[\s\S]*?```sh\n([\s\S]*?)```/.exec(README)[1].trim().split("\n");
	assert.is(block.length, 2);
	assert.is(block[0], "npm ci");
	assert.match(block[1], /^npx hublet /);
	const { code, stdout } = await runCli(block[1].slice("npx hublet ".length).split(" "));
	assert.is(code, 0);
	assert.match(stdout, /^GET https:\/\/api\.github\.com\/repos\/octokit\/rest\.js\n/);
});

// Each `$ hublet …` example whose output is shown in full must print exactly that output, but for
// the runtime that ends the user agent ("Node.js/20.20.2 (linux; x64)"), which is the machine's.
const SHOWN = [...CLI_PAGE.matchAll(/```sh\n\$ ((?:\w+=\S+ )*)hublet ([^\n]*)\n([^`]*)```/g)].filter(([, , , output]) => !output.includes("…"));
const withoutRuntime = (text) => text.replace(/(hublet-rest\.js\/\S+) Node\.js\/[\d.]+(?: \([^)\n]*\))?/g, "$1");
readme("the examples with their output are the real output", async () => {
	assert.ok(SHOWN.length >= 3, `found ${SHOWN.length} examples`);
	for (const [, assignments, args, output] of SHOWN) {
		const env = Object.fromEntries(assignments.trim().split(" ").filter(Boolean).map((pair) => pair.split("=")));
		const { stdout } = await runCli(args.split(" "), { env });
		assert.is(withoutRuntime(stdout), withoutRuntime(output), `hublet ${args}`);
	}
});

readme.run();
