// `hublet` never answers for another server than the one named: a name without a table of its
// own is a usage error that lists the tables, a command that cannot be exact says which table it
// read, an unknown method that another table has says where, and `--server auto` reaches a
// server's own methods once it has answered. Over a loopback GitHub Enterprise Server 3.17 and
// 3.19 (with x-github-enterprise-version) and a GitHub Enterprise Cloud (without).
// Run: node test/cli-server-versions.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, mkdirSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const TABLES = "the tables: api.github.com, ghec, ghes-3.17, ghes-3.18, ghes-3.19";
const api = createApiServer();

/** Answers as a server of `version` does (none: api.github.com or Enterprise Cloud), on every route it is given. */
const serverOf = (version, routes) =>
	Object.fromEntries(
		Object.entries(routes).map(([route, data]) => [route, () => [200, data, version ? { "x-github-enterprise-version": version } : {}]]),
	);

// ---------------------------------------------------------------------------
const names = suite("a server name without a table of its own");

for (const server of ["ghes-3.1", "ghes-3.10", "ghes-3.16", "ghes-3.20", "ghes-3.99", "ghes-4.0", "__proto__", "constructor", "toString", "ghes-3.17 ", "GHES-3.17", ""]) {
	names(`${JSON.stringify(server)}: diff, ls, describe, find, routes and calls exit 2, list the tables and print nothing on stdout`, async () => {
		const runs = [
			["diff", server, "ghes-3.17"],
			["diff", "ghes-3.17", server],
			["ls", "--server", server],
			["describe", "repos.get", "--server", server],
			["find", "/repos/o/r", "--server", server],
			["repos.get", "owner=o", "repo=r", "--server", server],
			["GET", "/repos/o/r", "--server", server],
			["routes", "repos.get", "--server", server],
		];
		// Every command for a version below, one above and a prototype name; diff and a call for the rest.
		const every = ["ghes-3.1", "ghes-3.99", "__proto__", ""].includes(server);
		for (const args of every ? runs : [runs[0], runs[5]]) {
			// An empty --server is no server to `hublet routes`'s HUBLET_SERVER either; the others read it as given.
			if (server === "" && !args.includes("diff")) continue;
			const { code, stdout, stderr } = await runCli(args);
			assert.is(code, 2, args.join(" "));
			assert.is(stdout, "", args.join(" "));
			assert.ok(stderr.includes(`${JSON.stringify(server)} has no route table in this version of @hublet/rest\n${TABLES}`), `${args.join(" ")}: ${stderr}`);
		}
	});
}

names("HUBLET_SERVER=ghes-3.20 is the same usage error, and nothing is sent", async () => {
	await api.start();
	try {
		api.reset(serverOf("3.20.0", { "GET /repos/o/r": {} }));
		const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: { GITHUB_API_URL: api.baseUrl, HUBLET_SERVER: "ghes-3.20" } });
		assert.is(code, 2);
		assert.match(stderr, /"ghes-3\.20" has no route table .*\nthe tables: .*; or --server auto, which picks the table from the server's answer and says which it used\n$/);
		assert.is(api.requests.length, 0);
	} finally {
		await api.stop();
	}
});

names("diff of two tables the package has is exact: no notice, no header", async () => {
	const { code, stdout, stderr } = await runCli(["diff", "ghes-3.17", "ghes-3.18"]);
	assert.is(code, 0);
	assert.not.match(stdout, /^#/);
	assert.match(stderr, /^hublet: ghes-3\.17 -> ghes-3\.18: \d+ added, 0 removed, 0 changed\n$/);
});

names.run();

// ---------------------------------------------------------------------------
const inexact = suite("a command that cannot be exact says which table it read");

for (const command of [["ls"], ["ls", "repos"], ["describe", "repos.get"], ["find", "/repos/o/r"]]) {
	inexact(`${command.join(" ")} --server auto reads api.github.com's table and says so, on stderr and in its first line`, async () => {
		const { code, stdout, stderr } = await runCli([...command, "--server", "auto"]);
		assert.is(code, 0);
		assert.ok(stdout.startsWith("# table: api.github.com (--server auto)\n"), stdout);
		assert.match(stderr, /--server auto: no server has answered, so this reads api\.github\.com's table/);
	});
}

inexact("a call under --server auto to a server newer than every table says which table it used", async () => {
	await api.start();
	try {
		api.reset(serverOf("3.25.1", { "GET /": {}, "GET /admin/hooks": [{ id: 1 }] }));
		const { code, stdout, stderr } = await runCli(["enterpriseAdmin.listGlobalWebhooks", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
		assert.is(code, 0, stderr);
		assert.equal(JSON.parse(stdout), [{ id: 1 }]);
		assert.match(stderr, /warning: GitHub Enterprise Server 3\.25\.1 is newer than every route table .*: calls are checked against ghes-3\.19's/);
	} finally {
		await api.stop();
	}
});

inexact("a call under --server auto to a server older than every table says that it checks nothing", async () => {
	await api.start();
	try {
		api.reset(serverOf("3.10.2", { "GET /repos/o/r": { full_name: "o/r" } }));
		const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
		assert.is(code, 0, stderr);
		assert.match(stderr, /warning: GitHub Enterprise Server 3\.10\.2 is older than every route table .*\(the oldest is ghes-3\.17\): calls are not checked against it\n/);
	} finally {
		await api.stop();
	}
});

inexact.run();

// ---------------------------------------------------------------------------
const where = suite("an unknown method that another table has");

where("says where it is and which --server reaches it, in a call and in describe (exit 2, nothing sent)", async () => {
	for (const args of [["enterpriseAdmin.listGlobalWebhooks"], ["describe", "enterpriseAdmin.listGlobalWebhooks"], ["help", "enterpriseAdmin.listGlobalWebhooks"]]) {
		const { code, stdout, stderr } = await runCli(args);
		assert.is(code, 2, args.join(" "));
		assert.is(stdout, "");
		assert.ok(
			stderr.endsWith("unknown method enterpriseAdmin.listGlobalWebhooks in the table in use\nit is on GitHub Enterprise Server 3.17 and later: pass --server ghes-3.17\n"),
			stderr,
		);
	}
	const cloud = await runCli(["copilot.listCopilotSeatsForEnterprise", "enterprise=e"]);
	assert.is(cloud.code, 2);
	assert.ok(cloud.stderr.endsWith("it is on GitHub Enterprise Cloud: pass --server ghec\n"), cloud.stderr);
	const both = await runCli(["enterpriseAdmin.getAuditLog", "enterprise=e"]);
	assert.is(both.code, 2);
	assert.match(both.stderr, /: pass --server ghec or --server ghes-3\.\d+\n$/);
});

where("a name no table has gets the usual suggestions", async () => {
	const { code, stderr } = await runCli(["repos.gett", "owner=o", "repo=r"]);
	assert.is(code, 2);
	assert.match(stderr, /unknown method repos\.gett\n.*repos\.get/);
});

where.run();

// ---------------------------------------------------------------------------
const auto = suite("--server auto against a loopback server");
auto.before(api.start);
auto.after(api.stop);

for (const version of ["3.17.4", "3.19.0"]) {
	auto(`GHES ${version}: an Enterprise-only method is reached once the server has answered (GET / first)`, async () => {
		api.reset(serverOf(version, { "GET /": {}, "GET /admin/hooks": [{ id: 1 }] }));
		const { code, stdout, stderr } = await runCli(["enterpriseAdmin.listGlobalWebhooks", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
		assert.is(code, 0, stderr);
		assert.equal(JSON.parse(stdout), [{ id: 1 }]);
		assert.is(stderr, "");
		assert.equal(api.requests.map((request) => request.url.pathname), ["/", "/admin/hooks"]);
	});
}

auto("GHES 3.17.4: a method only Enterprise Cloud has is refused once the server has answered (exit 2), after GET / alone", async () => {
	api.reset(serverOf("3.17.4", { "GET /": {} }));
	const ghecOnly = await runCli(["copilot.listCopilotSeatsForEnterprise", "enterprise=e", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
	assert.is(ghecOnly.code, 2);
	assert.match(ghecOnly.stderr, /not available on GitHub Enterprise Server 3\.17: it is on GitHub Enterprise Cloud\nnothing was sent/);
	assert.equal(api.requests.map((request) => request.url.pathname), ["/"]);
});

auto("GitHub Enterprise Cloud (no version header): a GHES-only method stays unknown and says where it is", async () => {
	api.reset(serverOf(undefined, { "GET /": {} }));
	const { code, stderr } = await runCli(["enterpriseAdmin.listGlobalWebhooks", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
	assert.is(code, 2);
	assert.match(stderr, /unknown method enterpriseAdmin\.listGlobalWebhooks in the table in use\nit is on GitHub Enterprise Server 3\.17 and later: pass --server ghes-3\.17\n$/);
	assert.equal(api.requests.map((request) => request.url.pathname), ["/"]);
});

auto("a method every table knows sends no extra request", async () => {
	api.reset(serverOf("3.17.4", { "GET /repos/o/r": { full_name: "o/r" } }));
	const { code } = await runCli(["repos.get", "owner=o", "repo=r", "--server", "auto"], { env: { GITHUB_API_URL: api.baseUrl } });
	assert.is(code, 0);
	assert.equal(api.requests.map((request) => request.url.pathname), ["/repos/o/r"]);
});

auto.run();

// ---------------------------------------------------------------------------
const routeForm = suite("the route form against a named server");
routeForm.before(api.start);
routeForm.after(api.stop);

routeForm("a route the server lacks is a usage error (exit 2) with the method form's message, nothing sent", async () => {
	api.reset(serverOf("3.17.4", { "GET /orgs/acme/dependabot/repository-access": {} }));
	const env = { GITHUB_API_URL: api.baseUrl };
	const message =
		"rest.dependabot.repositoryAccessForOrg is not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, on api.github.com, and on GitHub Enterprise Cloud";
	for (const route of ["/orgs/{org}/dependabot/repository-access", "/orgs/{organization}/dependabot/repository-access"]) {
		const { code, stdout, stderr } = await runCli(["GET", route, "org=acme", "organization=acme", "--server", "ghes-3.17"], { env });
		assert.is(code, 2);
		assert.is(stdout, "");
		assert.ok(stderr.includes(message), stderr);
	}
	const byMethod = await runCli(["dependabot.repositoryAccessForOrg", "org=acme", "--server", "ghes-3.17"], { env });
	assert.ok(byMethod.stderr.includes(message));
	assert.is(api.requests.length, 0);
	// 3.19 has it: sent.
	const sent = await runCli(["GET", "/orgs/{org}/dependabot/repository-access", "org=acme", "--server", "ghes-3.19"], { env });
	assert.is(sent.code, 0, sent.stderr);
	// A route in no table is sent as written.
	api.reset(serverOf("3.17.4", { "GET /a/preview/route": { ok: true } }));
	const preview = await runCli(["GET", "/a/preview/route", "--server", "ghes-3.17"], { env });
	assert.is(preview.code, 0, preview.stderr);
	assert.equal(JSON.parse(preview.stdout), { ok: true });
});

routeForm.run();

// ---------------------------------------------------------------------------
const scan = suite("hublet routes --scan reads what code really calls");

const app = mkdtempSync(join(tmpdir(), "hublet-scan-"));
mkdirSync(join(app, "src"));
writeFileSync(
	join(app, "src", "app.ts"),
	[
		"const { repos, issues: tracker } = client.rest;",
		"const { get: getOrg } = octokit.rest.orgs;",
		"await repos.listForOrg({ org });",
		"await tracker.create({ owner, repo, title });",
		"await client.rest[\"pulls\"]['list']({ owner, repo });",
		"await client.request(\"GET /orgs/{org}/dependabot/repository-access\", { org });",
		"await octokit.paginate('GET /admin/hooks');",
		"for await (const page of octokit.paginate.iterator(`GET /repos/{owner}/{repo}/releases`)) {}",
		"await client.paginate(client.rest.issues.listForRepo, { owner, repo });",
		"await client.request(route, {});",
		"await client.request({ method: 'GET', url: '/x' });",
		"await client.rest[namespace][method]();",
		"await client.request(`GET /repos/${owner}/hooks`);",
		"",
	].join("\n"),
);

scan("request() and paginate() routes, destructured namespaces and methods, and bracket access, each as its method", async () => {
	const { code, stdout, stderr } = await runCli(["routes", "--scan", join(app, "src"), "--server", "ghes-3.19"]);
	assert.is(code, 0, stderr);
	const namespaces = Object.fromEntries(Object.entries(JSON.parse(stdout).namespaces).map(([namespace, methods]) => [namespace, Object.keys(methods).sort()]));
	assert.equal(namespaces, {
		dependabot: ["repositoryAccessForOrg"],
		enterpriseAdmin: ["listGlobalWebhooks"],
		issues: ["create", "listForRepo"],
		orgs: ["get"],
		pulls: ["list"],
		repos: ["listForOrg", "listReleases"],
	});
});

scan("says on stderr which calls it could not read, and how many", async () => {
	const { stderr } = await runCli(["routes", "--scan", join(app, "src"), "--server", "ghes-3.19"]);
	assert.is(
		stderr,
		"hublet routes: could not read 4 calls: 1 by a name computed at run time (rest[name]), 3 request() or paginate() calls whose route is not a string literal; add their methods by name\n",
	);
});

scan("a route the server lacks is named as a method the server lacks (exit 1)", async () => {
	const { code, stdout, stderr } = await runCli(["routes", "--scan", join(app, "src"), "--server", "ghes-3.17"]);
	assert.is(code, 1);
	assert.is(stdout, "");
	assert.ok(stderr.endsWith("hublet routes: ghes-3.17 lacks 1 method the program calls:\n  dependabot.repositoryAccessForOrg  (api.github.com, ghec, ghes>=3.18)\n"), stderr);
});

scan.run();
