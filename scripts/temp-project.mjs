// Shared by the checks that try the packed package in tools npm installs for the occasion
// (scripts/check-test-runners.mjs, scripts/check-runtimes.mjs): a temporary project holding
// the tarball and the tools, and named, timed steps. The tools are never devDependencies, so
// `npm ci` stays lean.
import { execFile, execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

export const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** Runs a command; its output is returned, and shown in full if it fails. */
export const run = (command, args, options = {}) =>
	execFileSync(command, args, { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], timeout: 300_000, ...options });

/** `run` without blocking: a server in this process keeps answering meanwhile. */
export const runAsync = (command, args, options = {}) =>
	new Promise((resolve, reject) => {
		execFile(command, args, { encoding: "utf8", timeout: 300_000, maxBuffer: 16 << 20, ...options }, (error, stdout, stderr) => {
			if (error) reject(Object.assign(error, { stdout, stderr }));
			else resolve(stdout);
		});
	});

/**
A temporary folder with a project in it (`package.json` from `manifest`), the package from
`tarball` (packed here when none is given: `node scripts/check-….mjs [tarball] [--keep]`) and
`tools` installed. `done()` removes the folder unless --keep.
*/
export function tempProject(name, manifest, tools) {
	const keep = process.argv.includes("--keep");
	const work = mkdtempSync(join(tmpdir(), `hublet-${name}-`));
	let tarball = process.argv.slice(2).find((arg) => arg.endsWith(".tgz"));
	if (!tarball) {
		const [{ filename }] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT }));
		tarball = join(work, filename);
	}
	const project = join(work, "project");
	mkdirSync(project);
	writeFileSync(join(project, "package.json"), JSON.stringify({ name, private: true, ...manifest }));
	try {
		// --no-save and no lockfile: the newest of each range, as a new user gets it (from the
		// npm cache when it is there).
		const flags = ["--no-save", "--no-audit", "--no-fund", "--no-package-lock", "--prefer-offline", "--loglevel=error"];
		run("npm", ["install", ...flags, tarball, ...tools], { cwd: project });
	} catch (error) {
		if (!keep) rmSync(work, { recursive: true, force: true });
		throw error;
	}
	return {
		project,
		done: () => (keep ? console.log(`kept ${work}`) : rmSync(work, { recursive: true, force: true })),
	};
}

/** Named steps, each timed; `finish()` prints the summary line and sets the exit code. */
export function steps(title) {
	const started = Date.now();
	const failed = [];
	const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
	return {
		async step(name, fn) {
			const start = Date.now();
			try {
				const note = await fn();
				console.log(`ok   ${name}${note ? `: ${note}` : ""} (${seconds(start)})`);
			} catch (error) {
				failed.push(name);
				console.log(`FAIL ${name}\n${String(error.stdout ?? "") + String(error.stderr ?? "") || error.stack}`);
			}
		},
		finish() {
			console.log(`${title}: ${failed.length === 0 ? "all good" : `${failed.length} failed: ${failed.join(", ")}`} in ${seconds(started)}`);
			process.exitCode = failed.length === 0 ? 0 : 1;
		},
	};
}
