// `hublet --help` names every environment variable the documentation describes, and `hublet help
// environment` says what each does: a variable documented in README.md (or a page of docs/) that
// the command's help leaves out fails here.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { runCli } from "./fixtures/cli-harness.js";

const root = new URL("../", import.meta.url);
const pages = [new URL("README.md", root), ...(existsSync(new URL("docs/", root)) ? readdirSync(new URL("docs/", root)).filter((name) => name.endsWith(".md")).map((name) => new URL(`docs/${name}`, root)) : [])];
const text = pages.map((page) => readFileSync(page, "utf8")).join("\n");

/**
The variables the documentation describes: the first column of every table headed `variable`
(the command's and the proxies'), and the variables of Node.js it tells the reader to set.
*/
function documentedVariables() {
	const names = new Set();
	for (const table of text.matchAll(/^\| variable \|.*\n\|[-| ]+\|\n((?:\|.*\n)+)/gm)) {
		for (const row of table[1].split("\n").filter(Boolean)) {
			for (const [, name] of row.split("|")[1].matchAll(/`([A-Za-z_][A-Za-z0-9_]*)(?:=[^`]*)?`/g)) names.add(name);
		}
	}
	for (const [, name] of text.matchAll(/`(NODE_[A-Z_]+)(?:=[^`]*)?`/g)) names.add(name);
	return [...names];
}

const env = suite("hublet --help and the documented environment");

env("the documentation's variables are found (so that this check cannot pass on an empty list)", () => {
	const names = documentedVariables();
	for (const name of ["GITHUB_TOKEN", "GH_TOKEN", "HTTPS_PROXY", "NO_PROXY", "HUBLET_REDIS_URL", "HUBLET_RETRY", "DEBUG"]) assert.ok(names.includes(name), `${name} in ${names}`);
});

env("hublet --help names every documented variable, and hublet help environment says what each does", async () => {
	const main = await runCli(["--help"]);
	const detail = await runCli(["help", "environment"]);
	assert.is(main.code, 0);
	assert.is(detail.code, 0);
	for (const name of documentedVariables()) {
		assert.ok(main.stdout.includes(name), `hublet --help does not name ${name}`);
		assert.match(detail.stdout, new RegExp(`^ {2}(?:\\S+, )*${name}\\b.* {2,}\\S`, "m"), `hublet help environment does not describe ${name}`);
	}
});

env.run();
