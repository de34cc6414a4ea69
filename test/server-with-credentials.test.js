// A server's route table with a credential: the Enterprise user's everyday client. Every `server`
// value (each table, "api.github.com", "auto") and each class made with `withRoutes(table)`, with
// every auth kind, on the full entry and on /core with the server-tables feature, sends repos.get
// over 127.0.0.1 with the auth kind's credential and answers it; an auth strategy's hook is given
// octokit's `request` (its `endpoint.merge`). The command line does the same with GITHUB_TOKEN and
// --server, --dry-run and --curl print the call without the token, and hublet graphql reaches a
// GHES's /api/graphql.
// Run: node test/server-with-credentials.test.js
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, legacyAuth, serverTables } from "../dist/index.js";
import * as core from "../dist/core.js";
import { AUTH_OPTIONS, CREDENTIAL, DEFAULTS_TOKEN, TOKEN } from "./helpers/matrix/auth-kinds.js";
import { startGitHub } from "./helpers/matrix/github.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(legacyAuth, serverTables);

const HUBLET = fileURLToPath(new URL("../bin/hublet.mjs", import.meta.url));
const TABLES = ["ghes-3.17", "ghes-3.18", "ghes-3.19", "ghec"];
const SERVERS = [...TABLES, "api.github.com", "auto"];
const tables = Object.fromEntries(await Promise.all(TABLES.map(async (name) => [name, (await import(`@hublet/rest/servers/${name}`)).default])));
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const ENTRIES = {
	full: Hublet,
	core: core.Hublet.plugin(core.serverTables, core.legacyAuth, core.paginate),
};

const test = suite("a server's table with a credential");

/** The class for an entry, a table given by `withRoutes` (or none) and an auth kind. */
function classFor(entry, table, auth) {
	let Class = ENTRIES[entry];
	if (table) Class = Class.withRoutes(tables[table]);
	return auth === "defaults" ? Class.defaults({ auth: DEFAULTS_TOKEN }) : Class;
}

for (const entry of Object.keys(ENTRIES)) {
	for (const auth of Object.keys(AUTH_OPTIONS)) {
		test(`${entry} entry, ${auth} auth: repos.get with every server value and every withRoutes table`, async () => {
			const github = await startGitHub({ enterprise: true });
			try {
				const baseUrl = `${github.baseUrl}/api/v3`;
				const ways = [...SERVERS.map((server) => ({ server })), ...TABLES.map((table) => ({ table }))];
				for (const { server, table } of ways) {
					const Class = classFor(entry, table, auth);
					// The core client has no route table: with "api.github.com" or "auto" it has no repos.get until the server says its version, so it calls by route.
					const client = new Class({ baseUrl, log: quiet, ...(server ? { server } : {}), ...AUTH_OPTIONS[auth] });
					const before = github.seen.length;
					const call = client.rest.repos?.get;
					const response = call ? await call({ owner: "o", repo: "r" }) : await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
					const way = server ? `server: ${server}` : `withRoutes(${table})`;
					assert.is(response.data.full_name, "o/r", way);
					const sent = github.seen.slice(before).filter((request) => request.path === "/api/v3/repos/o/r");
					assert.is(sent.length, 1, way);
					assert.is(sent[0].authorization, CREDENTIAL[auth], way);
				}
			} finally {
				await github.close();
			}
		});
	}
}

/** Runs hublet with a token that has a secret file's trailing newline, against `baseUrl`. */
const hublet = (args, baseUrl) =>
	new Promise((done) => {
		execFile(process.execPath, [HUBLET, ...args], { env: { PATH: process.env.PATH, GITHUB_TOKEN: `${TOKEN}\n`, GITHUB_API_URL: baseUrl } }, (error, stdout, stderr) => done({ code: error ? error.code : 0, stdout, stderr }));
	});

test("hublet with GITHUB_TOKEN and --server: the call, --dry-run and --curl, for every server value; hublet graphql to a GHES", async () => {
	const github = await startGitHub({ enterprise: true });
	try {
		const baseUrl = `${github.baseUrl}/api/v3`;
		await Promise.all(
			SERVERS.map(async (server) => {
				const called = await hublet(["repos.get", "owner=o", "repo=r", "--server", server], baseUrl);
				assert.is(called.code, 0, `${server}: ${called.stderr}`);
				assert.is(JSON.parse(called.stdout).full_name, "o/r");
				for (const flag of ["--dry-run", "--curl"]) {
					const shown = await hublet(["repos.get", "owner=o", "repo=r", "--server", server, flag], baseUrl);
					assert.is(shown.code, 0, `${server} ${flag}: ${shown.stderr}`);
					assert.match(shown.stdout, /\/api\/v3\/repos\/o\/r/, `${server} ${flag}`);
					assert.not.match(shown.stdout + shown.stderr, TOKEN, `${server} ${flag} printed the token`);
				}
			}),
		);
		const query = await hublet(["graphql", "-f", "query={ viewer { login } }", "--server", "ghes-3.17"], baseUrl);
		assert.is(query.code, 0, query.stderr);
		assert.equal(JSON.parse(query.stdout), { data: { repository: { id: "R_1" } } });
		const posts = github.seen.filter((request) => request.path === "/api/graphql");
		assert.is(posts.length, 1);
		assert.is(posts[0].authorization, `token ${TOKEN}`);
		const calls = github.seen.filter((request) => request.path === "/api/v3/repos/o/r");
		assert.is(calls.length, SERVERS.length, "--dry-run and --curl send nothing");
		assert.ok(calls.every((request) => request.authorization === `token ${TOKEN}`));
	} finally {
		await github.close();
	}
});

test.run();
