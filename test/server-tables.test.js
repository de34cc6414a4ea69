// The route table of the server a client talks to (the `server` option, the serverTables feature
// and the tables of @hublet/rest/servers/<name>), over a real server on 127.0.0.1 that answers as
// GitHub Enterprise Server does, with `x-github-enterprise-version` on every response.
// Run: node test/server-tables.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, RequestError } from "../dist/index.js";
import { Hublet as Core, findRoutes, serverTables } from "../dist/core.js";
import ghes317 from "../dist/servers/ghes-3.17.js";
import { startServer, sendJson } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(findRoutes, serverTables);

/** A server that answers every request with `{}` and the version header (or none). */
async function enterpriseServer(version = "3.17.4") {
	return startServer((request, response) => sendJson(response, 200, {}, version ? { "x-github-enterprise-version": version } : {}));
}

const quiet = () => {
	const warnings = [];
	return { warnings, log: { debug() {}, info() {}, warn: (message) => warnings.push(message), error() {} } };
};

// Only in Enterprise Server 3.18 and later (and on api.github.com and Enterprise Cloud).
const LATER = "dependabot.repositoryAccessForOrg";
const LATER_MESSAGE =
	"rest.dependabot.repositoryAccessForOrg is not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, on api.github.com, and on GitHub Enterprise Cloud";
const call = (client, name, params = {}) => {
	const [namespace, method] = name.split(".");
	return client.rest[namespace][method](params);
};

/** What every client with 3.17's table does, however it got the table. */
async function behavesAs317(client, server) {
	const before = server.requests.length;
	const error = await call(client, LATER, { org: "acme" }).catch((caught) => caught);
	assert.instance(error, RequestError);
	assert.is(error.status, 400);
	assert.is(error.code, "NOT_AVAILABLE");
	assert.is(error.message, LATER_MESSAGE);
	assert.is(server.requests.length, before, "nothing was sent for a method 3.17 lacks");

	await client.rest.repos.get({ owner: "o", repo: "r" });
	assert.is(server.requests.at(-1).url, "/repos/o/r", "a method 3.17 has goes out");

	assert.type(client.rest.enterpriseAdmin.listGlobalWebhooks, "function");
	await client.rest.enterpriseAdmin.listGlobalWebhooks();
	assert.is(server.requests.at(-1).url, "/admin/hooks", "an Enterprise-only method goes out");
}

// ---------------------------------------------------------------------------
const auto = suite('server: "auto", against a server that says 3.17.4');

auto("the first response names the version; then a later method fails before sending, a 3.17 method and an Enterprise-only one go out", async () => {
	const server = await enterpriseServer();
	try {
		const { log, warnings } = quiet();
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log });
		// Before any response, the client knows no version: api.github.com's table, unchecked.
		assert.is(client.rest.enterpriseAdmin?.listGlobalWebhooks, undefined);
		const { rest } = client;
		const { dependabot } = client.rest;
		await client.rest.meta.get();
		await behavesAs317(client, server);
		assert.equal(warnings, []);
		// What was held before the first response follows the table too.
		assert.is(rest, client.rest);
		assert.is((await dependabot.repositoryAccessForOrg({ org: "acme" }).catch((error) => error)).code, "NOT_AVAILABLE");
		assert.not.ok(Object.keys(dependabot).includes("repositoryAccessForOrg"));
		assert.ok(Object.keys(client.rest).includes("enterpriseAdmin"));
	} finally {
		await server.close();
	}
});

auto("a failed first response names the version too", async () => {
	const server = await startServer((request, response) => sendJson(response, 404, { message: "Not Found" }, { "x-github-enterprise-version": "3.17.4" }));
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", retry: false, log: quiet().log });
		await client.rest.repos.get({ owner: "o", repo: "missing" }).catch(() => {});
		const error = await call(client, LATER, { org: "acme" }).catch((caught) => caught);
		assert.is(error.code, "NOT_AVAILABLE");
		assert.is(server.requests.length, 1);
	} finally {
		await server.close();
	}
});

auto("a version newer than every table uses the newest, and says so once", async () => {
	const server = await enterpriseServer("3.25.1");
	try {
		const { log, warnings } = quiet();
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log });
		await client.rest.meta.get();
		await client.rest.meta.get();
		assert.equal(warnings, [
			"GitHub Enterprise Server 3.25.1 is newer than every route table this version of @hublet/rest ships: calls are checked against ghes-3.19's",
		]);
		// 3.19 has it; api.github.com's classroom methods it lacks.
		await call(client, LATER, { org: "acme" });
		assert.is(server.requests.at(-1).url, "/orgs/acme/dependabot/repository-access");
		assert.is((await client.rest.classroom.getAClassroom({ classroom_id: 1 }).catch((error) => error)).code, "NOT_AVAILABLE");
	} finally {
		await server.close();
	}
});

auto("a version older than every table says once that calls are not checked, and checks none", async () => {
	const server = await enterpriseServer("3.10.2");
	try {
		const { log, warnings } = quiet();
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log });
		await client.rest.meta.get();
		await call(client, LATER, { org: "acme" });
		assert.is(server.requests.length, 2, "sent: nothing is checked");
		assert.equal(warnings, [
			"GitHub Enterprise Server 3.10.2 is older than every route table this version of @hublet/rest ships (the oldest is ghes-3.17): calls are not checked against it",
		]);
	} finally {
		await server.close();
	}
});

auto("api.github.com sends no version header: the client keeps its own table", async () => {
	const server = await enterpriseServer(null);
	try {
		const client = new Hublet({ baseUrl: server.baseUrl, server: "auto", log: quiet().log });
		await client.rest.meta.get();
		await call(client, LATER, { org: "acme" });
		assert.is(server.requests.length, 2);
		assert.is(client.rest.enterpriseAdmin?.listGlobalWebhooks, undefined);
	} finally {
		await server.close();
	}
});

auto.run();

// ---------------------------------------------------------------------------
const chosen = suite("3.17's table chosen up front: the option, withRoutes on either entry");

const makers = {
	'new Hublet({ server: "ghes-3.17" })': (baseUrl) => new Hublet({ baseUrl, server: "ghes-3.17" }),
	"Hublet.withRoutes(ghes317) on the full entry": (baseUrl) => new (Hublet.withRoutes(ghes317))({ baseUrl }),
	"Hublet.plugin(serverTables).withRoutes(ghes317) on /core": (baseUrl) => new (Core.plugin(serverTables).withRoutes(ghes317))({ baseUrl }),
	'a /core client with serverTables and server: "ghes-3.17"': (baseUrl) => new (Core.plugin(serverTables))({ baseUrl, server: "ghes-3.17" }),
};
for (const [name, make] of Object.entries(makers)) {
	chosen(`${name}: a later method fails before sending, a 3.17 method and an Enterprise-only one go out`, async () => {
		const server = await enterpriseServer();
		try {
			await behavesAs317(make(server.baseUrl), server);
			assert.is(server.requests.length, 2);
		} finally {
			await server.close();
		}
	});
}

chosen("Object.keys lists the server's methods and namespaces only; `in` also finds the ones it lacks", () => {
	const client = new Hublet({ server: "ghes-3.17" });
	const names = Object.keys(client.rest.dependabot);
	assert.not.ok(names.includes("repositoryAccessForOrg"));
	assert.ok("repositoryAccessForOrg" in client.rest.dependabot);
	assert.ok(Object.keys(client.rest.enterpriseAdmin).includes("listGlobalWebhooks"));
	assert.not.ok(Object.keys(client.rest).includes("classroom"), "3.17 has no classroom namespace");
	assert.is(Object.keys(client.rest.repos).length, Object.keys(ghes317.namespaces.repos).length);
	assert.is(client.rest.repos.noSuchMethod, undefined);
});

chosen("findRoutes searches the server's table", () => {
	assert.equal(
		new Hublet({ server: "ghes-3.17" }).findRoutes("GET /admin/hooks").map((info) => `${info.namespace}.${info.method}`),
		["enterpriseAdmin.listGlobalWebhooks"],
	);
	assert.equal(new Hublet().findRoutes("GET /admin/hooks"), []);
	assert.equal(new (Core.plugin(findRoutes, serverTables).withRoutes(ghes317))().findRoutes("GET /admin/hooks").length, 1);
});

chosen("names follow the server's table: a legacy row on api.github.com is the server's own method, a name only api.github.com has is NOT_AVAILABLE", async () => {
	const client = new Hublet({ server: "ghes-3.17" });
	assert.is(client.rest.repos.enableLfsForRepo.route, "PUT /repos/{owner}/{repo}/lfs");
	assert.is(client.rest.repos.enableLfsForRepo.deprecated, undefined);
	assert.ok(client.rest.repos.enableLfsForRepo.endpoint({ owner: "o", repo: "r" }).url.endsWith("/repos/o/r/lfs"));
	const error = await client.rest.apps.checkAuthorization({ client_id: "x", access_token: "y" }).catch((caught) => caught);
	assert.is(error.code, "NOT_AVAILABLE");
	assert.is(error.message, "rest.apps.checkAuthorization is not available on GitHub Enterprise Server 3.17: it is on api.github.com");
});

chosen("availableOn lists where a method exists", () => {
	const client = new Hublet({ server: "ghes-3.17" });
	assert.equal(client.rest.repos.get.availableOn, ["api.github.com", "ghec", "ghes>=3.17"]);
	assert.equal(client.rest.dependabot.repositoryAccessForOrg.availableOn, ["api.github.com", "ghec", "ghes>=3.18"]);
	assert.equal(client.rest.enterpriseAdmin.listGlobalWebhooks.availableOn, ["ghes>=3.17"]);
	assert.equal(new Hublet({ server: "api.github.com" }).rest.repos.get.availableOn, ["api.github.com", "ghec", "ghes>=3.17"]);
	assert.is(new Hublet().rest.repos.get.availableOn, undefined, "a client without a server table does not load the index");
});

chosen('server: "api.github.com" rejects an Enterprise-only method before sending', async () => {
	const error = await new Hublet({ server: "api.github.com" }).rest.enterpriseAdmin.listGlobalWebhooks().catch((caught) => caught);
	assert.is(error.code, "NOT_AVAILABLE");
	assert.is(error.message, "rest.enterpriseAdmin.listGlobalWebhooks is not available on api.github.com: it is on GitHub Enterprise Server 3.17 and later");
});

chosen("a version the package has no table for: newer uses the newest with a warning", () => {
	const { log, warnings } = quiet();
	const client = new Hublet({ server: "ghes-3.30", log });
	assert.equal(client.rest.dependabot.repositoryAccessForOrg.availableOn, ["api.github.com", "ghec", "ghes>=3.18"]);
	assert.ok(Object.keys(client.rest.dependabot).includes("repositoryAccessForOrg"), "3.19's table");
	assert.is(warnings.length, 1);
});

chosen.run();

// ---------------------------------------------------------------------------
const options = suite("the server option's errors");

options("a /core client given `server` without the feature throws a TypeError that names the import", () => {
	assert.throws(() => new Core({ server: "ghes-3.17" }), (error) => error instanceof TypeError && error.message.includes('import { serverTables } from "@hublet/rest" ("@hublet/rest/core" on the core entry)'));
});

options("an unknown server is a TypeError that lists the known ones", () => {
	assert.throws(
		() => new Hublet({ server: "ghes3.17" }),
		(error) => error instanceof TypeError && error.message.includes('"auto" or one of "api.github.com", "ghec", "ghes-3.17"') && error.message.includes('"ghes3.17"'),
	);
});

options("the option takes exactly the servers whose tables ship, and each loads", async () => {
	const { servers } = (await import("../dist/servers/availability.js")).default;
	assert.throws(() => new Hublet({ server: "nope" }), (error) => error.message.includes(`"auto" or one of ${servers.map((name) => `"${name}"`).join(", ")};`));
	for (const server of servers) assert.type(new Hublet({ server }).rest.repos.get.availableOn, "object", server);
});

options("a withRoutes table and a different server option conflict", () => {
	assert.throws(() => new (Hublet.withRoutes(ghes317))({ server: "ghes-3.18" }), /serves the route table of ghes-3\.17/);
});

options.run();
