// What scripts/build.mjs makes and what the package ships (issue 12): one ES module per entry
// point, loadable with require() on Node 20, with the bundled packages' licences and none of them
// as dependencies.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { build } from "esbuild";
import { Hublet, RequestError } from "../dist/index.js";
import { Hublet as ModuleHublet } from "../dist/index.module.js";
import { Hublet as CoreHublet, RequestError as CoreRequestError } from "../dist/core.js";
import { BODY_FILES } from "./helpers/features.js";

const root = resolve(".");
const manifest = JSON.parse(readFileSync("package.json", "utf8"));

// A project that has the package installed, as a user's would (a symlink, as `npm link` makes).
const project = mkdtempSync(join(tmpdir(), "hublet-require-"));
mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
symlinkSync(root, join(project, "node_modules", "@hublet", "rest"), "dir");
const runIn = (args) => spawnSync(process.execPath, args, { cwd: project, encoding: "utf8" });

const entries = suite("entry points");

entries("require('@hublet/rest') and require('@hublet/rest/core') work through the exports (no top-level await)", () => {
	const script = `
		const full = require("@hublet/rest");
		const core = require("@hublet/rest/core");
		const client = new full.Hublet();
		console.log(JSON.stringify({
			method: typeof client.rest.repos.get,
			core: Object.keys(new core.Hublet().rest).length,
			sameError: full.RequestError === core.RequestError,
		}));`;
	const result = runIn(["--input-type=commonjs", "-e", script]);
	assert.is(result.status, 0, result.stderr);
	assert.equal(JSON.parse(result.stdout), { method: "function", core: 0, sameError: true });
});

entries("import('@hublet/rest') works from another project", () => {
	const result = runIn(["--input-type=module", "-e", `import { Hublet } from "@hublet/rest"; console.log(typeof new Hublet().rest.issues.create);`]);
	assert.is(result.status, 0, result.stderr);
	assert.is(result.stdout.trim(), "function");
});

entries("the full client is a core client: one Hublet class and one RequestError for both entries", () => {
	assert.ok(new Hublet() instanceof CoreHublet);
	assert.is(RequestError, CoreRequestError);
	assert.ok(Hublet.prototype instanceof CoreHublet);
});

entries("the hublet command imports the library by the package's name (or #command-line, its private import), never a path into dist/ or lib/", () => {
	const files = readdirSync("bin", { recursive: true }).filter((name) => name.endsWith(".mjs")).map((name) => join("bin", name));
	assert.ok(files.length > 10);
	const reaching = files.filter((file) => /(?:from\s*|import\()\s*[`"'](?:\.\.?\/)+(?:dist|lib)\//.test(readFileSync(file, "utf8")));
	assert.equal(reaching, []);
});

entries("the /core entry carries no debug: neither its code nor a DEBUG check, in dist/core.js or the kernel it loads", () => {
	const core = readFileSync("dist/core.js", "utf8") + readFileSync("dist/kernel.js", "utf8");
	// debug's Node half reaches tty and util through getBuiltinModule; the proxy feature's loader of
	// undici reaches node:module the same way, and is no part of debug.
	assert.not.match(core, /humanize|getBuiltinModule\("(?:tty|util)"\)|DEBUG/);
	assert.match(readFileSync("dist/debug.js", "utf8"), /humanize/, "the full entry loads it from its own file");
	assert.match(readFileSync("dist/index.js", "utf8"), /import\("\.\/debug\.js"\)/, "under DEBUG");
});

entries.run();
// ---

const shipped = suite("what the package ships");

const packed = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8" }))[0].files.map((file) => file.path);

shipped("@octokit/openapi-types is the one dependency; p-retry, before-after-hook and debug are bundled, and no HTTP library: the attempt calls fetch", () => {
	assert.equal(Object.keys(manifest.dependencies), ["@octokit/openapi-types"]);
	for (const name of ["p-retry", "before-after-hook", "debug"]) assert.ok(manifest.devDependencies[name], name);
	assert.is(manifest.devDependencies.ky, undefined);
});

shipped("no file the package ships names import.meta, which babel-jest cannot turn into CommonJS (docs/testing.md's Jest recipe)", () => {
	const code = packed.filter((path) => path.startsWith("dist/") && path.endsWith(".js"));
	assert.ok(code.length > 0);
	assert.equal(code.filter((path) => readFileSync(path, "utf8").includes("import.meta")), []);
});

shipped("no ES module the package ships holds an import() of a computed specifier, which workerd's tools refuse in a bundle; dist/import-file.cjs, required by path, holds the one there is", () => {
	const code = packed.filter((path) => path.startsWith("dist/") && path.endsWith(".js"));
	// import( followed by anything but a string literal.
	const computed = /\bimport\(\s*(?!["'`])/;
	assert.equal(code.filter((path) => computed.test(readFileSync(path, "utf8"))), []);
	assert.match(readFileSync("dist/import-file.cjs", "utf8"), computed);
});

shipped("the licence of every bundled package is in the package", () => {
	const licences = packed.filter((path) => path.startsWith("dist/licenses/")).sort();
	assert.equal(licences, ["before-after-hook", "debug", "is-network-error", "ms", "p-retry"].map((name) => `dist/licenses/${name}.txt`));
	assert.match(readFileSync("dist/licenses/p-retry.txt", "utf8"), /MIT License/);
});

shipped("the package holds the entry points, the files they load later, the template parser the hublet command reads typed paths with, and the servers' route tables, not the modules built for unit tests, nor routes.json", () => {
	const code = packed.filter((path) => path.startsWith("dist/") && /\.c?js$/.test(path) && !path.startsWith("dist/servers/")).sort();
	const bodies = BODY_FILES.map((file) => `dist/${file}`);
	assert.equal(code, ["dist/core.js", "dist/core.module.js", "dist/kernel.js", "dist/debug.js", ...bodies, "dist/graphql.js", "dist/index.js", "dist/index.module.js", "dist/p-retry.js", "dist/testing.js", "dist/command-line.js", "dist/import-file.cjs", "dist/transport.js"].sort());
	const servers = packed.filter((path) => path.startsWith("dist/servers/")).sort();
	const tables = readdirSync("servers").map((file) => `dist/servers/${file.replace(/\.json$/, ".js")}`);
	assert.equal(servers, ["dist/servers/availability.js", ...tables, "dist/servers/table-reader.js"].sort());
	assert.not.ok(packed.includes("routes.json"));
	assert.ok(readdirSync("dist/endpoint").includes("endpoint.js"), "unit tests still find dist/endpoint/endpoint.js");
});

shipped("types/before-after-hook.d.ts is before-after-hook's own index.d.ts under a header", () => {
	const copy = readFileSync("types/before-after-hook.d.ts", "utf8");
	const original = readFileSync("node_modules/before-after-hook/index.d.ts", "utf8");
	assert.ok(copy.endsWith(original));
	assert.match(copy.slice(0, copy.length - original.length), new RegExp(`before-after-hook ${JSON.parse(readFileSync("node_modules/before-after-hook/package.json", "utf8")).version}`));
});

shipped.run();

// ---
// The build's tricks (docs/development.md, "dist/"), each checked where it would fail silently.
const tricks = suite("what the build does to dist/");

tricks("each namespace of the full entries' route table is one line whose source is its value, so the reader never calls it (lineLimit broke none)", () => {
	for (const [entry, Class] of [["dist/index.js", Hublet], ["dist/index.module.js", ModuleHublet]]) {
		const namespaces = Object.entries(Class.routes.namespaces);
		assert.ok(namespaces.length > 40, entry);
		for (const [name, line] of namespaces) {
			const source = String(line);
			assert.ok(source.startsWith('()=>"'), `${entry} ${name}: ${source.slice(0, 40)}`);
			assert.not.ok(source.includes("\n"), `${entry} ${name} spans lines`);
			assert.is(JSON.parse(source.slice(4)), line(), `${entry} ${name}: its source is not its value`);
		}
	}
});

tricks("p-retry is bundled as it ships, with is-network-error, its dependency: no stand-in replaces a dependency's code", () => {
	const pRetry = readFileSync("dist/p-retry.js", "utf8");
	// is-network-error's own checks name the browsers' network-failure messages.
	assert.match(pRetry, /Failed to fetch/);
	assert.not.match(pRetry, /function isNetworkError\(\)\{return!1\}/);
});

tricks("no file of dist/ imports a Node built-in: debug takes tty and util from the running Node, and leaves supports-color out", () => {
	for (const file of readdirSync("dist").filter((name) => name.endsWith(".js"))) {
		const text = readFileSync(join("dist", file), "utf8");
		assert.not.match(text, /\bfrom\s*"(?:node:)?(?:tty|util|os|fs|net|http|https|module)"|\brequire\(|__require\(/, file);
	}
	const debug = readFileSync("dist/debug.js", "utf8");
	assert.match(debug, /process\.getBuiltinModule\("tty"\)/);
	assert.match(debug, /process\.getBuiltinModule\("util"\)/);
	// supports-color, which debug requires inside a try, fails to load there as where it is not
	// installed: none of its terminal probing (FORCE_COLOR, COLORTERM) is there.
	assert.match(debug, /throw new Error\("supports-color is not bundled"\)/);
	assert.not.match(debug, /FORCE_COLOR|COLORTERM|hasFlag/);
});

tricks("a bundle of the full entry holds each feature's body once: the bundlers' entry imports the bodies from the files the fronts load", async () => {
	const project = mkdtempSync(join(tmpdir(), "hublet-bodies-once-"));
	mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(root, join(project, "node_modules", "@hublet", "rest"), "dir");
	const { outputFiles } = await build({
		stdin: {
			contents: 'import { Hublet, cache, proxy, rateLimit } from "@hublet/rest"; new (Hublet.plugin(cache, rateLimit, proxy))().rest.repos.get({ owner: "o", repo: "r" });',
			resolveDir: project,
		},
		bundle: true,
		write: false,
		format: "esm",
		platform: "node",
		minifySyntax: true,
		logLevel: "silent",
	});
	const text = outputFiles[0].text;
	for (const body of ["createPaginate", "withRetries", "requestLogWrap", "createProxyRoute", "createCache", "createRateLimits", "composeSend"]) {
		// A second copy would be declared under a new name (createPaginate2).
		const declared = text.match(new RegExp(`function ${body}\\d*\\(`, "g")) ?? [];
		assert.is(declared.length, 1, `${body} is declared ${declared.length} times`);
	}
});

tricks.run();

