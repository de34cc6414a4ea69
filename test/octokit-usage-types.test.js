// Code written for @octokit/core 7 and @octokit/rest 22 type-checks against Hublet with only its
// import line changed: test/types/octokit-{core,rest}-usage.ts are compiled under strict node16,
// once as they are (against octokit, which proves the files themselves are right, their
// `@ts-expect-error` lines included) and once with only the module name changed to Hublet's
// entry (`import { Octokit, type OctokitOptions } from "@hublet/rest/core"`).
// Run: node test/octokit-usage-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compileCopies } from "./helpers/compile-types.js";

const test = suite("octokit code type-checks against Hublet");

const CASES = [
	{ file: "octokit-core-usage.ts", octokit: "@octokit/core", hublet: ["@hublet/rest/core"] },
	{ file: "octokit-rest-usage.ts", octokit: "@octokit/rest", hublet: ["@hublet/rest"] },
];

// The cases as written in one program, and their copies against Hublet in another
// (compileCopies, which asserts that the files cannot change what one another sees), each file's
// diagnostics apart.
const AS_WRITTEN = CASES.map(({ file }) => ({ file, files: file }));
const AGAINST_HUBLET = CASES.flatMap(({ file, octokit, hublet }) => hublet.map((entry) => ({ file, entry, files: file, swap: { from: `from "${octokit}";`, to: `from "${entry}";` } })));
let asWritten;
let againstHublet;

for (const { file, octokit, hublet } of CASES) {
	test(`${file} compiles against ${octokit} itself (strict, node16)`, () => {
		asWritten ??= compileCopies(AS_WRITTEN);
		assert.equal(asWritten[AS_WRITTEN.findIndex((job) => job.file === file)], []);
	});
	for (const entry of hublet) {
		test(`${file} compiles against ${entry} with only the module name changed (strict, node16)`, () => {
			againstHublet ??= compileCopies(AGAINST_HUBLET);
			assert.equal(againstHublet[AGAINST_HUBLET.findIndex((job) => job.file === file && job.entry === entry)], []);
		});
	}
}

test.run();
