#!/usr/bin/env node
// The bundled apps of bench/run.mjs's "bundled" rows (harness/bundled.mjs), alone: bundled,
// counted under callgrind over the bare baseline, and printed. Needs valgrind.
//
//   node bench/scenarios/bundled.mjs [--hublet DIR] [--octokit DIR] [--keep]
//
// DIR is a folder the packages resolve from: by default this repository for @hublet/rest (build it
// first: `node scripts/build.mjs`) and bench/ for octokit's packages (`cd bench && npm ci`).
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bareBundledCode, bundleApps } from "../harness/bundled.mjs";
import { instructions } from "../harness/callgrind.mjs";
import { pool } from "../harness/util.mjs";

const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const work = mkdtempSync(join(tmpdir(), "hublet-bundled-"));
try {
	// The apps import "@hublet/rest" by its name, as users do: a folder whose node_modules links the package.
	const hublet = join(work, "hublet");
	mkdirSync(join(hublet, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(resolve(option("--hublet", dirname(BENCH))), join(hublet, "node_modules", "@hublet", "rest"));
	const octokit = resolve(option("--octokit", BENCH));
	const bundles = await bundleApps({ hublet, octokit, anchor: octokit }, work);
	writeFileSync(join(work, "empty.mjs"), "export {};\n");
	const jobs = [["bare", bareBundledCode(pathToFileURL(join(work, "empty.mjs")).href)], ...bundles.map(({ app, lib, args }) => [`${app}.${lib}`, args])];
	const counts = await pool(
		jobs.map(([name, args]) => () => instructions(work, name, args, {}, 2)),
		2,
	);
	const [bare] = counts;
	const M = (count) => `${(count / 1e6).toFixed(1)} M`;
	bundles.forEach(({ app, lib, gzip }, index) => {
		const { marks } = counts[index + 1];
		console.log(`${app} ${lib}: import + construct ${M(marks[0] - bare.marks[0])}; + request and paginate ${M(marks[1] - bare.marks[1])}; ${gzip.toLocaleString("en")} B gzip`);
	});
	if (argv.includes("--keep")) console.log(`bundles and profiles: ${work}`);
} finally {
	if (!argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
}
