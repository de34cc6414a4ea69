// One version everywhere a user reads it: `hublet --version`, package.json, the library's VERSION
// (in the user-agent), the newest version CHANGELOG.md names, and the range of @hublet/rest that
// the override package (@hublet/octokit-core) asks for. A CHANGELOG heading is `## Unreleased`
// (changes no version has yet) or a version, `## 0.1.0` with anything after it.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { Hublet } from "../dist/index.js";
import { runCli } from "./fixtures/cli-harness.js";

const read = (file) => readFileSync(new URL(`../${file}`, import.meta.url), "utf8");
const { version } = JSON.parse(read("package.json"));
const VERSION_HEADING = /^## (\d+)\.(\d+)\.(\d+)(?:[-+][\w.-]+)?\b/;

/** Each `## ` heading of a changelog, in order, as written. */
const headingsOf = (text) => text.split("\n").filter((line) => line.startsWith("## "));

/** `[major, minor, patch]` of a version text. */
const parts = (text) => text.split(/[-+]/)[0].split(".").map(Number);
const compare = (a, b) => a.reduce((order, part, index) => order || part - b[index], 0);

/**
What is wrong with a changelog for package version `current`, as sentences; none when its headings
are `## Unreleased` or versions, and its newest version is `current`, with none above it.
*/
export function changelogProblems(text, current) {
	const problems = [];
	const headings = headingsOf(text);
	const versions = [];
	for (const heading of headings) {
		const match = VERSION_HEADING.exec(heading);
		if (match) versions.push([heading, match.slice(1, 4).map(Number)]);
		else if (heading !== "## Unreleased") problems.push(`"${heading}" is neither "## Unreleased" nor a version`);
	}
	if (versions.length === 0) return [...problems, "no heading names a version"];
	const [newest] = versions;
	if (compare(newest[1], parts(current)) !== 0) problems.push(`the newest version, "${newest[0]}", is not ${current}`);
	for (const [heading, numbers] of versions) if (compare(numbers, parts(current)) > 0) problems.push(`"${heading}" is above ${current}`);
	for (let index = 1; index < versions.length; index++) {
		if (compare(versions[index][1], versions[index - 1][1]) > 0) problems.push(`"${versions[index][0]}" is newer than the heading above it`);
	}
	return problems;
}

const one = suite("one version");

one("hublet --version, package.json, VERSION and the user-agent agree", async () => {
	const { code, stdout, stderr } = await runCli(["--version"]);
	assert.is(code, 0, stderr);
	assert.is(stdout, `${version}\n`);
	assert.is(Hublet.VERSION, version);
	assert.match(new Hublet().request.endpoint.DEFAULTS.headers["user-agent"], `hublet-rest.js/${version} `);
});

one("CHANGELOG.md's newest version is package.json's, and none is above it", () => {
	assert.equal(changelogProblems(read("CHANGELOG.md"), version), []);
});

one("the override package asks for this version of @hublet/rest", () => {
	const core = JSON.parse(read("octokit-core/package.json"));
	const range = core.dependencies?.["@hublet/rest"] ?? core.peerDependencies?.["@hublet/rest"];
	// A caret range below 1.0.0 admits its own minor version only, as npm reads it.
	const match = /^\^(\d+)\.(\d+)\.(\d+)$/.exec(range ?? "");
	assert.ok(match, `@hublet/octokit-core's range for @hublet/rest is ${range}`);
	const [major, minor] = parts(version);
	const floor = match.slice(1, 4).map(Number);
	assert.ok(compare(parts(version), floor) >= 0 && (major > 0 ? floor[0] === major : floor[1] === minor), `${range} does not admit ${version}`);
});

one("the changelog rule, on hostile and broken changelogs", () => {
	assert.equal(changelogProblems("# Changelog\n\n## Unreleased\n\n- x\n\n## 0.1.0\n", "0.1.0"), []);
	assert.equal(changelogProblems("## 0.1.0 (unreleased)\n", "0.1.0"), []);
	assert.equal(changelogProblems("## 0.5.0 (unreleased)\n## 0.1.0 (unreleased)\n", "0.1.0"), ['the newest version, "## 0.5.0 (unreleased)", is not 0.1.0', '"## 0.5.0 (unreleased)" is above 0.1.0']);
	assert.equal(changelogProblems("## 0.1.0\n## 0.2.0\n", "0.2.0"), ['the newest version, "## 0.1.0", is not 0.2.0', '"## 0.2.0" is newer than the heading above it']);
	assert.equal(changelogProblems("", "0.1.0"), ["no heading names a version"]);
	assert.equal(changelogProblems("## __proto__\n## constructor\n## 0.1.0\n", "0.1.0"), ['"## __proto__" is neither "## Unreleased" nor a version', '"## constructor" is neither "## Unreleased" nor a version']);
	assert.equal(changelogProblems(`## ${"9".repeat(400)}.0.0\n## 0.1.0\n`, "0.1.0").length, 2);
	assert.equal(changelogProblems("## 0.10.0\n## 0.9.0\n", "0.10.0"), []);
});

one.run();
