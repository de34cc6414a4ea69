#!/usr/bin/env node
// The package as a consumer gets it: build, `npm pack`, install the tarball into temporary
// projects, and check, with any problem failing the check:
//
// - types: one consumer file, strict and with `skipLibCheck: false` (so the shipped .d.ts files
//   are checked too), for both entries, under every tested TypeScript (4.9, 5.0, the project's
//   own 5.x, 6.0 and 7.0, installed together into one temporary folder), each with
//   `module: node16`, with `module: commonjs` (a CommonJS project) and with
//   `moduleResolution: bundler`;
// - the packed JavaScript imports and runs;
// - errors are octokit's: in three projects that have @octokit/request-error 5.1, 6.x and 7.x
//   installed first, `npm ls` shows one copy, and a 404 from the full entry, a 404 from the core
//   entry and a network failure pass `instanceof` against it, with Hublet's `code` and no
//   deprecation warning;
// - two packed copies side by side: each copy's errors are instances of the other's classes;
// - publint and @arethetypeswrong/cli (esm-only profile) lint the package.
//
// Then it runs scripts/check-test-runners.mjs (the test kit under vitest and Jest, and the README's
// Jest recipes in a project with other ES-module dependencies), scripts/check-runtimes.mjs
// (Bun, Deno, workerd), scripts/check-switch-corpus.mjs (octokit programs renamed to Hublet,
// under every TypeScript) and scripts/check-override-apps.mjs (apps on @actions/github 6 and 9, on
// @octokit/core and its plugins, and on Probot, installed with npm, pnpm or Yarn by the recipe of
// docs/compatibility.md with the packed octokit-core/ in place of @octokit/core: type-checked with
// `skipLibCheck: false` and run over loopback; and Hublet installed beside @actions/github 6.0.0
// moving no other package), and ends, as `npm test` does, with one line `N passed, N failed`
// counting every step of them all.
//
//   npm run test:consumers
//   node scripts/check-consumers.mjs [--keep] [--no-build]
//     --keep      prints the project folders
//     --no-build  packs dist/ as it is
//
// The compilers, tools and runtimes are installed once into project folders under
// .tmp/consumers/ (git-ignored) and reused by later runs (scripts/temp-project.mjs);
// HUBLET_CONSUMERS_FRESH=1 installs the newest of each range again. Only the packed package is
// installed on every run.

import { execFile, execFileSync, spawn, spawnSync } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { cachedProject, installTarball } from "./temp-project.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
// Every TypeScript the declarations are tested with; "own" is the project's devDependency.
const TYPESCRIPTS = {
	"4.9": "typescript@~4.9.5",
	"5.0": "typescript@~5.0.4",
	own: undefined,
	"6.0": "typescript@~6.0.3",
	"7.0": "typescript@~7.0.2",
};
// @octokit/request-error versions that a project may already have (5.x is CommonJS).
const REQUEST_ERRORS = ["5.1", "6", "7"];
const build = !process.argv.includes("--no-build");
const started = Date.now();

const CONSUMER = `import { Hublet, RequestError, type Endpoints, type RestEndpointMethodTypes } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";

const plugin = () => ({ hello: (name: string) => \`hello \${name}\` });
const MyHublet = Hublet.plugin(plugin).defaults({ userAgent: "consumer/1.0.0" });
const client = new MyHublet({ auth: "token" });
const owner = "octokit";
const repo = "rest.js";

export async function main() {
	const { data: repository } = await client.rest.repos.get({ owner, repo });
	const { data: issue } = await client.rest.issues.create({ owner, repo, title: "Hello" });
	const { data: pull } = await client.pulls.get({ owner, repo, pull_number: 1 });
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner, repo, state: "open" });
	const found = await client.paginate(client.rest.search.repos, { q: "hublet" }, (response) => response.data.map((item) => item.owner.login));
	const { data: user } = await client.request("GET /users/{username}", { username: "octocat" });
	const small = new (CoreHublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } }))();
	const { data: again } = await small.rest.repos.get({ owner, repo });
	type Parameters = RestEndpointMethodTypes["issues"]["create"]["parameters"];
	type Repository = Endpoints["GET /repos/{owner}/{repo}"]["response"]["data"];
	const parameters: Parameters = { owner, repo, title: "x" };
	const same: Repository = again;
	const summary: [string, number, string, number, string[], string, string, Parameters, Repository] = [
		repository.full_name,
		issue.number,
		pull.head.ref,
		issues.length,
		found,
		user.login,
		client.hello("world"),
		parameters,
		same,
	];
	// @ts-expect-error a consumer sees type errors: \`issue_number\` is a number
	await client.rest.issues.get({ owner, repo, issue_number: "1" });
	return summary;
}

export const isRequestError = (error: unknown) => error instanceof RequestError && error.status === 404;

// withRoutes infers the table's method names, and each route as its literal, in every version.
const Subset = CoreHublet.withRoutes({ namespaces: { mine: { repository: ["GET /repos/{owner}/{repo}"] } } });
export type SubsetNamespaces = keyof InstanceType<typeof Subset>["rest"];
export const namespaces: SubsetNamespaces[] = ["mine"];
// @ts-expect-error the subset has no other namespace
export const other: SubsetNamespaces = "repos";
export async function subset() {
	const { data } = await new Subset().rest.mine.repository({ owner, repo });
	// @ts-expect-error \`repo\` is a path parameter of the route
	await new Subset().rest.mine.repository({ owner });
	return data.full_name;
}
`;

const SMOKE = `import HubletDefault, { Hublet, RequestError } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";
const client = new Hublet({ log: { warn() {} } });
const checks = {
	"rest.repos.get is a method": typeof client.rest.repos.get === "function",
	"client.repos is client.rest.repos": client.repos === client.rest.repos,
	"paginate.iterator": typeof client.paginate.iterator === "function",
	"RequestError": new RequestError("x", 404, { request: { method: "GET", url: "/", headers: {} } }).status === 404,
	"default export": typeof HubletDefault === "function",
	"core has no routes": Object.keys(new CoreHublet().rest).length === 0,
};
const failed = Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name);
if (failed.length) { console.error("runtime smoke test failed: " + failed.join(", ")); process.exit(1); }
`;

// One project per module setting. `commonjs` leaves moduleResolution to each version's default
// for it (node10 before 6.0, which resolves `@hublet/rest/core` through package.json's
// `typesVersions`), as a CommonJS project's tsconfig does, and lives in a package without
// "type": "module". `bundler` exists from TypeScript 5.0 on, so 4.9 skips it.
const COMPILER_OPTIONS = { strict: true, noEmit: true, target: "ES2022", lib: ["ES2022", "DOM"], types: [], skipLibCheck: false };
const PROJECTS = {
	node16: { dir: ".", options: { module: "node16", moduleResolution: "node16" } },
	commonjs: { dir: "cjs", options: { module: "commonjs", esModuleInterop: true } },
	bundler: { dir: ".", options: { module: "esnext", moduleResolution: "bundler" }, since: "5.0" },
};

// Where an error names a nested command's output, print that output.
const problems = [];
let passed = 0;
const step = (name, fn, seconds) => {
	const start = Date.now();
	try {
		fn();
		passed += 1;
		console.log(`ok   ${name} (${(seconds ?? (Date.now() - start) / 1000).toFixed(1)} s)`);
	} catch (error) {
		problems.push(name);
		console.log(`FAIL ${name}\n${String(error.stdout ?? "") + String(error.stderr ?? "") || error.message}`);
	}
};
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
const newProject = (dir, packageJson = { type: "module" }) => {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true, ...packageJson }));
	return dir;
};

function pack(work) {
	const [{ filename }] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], ROOT));
	return join(work, filename);
}

/** Every tested TypeScript in one folder, under aliases (`ts4.9`, …): one `npm install` for all, kept between runs. */
function installCompilers() {
	const versioned = Object.entries(TYPESCRIPTS).filter(([, spec]) => spec);
	const dir = cachedProject("compilers", { type: "module" }, versioned.map(([version, spec]) => `ts${version}@npm:${spec}`));
	return Object.fromEntries(
		Object.keys(TYPESCRIPTS).map((version) => [
			version,
			version === "own" ? join(ROOT, "node_modules", "typescript", "bin", "tsc") : join(dir, "node_modules", `ts${version}`, "bin", "tsc"),
		]),
	);
}

/** The consumer file under every compiler and module setting, two compilers at a time. */
async function checkTypes(project, compilers) {
	newProject(join(project, "cjs"), { type: "commonjs" });
	for (const [name, { dir, options }] of Object.entries(PROJECTS)) {
		writeFileSync(join(project, dir, "index.ts"), CONSUMER);
		writeFileSync(join(project, dir, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions: { ...COMPILER_OPTIONS, ...options }, files: ["index.ts"] }, null, "\t"));
	}
	const jobs = [];
	for (const [version, tsc] of Object.entries(compilers)) {
		const label = version === "own" ? `${run(process.execPath, [tsc, "--version"], ROOT).trim().replace("Version ", "")} (own)` : version;
		for (const [name, { dir, since }] of Object.entries(PROJECTS)) {
			if (since && version !== "own" && Number(version) < Number(since)) continue;
			jobs.push({ name: `TypeScript ${label}, ${name}`, args: [tsc, "-p", `tsconfig.${name}.json`], cwd: join(project, dir) });
		}
	}
	const results = new Map();
	const worker = async () => {
		for (let job = jobs.shift(); job; job = jobs.shift()) {
			const start = Date.now();
			const error = await new Promise((resolve) => execFile(process.execPath, job.args, { cwd: job.cwd, encoding: "utf8" }, (failure, stdout, stderr) => resolve(failure && Object.assign(failure, { stdout, stderr }))));
			results.set(job.name, { error, seconds: (Date.now() - start) / 1000 });
		}
	};
	const names = jobs.map((job) => job.name);
	await Promise.all([worker(), worker()]);
	for (const name of names) {
		const { error, seconds } = results.get(name);
		step(
			name,
			() => {
				if (error) throw error;
			},
			seconds,
		);
	}
}

function checkSmoke(project) {
	writeFileSync(join(project, "smoke.mjs"), SMOKE);
	step("import the packed JavaScript", () => run(process.execPath, ["smoke.mjs"], project));
}

// Run in a project that has @octokit/request-error: each failure must pass the project's own
// `instanceof RequestError`, keep Hublet's `code`, and print no deprecation (version 5 warns on
// `error.code` through console.warn).
const OCTOKIT_ERRORS = `import { createServer } from "node:http";
import { createRequire } from "node:module";
import { RequestError } from "@octokit/request-error";
import { Hublet } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";
const warnings = [];
console.warn = (...args) => warnings.push(args.join(" "));
const server = createServer((request, response) => { response.writeHead(404, { "content-type": "application/json" }); response.end('{"message":"Not Found"}'); });
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = "http://127.0.0.1:" + server.address().port;
const full = await new Hublet({ baseUrl, retry: false }).rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
const core = await new CoreHublet({ baseUrl, retry: false }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).catch((e) => e);
server.close();
const network = await new Hublet({ baseUrl, retry: false }).rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
const checks = {
	"the 404 of the full entry is an instanceof RequestError": full instanceof RequestError && full.status === 404 && full.code === "HTTP_ERROR",
	"the 404 of the core entry is an instanceof RequestError": core instanceof RequestError && core.status === 404 && core.code === "HTTP_ERROR",
	"a network failure is an instanceof RequestError": network instanceof RequestError && network.status === 500 && network.code === "NETWORK_ERROR",
	"require() sees the same class": createRequire(import.meta.url)("@octokit/request-error").RequestError === RequestError || !process.argv.includes("--cjs"),
	"no deprecation warning": warnings.length === 0,
};
const failed = Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name);
if (failed.length) { console.error("failed: " + failed.join(", ") + (warnings.length ? "\\nwarnings: " + warnings.join("\\n") : "")); process.exit(1); }
`;

/** A project that has @octokit/request-error `version` first, then installs the tarball. */
function checkOctokitErrors(tarball, version) {
	step(`@octokit/request-error ${version}: one copy, and Hublet's errors are instances of it`, () => {
		const project = cachedProject(`request-error-${version}`, { type: "module" }, [`@octokit/request-error@${version}`]);
		installTarball(project, tarball);
		const copies = run("npm", ["ls", "@octokit/request-error", "--all", "--parseable"], project).trim().split("\n").filter(Boolean);
		if (copies.length !== 1) throw new Error(`npm ls @octokit/request-error shows ${copies.length} copies:\n${copies.join("\n")}`);
		writeFileSync(join(project, "errors.mjs"), OCTOKIT_ERRORS);
		run(process.execPath, ["errors.mjs", ...(version.startsWith("5") ? ["--cjs"] : [])], project);
	});
}

// Two copies of the package side by side (as an app's and a library's): each copy's errors are
// instances of the other copy's classes.
const TWO_COPIES = `import * as first from "@hublet/rest";
import * as second from "hublet-copy";
const request = { method: "GET", url: "/", headers: {} };
const graphqlError = (copy) => new copy.GraphqlResponseError({ query: "{ a }" }, {}, { data: null, errors: [{ message: "no" }] });
const checks = {
	"the copies are two modules": first.RequestError !== second.RequestError,
	"RequestError, first to second": new first.RequestError("x", 404, { request }) instanceof second.RequestError,
	"RequestError, second to first": new second.RequestError("x", 404, { request }) instanceof first.RequestError,
	"GraphqlResponseError, both ways": graphqlError(first) instanceof second.GraphqlResponseError && graphqlError(second) instanceof first.GraphqlResponseError,
	"the two classes stay apart": !(graphqlError(first) instanceof second.RequestError) && !(new first.RequestError("x", 404, { request }) instanceof second.GraphqlResponseError),
};
const failed = Object.entries(checks).filter(([, ok]) => !ok).map(([name]) => name);
if (failed.length) { console.error("failed: " + failed.join(", ")); process.exit(1); }
`;

function checkTwoCopies(project) {
	step("two copies side by side: errors are instances across them", () => {
		// A fresh copy: the project folder is kept between runs.
		rmSync(join(project, "node_modules", "hublet-copy"), { recursive: true, force: true });
		cpSync(join(project, "node_modules", "@hublet", "rest"), join(project, "node_modules", "hublet-copy"), { recursive: true });
		writeFileSync(join(project, "copies.mjs"), TWO_COPIES);
		run(process.execPath, ["copies.mjs"], project);
	});
}

// A program that runs on Bun, typed by Bun's own declarations (@types/bun): its global fetch, and
// stubs that return its Response, synchronously or not, are a `request.fetch`.
const BUN_FETCH = `import { Hublet } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";

const sync = (url: string, init: RequestInit) => new Response("{}", { headers: { "content-type": "application/json" } });
const later = async (url: string) => Response.json({ url });
new Hublet({ request: { fetch: fetch } });
new Hublet({ request: { fetch: sync } });
new CoreHublet({ request: { fetch: later } });
const client = new Hublet({ request: { fetch: (url: string, options: { [key: string]: any }) => new Response(JSON.stringify({ url, method: options.method })) } });
export const id = client.rest.repos.get({ owner: "o", repo: "r" }).then(({ data }) => data.id satisfies number);
`;

function checkBunTypes(tarball) {
	step("request.fetch takes Bun's fetch and Response (@types/bun), strict", () => {
		const project = cachedProject("bun-types", { type: "module" }, ["@types/bun@^1.4"]);
		installTarball(project, tarball);
		writeFileSync(join(project, "fetch-bun.ts"), BUN_FETCH);
		const compilerOptions = { strict: true, module: "nodenext", target: "es2022", types: ["bun"], noEmit: true, skipLibCheck: true };
		writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["fetch-bun.ts"] }));
		run(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "."], project);
	});
}

function checkLint(tarball) {
	step("publint --strict", () => {
		const result = spawnSync("npx", ["--no-install", "publint", "--strict"], { cwd: ROOT, encoding: "utf8" });
		// publint exits 0 on suggestions and warnings; --strict turns warnings into errors. Say "All good!" or fail.
		if (result.status !== 0 || !result.stdout.includes("All good!")) throw Object.assign(new Error("publint"), result);
	});
	step("attw --profile esm-only", () => run("npx", ["--no-install", "attw", tarball, "--profile", "esm-only", "--format", "ascii"], ROOT));
}

/** Runs a check script of the matrix with its output shown; its last line gives its counts. */
function runScript(script, tarball) {
	return new Promise((resolve) => {
		const child = spawn(process.execPath, [join(ROOT, "scripts", script), tarball, ...process.argv.slice(2)], { stdio: ["ignore", "pipe", "inherit"] });
		let output = "";
		child.stdout.setEncoding("utf8").on("data", (chunk) => {
			output += chunk;
			process.stdout.write(chunk);
		});
		child.on("close", (status) => {
			const counts = /(\d+) passed, (\d+) failed\s*$/.exec(output);
			const ok = Number(counts?.[1] ?? 0);
			const bad = Math.max(Number(counts?.[2] ?? 0), status === 0 ? 0 : 1);
			passed += ok;
			if (bad) problems.push(...Array(bad).fill(script));
			resolve();
		});
	});
}

const work = mkdtempSync(join(tmpdir(), "hublet-consumers-"));
try {
	if (build) step("build (scripts/build.mjs)", () => run(process.execPath, ["scripts/build.mjs"], ROOT));
	let tarball;
	let compilers;
	step("npm pack", () => (tarball = pack(work)));
	step(`install TypeScript ${Object.keys(TYPESCRIPTS).filter((version) => version !== "own").join(", ")}`, () => (compilers = installCompilers()));
	let project;
	step("npm install <tarball>", () => {
		project = cachedProject("consumer", { type: "module" }, []);
		installTarball(project, tarball);
	});
	if (compilers && project) await checkTypes(project, compilers);
	if (project) {
		checkSmoke(project);
		checkTwoCopies(project);
	}
	for (const version of REQUEST_ERRORS) checkOctokitErrors(tarball, version);
	checkLint(tarball);
	checkBunTypes(tarball);
	// The test kit under vitest and Jest, the package on Bun, Deno and workerd, the switch corpus
	// (octokit programs renamed to Hublet) under every TypeScript, and real apps on @actions/github
	// and Probot with Hublet in place of @octokit/core.
	for (const script of ["check-test-runners.mjs", "check-runtimes.mjs", "check-switch-corpus.mjs", "check-override-apps.mjs"]) await runScript(script, tarball);
} finally {
	rmSync(work, { recursive: true, force: true });
}

console.log(`\n${problems.length === 0 ? "consumers: all good" : `consumers: ${problems.length} failed: ${[...new Set(problems)].join(", ")}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
// The counts and the time, for `npm run docs:figures` (scripts/docs-figures.mjs).
mkdirSync(join(ROOT, ".tmp"), { recursive: true });
const seconds = Math.round((Date.now() - started) / 1000);
writeFileSync(join(ROOT, ".tmp", "consumers-run.json"), `${JSON.stringify({ passed, failed: problems.length, seconds, node: process.versions.node, finished: new Date().toISOString() }, null, "\t")}\n`);
console.log(`${passed} passed, ${problems.length} failed`);
process.exit(problems.length === 0 ? 0 : 1);
