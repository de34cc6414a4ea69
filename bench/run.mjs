#!/usr/bin/env node
// Hublet vs @octokit/rest vs raw fetch, side by side. See README.md in this folder.
//
//   node run.mjs [--quick] [--rounds N] [--no-callgrind] [--keep]
//   node run.mjs --from results/latest.json    (the table and results.json again, from a run's raw results)
//
// Prints a Markdown table and writes it to results/latest.md (raw samples: results/latest.json).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { bundle, ENTRIES, OCTOKIT_CORE_ENTRY, platformBundles, subsetEntry, subsetHead, SUBSET_METHODS } from "./harness/bundle.mjs";
import { bareBundledCode, bundleApps } from "./harness/bundled.mjs";
import { hasValgrind, instructions, NODE_FLAGS, REAL_IO_FLAGS } from "./harness/callgrind.mjs";
import { bareCode, coldCode as coldProgram } from "./harness/cold.mjs";
import { anchorSpecs, footprintByPackage, install, octokitVersion, packHublet } from "./harness/prepare.mjs";
import { measureParts } from "./harness/parts.mjs";
import { startServer } from "./harness/server.mjs";
import { renderTable, summarize } from "./harness/table.mjs";
import { exec, log, median, parseReport, pool, rotate, wallMs } from "./harness/util.mjs";

const BENCH = dirname(fileURLToPath(import.meta.url));
const ROOT = dirname(BENCH);
const SCENARIOS = join(BENCH, "scenarios");
const argv = process.argv.slice(2);
const flag = (name) => argv.includes(name);
const option = (name, fallback) => {
	const index = argv.indexOf(name);
	return index === -1 ? fallback : Number(argv[index + 1]);
};

const QUICK = flag("--quick");
const CONFIG = {
	rounds: option("--rounds", QUICK ? 2 : 5),
	// Fresh processes per library per round for the cold-start wall times.
	coldPerRound: QUICK ? 4 : 8,
	endpoint: { warmup: 20_000, n: QUICK ? 50_000 : 200_000 },
	stub: { warmup: 1_000, n: QUICK ? 2_000 : 5_000 },
	// Instructions per call: the Ir of calls N+1 … 2N after the warm-up, divided by N.
	callgrindEndpoint: { warmup: 5_000, n: QUICK ? 1_000 : 2_000 },
	// JIT compiles land in the first ~1,000 requests and GC every few hundred: a shorter
	// warm-up inflates the figure by half. Over 500 calls a major GC in the counted ones or not moved
	// it by a quarter: one build counted 733 k or 904 k as the heap grew, and two builds 538 k and 488 k
	// over 2,000; over 4,000 they count 453–476 k (see README).
	callgrindStub: { warmup: 1_000, n: QUICK ? 250 : 4_000 },
	// Requests with Node's fetch over loopback: fewer, as each costs several times a stub call under valgrind.
	// A major GC costs about 60 M instructions here, so over 200 calls the figure moved by whether one fell
	// in the counted calls: the same build gave 2,600 k or 3,450 k per call (warm-up 400 or 600), and two
	// builds 2,600 k and 2,900 k. Over 1,000 calls two builds still differed by 5 % (1,671 k and 1,753 k)
	// where over 2,500 they count 1,153 k and 1,152 k: the heap still grows after 400 calls.
	callgrindLoopback: { warmup: QUICK ? 200 : 400, n: QUICK ? 250 : 2_500 },
	// A first request over a real socket moves by several M from one process to the next (when each
	// chunk arrives decides which of Node's internals run), so each such count is the median of this
	// many processes (summarizeSamples). Five were too few: one run's bundled `/core` app counted 940.6,
	// 945.6, 951.3, 973.4 and 974.5 M, and its median of five moved the row's difference over the bare
	// app from the stub row's +4 M to +12 M.
	realRepeats: QUICK ? 1 : 9,
	loopback: { n: 2_000, warmup: 200, concurrency: 16 },
	heapCalls: 10_000,
};
const CALLGRIND = !flag("--no-callgrind");
const LIBS = ["hublet", "octokit"];
const ALL = ["hublet", "octokit", "raw"];

// --from: the table and results.json again from a run's raw results, measuring nothing (for a
// change in how the figures are shown).
const fromIndex = argv.indexOf("--from");
if (fromIndex !== -1) {
	const saved = JSON.parse(readFileSync(argv[fromIndex + 1], "utf8"));
	saved.medians = summarizeSamples(saved.samples);
	const markdown = renderTable(saved, { subsetMethods: SUBSET_METHODS, nodeFlags: NODE_FLAGS });
	writeFileSync(join(BENCH, "results", "latest.md"), markdown);
	if (!saved.quick && saved.samples["cold.ir"]) writeFileSync(join(BENCH, "results.json"), `${JSON.stringify(summarize(saved), null, "\t")}\n`);
	process.stdout.write(markdown);
	process.exit(0);
}

const work = mkdtempSync(join(tmpdir(), "hublet-bench-"));
/**
Each figure's value from its samples: the median. A count over a real socket moves from one process
to the next as when each chunk arrives decides which of Node's internals run, in both directions: in
one run the bare node's first request counted 897.9, 897.6 and 882.5 M, and the subset app's 948.8,
948.8 and 917.1 M. The least of them, taken until then, made every app over that bare node 15 M
dearer, and the subset app's requests 2.2 M where the others say 33 M. The median of nine stands
(realRepeats: five, too, moved one row by 8 M).
*/
function summarizeSamples(samples) {
	return Object.fromEntries(Object.entries(samples).map(([figure, byLib]) => [figure, Object.fromEntries(Object.entries(byLib).map(([lib, values]) => [lib, median(values)]))]));
}

const results = { config: CONFIG, quick: QUICK, node: process.version, started: new Date().toISOString(), samples: {} };
const sample = (figure, lib, value) => ((results.samples[figure] ??= {})[lib] ??= []).push(value);
const started = Date.now();
let server;

try {
	// ---------------------------------------------------------------------------------------
	log(`work folder: ${work}`);
	log("preparing: packing Hublet (npm runs its build), installing both libraries fresh");
	const packed = await packHublet(ROOT, work);
	const version = octokitVersion(BENCH);
	// The anchor: @octokit/rest with the plugins that give it the features of Hublet's full client
	// (retries, rate-limit handling), in a folder of its own so that octokit's install figures stay its own.
	const anchorPackages = anchorSpecs(BENCH);
	const [hublet, octokit, anchor] = await Promise.all([
		install(join(work, "hublet"), packed.tarball, `export { Hublet as Client } from "@hublet/rest";`),
		install(join(work, "octokit"), `@octokit/rest@${version}`, `export { Octokit as Client } from "@octokit/rest";`),
		install(join(work, "anchor"), [`@octokit/rest@${version}`, ...anchorPackages], `export { Octokit as Client } from "@octokit/rest";`),
	]);
	const installs = { hublet, octokit };
	results.versions = { hublet: packed.version, octokit: version, anchor: [`@octokit/rest@${version}`, ...anchorPackages].join(" + ") };
	results.pack = packed;
	for (const lib of LIBS) {
		sample("install.bytes", lib, installs[lib].footprint.bytes);
		sample("install.packages", lib, installs[lib].footprint.packages);
		results[`install.${lib}`] = { packages: installs[lib].footprint.names, bytes: footprintByPackage(join(installs[lib].dir, "node_modules")) };
	}
	// The bare baseline imports an empty ES module file: the ESM loader's first file import
	// (~35 M instructions) is paid by any program that is itself a file, so it counts for neither library.
	writeFileSync(join(work, "empty.mjs"), "export {};\n");
	const emptyModule = pathToFileURL(join(work, "empty.mjs")).href;
	const env = (lib) => (lib === "raw" ? {} : { BENCH_SHIM: lib === "bare" ? emptyModule : installs[lib].shim });

	// The loopback server, in a process of its own: the real-fetch figures under callgrind, the
	// platform bundles and the loopback rounds all send their requests to it.
	log("starting the loopback server");
	server = await startServer();
	const { base } = server;

	// ---------------------------------------------------------------------------------------
	log("bundling");
	for (const lib of LIBS) {
		const size = await bundle(installs[lib].dir, "a", ENTRIES[lib]);
		for (const key of ["min", "gzip", "brotli"]) sample(`bundle.a.${key}`, lib, size[key]);
		results[`bundle.a.${lib}`] = size.byPackage;
	}
	const subset = await subsetEntry(hublet.dir);
	const { head: subsetAppHead } = await subsetHead(hublet.dir);
	if (subset.source) {
		const size = await bundle(hublet.dir, "b", subset.source);
		for (const key of ["min", "gzip", "brotli"]) sample(`bundle.b.${key}`, "hublet", size[key]);
		results["bundle.b.hublet"] = size.byPackage;
	} else {
		results.subsetReason = subset.reason;
		log(`  bundle (b): n/a (${subset.reason})`);
	}
	{
		const size = await bundle(octokit.dir, "b-core", OCTOKIT_CORE_ENTRY);
		for (const key of ["min", "gzip", "brotli"]) sample(`bundle.bCore.${key}`, "octokit", size[key]);
	}

	// The bundled apps (harness/bundled.mjs): what a user who bundles pays, counted under callgrind below.
	const apps = await bundleApps({ hublet: hublet.dir, octokit: octokit.dir, anchor: anchor.dir }, work, { subset: subsetAppHead });
	for (const { app, lib, min, gzip } of apps) {
		sample(`bundled.${app}.min`, lib, min);
		sample(`bundled.${app}.gzip`, lib, gzip);
	}

	// What an unbundled program on @hublet/rest/core loads before its first request: the
	// package's files Node's ES module loader reads for import + construct, and their bytes.
	{
		const { stdout } = await exec(process.execPath, [join(SCENARIOS, "core-files.mjs"), hublet.dir]);
		const files = JSON.parse(stdout);
		results.coreFiles = files;
		sample("coreFiles.bytes", "hublet", files.reduce((sum, { bytes }) => sum + bytes, 0));
		log(`  /core loads before its first request: ${files.map(({ file, bytes }) => `${file} ${bytes} B`).join(", ")}`);
	}

	// Each part of the kernel: its bytes in the bundled `/core` + paginate app, and the bytes of it
	// that run at the first request (harness/parts.mjs), beside octokit's counterparts.
	log("measuring the parts: bytes, and bytes run at the first request");
	try {
		results.parts = await measureParts({ root: ROOT, octokitDir: octokit.dir, work: join(work, "parts"), base });
	} catch (error) {
		results.parts = { error: error.message.split("\n")[0] };
		log(`  parts: ${results.parts.error}`);
	}

	// What importing costs by what a module's text is made of (scenarios/parse-cost.mjs): the price of a
	// function, a KB of code, of string and of comment, which says what cutting shipped bytes buys.
	if (CALLGRIND && (await hasValgrind())) {
		log("pricing a module's text: functions, code, strings, comments (about 30 s)");
		const { stdout } = await exec(process.execPath, [join(SCENARIOS, "parse-cost.mjs"), join(work, "parse-cost")]);
		results.parseCost = JSON.parse(stdout);
	}

	// ---------------------------------------------------------------------------------------
	// Cold start: import + construct + first endpoint() (and, separately, + first request
	// through a stub fetch), in `node --input-type=module -e`, against a bare `node --input-type=module -e ""`.
	// Under callgrind one process gives both: it marks after endpoint() and after the request.
	const coldCode = (lib, options) => coldProgram(installs[lib].shim, options);
	const BARE = bareCode(emptyModule);
	const BARE_REQUEST = bareCode(emptyModule, { request: true });

	if (CALLGRIND && (await hasValgrind())) {
		log("counting instructions under callgrind (two at a time; a few minutes)");
		const cg = join(work, "callgrind");
		mkdirSync(cg);
		const percall = (lib, mode, { warmup, n }) => [join(SCENARIOS, "percall.mjs"), "--lib", lib, "--mode", mode, "--warmup", String(warmup), "--n", String(n), "--marks", "1"];
		// [name, lib, node arguments, env, marks]; a job whose env has BENCH_BASE waits on real I/O and runs with REAL_IO_FLAGS.
		const real = { BENCH_BASE: base };
		const repeated = (job) => Array.from({ length: CONFIG.realRepeats }, () => job);
		const jobs = [
			["cold", "bare", bareCode(emptyModule, { marks: true }), {}, 2],
			...LIBS.map((lib) => ["cold", lib, coldCode(lib, { marks: true }), {}, 2]),
			...repeated(["coldReal", "bare", bareCode(emptyModule, { marks: true, real: true }), real, 2]),
			...LIBS.flatMap((lib) => repeated(["coldReal", lib, coldCode(lib, { marks: true, real: true }), real, 2])),
			...LIBS.map((lib) => ["endpoint", lib, percall(lib, "endpoint", CONFIG.callgrindEndpoint), env(lib), 3]),
			...ALL.map((lib) => ["stub", lib, percall(lib, "stub", CONFIG.callgrindStub), env(lib), 3]),
			...ALL.map((lib) => ["loopback", lib, [...percall(lib, "loopback", CONFIG.callgrindLoopback), "--base", base], { ...env(lib), ...real }, 3]),
			["bundled", "bare", bareBundledCode(emptyModule), {}, 2],
			...repeated(["bundled", "bareReal", bareBundledCode(emptyModule, { real: true }), real, 2]),
			...apps.flatMap(({ app, lib, args, real: isReal }) => (isReal ? repeated(["bundled", `${app}.${lib}`, args, real, 2]) : [["bundled", `${app}.${lib}`, args, {}, 2]])),
		];
		const counts = await pool(
			jobs.map(([name, lib, args, extra, marks], index) => async () => {
				// A job that fails leaves its figure unmeasured (its row shows "—", its target neither met nor
				// missed) rather than losing the whole run's.
				try {
					const result = await instructions(cg, `${name}.${lib}.${index}`, args, extra, marks, extra.BENCH_BASE ? REAL_IO_FLAGS : []);
					log(`  ${name} ${lib}: ${result.total.toLocaleString("en")} Ir in all`);
					return result;
				} catch (error) {
					log(`  ${name} ${lib}: FAILED, ${error.message.split("\n").slice(0, 3).join(" ")}`);
					(results.failed ??= []).push(`${name} ${lib}`);
					return undefined;
				}
			}),
			2,
		);
		/*
		What a run over a real socket costs (coldReal, the bundled apps named …Real, and their bare
		baselines): the whole process, not its count up to a mark. When each chunk arrives decides when
		Node's fetch internals wake and run, and so on which side of a mark their work falls: one build's
		apps counted 1.7 M for octokit's request and paginate and 269 M for another app up to the second
		mark, in processes whose whole counts agree within 0.7 M over nine runs. The whole count holds
		the same exit for every app and its bare baseline, which it takes off as it does a mark's. The
		stub runs, which touch no socket, keep their marks.
		*/
		jobs.forEach(([name, lib], index) => {
			if (!counts[index]) return;
			const { marks, total } = counts[index];
			if (name === "cold") {
				sample("cold.ir", lib, marks[0]);
				sample("coldRequest.ir", lib, marks[1]);
			} else if (name === "coldReal") {
				sample("coldReal.ir", lib, total);
			} else if (name === "bundled") {
				// The apps' counts up to each mark; the table takes off the bare baseline's ("bundled.<mark>.ir"
				// of "bare" for the stub apps, "bundledReal.<mark>.ir" for the real ones).
				const [app, appLib] = lib === "bare" || lib === "bareReal" ? [lib, "bare"] : lib.split(".");
				const figure = app === "bare" ? "bundled" : app === "bareReal" ? "bundledReal" : `bundled.${app}`;
				sample(`${figure}.cold.ir`, appLib, marks[0]);
				sample(`${figure}.request.ir`, appLib, app.endsWith("Real") ? total : marks[1]);
			} else {
				const { n } = { endpoint: CONFIG.callgrindEndpoint, stub: CONFIG.callgrindStub, loopback: CONFIG.callgrindLoopback }[name];
				// The second N calls; the first N are kept to show how steady the count is.
				sample(`${name}.ir`, lib, (marks[2] - marks[1]) / n);
				sample(`${name}.ir.firstN`, lib, (marks[1] - marks[0]) / n);
			}
		});
		results.callgrindDir = cg;
	} else {
		log("skipping callgrind (--no-callgrind, or valgrind is not installed)");
	}

	// ---------------------------------------------------------------------------------------
	log("bundling for node, browser and neutral, and running each against the loopback server");
	for (const lib of LIBS) {
		results[`platforms.${lib}`] = await platformBundles(installs[lib].dir, lib, base);
		log(`  ${lib}: ${Object.entries(results[`platforms.${lib}`]).map(([platform, outcome]) => `${platform} ${outcome}`).join(", ")}`);
	}

	const scenario = async (file, lib, args, nodeFlags = []) => {
		const { stdout } = await exec(process.execPath, [...nodeFlags, join(SCENARIOS, file), "--lib", lib, ...args], { env: env(lib) });
		return parseReport(stdout);
	};

	for (let round = 0; round < CONFIG.rounds; round++) {
		log(`round ${round + 1} of ${CONFIG.rounds}`);
		for (let index = 0; index < CONFIG.coldPerRound; index++) {
			for (const lib of rotate(["bare", ...LIBS], round + index)) {
				if (lib === "bare") {
					sample("cold.ms", "bare", wallMs(process.execPath, BARE));
					sample("coldRequest.ms", "bare", wallMs(process.execPath, BARE_REQUEST));
				} else {
					sample("cold.ms", lib, wallMs(process.execPath, coldCode(lib)));
					sample("coldRequest.ms", lib, wallMs(process.execPath, coldCode(lib, { request: true })));
				}
			}
		}
		for (const lib of rotate(LIBS, round)) {
			const { warmup, n } = CONFIG.endpoint;
			const { opsPerSec } = await scenario("percall.mjs", lib, ["--mode", "endpoint", "--warmup", String(warmup), "--n", String(n), "--time", "1"]);
			sample("endpoint.ops", lib, opsPerSec);
		}
		for (const lib of rotate(ALL, round)) {
			const { warmup, n } = CONFIG.stub;
			const { opsPerSec } = await scenario("percall.mjs", lib, ["--mode", "stub", "--warmup", String(warmup), "--n", String(n), "--time", "1"]);
			sample("stub.ops", lib, opsPerSec);
		}
		for (const mode of ["seq", "conc"]) {
			for (const lib of rotate(ALL, round)) {
				const { n, warmup, concurrency } = CONFIG.loopback;
				const { reqPerSec } = await scenario("loopback.mjs", lib, ["--mode", mode, "--base", base, "--n", String(n), "--warmup", String(warmup), "--concurrency", String(concurrency)]);
				sample(`loopback.${mode}`, lib, reqPerSec);
			}
		}
		for (const lib of rotate(ALL, round)) {
			const { ms } = await scenario("loopback.mjs", lib, ["--mode", "paginate", "--base", base]);
			sample("paginate.ms", lib, ms);
		}
		for (const lib of rotate(["bare", ...ALL], round)) {
			const { heap, growth } = await scenario("heap.mjs", lib, ["--calls", String(CONFIG.heapCalls)], ["--expose-gc"]);
			sample("heap.used", lib, heap);
			if (growth !== undefined) sample("heap.growth", lib, growth);
		}
	}
} finally {
	server?.stop();
}

// -------------------------------------------------------------------------------------------
results.seconds = Math.round((Date.now() - started) / 1000);
results.medians = summarizeSamples(results.samples);
const markdown = renderTable(results, { subsetMethods: SUBSET_METHODS, nodeFlags: NODE_FLAGS });
mkdirSync(join(BENCH, "results"), { recursive: true });
writeFileSync(join(BENCH, "results", "latest.md"), markdown);
writeFileSync(join(BENCH, "results", "latest.json"), `${JSON.stringify(results, null, "\t")}\n`);
// The figures the README's table shows, at a path that is committed (results/ is not): the docs
// take their numbers from it. Written only by a full run (not --quick, nor one without callgrind).
if (!QUICK && CALLGRIND) writeFileSync(join(BENCH, "results.json"), `${JSON.stringify(summarize(results), null, "\t")}\n`);
process.stdout.write(markdown);
log(`\nwritten: bench/results/latest.md, bench/results/latest.json${!QUICK && CALLGRIND ? ", bench/results.json" : ""} (${results.seconds}s)`);
if (flag("--keep")) log(`kept: ${work}`);
else rmSync(work, { recursive: true, force: true });
