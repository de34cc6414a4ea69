// `request.fetch` takes every function octokit's `fetch?: any` takes in practice: synchronous or
// not, with `url: string`, returning the `Response` of lib dom (with and without dom.iterable,
// whose absence makes `Headers` not iterable), of @types/node, or of undici. Each fixture is
// compiled alone under the libs it names, strict. (Bun's types are compiled by the consumer
// matrix, which installs @types/bun: scripts/check-consumers.mjs, checkBunTypes.)
// Run: node test/fetch-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "./helpers/compile-types.js";

const test = suite("request.fetch accepts every runtime's fetch and Response");

const CASES = [
	["lib dom without dom.iterable, no @types/node", "alone/fetch-dom.ts", { lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], types: [] }],
	["lib dom and dom.iterable, no @types/node", "alone/fetch-dom.ts", { lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"], types: [] }],
	["lib dom and @types/node", "alone/fetch-dom.ts", { lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], types: ["node"] }],
	["undici and @types/node, no lib dom", "alone/fetch-undici.ts", { lib: ["lib.es2022.d.ts"], types: ["node"] }],
	["undici under lib dom without dom.iterable", "alone/fetch-undici.ts", { lib: ["lib.es2022.d.ts", "lib.dom.d.ts"], types: ["node"] }],
];

for (const [name, file, options] of CASES) {
	test(`${name}: ${file} compiles`, () => {
		assert.equal(compile(file, undefined, options), []);
	});
}

test.run();
