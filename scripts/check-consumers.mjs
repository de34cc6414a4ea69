#!/usr/bin/env node
// The package as a consumer gets it: build, `npm pack`, install the tarball into a temporary
// project, and compile a file that uses three methods, paginate, request, a plugin and the
// core entry, once with `moduleResolution: node16` and once with `bundler` (each with
// `skipLibCheck: false`, so that the shipped .d.ts files are checked too). The tarball's
// JavaScript is imported once, then publint and @arethetypeswrong/cli (esm-only profile)
// lint it. Any problem fails the check.
//
//   node scripts/check-consumers.mjs [--keep] [--no-build]
//     --keep      leaves the temporary project for a look
//     --no-build  packs dist/ as it is (npm test builds first)
//
// The tarball's dependencies come from the npm cache when they are there (--prefer-offline);
// TypeScript and @types/node are linked from this repository's node_modules.

import { execFileSync, spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const keep = process.argv.includes("--keep");
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

const PROJECTS = {
	node16: {
		strict: true,
		noEmit: true,
		target: "ES2022",
		module: "node16",
		moduleResolution: "node16",
		lib: ["ES2022", "DOM"],
		types: [],
		skipLibCheck: false,
	},
	bundler: {
		strict: true,
		noEmit: true,
		target: "ES2022",
		module: "preserve",
		moduleResolution: "bundler",
		lib: ["ES2022"],
		types: ["node"],
		skipLibCheck: false,
	},
};

const problems = [];
const step = (name, fn) => {
	const start = Date.now();
	try {
		fn();
		console.log(`ok   ${name} (${((Date.now() - start) / 1000).toFixed(1)} s)`);
	} catch (error) {
		problems.push(name);
		console.log(`FAIL ${name}\n${String(error.stdout ?? "") + String(error.stderr ?? "") || error.message}`);
	}
};
const run = (command, args, cwd) => execFileSync(command, args, { cwd, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });

const work = mkdtempSync(join(tmpdir(), "hublet-consumers-"));
let tarball;
try {
	if (build) step("build (scripts/build.mjs)", () => run(process.execPath, ["scripts/build.mjs"], ROOT));
	step("npm pack", () => {
		const [{ filename }] = JSON.parse(run("npm", ["pack", "--json", "--pack-destination", work], ROOT));
		tarball = join(work, filename);
	});
	const project = join(work, "consumer");
	mkdirSync(project);
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
	step("npm install <tarball>", () => {
		run("npm", ["install", "--prefer-offline", "--no-save", "--no-audit", "--no-fund", "--ignore-scripts", tarball], project);
		mkdirSync(join(project, "node_modules", "@types"), { recursive: true });
		symlinkSync(join(ROOT, "node_modules", "@types", "node"), join(project, "node_modules", "@types", "node"), "dir");
		symlinkSync(join(ROOT, "node_modules", "undici-types"), join(project, "node_modules", "undici-types"), "dir");
	});
	writeFileSync(join(project, "index.ts"), CONSUMER);
	for (const [name, compilerOptions] of Object.entries(PROJECTS)) {
		writeFileSync(join(project, `tsconfig.${name}.json`), JSON.stringify({ compilerOptions, files: ["index.ts"] }, null, "\t"));
		step(`tsc, moduleResolution ${compilerOptions.moduleResolution}`, () => run(process.execPath, [TSC, "-p", `tsconfig.${name}.json`], project));
	}
	writeFileSync(join(project, "smoke.mjs"), SMOKE);
	step("import the packed JavaScript", () => run(process.execPath, ["smoke.mjs"], project));
	step("publint --strict", () => {
		const result = spawnSync("npx", ["--no-install", "publint", "--strict"], { cwd: ROOT, encoding: "utf8" });
		// publint exits 0 on suggestions and warnings; --strict turns warnings into errors. Say "All good!" or fail.
		if (result.status !== 0 || !result.stdout.includes("All good!")) throw Object.assign(new Error("publint"), result);
	});
	step("attw --profile esm-only", () => run("npx", ["--no-install", "attw", tarball, "--profile", "esm-only", "--format", "ascii"], ROOT));
	// The test kit under vitest and Jest, and the package on Bun, Deno and workerd: each script installs its tools into a folder of its own.
	for (const script of ["check-test-runners.mjs", "check-runtimes.mjs"]) {
		step(script, () => {
			if (spawnSync(process.execPath, [join(ROOT, "scripts", script), tarball], { stdio: "inherit" }).status !== 0) throw new Error(`${script} failed`);
		});
	}
} finally {
	if (keep) console.log(`kept ${work}`);
	else rmSync(work, { recursive: true, force: true });
}

console.log(`\n${problems.length === 0 ? "consumers: all good" : `consumers: ${problems.length} failed: ${problems.join(", ")}`} in ${((Date.now() - started) / 1000).toFixed(1)} s`);
process.exit(problems.length === 0 ? 0 : 1);
