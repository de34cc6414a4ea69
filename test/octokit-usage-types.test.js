// Code written for @octokit/core 7 and @octokit/rest 22 type-checks against Hublet with only its
// import line changed: test/types/octokit-{core,rest}-usage.ts are compiled under strict node16,
// once as they are (against octokit, which proves the files themselves are right, their
// `@ts-expect-error` lines included) and once with only the module name changed to Hublet's
// entry (`import { Octokit, type OctokitOptions } from "@hublet/rest/core"`).
// Run: node test/octokit-usage-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile } from "./helpers/compile-types.js";

const test = suite("octokit code type-checks against Hublet");

const CASES = [
	{ file: "octokit-core-usage.ts", octokit: "@octokit/core", hublet: ["@hublet/rest/core"] },
	{ file: "octokit-rest-usage.ts", octokit: "@octokit/rest", hublet: ["@hublet/rest"] },
];

for (const { file, octokit, hublet } of CASES) {
	test(`${file} compiles against ${octokit} itself (strict, node16)`, () => {
		assert.equal(compile(file), []);
	});
	for (const entry of hublet) {
		test(`${file} compiles against ${entry} with only the module name changed (strict, node16)`, () => {
			assert.equal(compile(file, { from: `from "${octokit}";`, to: `from "${entry}";` }), []);
		});
	}
}

test.run();
