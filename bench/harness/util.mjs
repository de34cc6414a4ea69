import { spawn, spawnSync } from "node:child_process";

/** Runs a command to completion; rejects with its stderr when it fails. */
export function exec(command, args, { env, cwd, input, quiet } = {}) {
	return new Promise((resolve, reject) => {
		const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ["pipe", "pipe", "pipe"] });
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => (stdout += chunk));
		child.stderr.on("data", (chunk) => (stderr += chunk));
		child.on("error", reject);
		// A child that exits before reading its stdin closes the pipe: the exit code tells how it went.
		child.stdin.on("error", () => {});
		child.on("close", (code) => {
			if (code === 0) resolve({ stdout, stderr });
			else reject(new Error(`${command} ${args.join(" ")} exited ${code}\n${quiet ? "" : stderr.slice(-3000)}`));
		});
		child.stdin.end(input ?? "");
	});
}

/** The value a scenario reported on its `BENCH {…}` line. */
export function parseReport(stdout) {
	const line = stdout.split("\n").find((text) => text.startsWith("BENCH "));
	if (!line) throw new Error(`no BENCH line in:\n${stdout.slice(-2000)}`);
	return JSON.parse(line.slice(6));
}

/** Wall time of one fresh process, in ms (spawnSync: nothing else runs meanwhile). */
export function wallMs(command, args, env) {
	const start = process.hrtime.bigint();
	const result = spawnSync(command, args, { env: { ...process.env, ...env }, stdio: ["ignore", "ignore", "pipe"] });
	const ms = Number(process.hrtime.bigint() - start) / 1e6;
	if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} exited ${result.status}\n${result.stderr}`);
	return ms;
}

export function median(values) {
	const list = values.filter((value) => typeof value === "number" && Number.isFinite(value)).sort((a, b) => a - b);
	if (list.length === 0) return undefined;
	const middle = list.length >> 1;
	return list.length % 2 ? list[middle] : (list[middle - 1] + list[middle]) / 2;
}

/** Runs async jobs with at most `width` at once, keeping their order in the result. */
export async function pool(jobs, width) {
	const results = new Array(jobs.length);
	let next = 0;
	const worker = async () => {
		while (next < jobs.length) {
			const index = next++;
			results[index] = await jobs[index]();
		}
	};
	await Promise.all(Array.from({ length: Math.min(width, jobs.length) }, worker));
	return results;
}

/** Rotates a list by `by` places, so that each round starts with another library. */
export const rotate = (list, by) => list.map((_, index) => list[(index + by) % list.length]);

export const log = (...parts) => process.stderr.write(`${parts.join(" ")}\n`);
