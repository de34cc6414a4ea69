#!/usr/bin/env node
// What a client's first request costs in instructions, counted as bench/run.mjs's "cold" job
// counts it, and by kind of work. Needs valgrind.
//
//   node bench/scenarios/first-request.mjs [--hublet DIR] [--octokit DIR] [--keep]
//
// DIR is a folder that the package resolves from: by default this repository for @hublet/rest
// (build it first: `node scripts/build.mjs`) and bench/ for @octokit/rest (`cd bench && npm ci`).
// Each library runs the program of harness/cold.mjs (import, construct, `endpoint()`, then
// `repos.get` through a stub fetch) under callgrind with Node's --single-threaded --predictable,
// next to the bare baseline (an empty module, then one call of the stub). Printed, in millions:
// - import + construct, and + the first request, over the bare baseline (run.mjs's "cold" rows);
// - what the first request adds over the start-up of Node's own fetch (the bare stub call);
// - that last figure by kind of work: callgrind's exclusive count of each native function in the
//   library's first-request stretch, minus the same function's in the bare one's, summed by kind.
//   "parse" and "compile" are V8 reading and compiling each JavaScript function at its first
//   call; "gc" moves with where the young generation happens to fill up (one scavenge is 2–4 M),
//   so a change smaller than ~1 M shows only in a split like the one below, not in the total.
//
// A finer split, by phase: copy the package, put `process.constrainedMemory();` (harness/
// callgrind.mjs dumps the counts at each call) at the points of interest in the copy's dist/
// files, and run the same program on it with --hublet. Each stretch between two marks is then a
// `callgrind.out.N` file of its own (--keep keeps them; `callgrind_annotate --inclusive=no` reads one).
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { instructions } from "../harness/callgrind.mjs";
import { bareCode, coldCode } from "../harness/cold.mjs";

const BENCH = dirname(dirname(fileURLToPath(import.meta.url)));
const argv = process.argv.slice(2);
const option = (name, fallback) => (argv.includes(name) ? argv[argv.indexOf(name) + 1] : fallback);
const LIBS = {
	hublet: { dir: option("--hublet", dirname(BENCH)), name: "@hublet/rest", exported: "Hublet" },
	octokit: { dir: option("--octokit", BENCH), name: "@octokit/rest", exported: "Octokit" },
};

const work = mkdtempSync(join(tmpdir(), "hublet-first-request-"));
writeFileSync(join(work, "empty.mjs"), "export {};\n");
const shimOf = (lib) => {
	const { dir, name, exported } = LIBS[lib];
	const entry = pathToFileURL(createRequire(join(dir, "package.json")).resolve(name)).href;
	const shim = join(work, `${lib}.mjs`);
	writeFileSync(shim, `export { ${exported} as Client } from ${JSON.stringify(entry)};\n`);
	return pathToFileURL(shim).href;
};

// Exclusive counts by function from one callgrind dump. Callgrind names a function in full once
// per process and by number after that, so the names come from every dump up to this one.
function exclusiveCounts(file) {
	const prefix = file.replace(/\.\d+$/, "");
	const numbered = readdirSync(dirname(file))
		.map((name) => join(dirname(file), name))
		.filter((path) => path.startsWith(`${prefix}.`) && /\.\d+$/.test(path))
		.sort((a, b) => Number(a.slice(prefix.length + 1)) - Number(b.slice(prefix.length + 1)));
	const names = new Map();
	for (const path of numbered.slice(0, numbered.indexOf(file) + 1)) {
		for (const match of readFileSync(path, "utf8").matchAll(/^c?fn=\((\d+)\) (.*)$/gm)) names.set(match[1], match[2]);
	}
	const counts = new Map();
	let fn;
	let callCost = false;
	for (const line of readFileSync(file, "utf8").split("\n")) {
		if (line.startsWith("fn=")) {
			fn = names.get(/^fn=\((\d+)\)/.exec(line)[1]);
			callCost = false;
		} else if (line.startsWith("calls=")) callCost = true;
		else if (/^[\d+*-]/.test(line)) {
			// The line after `calls=` is the callee's inclusive cost, not this function's own.
			if (callCost) callCost = false;
			else if (fn) counts.set(fn, (counts.get(fn) ?? 0) + Number(line.split(" ")[1] ?? 0));
		}
	}
	return counts;
}

const KINDS = [
	["gc", /Scaveng|Heap::|MarkCompact|Sweeper|MinorM|IncrementalMarking|MemoryAllocator|heap::base|Evacuat|RememberedSet|SlotSet|PagedSpace|NewSpace|SemiSpace|GCTracer/],
	["parse", /Scanner|Parser|PreParse|AstValueFactory|AstRawString|Scope\b|Scope::|VariableMap|ExpressionScope|AstNodeFactory|PerfectKeywordHash|Utf16CharacterStream|FuncNameInferrer|Zone::|ParseInfo|AccumulationScope/],
	["compile", /interpreter::|Bytecode|Compiler|SourcePosition|FeedbackMetadata|ScopeInfo|SharedFunctionInfo|ConstantArrayBuilder|HandlerTable|baseline::|Compile|FeedbackVectorSpec|Serializer|IdentityMap|RegExp/],
	["js run", /^Builtins_|^0x/],
	["malloc", /malloc|_int_free|\bfree\b|memcpy|memmove|memset|memcmp|operator new|operator delete/],
];
const kindOf = (name) => KINDS.find(([, pattern]) => pattern.test(name.split(" [")[0]))?.[0] ?? "runtime";
function byKind(counts) {
	const kinds = {};
	for (const [name, count] of counts) kinds[kindOf(name)] = (kinds[kindOf(name)] ?? 0) + count;
	return kinds;
}

const M = (count) => `${(count / 1e6).toFixed(1)} M`;
try {
	const empty = pathToFileURL(join(work, "empty.mjs")).href;
	const jobs = [
		["bare", bareCode(empty, { marks: true })],
		...Object.keys(LIBS).map((lib) => [lib, coldCode(shimOf(lib), { marks: true })]),
	];
	const runs = {};
	await Promise.all(
		jobs.map(async ([lib, args]) => {
			const { marks } = await instructions(work, lib, args, {}, 2);
			// The first request's stretch is the last numbered dump (the one at the second mark).
			const dumps = readdirSync(work).filter((name) => name.startsWith(`${lib}.callgrind.out.`));
			const last = Math.max(...dumps.map((name) => Number(name.split(".").pop())));
			runs[lib] = { marks, kinds: byKind(exclusiveCounts(join(work, `${lib}.callgrind.out.${last}`))) };
		}),
	);
	const bare = runs.bare;
	const bareStart = bare.marks[1] - bare.marks[0];
	console.log(`The bare stub call (the start-up of Node's fetch): ${M(bareStart)}`);
	for (const lib of Object.keys(LIBS)) {
		const { marks, kinds } = runs[lib];
		const cold = marks[0] - bare.marks[0];
		const coldRequest = marks[1] - bare.marks[1];
		const adds = marks[1] - marks[0] - bareStart;
		const split = Object.keys({ ...kinds, ...bare.kinds })
			.map((kind) => [kind, (kinds[kind] ?? 0) - (bare.kinds[kind] ?? 0)])
			.sort((a, b) => b[1] - a[1])
			.map(([kind, count]) => `${kind} ${count < 0 ? "" : "+"}${M(count)}`);
		console.log(`${LIBS[lib].name}: import + construct ${M(cold)}; + first request ${M(coldRequest)}; the first request adds ${M(adds)} (${split.join(", ")})`);
	}
	if (argv.includes("--keep")) console.log(`callgrind profiles: ${work}`);
} finally {
	if (!argv.includes("--keep")) rmSync(work, { recursive: true, force: true });
}
