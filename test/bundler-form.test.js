// The two forms of each entry (docs/development.md, "dist/"): for Node (dist/core.js, dist/index.js)
// the transport, graphql's query and the features' bodies are files loaded at first use; for a bundler
// (package.json's "module" condition: dist/core.module.js, dist/index.module.js) they are the code
// itself, composed at once. Both open the doors of one dist/kernel.js, so a program that loads both
// forms (the test kit through Node's condition, `@hublet/rest` through a bundler's) must work through
// each, whichever opened last. A bundle of the static form holds no import() nor lazy module for them,
// and wakes none of Node's fetch internals at import.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(".");
const RUN = resolve("test/fixtures/both-forms-run.js");
const project = mkdtempSync(join(tmpdir(), "hublet-bundler-form-"));
mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
symlinkSync(root, join(project, "node_modules", "@hublet", "rest"), "dir");

/** What a client of each form saw: a request, two linked pages, a 503 retried, a cached answer, a graphql call. */
const expected = (index) => ({
	request: { path: "/repos/o/r" },
	pages: [1, 2, 3],
	retried: 200,
	cached: [{ cached: 1 }, { cached: 1 }],
	graphql: { viewer: { login: "octocat" } },
	sent: [
		"GET /repos/o/r",
		"GET /items",
		"GET /items?page=2",
		`GET /flaky/${index}`,
		`GET /flaky/${index}`,
		"GET /cached",
		"GET /cached (if-none-match)",
		"POST /graphql",
	],
});

/** Bundles `source` (a program in the project) for Node as a user's esbuild would; its text and path. */
async function bundle(name, source) {
	const entry = join(project, `${name}.mjs`);
	writeFileSync(entry, source);
	const outfile = join(project, `${name}.bundle.mjs`);
	await build({ entryPoints: [entry], bundle: true, format: "esm", platform: "node", outfile, logLevel: "silent" });
	return { outfile, text: readFileSync(outfile, "utf8") };
}

const both = suite("both forms in one process");

both(
	"the doors merge by what each form can do: the static transport and query win in either order, and the lazy body loader stays",
	async () => {
		// lib/common/doors.ts as a module of its own (the build's unbundled copy), fresh for each order.
		const doorsUrl = new URL("../dist/common/doors.js", import.meta.url).href;
		const lazy = {
			composeSend: () => "lazy send",
			query: async () => "lazy query",
			body: async (folder) => `lazy ${folder}`,
		};
		const atOnce = { composeSend: () => "static send", query: async () => "static query" };
		for (const [order, label] of [
			[[lazy, atOnce], "lazy first"],
			[[atOnce, lazy], "static first"],
			[[lazy, atOnce, lazy], "lazy again"],
		]) {
			// The module's namespace: `doors` is a live binding, read after the opening.
			const module = await import(`${doorsUrl}?${label.replace(" ", "-")}`);
			const entry = {};
			for (const doors of order) assert.is(module.openDoors(doors, entry), entry, "an entry's class is given back");
			assert.is(module.doors.composeSend(), "static send", label);
			assert.is(await module.doors.query(), "static query", label);
			assert.is(await module.loadBody("cache"), "lazy cache", label);
		}
		const alone = await import(`${doorsUrl}?lazy-alone`);
		alone.openDoors(lazy, {});
		assert.is(alone.doors.composeSend(), "lazy send");
		assert.is(await alone.loadBody("retry"), "lazy retry");
	},
);

both(
	"each form of an entry exports the same names, with one client class and one RequestError; the bundlers' features carry their bodies, Node's load theirs",
	async () => {
		const forms = {};
		for (const file of ["core.js", "core.module.js", "index.js", "index.module.js"])
			forms[file] = await import(`../dist/${file}`);
		assert.equal(Object.keys(forms["core.module.js"]).sort(), Object.keys(forms["core.js"]).sort());
		assert.equal(Object.keys(forms["index.module.js"]).sort(), Object.keys(forms["index.js"]).sort());
		for (const form of Object.values(forms)) assert.is(form.RequestError, forms["core.js"].RequestError);
		assert.is(forms["core.module.js"].Hublet, forms["core.js"].Hublet, "one kernel class");
		for (const name of ["cache", "paginate", "proxy", "rateLimit", "requestLog", "retry"]) {
			assert.type(forms["core.module.js"][name].body, "object", `${name} carries its body`);
			assert.is(forms["core.js"][name].body, undefined, `${name} loads its body`);
			assert.is(forms["core.module.js"][name].check, forms["core.js"][name].check, `${name}: one front`);
		}
	},
);

for (const order of [
	["core.js", "core.module.js"],
	["core.module.js", "core.js"],
	["index.js", "index.module.js"],
	["index.module.js", "index.js", "core.js", "core.module.js"],
]) {
	both(
		`${order.join(" then ")}: a client of each requests, paginates, retries, caches and calls graphql, each with its entry's own features`,
		() => {
			const seen = JSON.parse(execFileSync(process.execPath, [RUN, order.join(",")], { encoding: "utf8" }));
			assert.equal(
				seen,
				order.map((_, index) => expected(index)),
			);
		},
	);
}

for (const [name, imports] of [
	[
		"testing-first",
		[
			'import { mockClient } from "@hublet/rest/testing";',
			'import * as full from "@hublet/rest";',
			'import * as core from "@hublet/rest/core";',
		],
	],
	[
		"package-first",
		[
			'import * as core from "@hublet/rest/core";',
			'import * as full from "@hublet/rest";',
			'import { mockClient } from "@hublet/rest/testing";',
		],
	],
]) {
	both(
		`a bundle that imports the test kit (Node's form, dist/index.js) and the package (the bundlers' form), ${name}: the test kit's client and each static entry's work`,
		async () => {
			const { outfile, text } = await bundle(
				name,
				`${imports.join("\n")}
import { run } from ${JSON.stringify(RUN)};
const { client } = mockClient({ "repos.get": { status: 200, data: { name: "r" } }, "GET /items": { pages: [[1, 2], [3]] } });
const kit = [(await client.rest.repos.get({ owner: "o", repo: "r" })).data, await client.paginate("GET /items")];
console.log(JSON.stringify({ kit, seen: await run([full, core]) }));
`,
			);
			// The test kit's full entry (Node's form) is in the bundle beside the bundlers' one: its doors reach the
			// transport through an import(), which esbuild follows with a lazy module.
			assert.match(text, /var init_transport = __esm\(/, "the test kit's form is in the bundle");
			const output = JSON.parse(execFileSync(process.execPath, [outfile], { encoding: "utf8" }));
			assert.equal(output, { kit: [{ name: "r" }, [1, 2, 3]], seen: [expected(0), expected(1)] });
		},
	);
}

both.run();

const form = suite("a bundle of the bundlers' form");

const TOUCH = `
const touched = [];
for (const name of ["fetch", "Request", "Response", "Headers", "FormData", "Blob", "AbortSignal"]) {
	const value = globalThis[name];
	Object.defineProperty(globalThis, name, { configurable: true, get() { touched.push(name); return value; } });
}
const { make } = await import(process.argv[2]);
make();
console.log(JSON.stringify(touched));
`;

for (const [name, source] of [
	[
		"core",
		'import { Hublet, paginate } from "@hublet/rest/core"; export const make = () => new (Hublet.plugin(paginate))({ auth: "x" });',
	],
	["full", 'import { Hublet } from "@hublet/rest"; export const make = () => new Hublet({ auth: "x" });'],
]) {
	form(
		`${name}: holds the transport, graphql and the bodies as code, with no import() or lazy module for them, and import + construct read none of fetch's globals`,
		async () => {
			const { outfile, text } = await bundle(`${name}-form`, source);
			// esbuild's lazy module: a module reached by an import() it kept. The full client's debug feature
			// loads debug under DEBUG, and its retries p-retry at a first retry, as before; nothing else is lazy.
			const lazy = [...text.matchAll(/var (init_[\w$]+) = __esm\(/g)].map(([, init]) => init);
			assert.equal(lazy, name === "core" ? [] : ["init_p_retry", "init_debug"]);
			// (renamed by the bundler where another module has the name: composeSend2)
			for (const name of ["composeSend", "answerOf", "createPaginate"])
				assert.match(text, new RegExp(`function ${name}\\d*\\(`), name);
			// No loader of dist/'s files (later.ts, which loads one again after a failed load): p-retry and debug
			// are the bundler's own lazy modules, which cannot fail to load.
			assert.not.match(text, /could not load its file/);
			assert.not.match(text, /function loadLater\d*\(/);
			const runner = join(project, `${name}-touch.mjs`);
			writeFileSync(runner, TOUCH);
			assert.equal(JSON.parse(execFileSync(process.execPath, [runner, outfile], { encoding: "utf8" })), []);
		},
	);
}

form.run();
