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
//   bench.*      BENCH_SUMMARY and BENCH_TABLE below, written by the benchmark (bench/run.mjs)
//
//   node scripts/docs-figures.mjs [--check]
//     --check  changes nothing; exits 1 when a file would change
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const FIGURES_FILE = join(ROOT, "docs", "figures.json");
// The benchmark's results: one place to point at the committed summary once the bench writes one.
export const BENCH_SUMMARY = join(ROOT, "bench", "results", "latest.json");
export const BENCH_TABLE = join(ROOT, "bench", "results", "latest.md");
export const TEST_RUN = join(ROOT, ".tmp", "test-run.json");
export const CONSUMERS_RUN = join(ROOT, ".tmp", "consumers-run.json");

export const FIGURE = /<!-- figure: ([\w.-]+) -->(.*?)<!-- \/figure -->/g;
export const BLOCK = /<!-- figure-block: ([\w.-]+) -->\n([\s\S]*?)\n?<!-- \/figure-block -->/g;

/** How each kind of value is printed. */
export const FORMAT = {
	bytes: (value) => (value >= 1e6 ? `${(value / 1e6).toFixed(2)} MB` : `${(value / 1000).toFixed(1)} KB`),
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

/** The benchmark's medians (`bench.<figure>.<library>`), Hublet over octokit (`bench.ratio.<figure>`), and its table. */
function benchFigures() {
	const figures = {};
	const summary = readJson(BENCH_SUMMARY);
	if (summary?.medians) {
		const source = `${relative(ROOT, BENCH_SUMMARY)} (bench, ${summary.started})`;
		for (const [figure, byLibrary] of Object.entries(summary.medians)) {
			for (const [library, value] of Object.entries(byLibrary)) if (typeof value === "number") figures[`bench.${figure}.${library}`] = entry(value, "count", source);
			if (byLibrary.hublet && byLibrary.octokit) figures[`bench.ratio.${figure}`] = entry(byLibrary.hublet / byLibrary.octokit, "ratio", source);
		}
	}
	if (existsSync(BENCH_TABLE)) {
		const table = readFileSync(BENCH_TABLE, "utf8")
			.split("\n")
			.filter((line) => line.startsWith("|"))
			.join("\n");
		figures["bench.table"] = { value: table, text: table, kind: "block", source: relative(ROOT, BENCH_TABLE) };
	}
	return figures;
}

/** Every figure: the sources that are there, over what docs/figures.json kept from earlier runs. */
export async function collect() {
	const { measureSizes } = await import("./measure-sizes.mjs");
	const kept = readJson(FIGURES_FILE) ?? {};
	const sizes = Object.fromEntries(Object.entries(await measureSizes()).map(([key, value]) => [`size.${key}`, entry(value, "bytes", "scripts/measure-sizes.mjs over dist/")]));
	return { ...kept, ...sizes, ...routeFigures(), ...runFigures(), ...benchFigures() };
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
	if (bench.length) console.log(`left as they are, for want of the benchmark's results (${relative(ROOT, BENCH_SUMMARY)}, ${relative(ROOT, BENCH_TABLE)}): ${bench.join(", ")}`);
	for (const key of other) console.log(`no value for ${key}: run the command that writes its source (see scripts/docs-figures.mjs)`);
	console.log(changed.length ? `${check ? "would change" : "changed"}: ${changed.join(", ")}` : "figures: all up to date");
	process.exitCode = other.length || (check && changed.length) ? 1 : 0;
}
