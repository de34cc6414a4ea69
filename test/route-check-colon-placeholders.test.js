// A route written with old-style `:name` placeholders (`GET /orgs/:org/repos`, which the request
// expands as `{org}`) is checked against the server's table as the same route written with braces:
// refused before anything is sent when the server lacks it, sent when the server has it.
// Run: node test/route-check-colon-placeholders.test.js
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, RequestError } from "../dist/index.js";
import { Hublet as Core, serverTables } from "../dist/core.js";
import ghes317 from "../dist/servers/ghes-3.17.js";
import { startServer, sendJson } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(serverTables);

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const rejection = (promise) => promise.then(() => undefined, (error) => error);
const enterpriseServer = () => startServer((request, response) => sendJson(response, 200, [], { "x-github-enterprise-version": "3.17.4" }));

// Only in Enterprise Server 3.18 and later (and on api.github.com and Enterprise Cloud).
const MESSAGE =
	"rest.dependabot.repositoryAccessForOrg is not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, on api.github.com, and on GitHub Enterprise Cloud";

async function assertRefused(server, promise, message = MESSAGE) {
	const before = server.requests.length;
	const error = await rejection(promise);
	assert.instance(error, RequestError);
	assert.is(error.code, "NOT_AVAILABLE");
	assert.is(error.message, message);
	assert.is(server.requests.length, before, "nothing was sent");
}

test("a `:name` route the server lacks is refused as its `{name}` form is, in every call form", async () => {
	const server = await enterpriseServer();
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		await assertRefused(server, client.request("GET /orgs/{org}/dependabot/repository-access", { org: "acme" }));
		await assertRefused(server, client.request("GET /orgs/:org/dependabot/repository-access", { org: "acme" }));
		await assertRefused(server, client.request("get /orgs/:organization/dependabot/repository-access?page=2", { organization: "acme" }));
		await assertRefused(server, client.request({ method: "GET", url: "/orgs/:org/dependabot/repository-access", org: "acme" }));
		await assertRefused(server, client.paginate("GET /orgs/:org/dependabot/repository-access", { org: "acme" }));
		await assertRefused(
			server,
			client.request("POST /repos/:owner/:repo/actions/runs/:run_id/approve", { owner: "o", repo: "r", run_id: 1 }),
			"rest.actions.approveWorkflowRun is not available on GitHub Enterprise Server 3.17: it is on api.github.com, and on GitHub Enterprise Cloud",
		);
		// Braces and colons mixed in one route.
		await assertRefused(
			server,
			client.request("POST /repos/{owner}/:repo/actions/runs/{run_id}/approve", { owner: "o", repo: "r", run_id: 1 }),
			"rest.actions.approveWorkflowRun is not available on GitHub Enterprise Server 3.17: it is on api.github.com, and on GitHub Enterprise Cloud",
		);
	} finally {
		await server.close();
	}
});

test("a core client over a table (withRoutes) refuses a `:name` route too", async () => {
	const server = await enterpriseServer();
	try {
		const Client = Core.plugin(serverTables).withRoutes(ghes317);
		const client = new Client({ baseUrl: server.baseUrl, log: quiet });
		await assertRefused(server, client.request("GET /orgs/:org/dependabot/repository-access", { org: "acme" }));
	} finally {
		await server.close();
	}
});

test("a `:name` route the server has is sent, expanded; a literal colon in the query is left as it is", async () => {
	const server = await enterpriseServer();
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		await client.request("GET /orgs/:org/repos", { org: "acme" });
		await client.request("GET /repos/:owner/:repo", { owner: "o", repo: "r" });
		await client.request("GET /search/issues?q=repo:octokit/rest.js");
		await client.request("GET /a/:route/no/table/has", { route: "x" });
		assert.equal(
			server.requests.map((request) => request.url),
			["/orgs/acme/repos", "/repos/o/r", "/search/issues?q=repo:octokit/rest.js", "/a/x/no/table/has"],
		);
	} finally {
		await server.close();
	}
});

test("every route of every method: its `:name` form and its `{name}` form are refused or sent alike", async () => {
	const sent = [];
	const fetch = async (url) => {
		sent.push(url);
		return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
	};
	const client = new Hublet({ server: "ghes-3.17", request: { fetch }, retry: false, log: quiet });
	const outcome = (promise) => promise.then(() => "sent", (error) => (error.code === "NOT_AVAILABLE" ? error.message : `failed: ${error.message}`));
	let compared = 0;
	let refused = 0;
	const rest = new Hublet().rest;
	for (const namespace of Object.keys(rest)) {
		for (const method of Object.keys(rest[namespace])) {
			const defaults = rest[namespace][method].endpoint?.DEFAULTS;
			if (defaults === undefined) continue;
			const names = [...defaults.url.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
			// `{enterprise-team}` has no colon form: `:enterprise-team` is `{enterprise}-team`.
			if (/\{[^?&}]*[^\w?&}][^}]*\}/.test(defaults.url)) continue;
			const parameters = Object.fromEntries(names.map((name) => [name, "x"]));
			const braces = await outcome(client.request(`${defaults.method} ${defaults.url}`, parameters));
			const colons = await outcome(client.request(`${defaults.method} ${defaults.url.replace(/\{(\w+)\}/g, ":$1")}`, parameters));
			assert.is(colons, braces, `${defaults.method} ${defaults.url}`);
			compared += 1;
			if (braces !== "sent") refused += 1;
		}
	}
	assert.ok(compared > 1000, `${compared} routes compared`);
	assert.ok(refused > 50, `${refused} routes refused on 3.17`);
});

test.run();
