// Calls made by route rather than by method name (`request()`, `paginate()` with a route, a
// method's endpoint options, a method object read before auto mode knew the server) are checked
// against the server's route table, over a real server on 127.0.0.1 that answers as GitHub
// Enterprise Server does.
// Run: node test/server-route-check.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, RequestError } from "../dist/index.js";
import { Hublet as Core, serverTables } from "../dist/core.js";
import ghes317 from "../dist/servers/ghes-3.17.js";
import { startServer, sendJson } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(serverTables);

const enterpriseServer = (version) =>
	startServer((request, response) => sendJson(response, 200, [], version ? { "x-github-enterprise-version": version } : {}));
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const rejection = (promise) => promise.then(() => undefined, (error) => error);

// Only in Enterprise Server 3.18 and later (and on api.github.com and Enterprise Cloud).
const LATER_ROUTE = "GET /orgs/{org}/dependabot/repository-access";
const LATER_MESSAGE =
	"rest.dependabot.repositoryAccessForOrg is not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, on api.github.com, and on GitHub Enterprise Cloud";

/** A route refused: the method form's status, code and message, and nothing sent. */
async function assertRefused(server, promise, message = LATER_MESSAGE) {
	const before = server.requests.length;
	const error = await rejection(promise);
	assert.instance(error, RequestError);
	assert.is(error.status, 400);
	assert.is(error.code, "NOT_AVAILABLE");
	assert.is(error.message, message);
	assert.is(server.requests.length, before, "nothing was sent");
	return error;
}

// ---------------------------------------------------------------------------
const named = suite('a route the server lacks, on a client with server: "ghes-3.17"');

named("request(route) is refused as the method is, whatever the braces are named, with a query or without", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		const byMethod = await rejection(client.rest.dependabot.repositoryAccessForOrg({ org: "acme" }));
		const byRoute = await assertRefused(server, client.request(LATER_ROUTE, { org: "acme" }));
		assert.is(byRoute.message, byMethod.message);
		await assertRefused(server, client.request("GET /orgs/{organization}/dependabot/repository-access", { organization: "acme" }));
		await assertRefused(server, client.request("get /orgs/{org}/dependabot/repository-access?page=2", { org: "acme" }));
		await assertRefused(server, client.request({ method: "GET", url: "/orgs/{org}/dependabot/repository-access", org: "acme" }));
		assert.equal(byRoute.request, { method: "GET", url: "/orgs/{org}/dependabot/repository-access", headers: {} });
	} finally {
		await server.close();
	}
});

named("paginate(route), paginate.iterator(route) and a method's endpoint.merge() options are refused before sending", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		await assertRefused(server, client.paginate(LATER_ROUTE, { org: "acme" }));
		await assertRefused(server, client.paginate.iterator(LATER_ROUTE, { org: "acme" })[Symbol.asyncIterator]().next());
		// Endpoint options, from this client and as a program written for api.github.com builds them.
		await assertRefused(server, client.request(client.request.endpoint.merge(LATER_ROUTE, { org: "acme" })));
		const { request, ...options } = new Hublet().rest.dependabot.repositoryAccessForOrg.endpoint.merge({ org: "acme" });
		await assertRefused(server, client.request({ ...options, baseUrl: server.baseUrl }));
		await assertRefused(server, client.paginate({ ...options, baseUrl: server.baseUrl }));
	} finally {
		await server.close();
	}
});

named("a route the server has, a route in no table and a concrete path are sent as octokit sends them", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
		await client.request("GET /admin/hooks");
		await client.request("GET /a/route/{that}/no/table/has", { that: "x" });
		await client.request("GET /orgs/acme/dependabot/repository-access");
		for (const name of ["__proto__", "constructor", "toString", "hasOwnProperty"]) await client.request(`GET /${name}`);
		assert.equal(
			server.requests.map((request) => request.url),
			["/repos/o/r", "/admin/hooks", "/a/route/x/no/table/has", "/orgs/acme/dependabot/repository-access", "/__proto__", "/constructor", "/toString", "/hasOwnProperty"],
		);
	} finally {
		await server.close();
	}
});

named("a route only another Enterprise Server or Enterprise Cloud has is refused, naming where it is", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "ghes-3.17", log: quiet });
		await assertRefused(
			server,
			client.request("GET /enterprises/{enterprise}/copilot/billing/seats", { enterprise: "e" }),
			"rest.copilot.listCopilotSeatsForEnterprise is not available on GitHub Enterprise Server 3.17: it is on GitHub Enterprise Cloud",
		);
	} finally {
		await server.close();
	}
});

named('server: "api.github.com" refuses an Enterprise Server route; "ghec" refuses one too', async () => {
	const server = await enterpriseServer(undefined);
	try {
		const dotcom = new Hublet({ baseUrl: server.baseUrl, server: "api.github.com", log: quiet });
		await assertRefused(server, dotcom.request("GET /admin/hooks"), "rest.enterpriseAdmin.listGlobalWebhooks is not available on api.github.com: it is on GitHub Enterprise Server 3.17 and later");
		const cloud = new Hublet({ baseUrl: server.baseUrl, server: "ghec", log: quiet });
		await assertRefused(server, cloud.request("GET /admin/hooks"), "rest.enterpriseAdmin.listGlobalWebhooks is not available on GitHub Enterprise Cloud: it is on GitHub Enterprise Server 3.17 and later");
		await cloud.request("GET /enterprises/{enterprise}/copilot/billing/seats", { enterprise: "e" });
		assert.is(server.requests.length, 1);
	} finally {
		await server.close();
	}
});

named("a core client over the table (Hublet.withRoutes) checks request() routes too", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const Client = Core.plugin(serverTables).withRoutes(ghes317);
		const client = new Client({ baseUrl: server.baseUrl, log: quiet });
		await assertRefused(server, client.request(LATER_ROUTE, { org: "acme" }));
		await client.request("GET /admin/hooks");
		assert.is(server.requests.length, 1);
	} finally {
		await server.close();
	}
});

named.run();

// ---------------------------------------------------------------------------
const auto = suite('server: "auto" is one table once the server has answered');

for (const [version, table] of [
	["3.17.4", "ghes-3.17"],
	["3.19.0", "ghes-3.19"],
]) {
	auto(`GHES ${version}: a method object read before the first response, and request() routes, answer from ${table}'s table`, async () => {
		const server = await enterpriseServer(version);
		try {
			const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log: quiet });
			// Read before the server is known: api.github.com's method.
			const held = client.rest.actions.approveWorkflowRun;
			const { actions } = client.rest;
			await client.rest.meta.get();
			const message = `rest.actions.approveWorkflowRun is not available on GitHub Enterprise Server ${table.slice(5)}: it is on api.github.com, and on GitHub Enterprise Cloud`;
			const params = { owner: "o", repo: "r", run_id: 1 };
			await assertRefused(server, held(params), message);
			await assertRefused(server, actions.approveWorkflowRun(params), message);
			await assertRefused(server, client.request("POST /repos/{owner}/{repo}/actions/runs/{run_id}/approve", params), message);
			await client.request("GET /admin/hooks");
			assert.is(server.requests.at(-1).url, "/admin/hooks");
		} finally {
			await server.close();
		}
	});
}

auto("before the first response nothing is checked, and a server without a version leaves routes unchecked", async () => {
	const server = await enterpriseServer(undefined);
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log: quiet });
		await client.request("GET /admin/hooks");
		await client.request("GET /admin/hooks");
		assert.is(server.requests.length, 2);
	} finally {
		await server.close();
	}
});

auto.run();

// ---------------------------------------------------------------------------
const none = suite("a client without a server");

none("sends every route, an Enterprise-only one and one api.github.com lacks alike", async () => {
	const server = await enterpriseServer("3.17.4");
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, log: quiet });
		await client.request(LATER_ROUTE, { org: "acme" });
		await client.request("GET /admin/hooks");
		assert.is(server.requests.length, 2);
	} finally {
		await server.close();
	}
});

none.run();

// ---------------------------------------------------------------------------
const hostile = suite("the route check, on any route");

/** A client whose fetch answers 200 at once and counts what it was given. */
function stubClient(server) {
	const sent = [];
	const fetch = async (url) => {
		sent.push(url);
		return new Response("{}", { status: 200, headers: { "content-type": "application/json" } });
	};
	return { sent, client: new Hublet({ server, request: { fetch }, retry: false, log: quiet }) };
}

hostile("any route is either sent or refused with NOT_AVAILABLE before sending, never anything else", async () => {
	const fc = (await import("fast-check")).default;
	const { sent, client } = stubClient("ghes-3.17");
	const segment = fc.oneof(
		fc.constantFrom("{org}", "{}", "{?q}", "__proto__", "constructor", "toString", "orgs", "dependabot", "repository-access", "admin", "hooks", "%7B", "?a=1", "{+path}", "{/x}"),
		fc.string({ maxLength: 6 }),
	);
	await fc.assert(
		fc.asyncProperty(fc.constantFrom("GET", "get", "POST", "DELETE"), fc.array(segment, { maxLength: 6 }), async (verb, segments) => {
			const before = sent.length;
			const outcome = await client.request(`${verb} /${segments.join("/")}`, { org: "o", q: "x", path: "p", x: "y" }).then(
				() => "sent",
				(error) => error,
			);
			if (outcome === "sent") return assert.is(sent.length, before + 1);
			assert.instance(outcome, RequestError);
			if (outcome.code === "NOT_AVAILABLE") assert.is(sent.length, before, "refused before sending");
		}),
		{ numRuns: 500 },
	);
});

hostile("50,000 requests to distinct routes in no table keep the check's memory flat", async () => {
	const { client } = stubClient("ghes-3.17");
	const { setFlagsFromString } = await import("node:v8");
	const { runInNewContext } = await import("node:vm");
	setFlagsFromString("--expose-gc");
	const gc = runInNewContext("gc");
	await client.request("GET /warm/{up}", { up: 1 });
	gc();
	const before = process.memoryUsage().heapUsed;
	// The event loop turns every 100 requests, as it does between requests that reach a socket: what a
	// request leaves to callbacks that run only when it turns is freed then.
	for (let index = 0; index < 50_000; index += 1) {
		await client.request(`GET /unknown/route-${index}/{x}`, { x: 1 });
		if (index % 100 === 99) await new Promise((resolve) => setTimeout(resolve, 0));
	}
	for (let turn = 0; turn < 4; turn += 1) {
		gc();
		await new Promise((resolve) => setTimeout(resolve, 20));
	}
	const grown = process.memoryUsage().heapUsed - before;
	assert.ok(grown < 4_000_000, `the heap grew by ${grown} B`);
});

hostile.run();
