// Figure "bundle": esbuild --bundle --minify --platform=node of a small program, as min, gzip
// (level 9) and brotli (quality 11) bytes, plus the metafile's bytes per package for the notes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";
import { exec } from "./util.mjs";

// (a): construct, repos.get, paginate. Top-level await is avoided: --platform=node emits CommonJS.
const program = (importLine, className) => `${importLine}
const client = new ${className}({ auth: process.env.GITHUB_TOKEN });
async function main() {
	const { data: repo } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner: "octokit", repo: "rest.js", per_page: 100 });
	console.log(repo.full_name, issues.length);
}
main();
`;

export const ENTRIES = {
	hublet: program(`import { Hublet } from "@hublet/rest";`, "Hublet"),
	octokit: program(`import { Octokit } from "@octokit/rest";`, "Octokit"),
};

// The README's (b) app the octokit way, for the ratio issue 31 asks beside (b)'s: @octokit/core with
// @octokit/plugin-paginate-rest, calling request() with route strings (both come with @octokit/rest).
export const OCTOKIT_CORE_ENTRY = `import { Octokit as Core } from "@octokit/core";
import { paginateRest } from "@octokit/plugin-paginate-rest";
const Octokit = Core.plugin(paginateRest);
const client = new Octokit({ auth: process.env.GITHUB_TOKEN });
async function main() {
	const { data: repo } = await client.request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
	const issues = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "rest.js", per_page: 100 });
	console.log(repo.full_name, issues.length);
}
main();
`;

// The five methods of figure (b).
export const SUBSET_METHODS = [
	["repos", "get"],
	["issues", "listForRepo"],
	["issues", "create"],
	["pulls", "list"],
	["repos", "listForOrg"],
];

/*
 * ─── SLOT: figure (b), a route subset of five methods ────────────────────────────────────────
 * Done the way the package README tells users to: `npx hublet-routes <names…> --out <file>`
 * writes the subset table, and the program builds `Hublet.plugin(paginate).withRoutes(table)`
 * from "@hublet/rest/core" (a core whose types export no paginate feature has it built in, and
 * builds `Hublet.withRoutes(table)`). Measured only when the installed package has both the
 * "./core" export and the `hublet-routes` bin; otherwise (b) is "n/a", with the reason. If the documented way
 * changes, change this function. It returns the entry's source, or `{ reason }`.
 */
export async function subsetEntry(installDir) {
	const { head, reason } = await subsetHead(installDir);
	return reason ? { reason } : { source: program(head, "Hublet") };
}

/**
The import lines of the subset program, which make the class `Hublet` from the subset table (written
into `installDir` as subset-b.json), or `{ reason }`. The bundled subset app (harness/bundled.mjs) uses it too.
*/
export async function subsetHead(installDir) {
	const pkgDir = join(installDir, "node_modules", "@hublet", "rest");
	const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
	if (!manifest.exports?.["./core"]) return { reason: `@hublet/rest ${manifest.version} has no "./core" export` };
	const bin = typeof manifest.bin === "string" ? manifest.bin : manifest.bin?.["hublet-routes"];
	if (!bin) return { reason: `@hublet/rest ${manifest.version} has no hublet-routes bin` };
	const names = SUBSET_METHODS.map(([namespace, name]) => `${namespace}.${name}`);
	await exec(process.execPath, [join(pkgDir, bin), ...names, "--out", join(installDir, "subset-b.json")], { cwd: installDir });
	const types = manifest.exports["./core"].types;
	const paginateExported = !types || /\bpaginate\b/.test(readFileSync(join(pkgDir, types), "utf8"));
	return {
		head: paginateExported
			? `import { Hublet as Core, paginate } from "@hublet/rest/core";\nimport routes from "./subset-b.json";\nconst Hublet = Core.plugin(paginate).withRoutes(routes);`
			: `import { Hublet as Core } from "@hublet/rest/core";\nimport routes from "./subset-b.json";\nconst Hublet = Core.withRoutes(routes);`,
	};
}
// ─── end of SLOT ───────────────────────────────────────────────────────────────────────────────

// The platforms users bundle for: Node, browsers, and edge runtimes (Cloudflare Workers, Deno,
// Vercel Edge), which bundle with `--platform=neutral` or `browser`.
export const PLATFORMS = ["node", "browser", "neutral"];

/**
Bundles a one-request program for each platform (ESM, minified) and runs it in Node against
the loopback server at `baseUrl`. Returns `{ [platform]: "runs" | "build fails: …" | "run fails: …" }`.
*/
export async function platformBundles(dir, lib, baseUrl) {
	const [importLine, className] = lib === "hublet" ? [`import { Hublet } from "@hublet/rest";`, "Hublet"] : [`import { Octokit } from "@octokit/rest";`, "Octokit"];
	const entry = join(dir, "platform.entry.js");
	writeFileSync(
		entry,
		`${importLine}
const client = new ${className}({ baseUrl: globalThis.process?.env.BENCH_BASE, auth: "ghp_bundle" });
const { status } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
if (status !== 200) throw new Error(\`status \${status}\`);
`,
	);
	const outcome = {};
	for (const platform of PLATFORMS) {
		const outfile = join(dir, `platform.${platform}.mjs`);
		try {
			await build({ entryPoints: [entry], bundle: true, minify: true, format: "esm", platform, outfile, logLevel: "silent" });
		} catch (error) {
			outcome[platform] = `build fails: ${error.errors?.[0]?.text ?? error.message}`;
			continue;
		}
		try {
			await exec(process.execPath, [outfile], { env: { BENCH_BASE: baseUrl }, quiet: true });
			outcome[platform] = "runs";
		} catch (error) {
			outcome[platform] = `run fails: ${error.message.split("\n")[0]}`;
		}
	}
	return outcome;
}

/** Bundles `source` (written into `dir`, so its imports resolve there) and measures it. */
export async function bundle(dir, name, source) {
	const entry = join(dir, `${name}.entry.js`);
	writeFileSync(entry, source);
	const outfile = join(dir, `${name}.bundle.js`);
	const result = await build({
		entryPoints: [entry],
		bundle: true,
		minify: true,
		platform: "node",
		outfile,
		metafile: true,
		logLevel: "error",
	});
	writeFileSync(join(dir, `${name}.meta.json`), JSON.stringify(result.metafile));
	const code = readFileSync(outfile);
	return {
		min: code.length,
		gzip: gzipSync(code, { level: 9 }).length,
		brotli: brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }).length,
		byPackage: bytesByPackage(result.metafile),
	};
}

/** Minified bytes in the output per package (or per file of the package itself), biggest first. */
function bytesByPackage(metafile) {
	const totals = {};
	for (const output of Object.values(metafile.outputs)) {
		for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
			const match = /node_modules\/((?:@[^/]+\/)?[^/]+)\/(.*)$/.exec(path);
			const key = match ? (match[1] === "@hublet/rest" ? `@hublet/rest/${match[2]}` : match[1]) : path;
			totals[key] = (totals[key] ?? 0) + bytesInOutput;
		}
	}
	return Object.entries(totals).sort((a, b) => b[1] - a[1]);
}

