#!/usr/bin/env node
// Lists every module path that @octokit/core 5, 6 and 7 let code and .d.ts files import, and
// under which resolution each resolves, into test/fixtures/octokit-core-paths.json: the list that
// test/octokit-core-paths.test.js resolves through @hublet/octokit-core (octokit-core/), which
// stands in for @octokit/core and must answer every one of them.
//
//   node scripts/octokit-core-paths.mjs          writes the fixture
//   node scripts/octokit-core-paths.mjs --check  fails if the published packages differ from it
//
// The newest release of each major is installed from the registry into a temporary project of
// its own (a release of a major that differs from the newest in `exports`, `main`, `module`,
// `types` or `typesVersions` is installed too). The candidates are what the package's
// package.json names (the bare name, every `exports` key, `main`, `module`, `types`, every
// `typesVersions` key, each file with and without its extension and the folder that holds it),
// every declaration file in dist-types/ (with and without `.js`), dist-types/ itself, and
// package.json. Each is resolved as the tools resolve it: Node's `require` and `import`, and
// TypeScript's node10, node16 (a CommonJS and an ES module importing) and bundler resolution;
// for what resolves, the names the module exports (at run time, and in its types).
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURE = join(ROOT, "test", "fixtures", "octokit-core-paths.json");
const MAJORS = ["5", "6", "7"];
const SHAPE_FIELDS = ["exports", "main", "module", "types", "typings", "typesVersions", "type"];

export const TYPE_MODES = {
	node10: { options: { module: ts.ModuleKind.CommonJS, moduleResolution: ts.ModuleResolutionKind.Node10 } },
	"node16-cjs": { options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }, mode: ts.ModuleKind.CommonJS },
	"node16-esm": { options: { module: ts.ModuleKind.Node16, moduleResolution: ts.ModuleResolutionKind.Node16 }, mode: ts.ModuleKind.ESNext },
	bundler: { options: { module: ts.ModuleKind.ESNext, moduleResolution: ts.ModuleResolutionKind.Bundler } },
};

const npm = (args, cwd) => execFileSync("npm", args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 300_000 });

/** The releases to install: per major, the newest, and one release of each other package.json shape. */
function releases() {
	const chosen = [];
	for (const major of MAJORS) {
		const views = [JSON.parse(npm(["view", `@octokit/core@${major}`, "version", ...SHAPE_FIELDS, "--json"], ROOT))].flat();
		const shapes = new Map();
		// Newest first, so each shape is represented by its newest release.
		for (const view of views.reverse()) {
			const shape = JSON.stringify(SHAPE_FIELDS.map((field) => view[field] ?? null));
			if (!shapes.has(shape)) shapes.set(shape, view.version);
		}
		chosen.push(...[...shapes.values()].reverse());
	}
	return chosen;
}

/** Every subpath the package's manifest and files make a candidate, without the package name. */
function candidates(folder, manifest) {
	const paths = new Set([".", "package.json", "dist-types"]);
	const fromFile = (file) => {
		const path = file.replace(/^\.\//, "");
		paths.add(path);
		paths.add(path.replace(/(\.d)?\.[cm]?[jt]s$/, ""));
		if (path.includes("/")) paths.add(path.slice(0, path.lastIndexOf("/")));
	};
	for (const field of ["main", "module", "types", "typings"]) if (typeof manifest[field] === "string") fromFile(manifest[field]);
	const targets = (value) => (typeof value === "string" ? [value] : value && typeof value === "object" ? Object.values(value).flatMap(targets) : []);
	if (manifest.exports && typeof manifest.exports === "object") {
		for (const [key, value] of Object.entries(manifest.exports)) {
			if (key.startsWith(".")) paths.add(key === "." ? "." : key.slice(2));
			for (const target of targets(value)) fromFile(target);
		}
	}
	for (const map of Object.values(manifest.typesVersions ?? {})) for (const [key, value] of Object.entries(map)) {
		if (!key.includes("*")) paths.add(key);
		for (const target of targets(value)) fromFile(target);
	}
	for (const file of readdirSync(join(folder, "dist-types"))) {
		if (!file.endsWith(".d.ts")) continue;
		paths.add(`dist-types/${file.slice(0, -".d.ts".length)}`);
		paths.add(`dist-types/${file.slice(0, -".d.ts".length)}.js`);
		paths.add(`dist-types/${file}`);
	}
	return [...paths].filter((path) => !path.includes("*")).sort();
}

export const specifier = (path) => (path === "." ? "@octokit/core" : `@octokit/core/${path}`);

/**
How `path` resolves in `project` at run time (a declaration file is no module there): the names
of the module where it also loads. `import.meta.resolve` gives a URL for a file that is not
there, so an import counts only when the file exists.
*/
function resolveRuntime(project, path) {
	if (path.endsWith(".d.ts")) return {};
	const script = `
import { statSync } from "node:fs";
import { createRequire } from "node:module";
const spec = ${JSON.stringify(specifier(path))};
const out = {};
const names = (module) => Object.keys(module).filter((name) => name !== "default" && name !== "module.exports").sort();
try { const file = createRequire(import.meta.url).resolve(spec); out.require = { file }; try { if (!file.endsWith(".json")) out.require.names = names(createRequire(import.meta.url)(spec)); } catch {} } catch {}
try { const url = import.meta.resolve(spec); if (!url.startsWith("file:") || !statSync(new URL(url)).isFile()) throw 0; out.import = { file: url }; try { if (!url.endsWith(".json")) out.import.names = names(await import(spec)); } catch {} } catch {}
console.log(JSON.stringify(out));`;
	writeFileSync(join(project, "resolve.mjs"), script);
	return JSON.parse(execFileSync(process.execPath, ["resolve.mjs"], { cwd: project, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
}

/** The names `file` exports in its types. */
function typeNames(file, options) {
	const program = ts.createProgram([file], { ...options, noEmit: true, skipLibCheck: true });
	const checker = program.getTypeChecker();
	const symbol = checker.getSymbolAtLocation(program.getSourceFile(file));
	return symbol ? checker.getExportsOfModule(symbol).map((s) => s.name).filter((name) => name !== "default").sort() : [];
}

/** Resolves `specifier` from a file in `project` under each of TYPE_MODES: the declaration file, or nothing. */
export function resolveTypes(project, spec, modes = TYPE_MODES) {
	const out = {};
	for (const [name, { options, mode }] of Object.entries(modes)) {
		const containing = join(project, mode === ts.ModuleKind.CommonJS ? "index.cts" : mode === ts.ModuleKind.ESNext ? "index.mts" : "index.ts");
		const { resolvedModule } = ts.resolveModuleName(spec, containing, options, ts.sys, undefined, undefined, mode);
		if (resolvedModule && resolvedModule.extension === ".d.ts") out[name] = resolvedModule.resolvedFileName;
	}
	return out;
}

function survey() {
	const versions = releases();
	const paths = {};
	for (const version of versions) {
		const project = mkdtempSync(join(tmpdir(), "octokit-core-paths-"));
		try {
			writeFileSync(join(project, "package.json"), JSON.stringify({ name: "paths", private: true }));
			npm(["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", "--no-package-lock", `@octokit/core@${version}`], project);
			const folder = join(project, "node_modules", "@octokit", "core");
			const manifest = JSON.parse(readFileSync(join(folder, "package.json"), "utf8"));
			for (const path of candidates(folder, manifest)) {
				const entry = (paths[path] ??= { require: [], import: [], types: Object.fromEntries(Object.keys(TYPE_MODES).map((mode) => [mode, []])), names: [], typeNames: [] });
				const runtime = resolveRuntime(project, path);
				for (const kind of ["require", "import"]) {
					if (!runtime[kind]) continue;
					entry[kind].push(version);
					entry.names = [...new Set([...entry.names, ...(runtime[kind].names ?? [])])].sort();
				}
				for (const [mode, file] of Object.entries(resolveTypes(project, specifier(path)))) {
					entry.types[mode].push(version);
					entry.typeNames = [...new Set([...entry.typeNames, ...typeNames(file, TYPE_MODES[mode].options)])].sort();
				}
			}
		} finally {
			rmSync(project, { recursive: true, force: true });
		}
	}
	// Only what resolves somewhere.
	for (const [path, entry] of Object.entries(paths)) {
		for (const mode of Object.keys(entry.types)) if (entry.types[mode].length === 0) delete entry.types[mode];
		for (const field of ["require", "import", "types", "names", "typeNames"]) if (Object.keys(entry[field]).length === 0) delete entry[field];
		if (!entry.require?.length && !entry.import?.length && !entry.types) delete paths[path];
	}
	return { command: "node scripts/octokit-core-paths.mjs", versions, paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => (a < b ? -1 : 1))) };
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const found = `${JSON.stringify(survey(), null, "\t")}\n`;
	if (process.argv.includes("--check")) {
		const committed = readFileSync(FIXTURE, "utf8");
		if (committed !== found) {
			console.error(`@octokit/core's published paths differ from ${FIXTURE}: run node scripts/octokit-core-paths.mjs\n${found}`);
			process.exit(1);
		}
		console.log("@octokit/core's paths are the fixture's");
	} else {
		writeFileSync(FIXTURE, found);
		console.log(`wrote ${FIXTURE}`);
	}
}
