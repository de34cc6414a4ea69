// The server-tables feature goes through the feature contract as every feature does: its `server`
// setting is the one its check passed, it hands back its guard and its members (`rest`,
// `findRoutes`) for the composition to place, and its body reaches it through setup (the one the
// composition gave, or the one a table brings), with no key of its own in a global registry.
// Run: node test/server-tables-contract.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as Core, findRoutes, serverTables } from "../dist/core.js";
import ghes317 from "../dist/servers/ghes-3.17.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const contract = suite("the server-tables feature in the feature contract");

contract("a server table carries no key of a global registry, however often it is composed or subclassed", () => {
	assert.equal(Object.getOwnPropertySymbols(ghes317), []);
	const Once = Core.plugin(serverTables).withRoutes(ghes317);
	const Twice = Core.plugin(serverTables, serverTables).withRoutes(ghes317);
	class Sub extends Once {}
	for (const Class of [Once, Twice, Sub, Hublet.plugin(serverTables).withRoutes(ghes317)]) {
		const client = new Class({ log: quiet });
		assert.equal(client.rest.repos.get.availableOn, ["api.github.com", "ghec", "ghes>=3.17"]);
		assert.type(client.rest.dependabot.repositoryAccessForOrg.notAvailable, "string");
	}
	assert.equal(Object.getOwnPropertySymbols(ghes317), []);
	assert.not.ok(Object.keys(ghes317).includes("body"), "the body it brings is no enumerable key of the table");
});

contract("setup works from the settings its check gave, and hands back its guard and members without writing the client", () => {
	const client = { constructor: Core, log: quiet, rest: { mine: true }, findRoutes: () => [] };
	const body = { now: undefined, load: () => Promise.reject(new Error("not loaded")) };
	const parts = serverTables.setup(body, serverTables.check("ghes-3.17", "server"), { client, options: {} });
	assert.type(parts.guard, "function");
	assert.equal(Object.keys(parts.members).sort(), ["findRoutes", "rest"]);
	assert.equal(client.rest, { mine: true }, "the composition places the members, not the feature");
	assert.type(parts.members.rest.enterpriseAdmin, "object");
	assert.ok(parts.members.findRoutes("/admin/hooks").some((info) => info.namespace === "enterpriseAdmin"));
});

contract("the `server` option is read once, by the composition: a getter that answers differently later changes nothing", () => {
	let reads = 0;
	const options = { log: quiet };
	Object.defineProperty(options, "server", { enumerable: true, get: () => (++reads === 1 ? "ghes-3.17" : "bogus") });
	const client = new (Hublet.plugin(findRoutes, serverTables))(options);
	assert.is(reads, 1);
	assert.type(client.rest.dependabot.repositoryAccessForOrg.notAvailable, "string");
	assert.ok(client.findRoutes("/admin/hooks").length > 0);
});

contract("a client with findRoutes searches the server's table; one without gets no findRoutes", () => {
	const With = new (Core.plugin(findRoutes, serverTables).withRoutes(ghes317))({ log: quiet });
	assert.ok(With.findRoutes("/admin/hooks").length > 0);
	const Without = new (Core.plugin(serverTables).withRoutes(ghes317))({ log: quiet });
	assert.is(Without.findRoutes, undefined);
});

contract("route search is over the server's table whichever of the two features the class composes first", () => {
	const names = (client, query) => client.findRoutes(query).map((info) => `${info.namespace}.${info.method}`);
	for (const [label, Class] of [
		["findRoutes first", Core.plugin(findRoutes, serverTables)],
		["serverTables first", Core.plugin(serverTables, findRoutes)],
		["full entry, serverTables first", Hublet.plugin(serverTables, findRoutes)],
	]) {
		assert.ok(names(new Class({ server: "ghes-3.17", log: quiet }), "/admin/hooks").includes("enterpriseAdmin.listGlobalWebhooks"), label);
		assert.ok(names(new (Class.withRoutes(ghes317))({ log: quiet }), "/admin/hooks").includes("enterpriseAdmin.listGlobalWebhooks"), `${label}, withRoutes`);
		// Without a server, the class's own table: the full entry's knows no GHES-only route.
		if (label.startsWith("full")) assert.equal(names(new Class({ log: quiet }), "/admin/hooks"), [], `${label}, no server`);
	}
});

contract.run();
