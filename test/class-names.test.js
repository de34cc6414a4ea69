// The client's classes are named as the class they extend, as a program reads them
// (`util.inspect(client)`, `constructor.name`, a stack trace): `Hublet.plugin()`, `defaults()` and
// `withRoutes()` give a class named `Hublet` (or the program's own subclass's name), never
// `Subclass` or "". The client and RequestError keep their names in a program's bundle too, where
// its bundler renames their variables (RequestError beside @octokit/request-error's).
// Run: node test/class-names.test.js
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { inspect } from "node:util";
import { build } from "esbuild";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet, paginate, retry } from "../dist/core.js";

const plugin = () => ({});
const table = { namespaces: {} };
const printedAs = (Client) => inspect(new Client({ log: { debug() {}, info() {}, warn() {}, error() {} } })).split(" ")[0];

const names = suite("class names");

names("plugin(), defaults() and withRoutes() of either entry are named Hublet, chained in any order", () => {
	for (const Base of [Hublet, CoreHublet]) {
		const classes = [
			Base,
			Base.plugin(plugin),
			Base.plugin(paginate, retry),
			Base.defaults({ userAgent: "x" }),
			Base.defaults(() => ({})),
			Base.withRoutes(table),
			Base.plugin(plugin).defaults({ userAgent: "x" }).withRoutes(table).plugin(plugin),
		];
		for (const Client of classes) {
			assert.is(Client.name, "Hublet");
			assert.is(printedAs(Client), "Hublet");
			assert.ok(new Client() instanceof Base);
		}
	}
});

names("a program's own subclass keeps its name through plugin() and defaults()", () => {
	class MyClient extends Hublet {}
	assert.is(MyClient.plugin(plugin).name, "MyClient");
	assert.is(MyClient.defaults({}).plugin(plugin).name, "MyClient");
	assert.is(printedAs(MyClient.plugin(plugin)), "MyClient");
});

names("the name is the class's own, not enumerable, as a class's name is", () => {
	const Client = Hublet.plugin(plugin);
	assert.not.ok(Object.keys(Client).includes("name"));
	const descriptor = Object.getOwnPropertyDescriptor(Client, "name");
	assert.equal({ enumerable: descriptor.enumerable, writable: descriptor.writable }, { enumerable: false, writable: false });
});

names.run();

// ---
const bundled = suite("names in a program's bundle");

const dir = mkdtempSync(join(tmpdir(), "hublet-class-names-"));
mkdirSync(join(dir, "node_modules/@hublet"), { recursive: true });
symlinkSync(resolve("."), join(dir, "node_modules/@hublet/rest"));
// @octokit/request-error's own RequestError beside Hublet's: the bundler renames one of the two.
const APP = `
import { Hublet, RequestError } from "@hublet/rest";
import { RequestError as OctokitRequestError } from "@octokit/request-error";
import { inspect } from "node:util";
const error = new RequestError("gone", 404, { request: { method: "GET", url: "https://api.github.com/x", headers: {} } });
const client = new (Hublet.plugin(() => ({})))({ log: { debug() {}, info() {}, warn() {}, error() {} } });
console.log(JSON.stringify({ error: inspect(error).split("\\n")[0], constructor: error.constructor.name, client: inspect(client).split(" ")[0], octokit: error instanceof OctokitRequestError }));
`;

for (const minify of [false, true]) {
	bundled(`RequestError and the client print their names in an esbuild bundle${minify ? ", minified" : ""}`, async () => {
		writeFileSync(join(dir, "app.mjs"), APP);
		const outfile = join(dir, `app.${minify}.bundle.mjs`);
		await build({ entryPoints: [join(dir, "app.mjs")], bundle: true, minify, platform: "node", format: "esm", outfile, nodePaths: [resolve("node_modules")], logLevel: "silent" });
		const printed = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8" }));
		assert.equal(printed, { error: "RequestError [HttpError]: gone", constructor: "RequestError", client: "Hublet", octokit: true });
	});
}

bundled.run();
