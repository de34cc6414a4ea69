// The one test command, `npm test`: the build, then the type checks, the generator checks and
// every uvu suite in `test/`, several at a time, then one closing line `N passed, N failed` that
// CI reads. It downloads nothing but the pinned OpenAPI description, once (see openapi-spec.mjs);
// the consumer matrix, which installs compilers, test runners and runtimes, is
// `npm run test:consumers` (scripts/check-consumers.mjs).
//
// Each suite file runs in its own process, so that msw servers and module state never leak
// between files; WORKERS processes run at once (HUBLET_TEST_WORKERS sets it), longest first by the
// previous run's times. A file's output is printed whole when it ends. The counts, the time and
// each job's seconds go to .tmp/test-run.json, which `npm run docs:figures` reads.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedSpec } from "./openapi-spec.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const RUN_FILE = join(ROOT, ".tmp", "test-run.json");
// A fresh clone (CI) has no previous run: it orders the jobs by this committed copy of a run's job
// times instead, which `npm test -- --save-order` rewrites. Without it every job is new, and a
// long one may start last and hold the run up by its whole length.
const ORDER_FILE = join(ROOT, "scripts", "test-order.json");
// Suites wait on timers and child processes as much as they compute: one more process than cores.
const WORKERS = Number(process.env.HUBLET_TEST_WORKERS) || availableParallelism() + 1;
// Seconds a job may take (HUBLET_TEST_TIMEOUT sets it): the longest file takes under a minute alone.
const TIMEOUT = Number(process.env.HUBLET_TEST_TIMEOUT) || 300;
// These run after every other job, one at a time, in this order: the first asserts gaps between
// arrivals and store timeouts of 200 to 500 ms, which a machine running three other processes on
// two cores does not keep (it waits more than it computes: about 45 s, 2 s of CPU); the second
// rebuilds dist/ and rewrites package.json while it runs (`npm pack` runs prepack).
const ALONE = ["rate-limits.test.js", "package.test.js"];
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const env = { ...process.env, FORCE_COLOR: "0" };
const started = Date.now();
const cpuAtStart = childrenCpuSeconds();

let passed = 0;
let failed = 0;
const failures = [];
const seconds = {};

/**
Runs one process with its output collected; resolves with { status, stdout, stderr }. A process
still running after TIMEOUT seconds (a handle a failed test left open keeps it alive) is killed
and fails, with its output so far, so that one file never stalls the run.
*/
function runCollected(command, args, extraEnv = {}) {
	return new Promise((resolve) => {
		const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		const timer = setTimeout(() => {
			stderr += `\n${[command, ...args].join(" ")}: still running after ${TIMEOUT} s, killed\n`;
			child.kill("SIGKILL");
		}, TIMEOUT * 1000);
		child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
		child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
		child.on("error", (error) => resolve({ status: 1, stdout, stderr: `${stderr}${error.message}\n` }));
		child.on("close", (status) => {
			clearTimeout(timer);
			resolve({ status: status ?? 1, stdout, stderr });
		});
	});
}

/** A check that counts as one test: it passes when the process exits with 0. */
const check = (name, command, args, extraEnv) => ({
	name,
	async run() {
		let result;
		try {
			result = await runCollected(command, args, typeof extraEnv === "function" ? await extraEnv() : extraEnv);
		} catch (error) {
			// What the check needed could not be had (the OpenAPI description did not download).
			result = { status: 1, stdout: "", stderr: `${error.stderr ?? ""}${error.message}\n` };
		}
		process.stdout.write(`${result.status === 0 ? "ok  " : "FAIL"} ${name}\n`);
		if (result.status !== 0) process.stdout.write(result.stdout + result.stderr);
		return result.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 };
	},
});

/** A uvu suite file: its own counts. */
const suiteFile = (file) => ({
	name: file,
	async run() {
		const result = await runCollected(process.execPath, [`test/${file}`]);
		process.stdout.write(result.stdout);
		process.stderr.write(result.stderr);
		const total = Number(/Total:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		const ok = Number(/Passed:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		const skipped = Number(/Skipped:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		// A file that crashed before uvu could count still counts as one failure.
		return { passed: ok, failed: Math.max(total - ok - skipped, result.status === 0 ? 0 : 1) };
	},
});

async function runJob(job) {
	const start = Date.now();
	const outcome = await job.run();
	seconds[job.name] = (Date.now() - start) / 1000;
	passed += outcome.passed;
	failed += outcome.failed;
	if (outcome.failed) failures.push(job.name);
}

/** Runs the jobs WORKERS at a time, the longest of the previous run first. */
async function pool(jobs) {
	const previous = readPrevious();
	// A job the previous run did not have (a new file) goes first: it may be long.
	const expected = (job) => previous[job.name] ?? Number.MAX_SAFE_INTEGER;
	const queue = [...jobs].sort((a, b) => expected(b) - expected(a));
	const worker = async () => {
		for (let job = queue.shift(); job; job = queue.shift()) await runJob(job);
	};
	await Promise.all(Array.from({ length: Math.min(WORKERS, queue.length) }, worker));
}

function readPrevious() {
	for (const [file, read] of [
		[RUN_FILE, (json) => json.jobs],
		[ORDER_FILE, (json) => json],
	]) {
		try {
			return read(JSON.parse(readFileSync(file, "utf8"))) ?? {};
		} catch {
			// No such run: the next source.
		}
	}
	return {};
}

/** CPU seconds of every child process this one has waited for (Linux; null elsewhere). */
function childrenCpuSeconds() {
	try {
		// /proc/self/stat: fields 16 and 17 (cutime, cstime) after the command name, in clock ticks.
		const fields = readFileSync("/proc/self/stat", "utf8").split(") ")[1].split(" ");
		return (Number(fields[13]) + Number(fields[14])) / 100;
	} catch {
		return null;
	}
}

const build = check("build", process.execPath, ["scripts/build.mjs"]);
await runJob(build);
const built = !failures.includes("build");

const files = readdirSync(join(ROOT, "test"))
	.filter((file) => file.endsWith(".test.js"))
	.sort();
const jobs = [
	check("type check (tsconfig.json: lib/ against types/)", process.execPath, [TSC, "-p", "tsconfig.json"]),
	check("type tests (test/types/)", process.execPath, [TSC, "-p", "test/types/tsconfig.json"]),
	check("generated method types match routes.json", process.execPath, ["scripts/generate-method-types.mjs", "--check"]),
	check("generated server types (types/generated/servers/) match servers/*.json", process.execPath, ["scripts/generate-server-types.mjs", "--check"]),
	// Both generators read the pinned OpenAPI description, fetched once into .tmp/ and kept there.
	check("routes.json and the servers' tables (servers/*.json) match the generator", process.execPath, ["scripts/generate-routes.mjs", "--check"], async () => ({ HUBLET_OPENAPI_SPEC: await cachedSpec() })),
];
if (built) {
	// The CLI data generator reads method routes through the built package.
	jobs.push(check("bin/cli-data.json and bin/cli-parameters.json match the generator", process.execPath, ["scripts/generate-cli-data.mjs", "--check"], async () => ({ HUBLET_OPENAPI_SPEC: await cachedSpec() })));
	jobs.push(...files.filter((file) => !ALONE.includes(file)).map(suiteFile));
} else failures.push("(suites skipped: the build failed)");
await pool(jobs);
if (built) for (const file of ALONE.filter((file) => files.includes(file))) await runJob(suiteFile(file));

const total = (Date.now() - started) / 1000;
const cpu = cpuAtStart === null ? null : childrenCpuSeconds() - cpuAtStart;
mkdirSync(dirname(RUN_FILE), { recursive: true });
const run = { passed, failed, seconds: Math.round(total), cpuSeconds: cpu === null ? null : Math.round(cpu), workers: WORKERS, cores: availableParallelism(), load: loadavg()[1], node: process.versions.node, finished: new Date().toISOString(), jobs: seconds };
writeFileSync(RUN_FILE, `${JSON.stringify(run, null, "\t")}\n`);
if (process.argv.includes("--save-order") && failed === 0) {
	const order = Object.fromEntries(Object.entries(seconds).map(([name, value]) => [name, Math.round(value * 10) / 10]));
	writeFileSync(ORDER_FILE, `${JSON.stringify(order, null, "\t")}\n`);
}

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`\n${WORKERS} workers, ${total.toFixed(0)} s${cpu === null ? "" : `, ${cpu.toFixed(0)} s of CPU`}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
