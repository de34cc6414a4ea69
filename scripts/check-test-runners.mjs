#!/usr/bin/env node
// The test kit (`@hublet/rest/testing`) under the test runners users have, with the packed
// package installed as a user installs it: vitest, and Jest both ways the README gives for an
// ES-module-only package:
//   - Node ≥ 24.9 (fetched from npm as the `node` package), where Jest requires ES modules
//     natively under --experimental-vm-modules;
//   - the running Node (20) with babel-jest turning the package into CommonJS
//     (`transformIgnorePatterns` lets it into node_modules/@hublet/rest).
// A default Jest project on Node 20 must still fail with "Must use import to load ES Module":
// the control that shows what the two ways fix. Each runner runs the same three scenarios
// (test/fixtures/testing/scenarios.cjs).
//
// Then docs/testing.md's two Jest recipes, babel-jest's and ts-jest's, as written (the blocks after
// `<!-- recipe: jest-babel -->` and `<!-- recipe: jest-ts -->`), each in a folder of the project
// with another ES-module-only dependency, `esm-namespace`, which has `export * as ns from` (as
// some @actions/* packages do), added to the recipe's list as its comment says. The control: the
// recipe this page gave before, which transformed every .js file with the CommonJS plugin alone,
// stops at that package.
//
//   node scripts/check-test-runners.mjs [tarball] [--keep]
import { spawnSync } from "node:child_process";
import { copyFileSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { cachedProject, installTarball, ROOT, run, steps, tarballFromArguments } from "./temp-project.mjs";

const FIXTURES = join(ROOT, "test", "fixtures", "testing");
const TOOLS = [
	"vitest@^4",
	"jest@^30",
	"babel-jest@^30",
	"@babel/core@^7",
	"@babel/plugin-transform-modules-commonjs@^7",
	"@babel/plugin-transform-export-namespace-from@^7",
	"@babel/plugin-transform-dynamic-import@^7",
	"ts-jest@^29",
	"typescript@~5.9",
	"@types/jest@^30",
	"node@>=24.9 <25",
];

// docs/testing.md's Jest configurations, word for word.
const page = readFileSync(join(ROOT, "docs", "testing.md"), "utf8");
const recipe = (name) => {
	const block = new RegExp(`<!-- recipe: ${name} -->\\n\\s*\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(page)?.[1];
	if (!block) throw new Error(`docs/testing.md has no block after <!-- recipe: ${name} -->`);
	return block.replace(/^ {2}/gm, "");
};
const JEST_BABEL_CONFIG = recipe("jest-babel");
const JEST_TS_CONFIG = recipe("jest-ts");
// The recipe's list of ES-module packages, with one more, as its comment tells users to add theirs.
const ESM_LIST = 'const esm = ["@hublet/rest", "@octokit/request-error"];';
const withDependency = (config) => {
	if (!config.includes(ESM_LIST)) throw new Error(`the recipe no longer has the line ${ESM_LIST}`);
	return config.replace(ESM_LIST, 'const esm = ["@hublet/rest", "@octokit/request-error", "esm-namespace"];');
};
// The recipe docs/testing.md gave before: every .js file through the CommonJS plugin alone.
const OLD_BABEL_CONFIG = `module.exports = {
	transform: { "\\\\.[cm]?js$": ["babel-jest", { plugins: ["@babel/plugin-transform-modules-commonjs"] }] },
	transformIgnorePatterns: ["/node_modules/(?!(@hublet/rest|@octokit/request-error|esm-namespace)/)"],
};
`;

// An ES-module-only package with `export * as ns from`, and tests that load it beside the test kit.
const ESM_PACKAGE = {
	"package.json": JSON.stringify({ name: "esm-namespace", version: "1.0.0", type: "module", exports: { ".": { types: "./index.d.ts", default: "./index.js" } } }),
	"index.js": 'export * as strings from "./strings.js";\nexport const version = 1;\n',
	"strings.js": "export const shout = (text) => text.toUpperCase();\n",
	"index.d.ts": "export declare const strings: { shout(text: string): string };\nexport declare const version: number;\n",
};
const ESM_TEST_JS = `const { mockClient } = require("@hublet/rest/testing");
const { strings } = require("esm-namespace");
test("an ES-module dependency with export * as, beside the test kit", async () => {
	const { client } = mockClient({ "repos.get": { data: { full_name: "o/r" } } });
	const { data } = await client.rest.repos.get({ owner: "o", repo: "r" });
	expect(strings.shout(data.full_name)).toBe("O/R");
});
`;
const ESM_TEST_TS = `import { mockClient } from "@hublet/rest/testing";
import { strings } from "esm-namespace";
test("an ES-module dependency with export * as, beside the test kit", async () => {
	const { client } = mockClient({ "repos.get": { data: { full_name: "o/r" } } });
	const { data } = await client.rest.repos.get({ owner: "o", repo: "r" });
	expect(strings.shout(data.full_name ?? "")).toBe("O/R");
});
`;
// What docs/testing.md asks of a ts-jest project's tsconfig.json: CommonJS output.
const TS_JEST_TSCONFIG = { compilerOptions: { strict: true, module: "commonjs", target: "ES2022", lib: ["ES2022", "DOM"], types: ["jest"], esModuleInterop: true, skipLibCheck: true } };

// A typed test as a user writes one: .mts, an ES module in this CommonJS project, as an ESM-only package needs.
const TYPED_TEST = `import { mockClient, type MockCall } from "@hublet/rest/testing";
const { client, calls } = mockClient({ "repos.get": { data: { full_name: "o/r" } } });
export async function typed(): Promise<[string, MockCall[]]> {
	const { data } = await client.rest.repos.get({ owner: "o", repo: "r" });
	return [data.full_name, calls];
}
// @ts-expect-error a wrong handler key fails to compile
mockClient({ "repos.gte": { data: {} } });
`;

const { step, finish } = steps("test runners");
const packed = tarballFromArguments();
let project;
await step(`npm install <tarball> ${TOOLS.join(" ")}`, () => {
	project = cachedProject("test-runners", {}, TOOLS);
	installTarball(project, packed.tarball);
});
if (project) {
	for (const file of ["scenarios.cjs", "jest.test.js", "vitest.test.mjs"]) copyFileSync(join(FIXTURES, file), join(project, file));
	writeFileSync(join(project, "jest.babel.config.cjs"), JEST_BABEL_CONFIG);
	const bin = (name) => join(project, "node_modules", ...name.split("/"));
	const node24 = bin("node/bin/node");
	const passed = (output, expected = "3") => {
		const count = /Tests:\s+(\d+) passed, (\d+) total/.exec(output) ?? /Tests\s+(\d+) passed \((\d+)\)/.exec(output);
		if (!count || count[1] !== count[2] || count[1] !== expected) throw Object.assign(new Error(`not all ${expected} tests passed`), { stdout: output });
		return `${count[1]} passed`;
	};
	const env = { ...process.env, CI: "1", FORCE_COLOR: "0", NO_COLOR: "1" };
	/** Jest's whole output (it writes its summary to stderr) and exit status. */
	const jest = (node, args, extraEnv = {}, { cwd = project, file = "jest.test.js" } = {}) => {
		const result = spawnSync(node, [bin("jest/bin/jest.js"), "--ci", "--runTestsByPath", file, ...args], {
			cwd,
			encoding: "utf8",
			env: { ...env, ...extraEnv },
			timeout: 300_000,
		});
		return { status: result.status, output: `${result.stdout}${result.stderr}` };
	};
	const jestPassed = (node, args, extraEnv) => {
		const { status, output } = jest(node, args, extraEnv);
		if (status !== 0) throw Object.assign(new Error(`jest exited with ${status}`), { stdout: output });
		return passed(output);
	};

	await step("tsc over a test typed against the shipped testing.d.ts (node16, skipLibCheck false)", () => {
		writeFileSync(join(project, "typed.test.mts"), TYPED_TEST);
		const compilerOptions = { strict: true, noEmit: true, target: "ES2022", module: "node16", moduleResolution: "node16", lib: ["ES2022", "DOM"], types: [], skipLibCheck: false };
		writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["typed.test.mts"] }));
		run(process.execPath, [join(ROOT, "node_modules", "typescript", "bin", "tsc"), "-p", "tsconfig.json"], { cwd: project });
	});
	await step("vitest", () => `vitest ${version(project, "vitest")}, node ${process.versions.node}: ${passed(run(process.execPath, [bin("vitest/vitest.mjs"), "run", "vitest.test.mjs"], { cwd: project, env }))}`);
	await step("jest, native require(esm)", () => `jest ${version(project, "jest")}, node ${run(node24, ["--version"]).trim()}: ${jestPassed(node24, [], { NODE_OPTIONS: "--experimental-vm-modules" })}`);
	await step("jest, babel-jest", () => `jest ${version(project, "jest")}, node ${process.versions.node}: ${jestPassed(process.execPath, ["--config", "jest.babel.config.cjs"])}`);
	await step("jest, default project on node 20 fails (control)", () => {
		const { status, output } = jest(process.execPath, []);
		if (status !== 0 && output.includes("Must use import to load ES Module")) return "Must use import to load ES Module";
		throw Object.assign(new Error("a default Jest project on Node 20 did not fail as expected: the control no longer shows what the two ways fix"), { stdout: output });
	});

	// docs/testing.md's recipes in a project with another ES-module dependency (written after the
	// install, which would remove it as extraneous).
	const dependency = join(project, "node_modules", "esm-namespace");
	mkdirSync(dependency, { recursive: true });
	for (const [file, text] of Object.entries(ESM_PACKAGE)) writeFileSync(join(dependency, file), text);
	const folder = (name, files) => {
		const dir = join(project, name);
		mkdirSync(dir, { recursive: true });
		for (const [file, text] of Object.entries(files)) writeFileSync(join(dir, file), text);
		return dir;
	};
	await step("jest, docs/testing.md's babel-jest recipe, with an ES-module dependency that has export * as", () => {
		const cwd = folder("babel-recipe", { "jest.config.cjs": withDependency(JEST_BABEL_CONFIG), "esm.test.js": ESM_TEST_JS });
		const { status, output } = jest(process.execPath, [], {}, { cwd, file: "esm.test.js" });
		if (status !== 0) throw Object.assign(new Error(`jest exited with ${status}`), { stdout: output });
		return `node ${process.versions.node}: ${passed(output, "1")}`;
	});
	await step("jest, docs/testing.md's ts-jest recipe, with the same dependency", () => {
		const cwd = folder("ts-jest-recipe", { "jest.config.cjs": withDependency(JEST_TS_CONFIG), "tsconfig.json": JSON.stringify(TS_JEST_TSCONFIG), "esm.test.ts": ESM_TEST_TS });
		const { status, output } = jest(process.execPath, [], {}, { cwd, file: "esm.test.ts" });
		if (status !== 0) throw Object.assign(new Error(`jest exited with ${status}`), { stdout: output });
		return `ts-jest ${version(project, "ts-jest")}, node ${process.versions.node}: ${passed(output, "1")}`;
	});
	await step("jest, the recipe that transformed every .js file stops at export * as (control)", () => {
		const cwd = folder("old-recipe", { "jest.config.cjs": OLD_BABEL_CONFIG, "esm.test.js": ESM_TEST_JS });
		const { status, output } = jest(process.execPath, [], {}, { cwd, file: "esm.test.js" });
		if (status !== 0 && output.includes("Export namespace should be first transformed by `@babel/plugin-transform-export-namespace-from`")) return "Export namespace should be first transformed";
		throw Object.assign(new Error("the old recipe did not fail as reported: the control no longer shows what the recipe fixes"), { stdout: output });
	});
}
packed.done();
finish();

function version(project, name) {
	return JSON.parse(run(process.execPath, ["-p", `JSON.stringify(require("${name}/package.json").version)`], { cwd: project }));
}
