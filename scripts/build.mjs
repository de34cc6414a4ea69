// Builds dist/: one ES module per entry point, with before-after-hook bundled in, and the transport,
// p-retry, debug and graphql's body each in a file of their own, loaded when first needed, and the licences of everything bundled in dist/licenses/. `npm ci` runs it
// (`prepare`); tsc only type-checks.
//
// Why bundle: Node 20 pays 2–3 M instructions per ES module it loads, so p-retry and the HTTP
// library of the time as ~15 modules cost +51 M instructions at the first request, and the same
// code as one file +2.5 M.
//
// No plugin here rewrites a file of a dependency: each is bundled as it ships. Which dist/ file loads
// which, and when, and every trick below with its measured figure and the test that fails when it
// stops working: docs/development.md, "dist/: which file loads which, and when".
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, resolve } from "node:path";
import { assignAliases, coreWithAliases, createKernelMap, kernelFromCore, learnHeld, publicNames, tsPath } from "./kernel-imports.mjs";
import { loadCodec } from "./route-reader.mjs";
import { featureBodies } from "./feature-bodies.mjs";

process.chdir(new URL("..", import.meta.url).pathname);

// routes.json, the plain table, ships encoded by the route codec (lib/routes/codec.ts, compiled
// on the fly): an object of functions, one per namespace, each returning its rows as one line. A
// string in a function that has not run is only scanned, not interned: importing the table builds
// nothing per namespace and keeps one copy of it on the heap (the module's source) instead of two,
// and the reader takes a line from the function's source text, so even a namespace in use is not
// copied. A bar rather than a newline keeps the string in quotes (a template literal costs ~4 M more
// to scan). The codec sorts rows by path and shares each path's prefix with the row before.
const codec = await loadCodec();
const routeTable = {
	name: "route-table",
	setup(build) {
		build.onLoad({ filter: /[\\/]routes\.json$/ }, ({ path }) => {
			const { namespaces, ...rest } = codec.encodeRoutes(JSON.parse(readFileSync(path, "utf8")));
			const lines = Object.entries(namespaces).map(([name, line]) => `\t${name}: () => ${JSON.stringify(line)},`);
			const contents = `export default { ...${JSON.stringify({ ...rest, format: codec.SHIPPED_FORMAT })}, namespaces: {\n${lines.join("\n")}\n} };`;
			return { contents, loader: "js" };
		});
	},
};

// debug is loaded only on Node (under DEBUG), so its Node half is bundled without the browser
// half. That half requires tty and util, Node's own modules: they are taken from the running Node
// when debug loads (Node ≥ 20.16) rather than imported, so that no Node built-in is imported
// anywhere and the same file bundles for browsers and edge runtimes. supports-color is no
// dependency of debug's: debug requires it inside a try, and does without it (its six basic
// colours) where it is not installed, which is what it is told here, rather than probing the
// terminal. No dependency's own source is replaced (test/build.test.js).
const nodeBuiltins = {
	name: "node-builtins",
	setup(build) {
		build.onResolve({ filter: /^(tty|util|supports-color)$/ }, ({ path }) => ({ path, namespace: "not-bundled" }));
		build.onLoad({ filter: /.*/, namespace: "not-bundled" }, ({ path }) => ({
			contents: path === "supports-color" ? "throw new Error(\"supports-color is not bundled\");" : `module.exports = process.getBuiltinModule("${path}");`,
			loader: "js",
		}));
	},
};

// The entries. Each opens the kernel's doors (lib/common/doors.ts) its own way. For a bundler
// (package.json's "module" condition) lib/core.ts opens them on the code itself: dist/core.module.js,
// which the full entry for bundlers, dist/index.module.js, imports. For Node, dist/core.js is
// lib/common/lazy-doors.ts, which opens them on the files loaded at first use, and the rest of the
// API re-exported from the kernel; dist/index.js bundles the same, and the test kit imports
// dist/index.js. Every form imports dist/kernel.js (lib/kernel.ts): one client class and one
// RequestError for every entry, and the package holds that code once.
const LAZY_DOORS = "lib/common/lazy-doors.ts";
// Every feature with its body: exported by the bundlers' `/core`, and what the full entry composes.
const WITH_BODIES = "lib/features-with-bodies.ts";
/** The names lib/features-with-bodies.ts exports: every feature. */
const featureNames = () => {
	const text = readFileSync(WITH_BODIES, "utf8");
	const names = [...text.matchAll(/^export const (\w+)/gm)].map(([, name]) => name);
	for (const [, list] of text.matchAll(/^export \{([^}]*)\} from/gm)) names.push(...list.split(",").map((name) => name.trim()).filter(Boolean));
	return names.sort();
};
/** The line of lib/index.ts that re-exports every feature: bundled from lib/, the features with their bodies. */
const EVERY_FEATURE = 'export * from "./features-with-bodies.js";';
/** The names lazy-doors.ts exports in place of the kernel's: its class. */
const lazyExports = () =>
	[...readFileSync(LAZY_DOORS, "utf8").matchAll(/^export (?:const (\w+)|\{ \w+ as (\w+) \})/gm)].map(([, name, alias]) => name ?? alias);
/** The names of the API that Node's `/core` entry re-exports from dist/kernel.js: those lazy-doors.ts does not export. */
const restOfApi = () => {
	const api = publicNames();
	const own = lazyExports();
	return core.metafile.outputs["dist/kernel.js"].exports.filter((name) => api.has(name) && !own.includes(name)).sort();
};
const entriesOf = (form) => ({
	name: `entries-${form}`,
	setup(build) {
		// Node's `/core` entry, as the full entry for Node bundles it.
		build.onResolve({ filter: /^entry:node$/ }, ({ path }) => ({ path, namespace: "entry" }));
		build.onLoad({ filter: /.*/, namespace: "entry" }, () => ({
			contents: `export { ${lazyExports().join(", ")} } from ${JSON.stringify(resolve(LAZY_DOORS))};\nexport { ${restOfApi().join(", ")} } from "./kernel.js";\n`,
			loader: "js",
			resolveDir: resolve("dist"),
		}));
		// lib/kernel.ts is what dist/kernel.js is built from: the entries take it from there.
		build.onResolve({ filter: /^(\.\.?\/)+kernel\.js$/ }, ({ path, importer, namespace }) => {
			// The features the full entry for Node composes take their fronts from its `/core` (the same
			// bindings, so its file imports each name of dist/kernel.js once).
			if (form === "node" && resolve(importer) === resolve(WITH_BODIES)) return { path: "entry:node", namespace: "entry" };
			return namespace === "entry" || /lib[\\/](core|features-with-bodies|common[\\/]lazy-doors)\.ts$/.test(importer) ? { path: "./kernel.js", external: true } : undefined;
		});
		// The features the full entry composes, with their bodies: for Node, bundled into its file (only
		// those it imports: each is marked pure); for a bundler, the `/core` entry's (dist/core.module.js).
		build.onResolve({ filter: /^\.\/features-with-bodies\.js$/ }, ({ importer }) =>
			form === "bundler" && /lib[\\/]index\.ts$/.test(importer) ? { path: "./core.module.js", external: true } : undefined,
		);
		// The full entry exports every feature as its `/core` does, the same objects: its `export *` of
		// features-with-bodies.ts becomes the list of that module's names from "./core.js", which each form
		// resolves to its own `/core` (below): for Node, the features whose bodies load at their first use.
		build.onLoad({ filter: /[\\/]lib[\\/]index\.ts$/ }, ({ path }) => {
			const text = readFileSync(path, "utf8");
			if (!text.includes(EVERY_FEATURE)) throw new Error(`lib/index.ts no longer says ${EVERY_FEATURE}: scripts/build.mjs reads it`);
			return { contents: text.replace(EVERY_FEATURE, `export { ${featureNames().join(", ")} } from "./core.js";`), loader: "ts" };
		});
		// The full entry's core, and the test kit's full entry (dist/index.js: the test kit has no file for bundlers).
		build.onResolve({ filter: /^\.\/(core|index)\.js$/ }, ({ path, importer }) => {
			if (!/lib[\\/](index|testing)\.ts$/.test(importer)) return undefined;
			if (path === "./index.js") return { path, external: true };
			return form === "node" ? { path: "entry:node", namespace: "entry" } : { path: "./core.module.js", external: true };
		});
	},
});

// Code that runs only later is a file of its own, imported when it is first needed, so that a
// program that does not bundle parses it only then: the transport at the first request, p-retry at the
// first retry, graphql's body at its first call, debug under DEBUG (Node's doors, lazy-doors.ts, reach
// the first three). The files for bundlers import the transport, graphql's body and the features'
// bodies at once, from the same files. Each such file is built below, from the same sources.
const LATER = {
	"p-retry": "./p-retry.js",
	debug: "./debug.js",
};
const loadedLater = {
	name: "loaded-later",
	setup(build) {
		build.onResolve({ filter: /^(p-retry|debug)$/ }, ({ path, kind }) => (kind === "dynamic-import" ? { path: LATER[path], external: true } : undefined));
		// The transport and graphql's query: import()ed by the doors for Node, imported by those for a bundler.
		build.onResolve({ filter: /^\.\.?\/(http\/request|graphql\/query)\.js$/ }, ({ path, importer }) =>
			/lib[\\/](core|common[\\/]lazy-doors)\.ts$/.test(importer) ? { path: path.includes("request") ? "./transport.js" : "./graphql.js", external: true } : undefined,
		);
	},
};

rmSync("dist", { recursive: true, force: true });
const shared = {
	outdir: "dist",
	bundle: true,
	format: "esm",
	// Neutral: no Node-only resolution, so each file runs on Node and bundles for any platform.
	platform: "neutral",
	mainFields: ["module", "main"],
	target: "es2022",
	// Syntax and whitespace are minified (about 1 M instructions less to parse at import); names
	// are kept and lines stay short, so stack traces and an editor can still find their way.
	minifySyntax: true,
	minifyWhitespace: true,
	lineLimit: 200,
	legalComments: "none",
	alias: { debug: "debug/src/node.js" },
	// The one package not bundled: RequestError extends @octokit/request-error's class, and that
	// must be the copy the user's project resolves (a peer dependency), for `instanceof` to hold.
	external: ["@octokit/request-error"],
	metafile: true,
	logLevel: "warning",
};
// The features' bodies (scripts/feature-bodies.mjs), each a file of its own: Node's doors import() a
// body at the feature's first use (lazy-doors.ts). The full entry for Node bundles those its client
// uses at the first request (and paginate's) into its own file, each composed with its feature
// (lib/features-with-bodies.ts), since a load costs 2–3 M instructions.
const BODIES = Object.fromEntries(featureBodies(".").map(({ source, file }) => [source, file]));
/** The body a relative import in `importer` names, or undefined. */
const bodyOf = (importer, path) => BODIES[relative(process.cwd(), tsPath(importer, path))];
const bodiesLoadedLater = {
	name: "bodies-loaded-later",
	setup(build) {
		build.onResolve({ filter: /^\.\.?\//, namespace: "file" }, ({ path, importer, kind }) => {
			if (kind !== "dynamic-import") return undefined;
			const body = bodyOf(importer, path);
			return body ? { path: `./${body}.js`, external: true } : undefined;
		});
	},
};

// dist/kernel.js, built until the modules it holds stop changing: the files built beside it import
// those modules from it (scripts/kernel-imports.mjs), and each name they import is one more export.
// kernel.js is no entry of the package (package.json's `exports` does not name it), so those names
// are not part of its API: dist/core.js, the `@hublet/rest/core` entry, re-exports the public ones.
const kernel = createKernelMap();
// The files for bundlers (package.json's "module" condition, which Node never matches) take what Node
// loads later from the same files, imported at once: the transport and graphql's query (above), and
// the features' bodies (from lib/features-with-bodies.ts), so that a bundle holds each once.
const laterAtOnce = {
	name: "later-at-once",
	setup(build) {
		build.onResolve({ filter: /^\.\.?\//, namespace: "file" }, ({ path, importer, kind }) => {
			if (kind !== "import-statement" || resolve(importer) !== resolve(WITH_BODIES)) return undefined;
			const body = bodyOf(importer, path);
			return body ? { path: `./${body}.js`, external: true } : undefined;
		});
	},
};
const coreBuild = () =>
	build({ ...shared, entryPoints: { kernel: "lib/kernel.ts" }, plugins: [coreWithAliases(kernel), loadedLater, bodiesLoadedLater] });
const besideCore = (write) => [
	build({
		...shared,
		write,
		entryPoints: { core: LAZY_DOORS, index: "lib/index.ts", testing: "lib/testing.ts" },
		plugins: [entriesOf("node"), loadedLater, bodiesLoadedLater, routeTable, kernelFromCore(kernel, "./kernel.js")],
	}),
	build({
		...shared,
		write,
		entryPoints: { "core.module": "lib/core.ts", "index.module": "lib/index.ts" },
		plugins: [entriesOf("bundler"), loadedLater, laterAtOnce, routeTable, kernelFromCore(kernel, "./kernel.js")],
	}),
	build({
		...shared,
		write,
		// The transport (the attempt, and what only it uses) is loaded at the first request, the same way,
		// and graphql's body at its first call. What the `hublet` command (bin/) reads from the library
		// (lib/command-line.ts): the template parser, the edit distance and GHES's GraphQL URL, from the
		// kernel the command loads anyway.
		entryPoints: {
			...Object.fromEntries(Object.entries(BODIES).map(([path, name]) => [name, path])),
			transport: "lib/http/request.ts",
			graphql: "lib/graphql/query.ts",
			"command-line": "lib/command-line.ts",
		},
		plugins: [loadedLater, kernelFromCore(kernel, "./kernel.js")],
	}),
	build({
		...shared,
		write,
		outdir: "dist/servers",
		entryPoints: { "table-reader": "lib/features/server-tables/reader.ts" },
		plugins: [kernelFromCore(kernel, "../kernel.js")],
	}),
];
let core = await coreBuild();
for (let round = 0; ; round++) {
	const before = [...kernel.held].sort().join();
	learnHeld(kernel, core.metafile, readFileSync("dist/kernel.js", "utf8"), "dist/kernel.js");
	if (round > 0 && [...kernel.held].sort().join() === before) break;
	if (round > 3) throw new Error("the modules dist/kernel.js holds keep changing");
	kernel.wanted = new Map();
	await Promise.all(besideCore(false));
	assignAliases(kernel);
	core = await coreBuild();
}
const written = await Promise.all(besideCore(true));
// Node's `/core` entry is lazy-doors.ts, and the rest of the API re-exported from the kernel (a list of
// names read once, rather than imported and exported again).
writeFileSync("dist/core.js", `${readFileSync("dist/core.js", "utf8").trimEnd()}export{${restOfApi().join(",")}}from"./kernel.js";\n`);
// Node's doors load every feature's body, and the bundlers' entry imports each: both name each body's file.
for (const file of Object.values(BODIES)) {
	if (!readFileSync("dist/core.js", "utf8").includes(`import("./${file}.js")`)) throw new Error(`dist/core.js never loads ${file}.js: add it to lib/common/lazy-doors.ts`);
	if (!readFileSync("dist/core.module.js", "utf8").includes(`from"./${file}.js"`)) throw new Error(`dist/core.module.js never imports ${file}.js: add it to ${WITH_BODIES}`);
}
// minifyWhitespace drops comments, and the pure marks with them: dist/core.module.js gets back the one on
// each feature it composes with its body, so that a program's bundler drops a feature (and its body)
// that the program does not import (lib/features-with-bodies.ts).
{
	const text = readFileSync("dist/core.module.js", "utf8");
	// Each call (lineLimit may break a line between tokens anywhere); the declaration is `withBody=(`.
	const marked = text.replace(/\bwithBody(?=\s*\()/g, "/* @__PURE__ */withBody");
	const count = marked.split("/* @__PURE__ */withBody").length - 1;
	if (count !== Object.keys(BODIES).length) throw new Error(`dist/core.module.js composes ${count} features with their bodies, not ${Object.keys(BODIES).length}: compose each in ${WITH_BODIES}`);
	writeFileSync("dist/core.module.js", marked);
}
const metafiles = [core.metafile, ...written.map(({ metafile }) => metafile)];
// The packages loaded later: each imports nothing from the others, nor from the kernel.
const later = await build({
	...shared,
	entryPoints: { "p-retry": "node_modules/p-retry/index.js", debug: "node_modules/debug/src/node.js" },
	plugins: [nodeBuiltins],
});

// lineLimit breaks long strings with a line continuation ("\" and a newline, which adds nothing to
// the value). The route table's lines are read from their source text (lib/routes/codec.ts), which
// must then be the value itself: joined again, each namespace's line is one line of the file.
for (const file of ["dist/index.js", "dist/index.module.js"]) {
	const index = readFileSync(file, "utf8");
	writeFileSync(file, index.replace(/:\(\)=>"[^"\n]*(?:\\\n[^"\n]*)*"/g, (literal) => literal.replaceAll("\\\n", "")));
}

// esbuild writes one import statement per module of lib/ that a file takes from dist/kernel.js (or
// another file of dist/): those of one file are joined into one, which every program that loads the
// file parses (the same bindings, hoisted alike).
for (const file of readdirSync("dist").filter((name) => name.endsWith(".js"))) {
	const text = readFileSync(join("dist", file), "utf8");
	const names = new Map();
	for (const [, list, from] of text.matchAll(/import\{([^}]*)\}from"(\.\/[\w.-]+)";/g)) {
		names.set(from, [...(names.get(from) ?? []), ...list.split(",").map((name) => name.trim())]);
	}
	const written = new Set();
	const joined = text.replace(/import\{([^}]*)\}from"(\.\/[\w.-]+)";/g, (_, list, from) =>
		written.has(from) ? "" : (written.add(from), `import{${names.get(from).join(",")}}from"${from}";`),
	);
	if (joined !== text) writeFileSync(join("dist", file), joined);
}

// esbuild writes a bundled top-level `class X` as `var X=class{…}`, whose name comes from the
// variable alone: a program's bundler that renames the variable (webpack's `kernel_RequestError`,
// esbuild's `RequestError2`) renames the class, and `util.inspect(error)`, `error.constructor.name`
// and stack traces show that. The classes a program sees, the client and its error, set their
// names themselves, as esbuild's `keepNames` would (a class's own inner name is renamed as well);
// `keepNames` itself names every function too, at about 5 KB gzip in a bundle of the full client.
const NAMED_CLASSES = /(?<![\w$.])(Hublet|RequestError)=class((?: extends [\w$.]+)?)\{/g;
for (const file of readdirSync("dist").filter((name) => name.endsWith(".js"))) {
	const text = readFileSync(join("dist", file), "utf8");
	const named = text.replace(NAMED_CLASSES, (_, name, heritage) => `${name}=class${heritage}{static{Object.defineProperty(this,"name",{value:"${name}",configurable:!0})}`);
	if (named !== text) writeFileSync(join("dist", file), named);
}

// lib/'s other modules, one file each and unbundled, in lib/'s folders, for the unit tests that
// import them (test/endpoint.test.js imports dist/endpoint/endpoint.js). package.json's `files`
// leaves them out.
const entries = ["index.ts", "core.ts", "kernel.ts", "testing.ts", "command-line.ts"];
await build({
	entryPoints: readdirSync("lib", { recursive: true })
		.filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts") && !entries.includes(name))
		.map((name) => join("lib", name)),
	outdir: "dist",
	outbase: "lib",
	format: "esm",
	platform: "neutral",
	target: "es2022",
	logLevel: "warning",
});

// ---------------------------------------------------------------------------
// Server route tables (the serverTables feature). One module per server in servers/ (each
// committed as its difference from routes.json; written whole here) at dist/servers/<name>.js,
// the package's `./servers/*` export: the table in the codec's shipped form, handed to
// serverTable() (dist/servers/table-reader.js, lib/features/server-tables/table.ts with the codec
// bundled in), which gives it the shape of a plain table. Beside them availability.js, where every
// method exists, which each table imports. No entry point imports any of them: the feature loads
// one when a client asks for a server, and a bundled program imports the one it uses.
// Each table stands alone rather than as its difference from api.github.com's (which would need
// that table beside it): ghes-3.17 is 12.0 KB gzip alone, 21.8 KB with api.github.com's.
{
	const { readAllTables, availabilityIndex } = await import("./server-tables.mjs");
	const tables = readAllTables();
	mkdirSync("dist/servers", { recursive: true });
	writeFileSync("dist/servers/availability.js", `export default ${JSON.stringify(availabilityIndex(tables))};\n`);
	for (const [server, table] of Object.entries(tables)) {
		if (server === "api.github.com") continue;
		const { namespaces, ...rest } = codec.encodeRoutes(table);
		const lines = Object.entries(namespaces).map(([name, line]) => `\t${name}: () => ${JSON.stringify(line)},`);
		const head = JSON.stringify({ server, ...rest, format: codec.SHIPPED_FORMAT });
		writeFileSync(
			`dist/servers/${server}.js`,
			`import { serverTable } from "./table-reader.js";\nimport availability from "./availability.js";\nexport default serverTable({ ...${head}, namespaces: {\n${lines.join("\n")}\n} }, availability);\n`,
		);
	}
}

// Which of lib/'s modules each file of dist/ holds, for the test that a module with state of its
// own is in one file only (test/module-state-once.test.js).
mkdirSync(".tmp", { recursive: true });
const holds = {};
for (const [output, { inputs }] of [...metafiles, later.metafile].flatMap(({ outputs }) => Object.entries(outputs))) {
	holds[output] = Object.keys(inputs).filter((input) => input.startsWith("lib/"));
}
writeFileSync(".tmp/dist-modules.json", `${JSON.stringify(holds, null, "\t")}\n`);

// Each bundled package's licence, beside the code it covers.
// The one import() of a computed specifier, kept out of every bundle: see lib/common/import-file.cjs.
copyFileSync("lib/common/import-file.cjs", "dist/import-file.cjs");
mkdirSync("dist/licenses");
const packages = new Set();
for (const output of [...metafiles, later.metafile].flatMap(({ outputs }) => Object.values(outputs))) {
	for (const input of Object.keys(output.inputs)) {
		const match = /^(.*node_modules\/(?:@[^/]+\/)?[^/]+)\//.exec(input);
		if (match) packages.add(match[1]);
	}
}
for (const dir of packages) {
	const licence = readdirSync(dir).find((name) => /^licen[cs]e/i.test(name));
	if (!licence) throw new Error(`${dir} has no licence file to ship`);
	const name = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name.replace("/", "__");
	copyFileSync(join(dir, licence), join("dist/licenses", `${name}.txt`));
}
