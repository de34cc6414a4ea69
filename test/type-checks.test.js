// The two type checks of the repository, as `npx tsc -p tsconfig.json` (lib/ against types/:
// lib/ is only checked here, esbuild builds dist/) and `npx tsc -p test/types/tsconfig.json` (the
// compile-only type tests) make them: the same programs, the same diagnostics. They are made
// here rather than by tsc so that `npm test` runs them in the process of the other TypeScript
// suites, which has parsed the declaration files they read (test/helpers/compile-types.js).
// Run: node test/type-checks.test.js
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cachingHost } from "./helpers/compile-types.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

/** The diagnostics of the project a tsconfig.json describes, as tsc prints them, without colour. */
function checkProject(config) {
	const parsed = ts.getParsedCommandLineOfConfigFile(config, {}, {
		...ts.sys,
		onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
			throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n"));
		},
	});
	const program = ts.createProgram({
		rootNames: parsed.fileNames,
		options: parsed.options,
		projectReferences: parsed.projectReferences,
		configFileParsingDiagnostics: parsed.errors,
		host: cachingHost(parsed.options),
	});
	const diagnostics = ts.getPreEmitDiagnostics(program);
	return {
		files: parsed.fileNames,
		errors: diagnostics.map((diagnostic) => ts.formatDiagnostic(diagnostic, { getCanonicalFileName: (name) => name, getCurrentDirectory: () => ROOT, getNewLine: () => "\n" }).trimEnd()),
	};
}

const test = suite("the type checks");

test("lib/ type-checks against types/ (tsconfig.json): no error", () => {
	const { files, errors } = checkProject(join(ROOT, "tsconfig.json"));
	assert.ok(files.some((file) => file.endsWith("lib/index.ts")), "the project has lib/");
	assert.equal(errors, []);
});

test("the compile-only type tests compile (test/types/tsconfig.json): no error", () => {
	const { files, errors } = checkProject(join(ROOT, "test", "types", "tsconfig.json"));
	assert.ok(files.some((file) => file.endsWith("test/types/lib-conformance.ts")), "the project has test/types/");
	assert.equal(errors, []);
});

test.run();
