// The kernel part by part: each part's bytes in the bundled `/core` + paginate app, and the bytes of
// it that run at the first request, beside octokit's counterparts (@octokit/core + paginate-rest).
//
// - Bytes: esbuild's metafile (`bytesInOutput`) of the app bundled as harness/bundled.mjs bundles it
//   (--bundle --minify, ESM for Node), Hublet's from the repository's lib/ sources (dist/ is itself a
//   bundle, so its files no longer say which part a byte is of; the source build is within a few per
//   cent of the one from dist/), octokit's from its install.
// - Bytes run: the app runs once, with Node's fetch to the loopback server, under V8's precise
//   coverage at function granularity (node:inspector, Profiler.startPreciseCoverage with block
//   coverage off). Each function that was called counts with its own bytes, less the functions
//   nested in it, which V8 compiles on their own call if ever; the module's top level counts too, as
//   it runs. The bundle's source map assigns each of those bytes to its source file.
// - Parts: a source file's part follows from its path (PARTS below, first match wins; a file no rule
//   names is "other", listed in `files` with its own figures, so nothing is hidden when lib/ changes).
import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { exec } from "./util.mjs";

/** [part, test on the file's key ("lib/…" for Hublet's sources, the package name for a dependency)]. */
const PARTS = [
	["redaction", (key) => /^lib\/.*redact/.test(key)],
	["validation", (key) => /^lib\/.*(validat|request-checks|client-options|spelling|checks?\.ts)/.test(key)],
	["errors", (key) => /^lib\/.*(error|failure|refusal|fails-again)/.test(key) || key === "@octokit/request-error"],
	["endpoint", (key) => /^lib\/endpoint\//.test(key) || key === "@octokit/endpoint"],
	["paginate", (key) => /^lib\/.*paginat/.test(key) || key === "@octokit/plugin-paginate-rest"],
	["graphql", (key) => /^lib\/graphql/.test(key) || key === "@octokit/graphql"],
	["route machinery", (key) => /^lib\/routes\//.test(key) || key === "@octokit/plugin-rest-endpoint-methods"],
	["feature loop and fronts", (key) => /^lib\/(.*compose-features|.*later|.*stage-|features\/)/.test(key)],
	["JSON", (key) => /^lib\/.*(json|bigint)/.test(key) || ["json-with-bigint", "content-type", "fast-content-type-parse"].includes(key)],
	["before-after-hook", (key) => key === "before-after-hook"],
	[
		"client, request API, auth, pipeline",
		(key) =>
			/^lib\/(client|core|kernel|auth|index|version)\b|^lib\/.*(request-api|pipeline|chain-wraps|route-of|user-agent|identity|brand|objects|log\.ts|url\.ts|own-location|optional-package)/.test(key) ||
			["@octokit/core", "@octokit/auth-token", "universal-user-agent"].includes(key),
	],
	["transport", (key) => /^lib\/(http|transport)|^lib\/.*(transport|race|bounded|signal)/.test(key) || key === "@octokit/request"],
	["app and esbuild glue", (key) => key === "(app)" || key === "(glue)"],
];
const partOf = (key) => PARTS.find(([, test]) => test(key))?.[0] ?? "other";

/** A file's key: "lib/…" under the repository, the package name under node_modules, "(app)" for the app. */
function keyOf(path, root) {
	const modules = path.lastIndexOf("node_modules/");
	if (modules !== -1) {
		const [scope, name] = path.slice(modules + "node_modules/".length).split("/");
		return scope.startsWith("@") ? `${scope}/${name}` : scope;
	}
	const inRoot = relative(root, path);
	return inRoot.startsWith("..") || !inRoot.startsWith("lib/") ? "(app)" : inRoot;
}

const BASE64 = Object.fromEntries([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((char, index) => [char, index]));

/** The source map's segments as generated offsets into `code`, each with its source index (-1: none), sorted. */
function segments(map, code) {
	const lineStarts = [0];
	for (let index = 0; index < code.length; index++) if (code.charCodeAt(index) === 10) lineStarts.push(index + 1);
	const offsets = [];
	const sources = [];
	let source = 0;
	map.mappings.split(";").forEach((line, lineIndex) => {
		let column = 0;
		for (const segment of line.split(",")) {
			if (!segment) continue;
			const fields = [];
			let value = 0;
			let shift = 0;
			for (const char of segment) {
				const digit = BASE64[char];
				value += (digit & 31) << shift;
				if (digit & 32) shift += 5;
				else {
					fields.push(value & 1 ? -(value >>> 1) : value >>> 1);
					value = 0;
					shift = 0;
				}
			}
			column += fields[0];
			if (fields.length > 1) source += fields[1];
			offsets.push(lineStarts[lineIndex] + column);
			sources.push(fields.length > 1 ? source : -1);
		}
	});
	return { offsets, sources };
}

/** Characters of [start, end) per source index, by the segments each falls in (-1: no source). */
function attribute({ offsets, sources }, start, end, into) {
	let low = 0;
	let high = offsets.length - 1;
	while (low < high) {
		const middle = (low + high + 1) >> 1;
		if (offsets[middle] <= start) low = middle;
		else high = middle - 1;
	}
	for (let index = offsets[low] <= start ? low : -1, from = start; from < end; index++) {
		const to = Math.min(end, index + 1 < offsets.length ? offsets[index + 1] : end);
		const source = index === -1 ? -1 : sources[index];
		into.set(source, (into.get(source) ?? 0) + (to - from));
		from = to;
	}
}

/** [start, end) of every function V8 reported as called, less the functions nested in it. */
function runIntervals(functions) {
	const list = functions.map(({ ranges: [range] }) => range).sort((a, b) => a.startOffset - b.startOffset || b.endOffset - a.endOffset);
	const intervals = [];
	const stack = [];
	const close = (node) => {
		if (node.range.count === 0) return;
		let from = node.range.startOffset;
		for (const child of node.children) {
			if (child.startOffset > from) intervals.push([from, child.startOffset]);
			from = Math.max(from, child.endOffset);
		}
		if (node.range.endOffset > from) intervals.push([from, node.range.endOffset]);
	};
	for (const range of list) {
		while (stack.length && stack.at(-1).range.endOffset <= range.startOffset) close(stack.pop());
		if (stack.length) stack.at(-1).children.push(range);
		stack.push({ range, children: [] });
	}
	while (stack.length) close(stack.pop());
	return intervals;
}

// Runs the bundle as harness/bundled.mjs does (imported as a module), under precise coverage.
const RUNNER = `import { Session } from "node:inspector/promises";
import { writeFileSync } from "node:fs";
const [bundle, out] = process.argv.slice(2);
const session = new Session();
session.connect();
await session.post("Profiler.enable");
await session.post("Profiler.startPreciseCoverage", { callCount: true, detailed: false });
await import(bundle);
const { result } = await session.post("Profiler.takePreciseCoverage");
writeFileSync(out, JSON.stringify(result.find(({ url }) => url === bundle)));
`;

/** Bundles `source` (imports resolved from `resolveDir`) into `work`, runs it, and measures it part by part. */
async function measureApp({ name, source, resolveDir, root, work, base }) {
	const outfile = join(work, `${name}.bundle.mjs`);
	const result = await build({
		stdin: { contents: source, resolveDir, sourcefile: `${name}.app.mjs` },
		bundle: true,
		minify: true,
		format: "esm",
		platform: "node",
		outfile,
		metafile: true,
		sourcemap: "external",
		absWorkingDir: work,
		logLevel: "error",
	});
	const code = readFileSync(outfile, "utf8");
	const map = JSON.parse(readFileSync(`${outfile}.map`, "utf8"));
	const runner = join(work, "coverage-runner.mjs");
	writeFileSync(runner, RUNNER);
	const coverageFile = join(work, `${name}.coverage.json`);
	await exec(process.execPath, [runner, pathToFileURL(outfile).href, coverageFile], { env: { BENCH_BASE: base } });
	const { functions } = JSON.parse(readFileSync(coverageFile, "utf8"));

	const files = new Map();
	const add = (key, field, value) => {
		const entry = files.get(key) ?? { bytes: 0, run: 0 };
		entry[field] += value;
		files.set(key, entry);
	};
	const [, output] = Object.entries(result.metafile.outputs).find(([path]) => !path.endsWith(".map"));
	for (const [path, { bytesInOutput }] of Object.entries(output.inputs)) {
		add(path === "<stdin>" ? "(app)" : keyOf(resolve(work, path), root), "bytes", bytesInOutput);
	}
	const runBySource = new Map();
	const spans = segments(map, code);
	for (const [start, end] of runIntervals(functions)) attribute(spans, start, end, runBySource);
	for (const [source, count] of runBySource) {
		const path = source === -1 ? undefined : map.sources[source];
		add(path === undefined ? "(glue)" : path.endsWith(".app.mjs") ? "(app)" : keyOf(resolve(dirname(outfile), path), root), "run", count);
	}
	const parts = {};
	for (const [key, { bytes, run }] of files) {
		const part = (parts[partOf(key)] ??= { bytes: 0, run: 0 });
		part.bytes += bytes;
		part.run += run;
	}
	return {
		min: Buffer.byteLength(code),
		gzip: gzipSync(code, { level: 9 }).length,
		run: [...runBySource.values()].reduce((sum, count) => sum + count, 0),
		parts,
		files: [...files].sort((a, b) => b[1].bytes - a[1].bytes).map(([file, { bytes, run }]) => ({ file, part: partOf(file), bytes, run })),
	};
}

/**
The `/core` + paginate app (request() strings, Node's fetch to the loopback server at `base`), for Hublet
built from `root`'s lib/ and for @octokit/core + plugin-paginate-rest installed in `octokitDir`.
*/
export async function measureParts({ root, octokitDir, work, base }) {
	mkdirSync(work, { recursive: true });
	const entry = ["core.ts", "core.js"].map((file) => join(root, "lib", file)).find(existsSync);
	if (!entry) throw new Error("lib/ has no core.ts");
	const calls = `const client = new Client({ auth: "ghp_x", baseUrl: process.env.BENCH_BASE });
const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "one" });
const items = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "octokit", repo: "one", per_page: 100 });
if (data.id !== 1 || items.length !== 1) throw new Error("the app did not get the server's answers");
`;
	const hublet = await measureApp({
		name: "hublet-core",
		source: `import { Hublet as Core, paginate } from ${JSON.stringify(entry)};\nconst Client = Core.plugin(paginate);\n${calls}`,
		resolveDir: root,
		root,
		work,
		base,
	});
	const octokit = await measureApp({
		name: "octokit-core",
		source: `import { Octokit as Core } from "@octokit/core";\nimport { paginateRest } from "@octokit/plugin-paginate-rest";\nconst Client = Core.plugin(paginateRest);\n${calls}`,
		resolveDir: octokitDir,
		root,
		work,
		base,
	});
	return {
		app: "`/core` + paginate, request() strings, Node's fetch to loopback; Hublet built from lib/, octokit: @octokit/core + plugin-paginate-rest",
		order: [...PARTS.map(([part]) => part), "other"],
		hublet,
		octokit,
	};
}
