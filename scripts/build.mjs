// Builds dist/: one ES module per entry point, with ky, p-retry, before-after-hook and debug
// bundled in, and the licences of everything bundled in dist/licenses/. `npm ci` runs it
// (`prepare`); tsc only type-checks.
//
// Why bundle: Node 20 pays 2–3 M instructions per ES module it loads, so ky and p-retry as
// ~15 modules cost +51 M instructions at the first request, and the same code as one file +2.5 M.
import { build } from "esbuild";
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";

process.chdir(new URL("..", import.meta.url).pathname);

// routes.json becomes one string of JSON per namespace: importing the module then creates 50
// strings rather than 1,300 rows, and lib/routes.ts parses a namespace when it is first read.
const routeTable = {
	name: "route-table",
	setup(build) {
		build.onLoad({ filter: /[\\/]routes\.json$/ }, ({ path }) => {
			const { namespaces, ...rest } = JSON.parse(readFileSync(path, "utf8"));
			const lazy = Object.fromEntries(Object.entries(namespaces).map(([name, methods]) => [name, JSON.stringify(methods)]));
			return { contents: `export default ${JSON.stringify({ ...rest, namespaces: lazy })};`, loader: "js" };
		});
	},
};

// debug is loaded only on Node (under DEBUG), so its Node half is bundled without the browser
// half. That half requires tty and util. They are taken from the running Node when debug
// loads (Node ≥ 20.16) rather than imported, so that no Node built-in is imported anywhere and
// the same file bundles for browsers and edge runtimes. supports-color, optional for debug,
// probes the terminal: left out, debug uses its six basic colours.
const nodeBuiltins = {
	name: "node-builtins",
	setup(build) {
		build.onResolve({ filter: /^(tty|util|supports-color)$/ }, ({ path }) => ({ path, namespace: "shim" }));
		build.onLoad({ filter: /.*/, namespace: "shim" }, ({ path }) => ({
			contents: path === "supports-color" ? "module.exports = {};" : `module.exports = process.getBuiltinModule("${path}");`,
			loader: "js",
		}));
	},
};

rmSync("dist", { recursive: true, force: true });
const { metafile } = await build({
	// dist/routes.js is not a public entry point: it is the table decoder that bin/ and scripts/ share.
	entryPoints: { index: "lib/index.ts", core: "lib/core.ts", routes: "lib/routes.ts" },
	outdir: "dist",
	bundle: true,
	format: "esm",
	// Neutral: no Node-only resolution, so each file runs on Node and bundles for any platform.
	platform: "neutral",
	mainFields: ["module", "main"],
	target: "es2022",
	// Syntax and whitespace are minified, names are kept: stack traces stay readable.
	minifySyntax: true,
	minifyWhitespace: true,
	legalComments: "none",
	alias: { debug: "debug/src/node.js" },
	plugins: [routeTable, nodeBuiltins],
	metafile: true,
	logLevel: "warning",
});

// Each bundled package's licence, beside the code it covers.
mkdirSync("dist/licenses");
const packages = new Set();
for (const output of Object.values(metafile.outputs)) {
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
