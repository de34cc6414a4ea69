// The README examples of octokit's plugins and of @octokit/auth-app (test/types/readme-*.ts) type-
// check against both Hublet entries with only the module name changed, as they do against
// @octokit/core: the same errors, none. A plugin declares its options for @octokit/core
// (`declare module "@octokit/core" { interface OctokitOptions { throttle?: … } }`), and Hublet's
// options take those declarations over, so `throttle.onRateLimit`'s parameters are typed.
// And a project without @octokit/core still type-checks, the package's own declarations included.
// Run: node test/octokit-readme-types.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { CHECK_DECLARATIONS, compile, compileCopies } from "./helpers/compile-types.js";

const FIXTURES = ["readme-plugin-throttling.ts", "readme-plugin-retry.ts", "readme-plugin-paginate-graphql.ts", "readme-auth-app.ts"];
const FROM = 'from "@octokit/core";';

const test = suite("octokit plugins' README examples type-check against Hublet");

const ENTRIES = ["@hublet/rest/core", "@hublet/rest"];
const WRONG = { from: "if (retryCount < 1) {", to: "if (retryCount.length < 1) {" };
// A file's copies against both entries read the same declaration files, so they are compiled in
// one program (compileCopies, which asserts that no copy can change what another sees), each
// copy's diagnostics apart: a program per file, not per entry. The throttling example's wrong
// handler (WRONG) is compiled with it, as written and against each entry. (The copies as written,
// against @octokit/core, make a program of their own: in one with Hublet's copies the checker
// takes longer than in two.)
const VARIANTS = { "readme-plugin-throttling.ts": [[], [WRONG]] };
const perFile = new Map();
/** The diagnostics of `file` with `swaps` made, as written (`entry` null) or against `entry`. */
const compiledAs = (file, entry, swaps = []) => {
	const key = `${file}\0${entry === null}`;
	if (!perFile.has(key)) {
		const jobs = (VARIANTS[file] ?? [[]]).flatMap((variant) =>
			(entry === null ? [null] : ENTRIES).map((to) => ({ variant, to, files: file, swap: to === null ? variant : [...variant, { from: FROM, to: `from "${to}";` }] })),
		);
		perFile.set(key, { jobs, results: compileCopies(jobs) });
	}
	const { jobs, results } = perFile.get(key);
	return results[jobs.findIndex((job) => job.to === entry && JSON.stringify(job.variant) === JSON.stringify(swaps))];
};
// All four files' copies against both entries, which read the same declaration files, in one program.
const against = (files) => ENTRIES.map((entry) => ({ files, swap: { from: FROM, to: `from "${entry}";` } }));
const perOrder = new Map();
const compiledAgainst = (files, entry) => {
	const key = JSON.stringify(files);
	if (!perOrder.has(key)) perOrder.set(key, compileCopies(against(files)));
	return perOrder.get(key)[ENTRIES.indexOf(entry)];
};

for (const file of FIXTURES) {
	test(`${file} compiles against @octokit/core (strict, node16)`, () => {
		assert.equal(compiledAs(file, null), []);
	});
	for (const entry of ENTRIES) {
		test(`${file} compiles against ${entry} with only the module name changed (strict, node16)`, () => {
			assert.equal(compiledAs(file, entry), []);
		});
	}
}

// One project with all four, the throttling example first: against @octokit/core 7.0.8 (with
// TypeScript 5.9) every `throttle` handler parameter is then TS7006, implicitly any; reading the
// retry example first avoids it. Hublet's options read both plugins' declarations in any order.
for (const entry of ENTRIES) {
	test(`all four in one project compile against ${entry}, in any order`, () => {
		assert.equal(compiledAgainst(FIXTURES, entry), []);
		assert.equal(compiledAgainst([...FIXTURES].reverse(), entry), []);
	});
}

test("a plugin's options are typed from its declarations: a wrong handler is an error against Hublet as against octokit", () => {
	const expected = "TS2339 Property 'length' does not exist on type 'number'.";
	const octokit = compiledAs("readme-plugin-throttling.ts", null, [WRONG]);
	assert.equal(octokit.map((line) => line.replace(/^\S+ /, "")), [expected]);
	for (const entry of ENTRIES) {
		const hublet = compiledAs("readme-plugin-throttling.ts", entry, [WRONG]);
		assert.equal(hublet.map((line) => line.replace(/^\S+ /, "")), [expected], entry);
	}
});

const absent = suite("Hublet's declarations without @octokit/core installed");

absent("octokit-rest-usage.ts compiles against @hublet/rest with @octokit/core absent and skipLibCheck off", () => {
	const swap = { from: 'from "@octokit/rest";', to: 'from "@hublet/rest";' };
	assert.equal(compile("octokit-rest-usage.ts", swap, { ...CHECK_DECLARATIONS, without: ["@octokit/core"] }), []);
});

absent("and with @octokit/core installed, skipLibCheck off", () => {
	const swap = { from: 'from "@octokit/rest";', to: 'from "@hublet/rest";' };
	assert.equal(compile("octokit-rest-usage.ts", swap, CHECK_DECLARATIONS), []);
});

test.run();
absent.run();
