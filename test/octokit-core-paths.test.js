// Every module path that @octokit/core 5, 6 and 7 let code and .d.ts files import
// (test/fixtures/octokit-core-paths.json, made from the published packages by
// scripts/octokit-core-paths.mjs) resolves through @hublet/octokit-core, installed as
// @octokit/core: at run time with `require` and `import` wherever one of those versions resolves
// it, giving the names octokit's module gives; in TypeScript under node10, node16 (from a
// CommonJS and from an ES module) and bundler resolution wherever one of them does, exporting
// every name octokit's module exports, with 0 errors, strict, with `skipLibCheck: false`.
// The packages are copies, as npm installs them, so each module reads its neighbours.
// Run: node test/octokit-core-paths.test.js
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { resolveTypes, specifier, TYPE_MODES } from "../scripts/octokit-core-paths.mjs";
import { CHECK_DECLARATIONS, checkApart } from "./helpers/compile-types.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const { paths, versions } = JSON.parse(readFileSync(join(ROOT, "test", "fixtures", "octokit-core-paths.json"), "utf8"));
// What Hublet reads beside itself (its peer @octokit/request-error at run time, types otherwise);
// none of them imports @octokit/core.
const LINKED = ["@octokit/openapi-types", "@octokit/request-error", "@octokit/types", "@types/node", "undici-types"];
// node16 resolution, compiled as `module: nodenext`: TypeScript 5.8 and later let a CommonJS file
// import an ES module there (Node's require(esm)), where `module: node16` reports TS1479/TS1541 for
// every ES module, @octokit/core 6 and 7 as much as this one (docs/compatibility.md).
const COMPILE = { ...TYPE_MODES, "node16-cjs": { options: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext } }, "node16-esm": { options: { module: ts.ModuleKind.NodeNext, moduleResolution: ts.ModuleResolutionKind.NodeNext } } };

let project;
const overrideFolder = () => join(project, "node_modules", "@octokit", "core");

function layOut() {
	project = mkdtempSync(join(tmpdir(), "hublet-core-paths-"));
	const modules = join(project, "node_modules");
	for (const name of LINKED) {
		mkdirSync(dirname(join(modules, name)), { recursive: true });
		symlinkSync(join(ROOT, "node_modules", name), join(modules, name), "dir");
	}
	for (const entry of ["package.json", "types", "dist"]) cpSync(join(ROOT, entry), join(modules, "@hublet", "rest", entry), { recursive: true });
	const { files } = JSON.parse(readFileSync(join(ROOT, "octokit-core", "package.json"), "utf8"));
	for (const entry of ["package.json", ...files]) cpSync(join(ROOT, "octokit-core", entry), join(overrideFolder(), entry), { recursive: true });
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "paths", private: true }));
}

const test = suite(`@octokit/core ${versions.join(", ")}'s paths through @hublet/octokit-core`);
test.before(layOut);
test.after(() => rmSync(project, { recursive: true, force: true }));

test("the fixture lists octokit's type paths, dist-types/types and dist-types/index among them", () => {
	for (const path of [".", "types", "dist-types/types", "dist-types/index"]) assert.ok(paths[path]?.types, path);
	assert.ok(paths["dist-types/types"].typeNames.includes("OctokitOptions"));
});

for (const mode of Object.keys(TYPE_MODES)) {
	const wanted = Object.entries(paths).filter(([, entry]) => entry.types?.[mode]);
	test(`TypeScript, ${mode}: ${wanted.length} paths resolve to the override's declarations`, () => {
		const missing = wanted.map(([path]) => path).filter((path) => !resolveTypes(project, specifier(path), { [mode]: TYPE_MODES[mode] })[mode]?.startsWith(overrideFolder()));
		assert.equal(missing, [], `not resolved under ${mode}`);
	});
	test(`TypeScript, ${mode}: each path exports octokit's names, 0 errors with skipLibCheck off`, () => {
		assert.equal(errorsOf(mode), []);
	});
}

/** The file of `mode` that imports every path's names, written into the project. */
function importsFile(mode) {
	const wanted = Object.entries(paths).filter(([, entry]) => entry.types?.[mode]);
	const extension = mode === "node16-cjs" ? "cts" : mode === "node16-esm" ? "mts" : "ts";
	const file = join(project, `paths-${mode}.${extension}`);
	const lines = wanted.map(([path, entry], index) => `import type { ${entry.typeNames.map((name) => `${name} as N${index}_${name}`).join(", ")} } from ${JSON.stringify(specifier(path))};`);
	writeFileSync(file, `${lines.join("\n")}\nexport {};\n`);
	return file;
}

// The modes compiled with the same options (node16 from a CommonJS and from an ES module file)
// are one program of their files (checkApart, which asserts that neither file can change what the
// other sees), each file's errors apart: the declaration files are then checked once, not per mode.
const errorsByMode = new Map();
function errorsOf(mode) {
	if (!errorsByMode.has(mode)) {
		// skipLibCheck off, but for TypeScript's own lib files (CHECK_DECLARATIONS): Hublet's and the override's are checked.
		const options = { ...COMPILE[mode].options, strict: true, noEmit: true, ...CHECK_DECLARATIONS, target: ts.ScriptTarget.ES2022, types: ["node"] };
		const modes = Object.keys(TYPE_MODES).filter((other) => JSON.stringify(COMPILE[other].options) === JSON.stringify(COMPILE[mode].options));
		// Declaration files parsed once for every mode, and for the other TypeScript suites of this process (npm test).
		const own = (name) => name.startsWith(join(project, "node_modules", "@hublet", "rest", sep)) || name.startsWith(`${overrideFolder()}${sep}`);
		const diagnostics = checkApart(modes.map(importsFile), options, own);
		modes.forEach((other, index) => errorsByMode.set(other, diagnostics[index].map((d) => `${d.file?.fileName.replace(project, "") ?? ""} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`)));
	}
	return errorsByMode.get(mode);
}

for (const kind of ["require", "import"]) {
	const wanted = Object.entries(paths).filter(([, entry]) => entry[kind]);
	test(`Node, ${kind}: ${wanted.length} paths load through the override with octokit's names`, async () => {
		const load =
			kind === "require"
				? `const { createRequire } = await import("node:module"); const load = async (spec) => createRequire(import.meta.url)(spec);`
				: `const load = (spec) => (spec.endsWith(".json") ? import(spec, { with: { type: "json" } }) : import(spec));`;
		const script = `${load}
const out = {};
for (const spec of ${JSON.stringify(wanted.map(([path]) => specifier(path)))}) {
	try { const module = await load(spec); out[spec] = spec.endsWith(".json") ? [(module.default ?? module).name] : Object.keys(module).sort(); }
	catch (error) { out[spec] = error.code ?? error.message; }
}
console.log(JSON.stringify(out));`;
		writeFileSync(join(project, `load-${kind}.mjs`), script);
		const { stdout } = await promisify(execFile)(process.execPath, [`load-${kind}.mjs`], { cwd: project });
		const loaded = JSON.parse(stdout);
		for (const [path, entry] of wanted) {
			const got = loaded[specifier(path)];
			assert.ok(Array.isArray(got), `${kind}(${specifier(path)}): ${got}`);
			if (path === "package.json") assert.equal(got, ["@hublet/octokit-core"]);
			for (const name of entry.names ?? []) assert.ok(got.includes(name), `${kind}(${specifier(path)}) has no ${name}`);
		}
	});
}

test.run();
