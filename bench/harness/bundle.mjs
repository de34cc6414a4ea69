// Figure "bundle": esbuild --bundle --minify --platform=node of a small program, as min, gzip
// (level 9) and brotli (quality 11) bytes, plus the metafile's bytes per package for the notes.
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { build } from "esbuild";

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
 * Measured only when the installed package exports "./core" (the client without routes.json).
 * The subset table is the five rows above, cut from the package's own routes.json and handed to
 * `Hublet.withRoutes()`, as a user who keeps a small table beside their code would. When the
 * subset feature (issue 6, item 3) documents another way (a generator, a helper), change this
 * function to do what the README tells users to do. It returns the entry's source, or a reason
 * why (b) is "n/a".
 */
export function subsetEntry(installDir) {
	const pkgDir = join(installDir, "node_modules", "@hublet", "rest");
	const manifest = JSON.parse(readFileSync(join(pkgDir, "package.json"), "utf8"));
	if (!manifest.exports?.["./core"]) return { reason: `@hublet/rest ${manifest.version} has no "./core" export` };
	const table = JSON.parse(readFileSync(join(pkgDir, "routes.json"), "utf8"));
	const subset = { namespaces: {} };
	for (const [namespace, name] of SUBSET_METHODS) {
		const row = table.namespaces[namespace]?.[name];
		if (!row) return { reason: `routes.json has no ${namespace}.${name}` };
		(subset.namespaces[namespace] ??= {})[name] = row;
	}
	writeFileSync(join(installDir, "subset-b.json"), `${JSON.stringify(subset, null, "\t")}\n`);
	return {
		source: program(
			`import { Hublet as Core } from "@hublet/rest/core";\nimport routes from "./subset-b.json";\nconst Hublet = Core.withRoutes(routes);`,
			"Hublet",
		),
	};
}
// ─── end of SLOT ───────────────────────────────────────────────────────────────────────────────

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

