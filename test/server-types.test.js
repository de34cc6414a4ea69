// The types of the server a client talks to, compiled as a consumer compiles them: a program
// against each server's types (test/types/server-clients.ts), with its calls to a method the
// server lacks made for real, and every TypeScript example of docs/enterprise.md and of the
// README's Enterprise section, as written.
// Run: node test/server-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { compile, compileSources } from "./helpers/compile-types.js";

// ---------------------------------------------------------------------------
const missing = suite("a call to a method the server lacks");

const CASES = [
	["ghes-3.17", "dependabot", "repositoryAccessForOrg", 3],
	["ghes-3.18", "actions", "approveWorkflowRun", 1],
	["ghes-3.19", "actions", "approveWorkflowRun", 1],
	["ghec", "enterpriseAdmin", "listGlobalWebhooks", 1],
];

missing("is a compile error that names the method, its namespace and the server, for every server with types", () => {
	const swaps = CASES.map(([server, namespace, method]) => ({ from: `// @ts-expect-error ${server} lacks ${namespace}.${method}\n`, to: "" }));
	const errors = compile("server-clients.ts", swaps);
	for (const [server, namespace, method, count] of CASES) {
		const expected = `TS2339 Property '${method}' does not exist on type 'ServerNamespace<"${server}", "${namespace}">'.`;
		assert.is(errors.filter((error) => error.endsWith(expected)).length, count, `${server}: ${expected}\n${errors.join("\n")}`);
	}
	assert.is(errors.length, CASES.reduce((sum, [, , , count]) => sum + count, 0), errors.join("\n"));
});

missing("the program compiles as written: Enterprise-only calls type-check on each server", () => {
	assert.equal(compile("server-clients.ts"), []);
});

missing.run();

// ---------------------------------------------------------------------------
const examples = suite("the Enterprise examples compile as written");

/** The ```js and ```ts blocks of a Markdown text. */
const blocks = (markdown) => [...markdown.matchAll(/^```(?:js|ts)\n([\s\S]*?)^```/gm)].map((match) => match[1]);
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const ENTERPRISE_SECTION = README.slice(README.indexOf("## GitHub Enterprise"), README.indexOf("\n## ", README.indexOf("## GitHub Enterprise") + 1));
const DOCS = readFileSync(new URL("../docs/enterprise.md", import.meta.url), "utf8");

// A README section's snippet uses the import of the README's first example.
const withImport = (code) => (/^import /m.test(code) ? code : `import { Hublet } from "@hublet/rest";\n${code}`);

examples("docs/enterprise.md and the README's GitHub Enterprise section have TypeScript examples", () => {
	assert.ok(blocks(DOCS).length >= 3, "docs/enterprise.md");
	assert.ok(blocks(ENTERPRISE_SECTION).length >= 1, "README.md");
});

examples("each example type-checks under the README's settings", () => {
	const files = {};
	[...blocks(DOCS), ...blocks(ENTERPRISE_SECTION)].forEach((code, index) => {
		files[`.example-enterprise-${index}.ts`] = `${withImport(code)}\nexport {};\n`;
	});
	assert.equal(compileSources(files), []);
});

examples.run();
