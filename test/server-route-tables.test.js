// The servers' route tables as the package ships them (dist/servers/<name>.js): each reads back
// as the generator's whole table, the availability index agrees with the tables, and no default
// bundle carries a table or the feature. Run: node test/server-route-tables.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { decodeRoutes } from "../dist/index.js";
import { applyDifference, availabilityIndex, readAllTables, readBaseTable, readServerDifferences } from "../scripts/server-tables.mjs";

const base = readBaseTable();
const differences = readServerDifferences();
const load = async (name) => (await import(`../dist/servers/${name}.js`)).default;

// ---------------------------------------------------------------------------
const tables = suite("dist/servers/<name>.js");

tables("there is one table per committed servers/<name>.json, Enterprise Cloud and three Enterprise Server versions", () => {
	assert.equal(Object.keys(differences), ["ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"]);
	for (const name of Object.keys(differences)) assert.ok(readdirSync("dist/servers").includes(`${name}.js`), name);
});

for (const [name, difference] of Object.entries(differences)) {
	tables(`${name}: every row reads back as the generator wrote it`, async () => {
		const table = await load(name);
		assert.is(table.server, name);
		assert.is(table.source, `@octokit/openapi@23.0.2 ${name}`);
		const expected = applyDifference(base, difference);
		const actual = decodeRoutes(table);
		assert.equal(Object.keys(actual.namespaces), Object.keys(expected.namespaces));
		for (const namespace of Object.keys(expected.namespaces)) assert.equal(actual.namespaces[namespace], expected.namespaces[namespace], namespace);
		assert.equal(actual.renamedNamespaces, base.renamedNamespaces);
	});
}

tables("a table's difference from routes.json is what sets it apart: no row it keeps as is, no name it lacks that routes.json lacks too", () => {
	for (const [name, difference] of Object.entries(differences)) {
		for (const [namespace, rows] of Object.entries(difference.namespaces)) {
			for (const [method, row] of Object.entries(rows)) assert.not.equal(base.namespaces[namespace]?.[method], row, `${name} ${namespace}.${method}`);
		}
		for (const [namespace, methods] of Object.entries(difference.removed)) {
			for (const method of methods) assert.ok(base.namespaces[namespace][method], `${name} ${namespace}.${method}`);
		}
	}
});

tables("Enterprise Server has the enterprise-admin methods that api.github.com lacks", () => {
	const ghes = applyDifference(base, differences["ghes-3.19"]);
	for (const method of ["listGlobalWebhooks", "listPreReceiveHooks", "getLicenseInformation", "updateLdapMappingForUser"]) {
		assert.ok(ghes.namespaces.enterpriseAdmin[method], method);
		assert.not.ok(base.namespaces.enterpriseAdmin?.[method], method);
	}
	const added = Object.entries(ghes.namespaces).flatMap(([namespace, rows]) => Object.keys(rows).filter((method) => !base.namespaces[namespace]?.[method]));
	assert.ok(added.length > 200, `${added.length} methods only Enterprise Server 3.19 has`);
});

tables.run();

// ---------------------------------------------------------------------------
const index = suite("the availability index");

index("lists each name not on every server with exactly the servers whose tables have it", async () => {
	const all = readAllTables();
	const shipped = (await import("../dist/servers/availability.js")).default;
	assert.equal(shipped, availabilityIndex(all));
	assert.equal(shipped.servers, ["api.github.com", "ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"]);
	const bitsOf = new Map();
	for (const [bits, line] of Object.entries(shipped.methods)) {
		for (const word of line.split(" ")) {
			const [namespace, methods] = word.split(".");
			for (const method of methods.split(",")) bitsOf.set(`${namespace}.${method}`, Number(bits));
		}
	}
	for (const [position, server] of shipped.servers.entries()) {
		for (const [namespace, rows] of Object.entries(all[server].namespaces)) {
			for (const method of Object.keys(rows)) {
				const bits = bitsOf.get(`${namespace}.${method}`);
				if (bits !== undefined) assert.ok(bits & (1 << position), `${server} has ${namespace}.${method}`);
			}
		}
	}
	for (const [name, bits] of bitsOf) {
		const [namespace, method] = name.split(".");
		shipped.servers.forEach((server, position) => assert.is(Boolean(all[server].namespaces[namespace]?.[method]), Boolean(bits & (1 << position)), `${server} ${name}`));
	}
});

index.run();

// ---------------------------------------------------------------------------
const bundles = suite("default bundles");

bundles("a bundle of the full entry or of /core carries no server table, no availability index and not the feature", async () => {
	const dist = resolve("dist");
	for (const contents of [
		`import { Hublet } from ${JSON.stringify(join(dist, "index.js"))}; new Hublet().rest.repos.get({ owner: "o", repo: "r" });`,
		`import { Hublet, paginate } from ${JSON.stringify(join(dist, "core.js"))}; new (Hublet.plugin(paginate))().request("GET /");`,
	]) {
		const result = await build({ stdin: { contents, resolveDir: dist }, bundle: true, minify: true, platform: "node", write: false, logLevel: "silent" });
		const text = result.outputFiles[0].text;
		for (const marker of ["listGlobalWebhooks", "x-github-enterprise-version", "NOT_AVAILABLE", "ghes>="]) assert.not.ok(text.includes(marker), marker);
	}
});

bundles("a bundle that imports a server's table and adds serverTables carries the feature with the table: a method the server lacks is refused, nothing sent", async () => {
	const dist = resolve("dist");
	const contents = `import { Hublet, serverTables } from ${JSON.stringify(join(dist, "core.js"))};
import ghes from ${JSON.stringify(join(dist, "servers", "ghes-3.17.js"))};
let sent = 0;
const Client = Hublet.plugin(serverTables).withRoutes(ghes);
const client = new Client({ baseUrl: "https://ghe.example/api/v3", request: { fetch: async () => (sent++, new Response("{}", { headers: { "content-type": "application/json" } })) } });
const error = await client.rest.dependabot.repositoryAccessForOrg({ org: "acme" }).catch((caught) => caught);
await client.rest.repos.get({ owner: "o", repo: "r" });
console.log(JSON.stringify({ code: error.code, sent, availableOn: client.rest.dependabot.repositoryAccessForOrg.availableOn }));`;
	// Bundled away from the package's folder, so that nothing can be loaded from dist/ at run time.
	const out = join(mkdtempSync(join(tmpdir(), "hublet-server-bundle-")), "app.mjs");
	await build({ stdin: { contents, resolveDir: dist }, bundle: true, format: "esm", platform: "node", outfile: out, logLevel: "silent" });
	const result = JSON.parse(execFileSync(process.execPath, [out], { encoding: "utf8" }));
	assert.is(result.code, "NOT_AVAILABLE");
	assert.is(result.sent, 1, "only the method the server has was sent");
	assert.equal(result.availableOn, ["api.github.com", "ghec", "ghes>=3.18"]);
});

bundles.run();
