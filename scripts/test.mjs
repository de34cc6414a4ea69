// The one test command, `npm test`: the build, then the generator checks, the formatter and the
// linter (scripts/lint.mjs) and every uvu suite in `test/` (the type checks of lib/ and
// test/types/ among them: test/type-checks.test.js), several at a time, then one closing line
// `N passed, N failed` that CI reads. It downloads nothing but
// the pinned OpenAPI description, once (see openapi-spec.mjs); the consumer matrix, which installs
// compilers, test runners and runtimes, is `npm run test:consumers` (scripts/check-consumers.mjs).
//
// Each suite file runs in its own process, so that msw servers and module state never leak
// between files, except the TypeScript suites (TOGETHER), which share a few processes; WORKERS
// processes run at once (HUBLET_TEST_WORKERS sets it), longest first by the previous run's times,
// and beside them the suites that mostly wait. A file's output is printed whole when it ends. The
// counts, the time and each job's seconds and CPU seconds go to .tmp/test-run.json, which
// `npm run docs:figures` reads.
import { spawn } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedSpec } from "./openapi-spec.mjs";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
export const RUN_FILE = join(ROOT, ".tmp", "test-run.json");
// A fresh clone (CI) has no previous run: it orders the jobs by this committed copy of a run's job
// times and CPU times instead, which `npm test -- --save-order` rewrites. Without it every job is
// new, and a long one may start last and hold the run up by its whole length.
const ORDER_FILE = join(ROOT, "scripts", "test-order.json");
// Suites wait on timers and child processes as much as they compute: one more process than cores.
const WORKERS = Number(process.env.HUBLET_TEST_WORKERS) || availableParallelism() + 1;
// A job whose CPU time was under this share of its time in the previous run mostly waits (on a
// server's rate-limit reset, a retry's pause): it runs beside the WORKERS, not in one's place,
// since it leaves the cores to them.
const WAITING_SHARE = 0.1;
// Seconds a job may take (HUBLET_TEST_TIMEOUT sets it): the longest job (a process of TypeScript
// suites) takes about a minute alone.
const TIMEOUT = Number(process.env.HUBLET_TEST_TIMEOUT) || 300;
// This one runs first, beside one worker (the others start when it ends) and the jobs that mostly
// wait: it asserts gaps between arrivals of 150 ms and store timeouts of 50 to 100 ms, which a
// machine whose two cores are both taken by the suites keeps less surely; beside one, a core is
// free for it. It waits more than it computes (about 12 s, 1.5 s of CPU).
const QUIET = ["rate-limits.test.js"];
// This one runs after every other job, alone: it rebuilds dist/ and rewrites package.json while
// it runs (`npm pack` runs prepack).
const LAST = ["package.test.js"];
// Suites that run together in one process each (scripts/test-together.mjs): they compile programs
// against the same declaration files (@octokit/openapi-types, @types/node, lib.dom, types/), which
// test/helpers/compile-types.js then parses once per process, and TypeScript's compiler is warm
// after the first (the type checks of type-checks.test.js cost 24 s of CPU as two tsc processes,
// about 10 s here). Two groups of about the same CPU time, so that neither holds the run up.
const TOGETHER = [
	["octokit-readme-types.test.js", "octokit-usage-types.test.js", "fetch-types.test.js", "server-types.test.js", "entry-exports.test.js", "octokit-core-paths.test.js", "octokit-core-override.test.js"],
	["type-checks.test.js", "octokit-switch-types.test.js", "docs-examples.test.js", "octokit-integers.test.js"],
];
const env = { ...process.env, FORCE_COLOR: "0" };
// The suites reach no network: a CA bundle the environment names (NODE_EXTRA_CA_CERTS, for a
// proxy of the machine's) would only be parsed by every Node.js process they start, about 35 ms
// of CPU each, and the command-line suites start hundreds. test/proxy.test.js gives its child a
// certificate of its own; the LAST job keeps the bundle, since its npm install may fetch.
const NETWORK_ENV = process.env.NODE_EXTRA_CA_CERTS === undefined ? {} : { NODE_EXTRA_CA_CERTS: process.env.NODE_EXTRA_CA_CERTS };
delete env.NODE_EXTRA_CA_CERTS;
const started = Date.now();
const cpuAtStart = childrenCpuSeconds();

let passed = 0;
let failed = 0;
const failures = [];
const seconds = {};
const cpuSeconds = {};

/**
Runs one process with its output collected; resolves with { status, stdout, stderr }. A process
still running after TIMEOUT seconds (a handle a failed test left open keeps it alive) is killed
and fails, with its output so far, so that one file never stalls the run.
*/
function runCollected(command, args, extraEnv = {}) {
	return new Promise((resolve) => {
		let cpu = null;
		const child = spawn(command, args, { cwd: ROOT, env: { ...env, ...extraEnv }, stdio: ["ignore", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		const timer = setTimeout(() => {
			stderr += `\n${[command, ...args].join(" ")}: still running after ${TIMEOUT} s, killed\n`;
			child.kill("SIGKILL");
		}, TIMEOUT * 1000);
		child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
		child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
		child.on("error", (error) => resolve({ status: 1, stdout, stderr: `${stderr}${error.message}\n`, cpu }));
		child.on("exit", () => (cpu = reapedCpuSeconds()));
		child.on("close", (status) => {
			clearTimeout(timer);
			resolve({ status: status ?? 1, stdout, stderr, cpu });
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
		return { ...(result.status === 0 ? { passed: 1, failed: 0 } : { passed: 0, failed: 1 }), cpu: result.cpu };
	},
});

/** A uvu suite file, or several in one process (`names`): their counts. */
const suiteFiles = (names, extraEnv) =>
	counted(names.join(" + "), names.length === 1 ? [`test/${names[0]}`] : ["scripts/test-together.mjs", ...names], extraEnv);

/** A Node.js script that ends with uvu's Total/Passed/Skipped lines, as a suite file does: its counts. */
const counted = (name, args, extraEnv) => ({
	name,
	async run() {
		const result = await runCollected(process.execPath, args, extraEnv);
		process.stdout.write(result.stdout);
		process.stderr.write(result.stderr);
		const total = Number(/Total:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		const ok = Number(/Passed:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		const skipped = Number(/Skipped:\s+(\d+)/.exec(result.stdout)?.[1] ?? 0);
		// A file that crashed before uvu could count still counts as one failure.
		return { passed: ok, failed: Math.max(total - ok - skipped, result.status === 0 ? 0 : 1), cpu: result.cpu };
	},
});

async function runJob(job) {
	const start = Date.now();
	const outcome = await job.run();
	seconds[job.name] = (Date.now() - start) / 1000;
	if (outcome.cpu !== null && outcome.cpu !== undefined) cpuSeconds[job.name] = Math.round(outcome.cpu * 100) / 100;
	passed += outcome.passed;
	failed += outcome.failed;
	if (outcome.failed) failures.push(job.name);
}

/**
Runs the jobs WORKERS at a time, the longest of the previous run first, and the jobs that mostly
waited in the previous run all at once beside them. The `quiet` jobs run first, one at a time,
beside one worker: the other workers start when they end.
*/
async function pool(jobs, quiet) {
	const previous = readPrevious();
	// A job the previous run did not have (a new file) goes first: it may be long.
	const expected = (job) => previous.seconds[job.name] ?? Number.MAX_SAFE_INTEGER;
	const waits = (job) => previous.cpu[job.name] < expected(job) * WAITING_SHARE;
	const sorted = [...jobs].sort((a, b) => expected(b) - expected(a));
	const queue = sorted.filter((job) => !waits(job));
	const quietEnd = (async () => {
		for (const job of quiet) await runJob(job);
	})();
	const worker = async (_, index) => {
		if (index > 0) await quietEnd;
		for (let job = queue.shift(); job; job = queue.shift()) await runJob(job);
	};
	await Promise.all([quietEnd, ...sorted.filter(waits).map(runJob), ...Array.from({ length: Math.min(WORKERS, queue.length) }, worker)]);
}

/** The previous run's seconds and CPU seconds per job: `{ seconds, cpu }`. */
function readPrevious() {
	for (const [file, read] of [
		[RUN_FILE, (json) => ({ seconds: json.jobs, cpu: json.jobsCpu })],
		[ORDER_FILE, (json) => json],
	]) {
		try {
			const { seconds, cpu } = read(JSON.parse(readFileSync(file, "utf8")));
			if (seconds) return { seconds, cpu: cpu ?? {} };
		} catch {
			// No such run: the next source.
		}
	}
	return { seconds: {}, cpu: {} };
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

/**
The CPU seconds of the children reaped since the last call: called as each job's process exits,
it gives that job's CPU, its own children's included. Two processes that exit in the same
instant are reaped together, and the first of them is given both.
*/
let reaped = cpuAtStart;
function reapedCpuSeconds() {
	const now = childrenCpuSeconds();
	if (now === null) return null;
	const spent = now - reaped;
	reaped = now;
	return spent;
}

const build = check("build", process.execPath, ["scripts/build.mjs"]);
await runJob(build);
const built = !failures.includes("build");

const files = readdirSync(join(ROOT, "test"))
	.filter((file) => file.endsWith(".test.js"))
	.sort();
const jobs = [
	// prettier and eslint over lib/ and types/: one test per file and tool (a few seconds).
	counted("lint.mjs (prettier and eslint)", ["scripts/lint.mjs"]),
	check("generated method types match routes.json", process.execPath, ["scripts/generate-method-types.mjs", "--check"]),
	check("generated server types (types/generated/servers/) match servers/*.json", process.execPath, ["scripts/generate-server-types.mjs", "--check"]),
	// Both generators read the pinned OpenAPI description, fetched once into .tmp/ and kept there.
	check("routes.json and the servers' tables (servers/*.json) match the generator", process.execPath, ["scripts/generate-routes.mjs", "--check"], async () => ({ HUBLET_OPENAPI_SPEC: await cachedSpec() })),
];
if (built) {
	// The CLI data generator reads method routes through the built package.
	jobs.push(check("bin/cli-data.json and bin/cli-parameters.json match the generator", process.execPath, ["scripts/generate-cli-data.mjs", "--check"], async () => ({ HUBLET_OPENAPI_SPEC: await cachedSpec() })));
	const together = TOGETHER.map((group) => group.filter((file) => files.includes(file))).filter((group) => group.length > 0);
	jobs.push(...together.map((group) => suiteFiles(group)));
	jobs.push(...files.filter((file) => ![...QUIET, ...LAST, ...together.flat()].includes(file)).map((file) => suiteFiles([file])));
} else failures.push("(suites skipped: the build failed)");
await pool(jobs, built ? QUIET.filter((file) => files.includes(file)).map((file) => suiteFiles([file])) : []);
if (built) for (const file of LAST.filter((file) => files.includes(file))) await runJob(suiteFiles([file], NETWORK_ENV));

const total = (Date.now() - started) / 1000;
const cpu = cpuAtStart === null ? null : childrenCpuSeconds() - cpuAtStart;
mkdirSync(dirname(RUN_FILE), { recursive: true });
const run = { passed, failed, seconds: Math.round(total), cpuSeconds: cpu === null ? null : Math.round(cpu), workers: WORKERS, cores: availableParallelism(), load: loadavg()[1], node: process.versions.node, finished: new Date().toISOString(), jobs: seconds, jobsCpu: cpuSeconds };
writeFileSync(RUN_FILE, `${JSON.stringify(run, null, "\t")}\n`);
if (process.argv.includes("--save-order") && failed === 0) {
	const tenths = (table) => Object.fromEntries(Object.entries(table).map(([name, value]) => [name, Math.round(value * 10) / 10]));
	writeFileSync(ORDER_FILE, `${JSON.stringify({ seconds: tenths(seconds), cpu: tenths(cpuSeconds) }, null, "\t")}\n`);
}

if (failures.length) console.log(`\nFailed: ${failures.join(", ")}`);
console.log(`\n${WORKERS} workers, ${total.toFixed(0)} s${cpu === null ? "" : `, ${cpu.toFixed(0)} s of CPU`}`);
console.log(`${passed} passed, ${failed} failed`);
process.exit(failed === 0 ? 0 : 1);
