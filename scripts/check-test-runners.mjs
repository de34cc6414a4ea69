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
//   node scripts/check-test-runners.mjs [tarball] [--keep]
import { spawnSync } from "node:child_process";
import { copyFileSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { ROOT, run, steps, tempProject } from "./temp-project.mjs";

const FIXTURES = join(ROOT, "test", "fixtures", "testing");
const TOOLS = ["vitest@^4", "jest@^30", "babel-jest@^30", "@babel/core@^7", "@babel/plugin-transform-modules-commonjs@^7", "node@>=24.9 <25"];

// The README's babel-jest configuration, word for word: the `jest.config.cjs` block under "### Jest".
const readme = readFileSync(join(ROOT, "README.md"), "utf8");
const JEST_BABEL_CONFIG = /\n### Jest\n[\s\S]*?```js\n([\s\S]*?)```/.exec(readme)[1].replace(/^ {2}/gm, "");

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
let temp;
await step(`npm install <tarball> ${TOOLS.join(" ")}`, () => {
	// A default (CommonJS) project, as `npm init` makes one.
	temp = tempProject("test-runners", {}, TOOLS);
});
if (temp) {
	const { project } = temp;
	for (const file of ["scenarios.cjs", "jest.test.js", "vitest.test.mjs"]) copyFileSync(join(FIXTURES, file), join(project, file));
	writeFileSync(join(project, "jest.babel.config.cjs"), JEST_BABEL_CONFIG);
	const bin = (name) => join(project, "node_modules", ...name.split("/"));
	const node24 = bin("node/bin/node");
	const passed = (output) => {
		const count = /Tests:\s+(\d+) passed, (\d+) total/.exec(output) ?? /Tests\s+(\d+) passed \((\d+)\)/.exec(output);
		if (!count || count[1] !== count[2] || count[1] !== "3") throw Object.assign(new Error("not all 3 scenarios passed"), { stdout: output });
		return `${count[1]} passed`;
	};
	const env = { ...process.env, CI: "1", FORCE_COLOR: "0", NO_COLOR: "1" };
	/** Jest's whole output (it writes its summary to stderr) and exit status. */
	const jest = (node, args, extraEnv = {}) => {
		const result = spawnSync(node, [bin("jest/bin/jest.js"), "--ci", "--runTestsByPath", "jest.test.js", ...args], {
			cwd: project,
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
	temp.done();
}
finish();

function version(project, name) {
	return JSON.parse(run(process.execPath, ["-p", `JSON.stringify(require("${name}/package.json").version)`], { cwd: project }));
}
