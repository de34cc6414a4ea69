// `hublet` with the servers' route tables: --server and HUBLET_SERVER, `hublet diff`, availability
// in `describe`, and `hublet routes --scan --server` as a CI guard. Run: node test/cli-servers.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hublet as FullHublet, serverTables } from "@hublet/rest";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(serverTables);

const api = createApiServer();

/** What `hublet diff a b` must print, from the library's own tables. */
function expectedDiff(a, b) {
	const methods = (server) => {
		const client = new Hublet({ server });
		const out = new Map();
		for (const ns of Object.keys(client.rest)) for (const m of Object.keys(client.rest[ns])) out.set(`${ns}.${m}`, client.rest[ns][m]);
		return out;
	};
	const [before, after] = [methods(a), methods(b)];
	const lines = [];
	for (const name of [...new Set([...before.keys(), ...after.keys()])].sort()) {
		const [old, now] = [before.get(name), after.get(name)];
		if (!old) lines.push(`+ ${name}  ${now.route}`);
		else if (!now) lines.push(`- ${name}  ${old.route}`);
		else {
			if (old.route !== now.route) lines.push(`~ ${name}  route: ${old.route} -> ${now.route}`);
			if (old.required.join() !== now.required.join()) lines.push(`~ ${name}  required: ${old.required.join(", ")} -> ${now.required.join(", ")}`);
		}
	}
	return lines;
}

// ---------------------------------------------------------------------------
const diff = suite("hublet diff");

diff("ghes-3.17 ghes-3.19 lists the methods 3.19 adds, one per line with its route, and counts them on stderr", async () => {
	const { code, stdout, stderr } = await runCli(["diff", "ghes-3.17", "ghes-3.19"]);
	assert.is(code, 0);
	const lines = stdout.trimEnd().split("\n");
	assert.equal(lines, expectedDiff("ghes-3.17", "ghes-3.19"));
	assert.ok(lines.includes("+ dependabot.repositoryAccessForOrg  GET /orgs/{org}/dependabot/repository-access"));
	assert.ok(lines.every((line) => line.startsWith("+ ")), "3.19 removes nothing 3.17 has");
	assert.is(stderr, `hublet: ghes-3.17 -> ghes-3.19: ${lines.length} added, 0 removed, 0 changed\n`);
});

diff("ghes-3.19 api.github.com shows removed methods and changed required parameters", async () => {
	const { code, stdout, stderr } = await runCli(["diff", "ghes-3.19", "api.github.com"]);
	assert.is(code, 0);
	const lines = stdout.trimEnd().split("\n");
	assert.equal(lines, expectedDiff("ghes-3.19", "api.github.com"));
	assert.ok(lines.includes("- enterpriseAdmin.listGlobalWebhooks  GET /admin/hooks"));
	assert.ok(lines.includes("~ codeScanning.updateAlert  required: owner, repo, alert_number, state -> owner, repo, alert_number"));
	assert.match(stderr, /^hublet: ghes-3\.19 -> api\.github\.com: \d+ added, \d+ removed, \d+ changed\n$/);
});

diff("a wrong server name, auto, or one server is a usage error (exit 2)", async () => {
	for (const args of [["diff", "ghes-3.17", "ghes-9"], ["diff", "auto", "ghes-3.19"], ["diff", "ghes-3.17"]]) {
		const { code, stdout, stderr } = await runCli(args);
		assert.is(code, 2, args.join(" "));
		assert.is(stdout, "");
		assert.match(stderr, /^hublet: /);
	}
	assert.match((await runCli(["diff", "ghes-3.17", "ghes-9"])).stderr, /^hublet: "ghes-9" has no route table in this version of @hublet\/rest\nthe tables: api\.github\.com, ghec, ghes-3\.17, ghes-3\.18, ghes-3\.19\n$/);
});

diff.run();

// ---------------------------------------------------------------------------
const option = suite("--server and HUBLET_SERVER");
option.before(api.start);
option.after(api.stop);
option.before.each(() => api.reset({ "GET /repos/o/r": () => [200, { full_name: "o/r" }], "GET /admin/hooks": () => [200, [{ id: 1 }]] }));

option("hublet ls follows the server's table, from the option or the environment", async () => {
	const plain = await runCli(["ls", "enterpriseAdmin"]);
	assert.not.ok(plain.stdout.includes("enterpriseAdmin.listGlobalWebhooks"));
	for (const run of [runCli(["ls", "enterpriseAdmin", "--server", "ghes-3.17"]), runCli(["ls", "enterpriseAdmin"], { env: { HUBLET_SERVER: "ghes-3.17" } })]) {
		const { code, stdout } = await run;
		assert.is(code, 0);
		assert.match(stdout, /^enterpriseAdmin\.listGlobalWebhooks +GET \/admin\/hooks$/m);
	}
	const namespaces = await runCli(["ls", "--server", "ghes-3.17"]);
	assert.not.match(namespaces.stdout, /^classroom /m, "3.17 has no classroom methods");
});

option("ls under --server auto names the namespaces only other servers have, Enterprise's among them, with the --server that reaches each", async () => {
	const { code, stdout } = await runCli(["ls", "--server", "auto"]);
	assert.is(code, 0);
	const [table, others] = stdout.split("# not in api.github.com's table:\n");
	const ghes = new Hublet({ server: "ghes-3.17" });
	const own = new Hublet({ server: "api.github.com" });
	const listed = table.trimEnd().split("\n").slice(1).map((line) => line.split(/\s+/)[0]);
	assert.equal(listed, Object.keys(own.rest).filter((name) => Object.keys(own.rest[name]).length > 0).sort());
	assert.match(others, /^enterpriseAdmin +on ghec, ghes-3\.17 and later: pass --server ghec or --server ghes-3\.17$/m);
	assert.match(others, /^scim +on ghec: pass --server ghec$/m);
	// Every namespace listed there has methods on a server it names, and none on api.github.com.
	for (const line of others.trimEnd().split("\n")) {
		const name = line.split(/\s+/)[0];
		assert.is(Object.keys(own.rest[name] ?? {}).length, 0, name);
	}
	assert.ok(Object.keys(ghes.rest.enterpriseAdmin).length > 0);
	// A named table lists its own, and nothing else.
	const named = await runCli(["ls", "--server", "api.github.com"]);
	assert.not.match(named.stdout, "not in");
});

option("ls of a namespace the table in use lacks says where it is, under auto, a named table or none (exit 2)", async () => {
	for (const [args, hint] of [
		[["ls", "enterpriseAdmin", "--server", "auto"], "it is on ghec, ghes-3.17 and later: pass --server ghec or --server ghes-3.17"],
		[["ls", "enterpriseAdmin", "--server", "api.github.com"], "it is on ghec, ghes-3.17 and later: pass --server ghec or --server ghes-3.17"],
		[["ls", "enterpriseAdmin"], "it is on ghec, ghes-3.17 and later: pass --server ghec or --server ghes-3.17"],
		[["ls", "copilot", "--server", "ghes-3.17"], "it is on api.github.com, ghec: pass --server api.github.com or --server ghec"],
		[["ls", "enterpriseApps", "--server", "ghes-3.18"], "it is on ghec, ghes-3.19: pass --server ghec or --server ghes-3.19"],
	]) {
		const { code, stdout, stderr } = await runCli(args);
		assert.is(code, 2, `${args.join(" ")}: ${stderr}`);
		assert.not.match(stdout, /\.\w+ +(GET|POST)/);
		assert.match(stderr, `hublet: namespace ${args[1]} is not in `);
		assert.match(stderr, `\n${hint}\n`);
	}
	// A typo reaches the other tables' namespaces too.
	const typo = await runCli(["ls", "enterpriseAdmn", "--server", "auto"]);
	assert.match(typo.stderr, /did you mean enterpriseAdmin/);
});

option("ls of a prototype name, an empty or a very long namespace, under auto, is an unknown namespace (exit 2)", async () => {
	for (const name of ["__proto__", "constructor", "toString", "", "x".repeat(100_000), "enterprise\x1bAdmin"]) {
		const { code, stdout, stderr } = await runCli(["ls", name, "--server", "auto"]);
		assert.is(code, 2, `${JSON.stringify(name.slice(0, 20))}: ${stderr.slice(0, 200)}`);
		assert.is(stdout, "# table: api.github.com (--server auto)\n");
		assert.match(stderr, "hublet: unknown namespace");
	}
});

option("a method the server lacks fails before sending (exit 2); one it has, and an Enterprise-only one, are sent", async () => {
	const env = { GITHUB_API_URL: api.baseUrl, HUBLET_SERVER: "ghes-3.17" };
	const lacking = await runCli(["dependabot.repositoryAccessForOrg", "org=acme"], { env });
	assert.is(lacking.code, 2);
	assert.is(
		lacking.stderr,
		"hublet: dependabot.repositoryAccessForOrg: rest.dependabot.repositoryAccessForOrg is not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, on api.github.com, and on GitHub Enterprise Cloud\nnothing was sent; see: hublet describe dependabot.repositoryAccessForOrg\n",
	);
	assert.is(api.requests.length, 0);
	assert.is((await runCli(["repos.get", "owner=o", "repo=r"], { env })).code, 0);
	const hooks = await runCli(["enterpriseAdmin.listGlobalWebhooks"], { env });
	assert.is(hooks.code, 0);
	assert.equal(JSON.parse(hooks.stdout), [{ id: 1 }]);
	assert.equal(api.requests.map((request) => request.url.pathname), ["/repos/o/r", "/admin/hooks"]);
});

option("hublet describe says where a method exists, and what a server lacks", async () => {
	const { code, stdout } = await runCli(["describe", "dependabot.repositoryAccessForOrg"]);
	assert.is(code, 0);
	assert.match(stdout, /^ {2}available on +api\.github\.com, ghec, ghes>=3\.18$/m);
	const onServer = await runCli(["describe", "enterpriseAdmin.listGlobalWebhooks", "--server", "ghes-3.19"]);
	assert.match(onServer.stdout, /^ {2}available on +ghes>=3\.17$/m);
	const lacking = await runCli(["describe", "dependabot.repositoryAccessForOrg", "--server", "ghes-3.17"]);
	assert.is(lacking.code, 2);
	assert.match(lacking.stderr, /is not available on GitHub Enterprise Server 3\.17: it is in 3\.18 and later/);
});

option("an unknown server is a usage error", async () => {
	const { code, stderr } = await runCli(["ls", "--server", "ghes3.17"]);
	assert.is(code, 2);
	assert.match(stderr, /^hublet: "ghes3\.17" has no route table in this version of @hublet\/rest\nthe tables: api\.github\.com, ghec, ghes-3\.17, ghes-3\.18, ghes-3\.19; or --server auto/);
});

option.run();

// ---------------------------------------------------------------------------
const scan = suite("hublet routes --scan --server");

const app = mkdtempSync(join(tmpdir(), "hublet-app-"));
mkdirSync(join(app, "src"));
writeFileSync(
	join(app, "src", "app.js"),
	"await client.rest.repos.get({ owner, repo });\nawait client.rest.dependabot.repositoryAccessForOrg({ org });\nawait octokit.enterpriseAdmin.listGlobalWebhooks();\n",
);

scan("names every call the server lacks, with where it exists, writes nothing and exits 1", async () => {
	const { code, stdout, stderr } = await runCli(["routes", "--scan", join(app, "src"), "--server", "ghes-3.17"]);
	assert.is(code, 1);
	assert.is(stdout, "");
	assert.is(stderr, "hublet routes: ghes-3.17 lacks 1 method the program calls:\n  dependabot.repositoryAccessForOrg  (api.github.com, ghec, ghes>=3.18)\n");
});

scan("exits 0 with the server's rows, Enterprise-only ones included, when the server has every call", async () => {
	for (const run of [runCli(["routes", "--scan", join(app, "src"), "--server", "ghes-3.18"]), runCli(["routes", "--scan", join(app, "src")], { env: { HUBLET_SERVER: "ghes-3.18" } })]) {
		const { code, stdout } = await run;
		assert.is(code, 0);
		const subset = JSON.parse(stdout);
		assert.is(subset.source, "@octokit/openapi@23.0.2 ghes-3.18 (subset)");
		assert.equal(subset.namespaces.enterpriseAdmin, { listGlobalWebhooks: ["GET /admin/hooks"] });
		assert.ok(subset.namespaces.dependabot.repositoryAccessForOrg);
	}
});

scan("a subset written for a server works with Hublet.withRoutes on /core", async () => {
	const { stdout } = await runCli(["routes", "enterpriseAdmin.listGlobalWebhooks", "--server", "ghes-3.19"]);
	const { Hublet: Core } = await import("@hublet/rest/core");
	assert.is(new (Core.withRoutes(JSON.parse(stdout)))().rest.enterpriseAdmin.listGlobalWebhooks.route, "GET /admin/hooks");
});

scan("an unknown server exits 2", async () => {
	const { code, stderr } = await runCli(["routes", "repos.get", "--server", "nope"]);
	assert.is(code, 2);
	assert.match(stderr, /^hublet routes: "nope" has no route table in this version of @hublet\/rest\nthe tables: api\.github\.com, ghec, ghes-3\.17, ghes-3\.18, ghes-3\.19\n$/);
});

scan.run();
