// Where @hublet/rest's GraphqlResponseError is put under @octokit/graphql's class (docs/api.md,
// "GraphqlResponseError"): a program Node runs unbundled gets its error linked to the
// @octokit/graphql beside it. A program's bundle does not look for one: the @octokit/graphql a
// bundled program imports is the bundle's own copy, so a copy found on disk beside the bundle was
// never the class the program catches, and loading it (with @octokit/request) was wasted. The
// planted @octokit/graphql writes a mark when it loads. A stub fetch answers; nothing reaches the network.
// Run: node test/graphql-bundle-link.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const root = resolve(".");
const project = mkdtempSync(join(tmpdir(), "hublet-graphql-link-"));
const MARK = join(project, "mark.txt");
mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
mkdirSync(join(project, "node_modules", "@octokit", "graphql"), { recursive: true });
symlinkSync(root, join(project, "node_modules", "@hublet", "rest"), "dir");
writeFileSync(join(project, "package.json"), JSON.stringify({ name: "app", type: "module" }));
writeFileSync(
	join(project, "node_modules", "@octokit", "graphql", "package.json"),
	JSON.stringify({ name: "@octokit/graphql", version: "9.0.5", main: "index.js" }),
);
writeFileSync(
	join(project, "node_modules", "@octokit", "graphql", "index.js"),
	`require("node:fs").appendFileSync(process.env.MARK, "loaded\\n");
exports.GraphqlResponseError = class GraphqlResponseError extends Error {};\n`,
);

// A program that never imports @octokit/graphql, and one whose query fails with `errors`.
const PROGRAM = `import { Hublet, GraphqlResponseError } from "@hublet/rest/core";
import { createRequire } from "node:module";
const fetch = async () => new Response('{"data":null,"errors":[{"message":"no"}]}', { headers: { "content-type": "application/json" } });
const error = await new Hublet({ request: { fetch } }).graphql("{ a }").catch((e) => e);
const theirs = createRequire(${JSON.stringify(join(project, "program.mjs"))})("@octokit/graphql").GraphqlResponseError;
console.log(JSON.stringify([error instanceof GraphqlResponseError, error instanceof theirs, error.message]));
`;
writeFileSync(join(project, "program.mjs"), PROGRAM);

/** Runs `file` with node in the project: what it printed, and whether Hublet loaded the planted @octokit/graphql. */
function run(file) {
	writeFileSync(MARK, "");
	const out = execFileSync(process.execPath, [file], { cwd: project, encoding: "utf8", env: { ...process.env, MARK } });
	// The program's own require() above loads it once; a load by Hublet before it is the second line.
	return { out: JSON.parse(out), loads: readFileSync(MARK, "utf8").split("\n").filter(Boolean).length };
}

const test = suite("GraphqlResponseError and the @octokit/graphql beside the program");

test.after(() => rmSync(project, { recursive: true, force: true }));

test("unbundled, the error is put under the program's @octokit/graphql class", () => {
	const { out, loads } = run(join(project, "program.mjs"));
	assert.equal(out, [true, true, "Request failed due to following response errors:\n - no"]);
	assert.is(loads, 1, "one copy, loaded once by Hublet and shared with the program");
});

test("in a program's bundle, nothing is looked for on disk: Hublet's own class, and the same message", async () => {
	const outfile = join(project, "program.bundle.mjs");
	await build({
		entryPoints: [join(project, "program.mjs")],
		bundle: true,
		format: "esm",
		platform: "node",
		outfile,
		logLevel: "silent",
	});
	const { out, loads } = run(outfile);
	assert.equal(out, [true, false, "Request failed due to following response errors:\n - no"]);
	assert.is(loads, 1, "only the program's own require() loaded it");
	assert.not.match(readFileSync(outfile, "utf8"), "mainModule", "the bundle holds no search for the program's file");
});

test.run();
