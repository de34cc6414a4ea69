// Code written for @octokit/core 7 and @octokit/rest 22 type-checks against Hublet with only its
// import line changed: test/types/octokit-{core,rest}-usage.ts are compiled under strict node16,
// once as they are (against octokit, which proves the files themselves are right, their
// `@ts-expect-error` lines included) and once with the import swapped for Hublet's entry.
// Run: node test/octokit-usage-types.test.js
import { readFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { suite } from "uvu";
import * as assert from "uvu/assert";

const TYPES = resolve(dirname(fileURLToPath(import.meta.url)), "types");

const OPTIONS = {
	strict: true,
	noEmit: true,
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.Node16,
	moduleResolution: ts.ModuleResolutionKind.Node16,
	lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
	types: ["node"],
	skipLibCheck: true,
};

/**
The diagnostics of `file` compiled alone, with its `from` import line replaced by `to` when given.
The rewritten copy is served from memory at a path next to the original, so it resolves its
imports (node_modules, and "@hublet/rest" through the package's own `exports`) from there.
*/
function compile(file, swap) {
	const original = join(TYPES, file);
	let source = readFileSync(original, "utf8");
	let root = original;
	if (swap) {
		assert.ok(source.includes(swap.from), `${file} has the line ${swap.from}`);
		source = source.replace(swap.from, swap.to);
		root = join(TYPES, `.swapped-${file}`);
	}
	const host = ts.createCompilerHost(OPTIONS);
	const { fileExists, readFile, getSourceFile } = host;
	host.fileExists = (path) => path === root || fileExists.call(host, path);
	host.readFile = (path) => (path === root ? source : readFile.call(host, path));
	host.getSourceFile = (path, language, ...rest) =>
		path === root ? ts.createSourceFile(path, source, language) : getSourceFile.call(host, path, language, ...rest);
	const program = ts.createProgram([root], OPTIONS, host);
	return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
		const where = diagnostic.file ? `${diagnostic.file.fileName.replace(`${TYPES}/`, "")}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1} ` : "";
		return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
	});
}

const test = suite("octokit code type-checks against Hublet");

const CASES = [
	{
		file: "octokit-core-usage.ts",
		octokit: "@octokit/core",
		swap: {
			from: 'import { Octokit, type OctokitOptions } from "@octokit/core";',
			// @octokit/core has graphql built in; on the kernel it is a feature, added as the README shows.
			to: 'import { Hublet, graphql, type HubletOptions as OctokitOptions } from "@hublet/rest/core"; const Octokit = Hublet.plugin(graphql); type Octokit = InstanceType<typeof Octokit>;',
		},
	},
	{
		file: "octokit-rest-usage.ts",
		octokit: "@octokit/rest",
		swap: { from: 'import { Octokit } from "@octokit/rest";', to: 'import { Hublet as Octokit } from "@hublet/rest";' },
	},
];

for (const { file, octokit, swap } of CASES) {
	test(`${file} compiles against ${octokit} itself (strict, node16)`, () => {
		assert.equal(compile(file), []);
	});
	test(`${file} compiles against ${swap.to.match(/"(.+)"/)[1]} with only its import swapped (strict, node16; on the core entry the import adds the graphql feature)`, () => {
		assert.equal(compile(file, swap), []);
	});
}

test.run();
