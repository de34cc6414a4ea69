// The types of the server a client talks to, compiled as a consumer compiles them: a program
// against each server's types (test/types/server-clients.ts), with its calls to a method the
// server lacks made for real. The examples of docs/enterprise.md and of the README's Enterprise
// section compile as written in test/docs-examples.test.js, with every other example.
// Run: node test/server-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "./helpers/compile-types.js";

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

