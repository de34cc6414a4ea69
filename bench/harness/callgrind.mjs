// Instruction counts under `valgrind --tool=callgrind`. Node runs with --single-threaded and
// --predictable, which move V8's background work (compilers, GC) onto the main thread and fix
// its random seeds: the same run then gives the same count to within ~0.01 %, where the
// default mode drifts by ~1 %. Counts do not depend on what else the machine is doing, so two
// runs go at once.
//
// A scenario splits its run with `mark()` (scenarios/clients.mjs): valgrind dumps the counts at
// each mark and zeroes them, so one process yields the cost of each stretch between marks.
import { readdirSync, readFileSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { exec } from "./util.mjs";

export const NODE_FLAGS = ["--single-threaded", "--predictable"];
export const MARKER = "uv_get_constrained_memory";

const totalOf = (file) => {
	const match = /^(?:summary|totals):\s*(\d+)/m.exec(readFileSync(file, "utf8"));
	if (!match) throw new Error(`no totals in ${file}`);
	return Number(match[1]);
};

/**
Flags for a run that waits on real I/O (Node's fetch to the loopback server). Under valgrind such a
run takes many seconds of wall time, long enough for V8's memory reducer (a collection started by a
timer, 8 s after start-up) to land in one run and not in another: no collection here depends on the
clock. Runs still differ by several M, as when each chunk arrives decides which of Node's internals
run, so bench/run.mjs takes the median of several.
*/
export const REAL_IO_FLAGS = ["--no-memory-reducer", "--predictable-gc-schedule"];

/**
Runs `node ...flags ...args` under callgrind; the scenario calls `mark()` `count` times. Returns
`{ total, marks }`: `marks[i]` is the count from the start of the process up to the scenario's
i-th mark (0-based); `total` is the whole run. The profiles stay in `dir` for callgrind_annotate.
*/
export async function instructions(dir, name, args, env, count, flags = []) {
	const out = join(dir, `${name}.callgrind.out`);
	await exec(
		"valgrind",
		["--tool=callgrind", `--dump-before=${MARKER}`, `--callgrind-out-file=${out}`, process.execPath, ...NODE_FLAGS, ...flags, ...args],
		{ env },
	);
	// out.1 … out.K, one per call of the marker (the first is Node's own, at start-up), then out.
	const numbered = readdirSync(dirname(out))
		.filter((file) => file.startsWith(`${basename(out)}.`))
		.map((file) => Number(file.slice(basename(out).length + 1)))
		.sort((a, b) => a - b);
	const segments = [...numbered.map((number) => totalOf(`${out}.${number}`)), totalOf(out)];
	const cumulative = [];
	let sum = 0;
	for (const segment of segments) cumulative.push((sum += segment));
	// Node's own call(s) come first; the scenario's marks are the last `count` dumps.
	if (numbered.length < count) throw new Error(`${name}: expected ${count} marks, found ${numbered.length} dumps`);
	return { total: sum, marks: cumulative.slice(numbered.length - count, numbered.length) };
}

export async function hasValgrind() {
	try {
		await exec("valgrind", ["--version"]);
		return true;
	} catch {
		return false;
	}
}
