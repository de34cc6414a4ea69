// The byte figures the documentation gives, measured from dist/ as it is now: esbuild bundles of
// small programs, minified as a user's bundler would and compressed with gzip -9 and brotli 11,
// the route tables of the other servers as the package ships them (dist/servers/), and the
// package as npm unpacks it. `npm run docs:figures` writes them into docs/figures.json,
// and test/docs-figures.test.js measures again and compares. The programs are those of
// test/size.test.js, whose budgets bound the same bundles.
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const DIST = join(ROOT, "dist");
const SUBSET = ["repos.get", "issues.listForRepo", "issues.create", "pulls.list", "repos.listForOrg"];
const USAGE = `
const client = new Hublet({ auth: "x" });
client.rest.repos.get({ owner: "o", repo: "r" }).then(() => client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r" }));`;

async function bundle(dir, name, source, platform = "node") {
	const entry = join(dir, `${name}.mjs`);
	writeFileSync(entry, source);
	const result = await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform, write: false, logLevel: "silent" });
	const code = result.outputFiles[0].contents;
	return {
		min: code.length,
		gzip: gzipSync(code, { level: 9 }).length,
		brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
	};
}

const subsetTable = (dir, name, methods) => {
	const table = join(dir, `${name}.json`);
	execFileSync(process.execPath, [join(ROOT, "bin", "hublet-routes.mjs"), ...methods, "--out", table]);
	return JSON.stringify(table);
};

/**
Each file of dist/servers/ (a server's route table, the availability index, the table reader) as
shipped and with gzip -9 (`server.<name>.bytes`, `server.<name>.gzip`), and the four tables
together (`servers.tables.bytes`): what a program that imports one adds, and what the package carries.
*/
function serverSizes() {
	const dir = join(DIST, "servers");
	const sizes = {};
	let tables = 0;
	for (const file of readdirSync(dir).filter((name) => name.endsWith(".js")).sort()) {
		const code = readFileSync(join(dir, file));
		const name = file.slice(0, -".js".length);
		sizes[`server.${name}.bytes`] = code.length;
		sizes[`server.${name}.gzip`] = gzipSync(code, { level: 9 }).length;
		if (name !== "availability" && name !== "table-reader") tables += code.length;
	}
	sizes["servers.tables.bytes"] = tables;
	return sizes;
}

/** Every size, in bytes, keyed as docs/figures.json keys them (without the `size.` prefix). */
export async function measureSizes() {
	const dir = mkdtempSync(join(tmpdir(), "hublet-figures-"));
	// The programs import the package by its name, as users do, so that the bundler resolves its
	// exports as it would for them (the full entry's "module" condition, package.json).
	mkdirSync(join(dir, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(ROOT, join(dir, "node_modules", "@hublet", "rest"));
	try {
		const full = `import { Hublet } from "@hublet/rest";${USAGE}`;
		const a = await bundle(dir, "full", full);
		const browser = await bundle(dir, "browser", full, "browser");
		const b = await bundle(
			dir,
			"subset",
			`import { Hublet as Core, paginate } from "@hublet/rest/core";
import routes from ${subsetTable(dir, "subset", SUBSET)};
const Hublet = Core.plugin(paginate).withRoutes(routes);${USAGE}`,
		);
		// The smallest client: the kernel over one method, with no feature; then the same with paginate.
		const one = subsetTable(dir, "one", ["repos.get"]);
		const core = JSON.stringify("@hublet/rest/core");
		const smallest = await bundle(dir, "smallest", `import { Hublet } from ${core};\nimport routes from ${one};\nnew (Hublet.withRoutes(routes))({ auth: "x" }).rest.repos.get({ owner: "o", repo: "r" });`);
		const withPaginate = await bundle(
			dir,
			"paginate",
			`import { Hublet, paginate } from ${core};\nimport routes from ${one};\nconst client = new (Hublet.plugin(paginate).withRoutes(routes))({ auth: "x" });\nclient.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });`,
		);
		const [{ unpackedSize }] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
		return {
			"full.min": a.min,
			"full.gzip": a.gzip,
			"full.brotli": a.brotli,
			"browser.gzip": browser.gzip,
			"subset.min": b.min,
			"subset.gzip": b.gzip,
			"smallest.gzip": smallest.gzip,
			"paginate.gzip": withPaginate.gzip - smallest.gzip,
			"package.unpacked": unpackedSize,
			...serverSizes(),
		};
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
}
