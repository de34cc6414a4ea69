// The full client's route table as the build ships it (issue 12): one function per namespace
// in dist/index.js, called when that namespace is first read; the rows read back exactly as
// routes.json has them.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as Core, findRoutes } from "../dist/core.js";
import { readCompactTable } from "../dist/compact-routes.js";

// The core client composed as the full one is: route search, and routes.json's reader handed to withRoutes().
const CoreHublet = { withRoutes: (table) => Core.plugin(findRoutes).withRoutes(table, readCompactTable) };
import { expandTable, routesTable } from "./helpers/routes.js";

/** `Hublet.routes` with each namespace's function counting its calls into `calls`. */
function countingTable(calls) {
	const namespaces = Object.fromEntries(
		Object.entries(Hublet.routes.namespaces).map(([name, rows]) => [name, () => (calls.push(name), rows())]),
	);
	return { ...Hublet.routes, namespaces };
}

const lazy = suite("lazy route table");

lazy("the shipped table reads back row for row as routes.json", () => {
	assert.equal(expandTable(Hublet.routes), routesTable);
});

lazy("every namespace ships as a function: importing builds nothing per namespace", () => {
	const kinds = new Set(Object.values(Hublet.routes.namespaces).map((rows) => typeof rows));
	assert.equal([...kinds], ["function"]);
	assert.is(Hublet.routes.format, 2);
});

lazy("construction and listing namespaces read no namespace; a namespace is read once, on its first method", () => {
	const calls = [];
	const client = new (CoreHublet.withRoutes(countingTable(calls)))({ log: { warn() {} } });
	assert.equal(Object.keys(client.rest).length, Object.keys(routesTable.namespaces).length);
	assert.ok("repos" in client.rest);
	assert.equal(calls, []);
	client.rest.repos.get.endpoint({ owner: "o", repo: "r" });
	client.rest.repos.listForOrg;
	client.rest.gitdata.getCommit;
	assert.equal(Object.keys(client.rest.repos), Object.keys(routesTable.namespaces.repos));
	assert.equal(calls, ["repos", "git"]);
});

lazy("clients of one class share the reading; findRoutes() reads every namespace once", () => {
	const calls = [];
	const Class = CoreHublet.withRoutes(countingTable(calls));
	new Class().rest.issues.get;
	new Class().rest.issues.create;
	assert.equal(calls, ["issues"]);
	new Class().findRoutes("/user");
	new Class().findRoutes("/users/{username}");
	assert.is(calls.length, Object.keys(routesTable.namespaces).length);
});

lazy("unknown and inherited names are undefined without reading past the namespace", () => {
	const calls = [];
	const client = new (CoreHublet.withRoutes(countingTable(calls)))();
	for (const name of ["nope", "toString", "constructor", "__proto__", "get GET"]) assert.is(client.rest.repos[name], undefined, name);
	assert.is(client.rest.nope, undefined);
	assert.equal(calls, ["repos"]);
});

lazy.run();
