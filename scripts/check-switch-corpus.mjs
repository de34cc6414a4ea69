#!/usr/bin/env node
// The switch corpus (test/types/switch/: programs written against @octokit/rest 22.0.1 and
// @octokit/core 7) against the packed package with only the package name changed, under every
// tested TypeScript (4.9, 5.0, the project's own 5.x, 6.0 and 7.0), strict, node16. The packages
// the programs import beside the client (@octokit/types, @octokit/openapi-types, @octokit/graphql,
// @octokit/request, the plugins, @octokit/auth-app) are installed from npm at this repository's
// versions into a cached project; `skipLibCheck` is on, since the programs are what is checked (the
// package's own declarations are checked with it off by scripts/check-consumers.mjs).
//
//   node scripts/check-switch-corpus.mjs [tarball] [--keep]
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, cachedProject, installTarball, runAsync, steps, tarballFromArguments } from "./temp-project.mjs";

const CORPUS = join(ROOT, "test", "types", "switch");
const installed = (name) => JSON.parse(readFileSync(join(ROOT, "node_modules", name, "package.json"), "utf8")).version;
// The same versions the corpus compiles against in `npm test`.
const TOOLS = [
	"@octokit/types",
	"@octokit/openapi-types",
	"@octokit/graphql",
	"@octokit/request",
	"@octokit/endpoint",
	"@octokit/request-error",
	"@octokit/plugin-retry",
	"@octokit/plugin-throttling",
	"@octokit/auth-app",
	"@types/node",
].map((name) => `${name}@${installed(name)}`);
const COMPILERS = { "4.9": "typescript@~4.9.5", "5.0": "typescript@~5.0.4", "6.0": "typescript@~6.0.3", "7.0": "typescript@~7.0.2" };
const SWAPS = [
	['from "@octokit/rest";', 'from "@hublet/rest";'],
	['from "@octokit/core";', 'from "@hublet/rest/core";'],
];

const { step, finish } = steps("switch corpus");
const { tarball, done } = tarballFromArguments();
try {
	let project;
	await step(`install ${TOOLS.length} octokit packages and TypeScript ${Object.keys(COMPILERS).join(", ")}`, () => {
		project = cachedProject("switch-corpus", { type: "module" }, [...TOOLS, ...Object.entries(COMPILERS).map(([version, spec]) => `ts${version}@npm:${spec}`)]);
		installTarball(project, tarball);
	});
	if (project) {
		const dir = join(project, "switch");
		rmSync(dir, { recursive: true, force: true });
		mkdirSync(dir, { recursive: true });
		const files = readdirSync(CORPUS).filter((file) => file.endsWith(".ts"));
		for (const file of files) {
			let source = readFileSync(join(CORPUS, file), "utf8");
			for (const [from, to] of SWAPS) source = source.replaceAll(from, to);
			writeFileSync(join(dir, file), source);
		}
		const compilerOptions = { strict: true, noEmit: true, target: "ES2022", module: "node16", moduleResolution: "node16", lib: ["ES2022", "DOM", "DOM.Iterable"], types: ["node"], skipLibCheck: true };
		writeFileSync(join(dir, "tsconfig.json"), JSON.stringify({ compilerOptions, files }, null, "\t"));
		const compilers = { ...Object.fromEntries(Object.keys(COMPILERS).map((version) => [version, join(project, "node_modules", `ts${version}`, "bin", "tsc")])), own: join(ROOT, "node_modules", "typescript", "bin", "tsc") };
		for (const [version, tsc] of Object.entries(compilers)) {
			await step(`${files.length} octokit programs, renamed to Hublet, under TypeScript ${version}`, async () => {
				await runAsync(process.execPath, [tsc, "-p", "tsconfig.json"], { cwd: dir });
			});
		}
	}
} finally {
	done();
}
finish();
