// The route codec (lib/routes/codec.ts): the full client's table as the build ships it reads back
// row for row as routes.json, and a method's row is decoded when that method is first read,
// without decoding (or even copying) the rest of its namespace.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, decodeRoutes } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { SHIPPED_FORMAT, encodeRoutes, readShippedRoutes } from "../dist/routes/codec.js";
import { routesTable } from "./helpers/routes.js";

/** A plain table shipped as the build ships it, each namespace's function counting its calls into `calls`. */
function shipped(table, calls = [], edit = (line) => line) {
	const { namespaces, ...rest } = encodeRoutes(table);
	const functions = {};
	for (const [name, line] of Object.entries(namespaces)) {
		const text = edit(line, name);
		// new Function, so that the function's source is the literal, as in dist/index.js.
		const lineFunction = new Function(`return () => ${JSON.stringify(text)};`)();
		functions[name] = Object.assign(() => (calls.push(name), lineFunction()), { toString: () => String(lineFunction) });
	}
	return { ...rest, format: SHIPPED_FORMAT, namespaces: functions };
}

const codec = suite("route codec");

codec("the shipped table reads back row for row as routes.json, which the test reads as plain JSON", () => {
	assert.equal(decodeRoutes(Hublet.routes), routesTable);
});

codec("every row survives encoding: a table with every row changed reads back changed", () => {
	// Each row gets a decoration of its own, so that a codec that dropped or shared one would fail.
	const changed = structuredClone(routesTable);
	for (const [namespace, rows] of Object.entries(changed.namespaces)) {
		for (const [method, [route, decorations = {}]] of Object.entries(rows)) {
			if (decorations.renamed) continue;
			rows[method] = [route.replace("}", "_x}"), { ...decorations, mapToData: `${namespace}_${method}` }];
		}
	}
	for (const rows of Object.values(changed.namespaces)) {
		for (const [method, row] of Object.entries(rows)) {
			const renamed = row[1]?.renamed;
			if (!renamed) continue;
			const [route, decorations] = changed.namespaces[renamed[0]][renamed[1]];
			rows[method] = [route, { ...decorations, ...row[1], mapToData: decorations.mapToData }];
		}
	}
	assert.equal(decodeRoutes(shipped(changed)), changed);
});

codec("quotes, bars, percents and backslashes in a decoration survive, or the encoder refuses the row", () => {
	const table = { namespaces: { a: { b: ["GET /b", { deprecated: `octokit.rest.a.b() is deprecated, use "c" | 'd' at 100%` }] } } };
	assert.equal(decodeRoutes(shipped(table)).namespaces, table.namespaces);
	assert.throws(() => encodeRoutes({ namespaces: { a: { b: ["GET /b", { mapToData: "back\\slash" }] } } }), /a\.b: a decoration holds a "\\"/);
	assert.throws(() => encodeRoutes({ namespaces: { a: { b: ["GET /b c"] } } }), /a\.b: bad route/);
	assert.throws(() => encodeRoutes({ namespaces: { a: { b: ["GET /b", { renamed: ["a", "gone"] }] } } }), /a\.b is renamed to a\.gone/);
});

codec("a method's row is decoded on its first read: the other rows of its namespace are never parsed", () => {
	const calls = [];
	// Break the extra JSON of every repos row but three: reading any of those would throw.
	const keep = new Set(["get", "getAllTopics", "listTopics"]);
	const table = shipped(routesTable, calls, (line, name) =>
		name !== "repos" ? line : line.replace(/\|(\w+) ([^|]*)/g, (row, method, rest) => (keep.has(method) ? row : `|${method} ${rest} {'broken`)),
	);
	const client = new (CoreHublet.withRoutes(table, readShippedRoutes))({ log: { warn() {} } });
	assert.is(client.rest.repos.get.route, "GET /repos/{owner}/{repo}");
	assert.is(client.rest.repos.listTopics.route, "GET /repos/{owner}/{repo}/topics");
	assert.ok("delete" in client.rest.repos);
	assert.ok(readShippedRoutes(table).methods("repos").includes("delete"));
	assert.throws(() => client.rest.repos.delete, SyntaxError);
	// The namespace's line was taken from its function's source, not by calling it.
	assert.equal(calls, []);
});

codec("a namespace function whose source is not its value (a tool rewrote it) is called instead", () => {
	const table = { format: SHIPPED_FORMAT, namespaces: { a: () => "|b G/\x62" } };
	assert.equal(readShippedRoutes(table).entry("a", "b"), ["GET /b"]);
	assert.throws(() => readShippedRoutes(routesTable), /not a route table in the shipped form/);
});

codec("construction and listing namespaces read no namespace; clients of one class share the reading", () => {
	const read = [];
	const table = shipped(routesTable);
	const counting = { ...table, namespaces: Object.fromEntries(Object.entries(table.namespaces).map(([name, line]) => [name, Object.assign(() => line(), { toString: () => (read.push(name), String(line)) })])) };
	const Class = CoreHublet.withRoutes(counting, readShippedRoutes);
	const client = new Class({ log: { warn() {} } });
	assert.equal(Object.keys(client.rest).length, Object.keys(routesTable.namespaces).length);
	assert.equal(read, []);
	client.rest.repos.get.endpoint({ owner: "o", repo: "r" });
	new Class().rest.repos.listForOrg;
	client.rest.gitdata.getCommit;
	assert.equal(read, ["repos", "git"]);
});

codec("a client over a route subset reads nothing of its table until client.rest is read", () => {
	const reads = [];
	const subset = { repos: { get: ["GET /repos/{owner}/{repo}"] } };
	// Every look at the namespaces object is recorded: listing, `in`, reading a namespace.
	const namespaces = new Proxy(subset, {
		ownKeys: (target) => (reads.push("keys"), Reflect.ownKeys(target)),
		getOwnPropertyDescriptor: (target, name) => (reads.push(`own ${String(name)}`), Reflect.getOwnPropertyDescriptor(target, name)),
		get: (target, name) => (reads.push(`get ${String(name)}`), target[name]),
	});
	const Class = CoreHublet.withRoutes({ namespaces });
	// Making the class lists the namespaces once, for its `client.<namespace>` getters.
	reads.length = 0;
	const clients = [new Class(), new Class()];
	assert.equal(reads, [], "constructing clients reads nothing of the table");
	assert.is(clients[0].rest.repos.get.endpoint({ owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r");
	assert.ok(reads.length > 0);
	assert.equal(Object.keys(clients[1].rest), ["repos"]);
});

codec("constructing a client does not look up its class's table: the first read of a client.rest name does", () => {
	let looks = 0;
	const table = { namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } };
	class Counted extends CoreHublet {
		static get routes() {
			looks += 1;
			return table;
		}
	}
	const client = new Counted();
	assert.is(looks, 0);
	assert.is(client.rest.repos.get.route, "GET /repos/{owner}/{repo}");
	assert.is(looks, 1);
	assert.equal(Object.keys(client.rest), ["repos"]);
	assert.is(looks, 1, "the table is looked up once per client");
});

codec("unknown and inherited names are undefined", () => {
	const client = new Hublet();
	for (const name of ["nope", "toString", "constructor", "__proto__", "get GET"]) assert.is(client.rest.repos[name], undefined, name);
	assert.is(client.rest.nope, undefined);
});

codec.run();
