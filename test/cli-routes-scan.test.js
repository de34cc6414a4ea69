// `hublet routes --scan <folder>` reads the program's own sources: dependencies, build output
// (node_modules, dist, out, build, at any depth) and what the folder's .gitignore lists are
// left out, so their method calls do not enter the subset.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { runCli } from "./fixtures/cli-harness.js";

const root = mkdtempSync(join(tmpdir(), "hublet-scan-"));
const write = (path, method) => {
	mkdirSync(dirname(join(root, path)), { recursive: true });
	writeFileSync(join(root, path), `await client.rest.${method}({});\n`);
};

const scan = suite("hublet routes --scan");
scan.after(() => rmSync(root, { recursive: true, force: true }));

/** The `namespace.method` names of the subset that `hublet routes --scan <root>` writes. */
async function scanned(folder = root) {
	const { code, stdout, stderr } = await runCli(["routes", "--scan", folder]);
	assert.is(code, 0, stderr);
	const { namespaces } = JSON.parse(stdout);
	return Object.entries(namespaces).flatMap(([namespace, methods]) => Object.keys(methods).map((method) => `${namespace}.${method}`)).sort();
}

scan("dependencies and build output are skipped at any depth; the program's sources are read", async () => {
	write("src/app.ts", "pulls.list");
	write("node_modules/lib/index.js", "repos.delete");
	write("dist/app.js", "repos.createFork");
	write("out/app.js", "repos.update");
	write("build/app.js", "repos.transfer");
	write("packages/web/dist/app.js", "orgs.delete");
	write("packages/web/src/app.mts", "issues.get");
	write(".cache/app.js", "gists.delete");
	assert.equal(await scanned(), ["issues.get", "pulls.list"]);
});

scan("what the scanned folder's .gitignore lists is skipped: names at any depth, anchored paths, globs, ** and ! negation", async () => {
	writeFileSync(
		join(root, ".gitignore"),
		["# generated code", "generated/", "*.gen.ts", "!keep.gen.ts", "/coverage", "lib/**/tmp", "temp?.js", "vendor/*.js", ""].join("\n"),
	);
	write("generated/client.ts", "issues.lock");
	write("src/generated/client.ts", "issues.unlock");
	write("src/api.gen.ts", "issues.delete");
	write("src/keep.gen.ts", "issues.create");
	write("coverage/report.js", "issues.update");
	write("src/coverage/probe.ts", "issues.list");
	write("lib/a/b/tmp/scratch.ts", "gists.create");
	write("lib/a/main.ts", "gists.get");
	write("temp1.js", "gists.list");
	write("vendor/copy.js", "gists.update");
	write("vendor/sub/own.js", "gists.fork");
	assert.equal(await scanned(), ["gists.fork", "gists.get", "issues.create", "issues.get", "issues.list", "pulls.list"]);
});

scan("a folder named on the command line is read, even one that a scan would skip inside another", async () => {
	assert.equal(await scanned(join(root, "dist")), ["repos.createFork"]);
});

scan.run();
