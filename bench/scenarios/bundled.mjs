#!/usr/bin/env node
// The bundled apps of bench/run.mjs's "bundled" rows (harness/bundled.mjs), alone: bundled,
// counted under callgrind over the bare baselines (a stub fetch, and Node's fetch to the loopback
// server, which this starts), and printed. Needs valgrind.
//
//   node bench/scenarios/bundled.mjs [--hublet DIR] [--octokit DIR] [--stub-only | --real-only] [--keep]
//
// DIR is a folder the packages resolve from: by default this repository for @hublet/rest (build it
// first: `node scripts/build.mjs`) and bench/ for octokit's packages (`cd bench && npm ci`).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { subsetHead } from "../harness/bundle.mjs";
import { bareBundledCode, bundleApps } from "../harness/bundled.mjs";
import { instructions, REAL_IO_FLAGS } from "../harness/callgrind.mjs";
import { startServer } from "../harness/server.mjs";
import { pool } from "../harness/util.mjs";

const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const work = mkdtempSync(join(tmpdir(), "hublet-bundled-"));
let server;
try {
	// The apps import "@hublet/rest" by its name, as users do: a folder whose node_modules links the package.
	const hublet = join(work, "hublet");
	mkdirSync(join(hublet, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(resolve(option("--hublet", dirname(BENCH))), join(hublet, "node_modules", "@hublet", "rest"));
	const octokit = resolve(option("--octokit", BENCH));
	const { head: subset } = await subsetHead(hublet);
	const wanted = ({ real }) => (argv.includes("--stub-only") ? !real : argv.includes("--real-only") ? real : true);
	const bundles = (await bundleApps({ hublet, octokit, anchor: octokit }, work, { subset })).filter(wanted);
	server = await startServer();
	const env = { BENCH_BASE: server.base };
	writeFileSync(join(work, "empty.mjs"), "export {};\n");
	const empty = pathToFileURL(join(work, "empty.mjs")).href;
	const bare = { stub: bareBundledCode(empty), real: bareBundledCode(empty, { real: true }) };
	const jobs = [
		...Object.entries(bare).map(([kind, args]) => [`bare.${kind}`, args, kind === "real"]),
		...bundles.map(({ app, lib, args, real }) => [`${app}.${lib}`, args, real]),
	];
	const counts = await pool(
		jobs.map(([name, args, real]) => () => instructions(work, name, args, env, 2, real ? REAL_IO_FLAGS : [])),
		2,
	);
	const baseline = { stub: counts[0], real: counts[1] };
	const M = (count) => `${(count / 1e6).toFixed(1)} M`;
	// Over a real socket the whole process counts, not its count up to the second mark (bench/run.mjs says why).
	bundles.forEach(({ app, lib, real, gzip }, index) => {
		const { marks, total } = counts[index + 2];
		const base = baseline[real ? "real" : "stub"];
		const all = real ? total - base.total : marks[1] - base.marks[1];
		console.log(`${app} ${lib}: import + construct ${M(marks[0] - base.marks[0])}; + request and paginate ${M(all)}; ${gzip.toLocaleString("en")} B gzip`);
	});
	if (argv.includes("--keep")) console.log(`bundles and profiles: ${work}`);
} finally {
	server?.stop();
	if (!argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
}
