#!/usr/bin/env node
// Type-check cost, side by side: `tsc --noEmit` of one consumer file (consumer.ts: five endpoint
// methods and paginate) against @octokit/rest (from this folder's own node_modules) and against
// Hublet (the packed tarball, installed into .work/hublet as a user would install it).
//
//   cd bench/types && npm install && node run.mjs [--rounds 9]
//
// Both projects use the same tsc (the repo's), the same tsconfig and the same @types/node. Rounds
// are interleaved (the order flips every round) because this machine is noisy: read the ratio of
// medians, and the deterministic counts (files, lines, types, instantiations) beside them.

import { execFileSync, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readFileSync, readdirSync, rmSync, statSync, symlinkSync, writeFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, "../..");
const WORK = join(HERE, ".work");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");

const roundsArg = process.argv.indexOf("--rounds");
const ROUNDS = roundsArg === -1 ? 9 : Number(process.argv[roundsArg + 1]);

const TSCONFIG = {
	compilerOptions: {
		strict: true,
		noEmit: true,
		target: "ES2022",
		module: "node16",
		moduleResolution: "node16",
		lib: ["ES2022"],
		types: ["node"],
		skipLibCheck: true,
	},
	files: ["consumer.ts"],
};

function run(command, args, cwd) {
	return execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
}

function setUp() {
	if (!existsSync(join(HERE, "node_modules", "@octokit", "rest"))) {
		throw new Error("Run `npm install` in bench/types first: @octokit/rest is not installed there");
	}
	rmSync(WORK, { recursive: true, force: true });
	mkdirSync(WORK, { recursive: true });

	// Hublet as a user gets it: pack (npm runs the build, the package's `prepare`), install the
	// tarball (its dependencies from the npm cache or registry).
	const [{ filename }] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", WORK], ROOT));
	const consumer = readFileSync(join(HERE, "consumer.ts"), "utf8");
	const swapped = consumer.replace('import { Octokit } from "@octokit/rest";', 'import { Hublet as Octokit } from "@hublet/rest";');
	if (swapped === consumer) throw new Error("consumer.ts: the @octokit/rest import line was not found");

	// The baseline is the same project with no client: what TypeScript's libs and @types/node cost alone.
	const projects = { octokit: join(WORK, "octokit"), hublet: join(WORK, "hublet"), baseline: join(WORK, "baseline") };
	const sources = { octokit: consumer, hublet: swapped, baseline: "export const nothing = 0;\n" };
	for (const [name, dir] of Object.entries(projects)) {
		mkdirSync(dir, { recursive: true });
		writeFileSync(join(dir, "package.json"), JSON.stringify({ name: `bench-${name}`, private: true, type: "module" }, null, "\t"));
		writeFileSync(join(dir, "tsconfig.json"), JSON.stringify(TSCONFIG, null, "\t"));
		writeFileSync(join(dir, "consumer.ts"), sources[name]);
	}
	run("npm", ["install", "--prefer-offline", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", join(WORK, filename)], projects.hublet);
	// The octokit project resolves from bench/types/node_modules; both share its @types/node.
	mkdirSync(join(projects.hublet, "node_modules", "@types"), { recursive: true });
	symlinkSync(join(HERE, "node_modules", "@types", "node"), join(projects.hublet, "node_modules", "@types", "node"), "dir");
	symlinkSync(join(HERE, "node_modules", "undici-types"), join(projects.hublet, "node_modules", "undici-types"), "dir");
	return projects;
}

/** One `tsc -p`: wall time, plus what --extendedDiagnostics reports. */
function check(dir) {
	const start = process.hrtime.bigint();
	const result = spawnSync(process.execPath, [TSC, "-p", dir, "--extendedDiagnostics"], { encoding: "utf8" });
	const wall = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status !== 0) throw new Error(`tsc -p ${relative(HERE, dir)} failed:\n${result.stdout}${result.stderr}`);
	const read = (label) => {
		const match = new RegExp(`^${label}:\\s+([\\d.]+)(s|K)?$`, "m").exec(result.stdout);
		return match ? Number(match[1]) * (match[2] === "s" ? 1000 : 1) : undefined;
	};
	return {
		wall,
		total: read("Total time"),
		parse: read("Parse time"),
		check: read("Check time"),
		files: read("Files"),
		lines: read("Lines of Definitions"),
		types: read("Types"),
		instantiations: read("Instantiations"),
		memory: read("Memory used"),
	};
}

const median = (values) => {
	const sorted = [...values].sort((a, b) => a - b);
	const middle = sorted.length >> 1;
	return sorted.length % 2 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2;
};

/** The declaration files tsc loads from node_modules, without TypeScript's libs and @types/node. */
function loadedTypes(dir) {
	const files = run(process.execPath, [TSC, "-p", dir, "--listFilesOnly"], dir)
		.split("\n")
		.map((line) => line.trim())
		.filter((file) => file.includes("/node_modules/") && !/\/node_modules\/(typescript|@types\/node|undici-types)\//.test(file));
	let bytes = 0;
	let lines = 0;
	for (const file of files) {
		const text = readFileSync(file, "utf8");
		bytes += Buffer.byteLength(text);
		lines += text.split("\n").length;
	}
	const openapi = files.filter((file) => file.endsWith("/@octokit/openapi-types/types.d.ts"));
	return { files: files.length, bytes, lines, openapiParsed: openapi.map((file) => versionOf(dirname(file))) };
}

function versionOf(packageDir) {
	return JSON.parse(readFileSync(join(packageDir, "package.json"), "utf8")).version;
}

/** Every installed copy of @octokit/openapi-types under a node_modules tree. */
function openapiCopies(nodeModules) {
	const copies = [];
	const walk = (dir) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			if (!entry.isDirectory() || entry.name === ".bin") continue;
			const path = join(dir, entry.name);
			if (entry.name.startsWith("@")) {
				walk(path);
				continue;
			}
			if (path.endsWith(join("@octokit", "openapi-types"))) copies.push(`${relative(HERE, path)}@${versionOf(path)}`);
			if (existsSync(join(path, "node_modules"))) walk(join(path, "node_modules"));
		}
	};
	walk(nodeModules);
	return copies;
}

/** Bytes on disk of the packages a client installs (its own and its dependencies'), without @types/node. */
function installedBytes(nodeModules, keep) {
	let bytes = 0;
	const walk = (path) => {
		const stat = statSync(path, { throwIfNoEntry: false });
		if (!stat) return;
		if (stat.isDirectory()) for (const entry of readdirSync(path)) walk(join(path, entry));
		else bytes += stat.size;
	};
	for (const entry of readdirSync(nodeModules)) {
		if (entry === ".bin" || entry === ".package-lock.json" || entry === "@types" || entry === "undici-types") continue;
		if (!keep(entry)) continue;
		walk(join(nodeModules, entry));
	}
	return bytes;
}

// ---

const projects = setUp();
const samples = { octokit: [], hublet: [], baseline: [] };
// One warm-up each: the first tsc of a session pays for a cold file cache.
for (const name of Object.keys(samples)) check(projects[name]);
for (let round = 0; round < ROUNDS; round++) {
	const order = round % 2 ? ["hublet", "baseline", "octokit"] : ["octokit", "baseline", "hublet"];
	for (const name of order) samples[name].push(check(projects[name]));
}
const baseline = {
	wall: median(samples.baseline.map((sample) => sample.wall)),
	total: median(samples.baseline.map((sample) => sample.total)),
};

const summary = {};
for (const name of ["octokit", "hublet"]) {
	const list = samples[name];
	summary[name] = {
		wall: median(list.map((sample) => sample.wall)),
		total: median(list.map((sample) => sample.total)),
		parse: median(list.map((sample) => sample.parse)),
		check: median(list.map((sample) => sample.check)),
		memory: median(list.map((sample) => sample.memory)),
		files: list[0].files,
		lines: list[0].lines,
		types: list[0].types,
		instantiations: list[0].instantiations,
		loaded: loadedTypes(projects[name]),
	};
}
summary.octokit.copies = openapiCopies(join(HERE, "node_modules"));
summary.hublet.copies = openapiCopies(join(projects.hublet, "node_modules"));
// bench/types/node_modules holds only @octokit/rest's tree (and @types/node); .work/hublet/node_modules only Hublet's.
summary.octokit.installed = installedBytes(join(HERE, "node_modules"), () => true);
summary.hublet.installed = installedBytes(join(projects.hublet, "node_modules"), () => true);

const ms = (value) => `${Math.round(value)} ms`;
const kb = (value) => `${(value / 1024).toFixed(0)} KB`;
const ratio = (key) => (summary.hublet[key] / summary.octokit[key]).toFixed(2);
const net = (key) => ((summary.hublet[key] - baseline[key]) / (summary.octokit[key] - baseline[key])).toFixed(2);
const rows = [
	["", "@octokit/rest", "@hublet/rest", "ratio"],
	["tsc wall time (median)", ms(summary.octokit.wall), ms(summary.hublet.wall), ratio("wall")],
	[`  minus the baseline (${ms(baseline.wall)})`, ms(summary.octokit.wall - baseline.wall), ms(summary.hublet.wall - baseline.wall), net("wall")],
	["tsc Total time (median)", ms(summary.octokit.total), ms(summary.hublet.total), ratio("total")],
	[
		`  minus the baseline (${ms(baseline.total)})`,
		ms(summary.octokit.total - baseline.total),
		ms(summary.hublet.total - baseline.total),
		net("total"),
	],
	["  Parse time", ms(summary.octokit.parse), ms(summary.hublet.parse), ratio("parse")],
	["  Check time", ms(summary.octokit.check), ms(summary.hublet.check), ratio("check")],
	["Memory used", kb(summary.octokit.memory * 1024), kb(summary.hublet.memory * 1024), ratio("memory")],
	["Files in the program", summary.octokit.files, summary.hublet.files, ratio("files")],
	["Lines of definitions", summary.octokit.lines, summary.hublet.lines, ratio("lines")],
	["Types", summary.octokit.types, summary.hublet.types, ratio("types")],
	["Instantiations", summary.octokit.instantiations, summary.hublet.instantiations, ratio("instantiations")],
	[
		"Client .d.ts loaded by tsc",
		`${kb(summary.octokit.loaded.bytes)} (${summary.octokit.loaded.files} files)`,
		`${kb(summary.hublet.loaded.bytes)} (${summary.hublet.loaded.files} files)`,
		(summary.hublet.loaded.bytes / summary.octokit.loaded.bytes).toFixed(2),
	],
	["openapi-types parsed", summary.octokit.loaded.openapiParsed.join(", "), summary.hublet.loaded.openapiParsed.join(", "), ""],
	["openapi-types installed", summary.octokit.copies.length, summary.hublet.copies.length, ""],
	["Installed size (node_modules)", kb(summary.octokit.installed), kb(summary.hublet.installed), (summary.hublet.installed / summary.octokit.installed).toFixed(2)],
];
const widths = rows[0].map((_, column) => Math.max(...rows.map((row) => String(row[column]).length)));
console.log(`tsc ${run(process.execPath, [TSC, "--version"], HERE).trim().replace("Version ", "")}, node ${process.version}, ${ROUNDS} interleaved rounds`);
console.log(`tsconfig: ${JSON.stringify(TSCONFIG.compilerOptions)}\n`);
for (const row of rows) console.log(row.map((cell, column) => String(cell).padEnd(widths[column])).join("  "));
console.log(`\nopenapi-types copies, @octokit/rest: ${summary.octokit.copies.join(", ")}`);
console.log(`openapi-types copies, @hublet/rest:  ${summary.hublet.copies.join(", ")}`);
writeFileSync(join(WORK, "result.json"), `${JSON.stringify({ rounds: ROUNDS, tsconfig: TSCONFIG, baseline, samples, summary }, null, "\t")}\n`);
