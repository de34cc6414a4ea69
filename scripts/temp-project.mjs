// Shared by the checks of the consumer matrix (scripts/check-consumers.mjs,
// check-test-runners.mjs, check-runtimes.mjs), which try the packed package in tools npm installs
// for the occasion: project folders cached between runs, and named, timed steps. The tools are
// never devDependencies, so `npm ci` stays lean.
import { execFile, execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
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

export const CACHE = join(ROOT, ".tmp", "consumers");
const NPM_FLAGS = ["--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];

/**
A project folder kept in .tmp/consumers/<name>/ between runs (git-ignored), so that the tools are
downloaded and installed once: `tools` are saved into its package.json and lockfile on the first
run, and installed again only when the list (or `manifest`) changes, or when
HUBLET_CONSUMERS_FRESH=1 asks for the newest of each range, as a new user gets them. `--keep`
prints the folder. The package itself is installed on every run: see `installTarball`.
*/
export function cachedProject(name, manifest, tools) {
	const project = join(CACHE, name);
	const stamp = join(project, ".tools.json");
	const wanted = JSON.stringify({ manifest, tools });
	const fresh = process.env.HUBLET_CONSUMERS_FRESH === "1" && !freshened.has(project);
	if (fresh || !existsSync(stamp) || readFileSync(stamp, "utf8") !== wanted) {
		freshened.add(project);
		rmSync(project, { recursive: true, force: true });
		mkdirSync(project, { recursive: true });
		writeFileSync(join(project, "package.json"), JSON.stringify({ name, private: true, ...manifest }));
		if (tools.length) run("npm", ["install", ...NPM_FLAGS, ...tools], { cwd: project });
		writeFileSync(stamp, wanted);
	}
	if (process.argv.includes("--keep")) console.log(`project: ${project}`);
	return project;
}
const freshened = new Set();

/**
Installs the packed package into `project` without saving it. The copy is named after its hash,
so npm never takes it for the previous run's tarball of the same version.
*/
export function installTarball(project, tarball) {
	for (const file of readdirSync(project)) if (file.endsWith(".tgz")) rmSync(join(project, file));
	run("npm", ["install", "--no-save", ...NPM_FLAGS, `./${placeTarball(project, tarball, "hublet-rest")}`], { cwd: project });
}

/** Copies `tarball` into `project` as `<name>-<hash of its bytes>.tgz` (a new name for new bytes, so npm never reuses an old one), and gives that file name. */
export function placeTarball(project, tarball, name) {
	const hash = createHash("sha256").update(readFileSync(tarball)).digest("hex").slice(0, 12);
	const local = `${name}-${hash}.tgz`;
	copyFileSync(tarball, join(project, local));
	return local;
}

/** The tarball named on the command line, or the package packed now into a temporary folder. */
export function tarballFromArguments() {
	const given = process.argv.slice(2).find((arg) => arg.endsWith(".tgz"));
	if (given) return { tarball: given, done() {} };
	const work = mkdtempSync(join(tmpdir(), "hublet-pack-"));
	const [{ filename }] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT }));
	return { tarball: join(work, filename), done: () => rmSync(work, { recursive: true, force: true }) };
}

/** Named steps, each timed; `finish()` prints the summary line and sets the exit code. */
export function steps(title) {
	const started = Date.now();
	const failed = [];
	let passed = 0;
	const seconds = (since) => `${((Date.now() - since) / 1000).toFixed(1)} s`;
	return {
		async step(name, fn) {
			const start = Date.now();
			try {
				const note = await fn();
				passed += 1;
				console.log(`ok   ${name}${note ? `: ${note}` : ""} (${seconds(start)})`);
			} catch (error) {
				failed.push(name);
				console.log(`FAIL ${name}\n${String(error.stdout ?? "") + String(error.stderr ?? "") || error.stack}`);
			}
		},
		finish() {
			console.log(`${title}: ${failed.length === 0 ? "all good" : `${failed.length} failed: ${failed.join(", ")}`} in ${seconds(started)}`);
			// The counts, as the last line, for the script that runs this one (check-consumers.mjs).
			console.log(`${passed} passed, ${failed.length} failed`);
			process.exitCode = failed.length === 0 ? 0 : 1;
		},
	};
}
