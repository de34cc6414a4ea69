// Integers in the types: octokit 22's `number` on the routes it has methods for (test/types/
// integers.ts, compiled by `npm test`'s type check), and `number | bigint` program-wide when a
// program sets `HubletTypeOptions.integers` (test/types/alone/bigint-integers.ts, compiled here
// on its own, since the setting is a declaration merge that applies to the whole program).
// Run: node test/octokit-integers.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "./helpers/compile-types.js";

const test = suite("integers are number as in octokit 22, or number | bigint on request");

test("HubletTypeOptions { integers: 'number | bigint' } types every integer number | bigint", () => {
	assert.equal(compile("alone/bigint-integers.ts"), []);
});

test("without the setting, the same program's bigint assertions fail", () => {
	const without = compile("alone/bigint-integers.ts", { from: 'integers: "number | bigint";', to: "" });
	const failed = without.filter((line) => / TS2344 /.test(line)).map((line) => Number(/:(\d+) /.exec(line)[1]));
	assert.equal(failed, [16, 17, 19], without.join("\n"));
});

test.run();
