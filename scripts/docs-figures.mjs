#!/usr/bin/env node
// `npm run docs:figures`: every figure that README.md and docs/*.md print comes from here, never
// from a hand copy. A figure sits in the Markdown between markers that name its key,
//
//   <!-- figure: size.full.gzip -->47.7 KB<!-- /figure -->
//
// and a whole generated block (a table) between `<!-- figure-block: key -->` and
// `<!-- /figure-block -->` lines. This script collects every key's value from the files commands
// write, keeps them in docs/figures.json (committed, with where each came from), and rewrites the
// text between the markers. test/docs-figures.test.js fails when a marker's text differs from
// docs/figures.json, or a byte figure is more than 2 % off what the build produces now.
//
// Sources (a source that is absent leaves its figures as docs/figures.json has them):
//   size.*       measured now from dist/ (scripts/measure-sizes.mjs): run the build first
//   routes.*     routes.json, written by `npm run routes:update`
//   tests.*      .tmp/test-run.json, written by `npm test` (scripts/test.mjs)
//   consumers.*  .tmp/consumers-run.json, written by `npm run test:consumers`
//   bench.*      bench/results.json (BENCH_SUMMARY), which a full run of the benchmark writes
//                (bench/run.mjs) and which is committed: one row per figure of its table, with
//                `key`, `hublet`, `octokit`, `raw`, `shown`, `ratio`, `target` and `met`. Without
//                it, only the table is taken, from a local run's bench/results/latest.md.
//
//   node scripts/docs-figures.mjs [--check]
//     --check  changes nothing; exits 1 when a file would change
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const FIGURES_FILE = join(ROOT, "docs", "figures.json");
// The benchmark's results: the committed summary of its last full run, and (a fallback for the
// table only, when there is no summary) a local run's Markdown, which is git-ignored.
export const BENCH_SUMMARY = join(ROOT, "bench", "results.json");
export const BENCH_TABLE = join(ROOT, "bench", "results", "latest.md");
export const TEST_RUN = join(ROOT, ".tmp", "test-run.json");
export const CONSUMERS_RUN = join(ROOT, ".tmp", "consumers-run.json");

export const FIGURE = /<!-- figure: ([\w.-]+) -->(.*?)<!-- \/figure -->/g;
export const BLOCK = /<!-- figure-block: ([\w.-]+) -->\n([\s\S]*?)\n?<!-- \/figure-block -->/g;

/** How each kind of value is printed. */
export const FORMAT = {
	bytes: (value) => (value >= 1e6 ? `${(value / 1e6).toFixed(2)} MB` : `${(value / 1000).toFixed(1)} KB`),
	exactBytes: (value) => `${Math.round(value).toLocaleString("en")} B`,
	count: (value) => Math.round(value).toLocaleString("en"),
	seconds: (value) => `${Math.round(value)} s`,
	ratio: (value) => `${value.toFixed(2)}×`,
	decimal: (value) => value.toFixed(1),
	text: (value) => String(value),
};

/** README.md and every page of docs/. */
export function documentationFiles() {
	const docs = join(ROOT, "docs");
	return [join(ROOT, "README.md"), ...readdirSync(docs).filter((file) => file.endsWith(".md")).sort().map((file) => join(docs, file))];
}

const readJson = (file) => (existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined);
const entry = (value, kind, source) => ({ value, text: FORMAT[kind](value), kind, source });

/** The figures of the test runs, from the files the two test commands write. */
function runFigures() {
	const figures = {};
	// A run with failures is no figure to print: the last passing run's stay.
	const tests = readJson(TEST_RUN);
	if (tests?.failed > 0) console.log(`${relative(ROOT, TEST_RUN)}: that run had ${tests.failed} failed, so its figures are not used`);
	if (tests && tests.failed === 0) {
		const source = `${relative(ROOT, TEST_RUN)} (npm test, ${tests.finished})`;
		figures["tests.passed"] = entry(tests.passed, "count", source);
		figures["tests.seconds"] = entry(tests.seconds, "seconds", source);
		if (tests.cpuSeconds !== null) figures["tests.cpu-seconds"] = entry(tests.cpuSeconds, "seconds", source);
		figures["tests.workers"] = entry(tests.workers, "count", source);
		figures["tests.cores"] = entry(tests.cores, "count", source);
		// How busy the machine was (the 5-minute load average as the run ended): wall times depend on it, CPU time much less.
		if (typeof tests.load === "number") figures["tests.load"] = entry(tests.load, "decimal", source);
	}
	const consumers = readJson(CONSUMERS_RUN);
	if (consumers?.failed > 0) console.log(`${relative(ROOT, CONSUMERS_RUN)}: that run had ${consumers.failed} failed, so its figures are not used`);
	if (consumers && consumers.failed === 0) {
		const source = `${relative(ROOT, CONSUMERS_RUN)} (npm run test:consumers, ${consumers.finished})`;
		figures["consumers.passed"] = entry(consumers.passed, "count", source);
		figures["consumers.seconds"] = entry(consumers.seconds, "seconds", source);
	}
	return figures;
}

/** The route table's figures, from routes.json. */
function routeFigures() {
	const table = readJson(join(ROOT, "routes.json"));
	const methods = Object.values(table.namespaces).reduce((sum, namespace) => sum + Object.keys(namespace).length, 0);
	return { "routes.methods": entry(methods, "count", `routes.json (${table.source})`) };
}

/**
The benchmark's figures, from bench/results.json, for each row `key` of its table:
`bench.<key>.hublet` (`.octokit`, `.raw`) as the table prints it (`17,237`, `47.3 M`, `6.49 MB`),
`bench.ratio.<key>` Hublet ÷ octokit and `bench.ratio-raw.<key>` Hublet ÷ raw fetch (`0.80×`),
`bench.target.<key>` and `bench.met.<key>` (`yes`, `no`); the run's `bench.node`, `bench.date`,
`bench.rounds`, `bench.seconds` and `bench.version.<library>`; and five blocks, `bench.table` (the table),
`bench.bundled` (the bundled apps' rows, in a table of their own), `bench.parts` (each part of the kernel:
its bytes in the bundled `/core` app and the bytes of it run at the first request, beside octokit's),
`bench.parse-cost` (what importing costs per function and per KB of code, string and comment) and
`bench.missed` (the targets missed, one line each).
*/
function benchFigures() {
	const figures = {};
	const summary = readJson(BENCH_SUMMARY);
	if (Array.isArray(summary?.rows)) {
		const source = `${relative(ROOT, BENCH_SUMMARY)} (bench, ${summary.date}, ${summary.rounds} rounds)`;
		const text = (value) => entry(value, "text", source);
		for (const row of summary.rows) {
			for (const library of ["hublet", "octokit", "raw"]) {
				if (typeof row[library] === "number") figures[`bench.${row.key}.${library}`] = { value: row[library], text: row.shown[library], kind: "bench", source };
			}
			if (typeof row.ratio?.octokit === "number") figures[`bench.ratio.${row.key}`] = entry(row.ratio.octokit, "ratio", source);
			if (typeof row.ratio?.raw === "number") figures[`bench.ratio-raw.${row.key}`] = entry(row.ratio.raw, "ratio", source);
			if (row.target) figures[`bench.target.${row.key}`] = text(row.target);
			if (typeof row.met === "boolean") figures[`bench.met.${row.key}`] = text(row.met ? "yes" : "no");
		}
		figures["bench.node"] = text(summary.node.replace(/^v/, ""));
		figures["bench.date"] = text(summary.date);
		figures["bench.rounds"] = entry(summary.rounds, "count", source);
		if (typeof summary.seconds === "number") figures["bench.seconds"] = entry(summary.seconds, "seconds", source);
		for (const [library, version] of Object.entries(summary.versions ?? {})) figures[`bench.version.${library}`] = text(version);
		const table = benchTable(summary);
		figures["bench.table"] = { value: table, text: table, kind: "block", source };
		const bundled = bundledTable(summary.rows);
		if (bundled) figures["bench.bundled"] = { value: bundled, text: bundled, kind: "block", source };
		const parts = partsTable(summary.parts);
		if (parts) figures["bench.parts"] = { value: parts, text: parts, kind: "block", source };
		const prices = parseCostTable(summary.parseCost);
		if (prices) figures["bench.parse-cost"] = { value: prices, text: prices, kind: "block", source };
		const missed = summary.rows
			.filter((row) => row.met === false)
			.map((row) => `- ${row.figure}: ${row.shown.hublet}${typeof row.ratio.octokit === "number" && row.target?.includes("octokit") ? ` (${FORMAT.ratio(row.ratio.octokit)} octokit)` : ""}${typeof row.ratio.raw === "number" && row.target?.includes("raw") ? ` (${FORMAT.ratio(row.ratio.raw)} raw fetch)` : ""}; target ${row.target}`)
			.join("\n");
		figures["bench.missed"] = { value: missed, text: missed || "- none", kind: "block", source };
	} else if (existsSync(BENCH_TABLE)) {
		const table = readFileSync(BENCH_TABLE, "utf8")
			.split("\n")
			.filter((line) => line.startsWith("|"))
			.join("\n");
		figures["bench.table"] = { value: table, text: table, kind: "block", source: relative(ROOT, BENCH_TABLE) };
	}
	return figures;
}

/** The benchmark's table as bench/run.mjs prints it (bench/harness/table.mjs), from the rows of bench/results.json. */
function benchTable({ rows, platforms }) {
	const times = (value) => (typeof value === "number" ? FORMAT.ratio(value) : "—");
	const lines = ["| figure | Hublet | @octokit/rest | raw fetch | Hublet ÷ octokit | Hublet ÷ raw | octokit ÷ raw | target | met |", "|---|--:|--:|--:|--:|--:|--:|---|---|"];
	for (const row of rows) {
		// octokit ÷ raw is (Hublet ÷ raw) ÷ (Hublet ÷ octokit), for costs and rates alike; rows whose octokit column is another program (b's) have no raw figure.
		const octokitVsRaw = typeof row.ratio.raw === "number" && typeof row.ratio.octokit === "number" ? row.ratio.raw / row.ratio.octokit : undefined;
		const met = row.met === null ? "" : row.met ? "yes" : "**no**";
		lines.push(`| ${row.figure} | ${row.shown.hublet} | ${row.shown.octokit} | ${row.shown.raw} | ${times(row.ratio.octokit)} | ${times(row.ratio.raw)} | ${times(octokitVsRaw)} | ${row.target ?? ""} | ${met} |`);
	}
	if (platforms?.hublet) {
		const outcome = (library) => (platforms[library] ? Object.entries(platforms[library]).map(([platform, result]) => `${platform}: ${result}`).join("; ") : "—");
		const allRun = Object.values(platforms.hublet).every((result) => result === "runs");
		lines.push(`| bundles for \`node\`, \`browser\`, \`neutral\`, each running a request over loopback | ${outcome("hublet")} | ${outcome("octokit")} | — | — | — | — | all build and run | ${allRun ? "yes" : "**no**"} |`);
	}
	return lines.join("\n");
}

/**
The rows of the bundled apps (bench/harness/bundled.mjs; keys `bundled…`) as a table of their own, the
octokit counterpart first: what a user who bundles pays. Undefined when the run had none.
*/
function bundledTable(rows) {
	const bundled = rows.filter((row) => row.key.startsWith("bundled"));
	if (bundled.length === 0) return undefined;
	const lines = ["| bundled app | octokit | Hublet | Hublet ÷ octokit | target | met |", "|---|--:|--:|--:|---|---|"];
	for (const row of bundled) {
		const ratio = typeof row.ratio.octokit === "number" ? FORMAT.ratio(row.ratio.octokit) : "—";
		const met = row.met === null ? "" : row.met ? "yes" : "**no**";
		lines.push(`| ${row.figure} | ${row.shown.octokit} | ${row.shown.hublet} | ${ratio} | ${row.target ?? ""} | ${met} |`);
	}
	return lines.join("\n");
}

/**
The kernel part by part (bench/harness/parts.mjs): minified bytes in the bundled `/core` + paginate app and
the bytes of them that run at the first request, Hublet's beside octokit's counterparts. Undefined when
the run has none.
*/
function partsTable(parts) {
	if (!parts?.hublet?.parts) return undefined;
	const count = (value) => (typeof value === "number" ? FORMAT.count(value) : "—");
	const lines = ["| part | Hublet, bytes | of them run at the first request | octokit, bytes | of them run | Hublet ÷ octokit, bytes run |", "|---|--:|--:|--:|--:|--:|"];
	for (const part of parts.order) {
		const [hublet, octokit] = [parts.hublet.parts[part], parts.octokit?.parts?.[part]];
		if (!hublet && !octokit) continue;
		const ratio = hublet?.run && octokit?.run ? FORMAT.ratio(hublet.run / octokit.run) : "—";
		lines.push(`| ${part} | ${count(hublet?.bytes)} | ${count(hublet?.run)} | ${count(octokit?.bytes)} | ${count(octokit?.run)} | ${ratio} |`);
	}
	const total = (lib) => parts[lib] && { bytes: parts[lib].min, run: parts[lib].run };
	const [hublet, octokit] = [total("hublet"), total("octokit")];
	lines.push(`| **the app** (min; gzip ${count(parts.hublet.gzip)} and ${count(parts.octokit?.gzip)}) | ${count(hublet.bytes)} | ${count(hublet.run)} | ${count(octokit?.bytes)} | ${count(octokit?.run)} | ${octokit?.run ? FORMAT.ratio(hublet.run / octokit.run) : "—"} |`);
	return lines.join("\n");
}

/**
What importing a module costs by what its text is made of (bench/scenarios/parse-cost.mjs): instructions
per function and per KB of each kind of text. Undefined when the run has none.
*/
function parseCostTable(cost) {
	if (typeof cost?.topLevelFunction !== "number") return undefined;
	const k = (value) => `${(value / 1000).toFixed(1)} k`;
	return [
		"| what a module holds | instructions to import it |",
		"|---|--:|",
		`| a function made when the module runs (a top-level declaration) | ${k(cost.topLevelFunction)} |`,
		`| a function nested in one that never runs (pre-parsed only) | ${k(cost.nestedFunction)} |`,
		`| a KB of code in functions that never run | ${k(cost.codeKb)} |`,
		`| a KB of string literal in them | ${k(cost.stringKb)} |`,
		`| a KB of comment in them | ${k(cost.commentKb)} |`,
	].join("\n");
}

/** Every figure: the sources that are there, over what docs/figures.json kept from earlier runs. */
export async function collect() {
	const { measureSizes } = await import("./measure-sizes.mjs");
	const kept = readJson(FIGURES_FILE) ?? {};
	// The package's unpacked size is given to the byte, as npm prints it; the others in KB or MB.
	const sizes = Object.fromEntries(Object.entries(await measureSizes()).map(([key, value]) => [`size.${key}`, entry(value, key === "package.unpacked" ? "exactBytes" : "bytes", "scripts/measure-sizes.mjs over dist/")]));
	const bench = benchFigures();
	// A benchmark summary replaces every figure of the last one: a row it no longer has (a wall time,
	// now shown as a ratio only, or a target that changed) does not linger in docs/figures.json.
	const current = existsSync(BENCH_SUMMARY) ? Object.fromEntries(Object.entries(kept).filter(([key]) => !key.startsWith("bench."))) : kept;
	return { ...current, ...sizes, ...routeFigures(), ...runFigures(), ...bench };
}

/** `text` with every marker filled from `figures`; unknown keys are listed in `missing`. */
export function fill(text, figures, missing = []) {
	return text
		.replace(FIGURE, (all, key) => {
			if (!figures[key]) return missing.push(key), all;
			return `<!-- figure: ${key} -->${figures[key].text}<!-- /figure -->`;
		})
		.replace(BLOCK, (all, key) => {
			if (!figures[key]) return missing.push(key), all;
			return `<!-- figure-block: ${key} -->\n${figures[key].text}\n<!-- /figure-block -->`;
		});
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
	const check = process.argv.includes("--check");
	const figures = await collect();
	const sorted = Object.fromEntries(Object.entries(figures).sort(([a], [b]) => a.localeCompare(b)));
	const changed = [];
	const missing = [];
	const write = (file, text) => {
		if (readFileSync(file, "utf8") === text) return;
		changed.push(relative(ROOT, file));
		if (!check) writeFileSync(file, text);
	};
	if (!existsSync(FIGURES_FILE) && !check) writeFileSync(FIGURES_FILE, "{}\n");
	if (existsSync(FIGURES_FILE)) write(FIGURES_FILE, `${JSON.stringify(sorted, null, "\t")}\n`);
	for (const file of documentationFiles()) write(file, fill(readFileSync(file, "utf8"), figures, missing));
	// The benchmark's figures stay as they are until its results are there (it takes minutes, and is run on purpose).
	const [bench, other] = [[...new Set(missing)].filter((key) => key.startsWith("bench.")), [...new Set(missing)].filter((key) => !key.startsWith("bench."))];
	if (bench.length) console.log(`left as they are, for want of the benchmark's results (${relative(ROOT, BENCH_SUMMARY)}): ${bench.join(", ")}`);
	for (const key of other) console.log(`no value for ${key}: run the command that writes its source (see scripts/docs-figures.mjs)`);
	console.log(changed.length ? `${check ? "would change" : "changed"}: ${changed.join(", ")}` : "figures: all up to date");
	process.exitCode = other.length || (check && changed.length) ? 1 : 0;
}
