// `GraphqlResponseError` is an instance of the class the program imports: Hublet's, from either
// entry, and @octokit/graphql's own, which apps written for octokit catch
// (`error instanceof GraphqlResponseError` from "@octokit/graphql"), as RequestError is an
// instance of @octokit/request-error's. Where the program has no @octokit/graphql, nothing of it
// is needed. A stub fetch answers; nothing reaches the network.
// Run: node test/graphql-error-class.test.js
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { GraphqlResponseError as OctokitGraphqlResponseError } from "@octokit/graphql";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, GraphqlResponseError } from "../dist/index.js";
import { Hublet as Core, GraphqlResponseError as CoreGraphqlResponseError } from "../dist/core.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const failing = async () => new Response(JSON.stringify({ data: { viewer: null }, errors: [{ message: "Field 'x' doesn't exist", type: "undefinedField" }] }), { headers: { "content-type": "application/json" } });

const test = suite("GraphqlResponseError is an instance of the class the program imports");

for (const [entry, Client] of [
	["@hublet/rest", Hublet],
	["@hublet/rest/core", Core],
]) {
	test(`an error from ${entry} is @octokit/graphql's GraphqlResponseError, and Hublet's from both entries`, async () => {
		const error = await new Client({ retry: false, request: { fetch: failing } }).graphql("{ viewer { x } }").catch((e) => e);
		assert.ok(error instanceof OctokitGraphqlResponseError, "instanceof @octokit/graphql's class");
		assert.ok(error instanceof GraphqlResponseError, "instanceof @hublet/rest's class");
		assert.ok(error instanceof CoreGraphqlResponseError, "instanceof @hublet/rest/core's class");
		assert.ok(error instanceof Error);
		assert.is(error.name, "GraphqlResponseError");
		assert.is(error.constructor.name, "GraphqlResponseError");
		assert.equal(error.errors, [{ message: "Field 'x' doesn't exist", type: "undefinedField" }]);
		assert.equal(error.data, { viewer: null });
	});
}

test("an error @octokit/graphql itself makes is not taken for a subclass of Hublet's, nor is a user's subclass", async () => {
	class MyError extends OctokitGraphqlResponseError {}
	const error = await new Hublet({ retry: false, request: { fetch: failing } }).graphql("{ viewer { x } }").catch((e) => e);
	assert.not.ok(error instanceof MyError);
	assert.ok(new MyError({ method: "POST", url: "/graphql" }, {}, { data: {}, errors: [{ message: "m" }] }) instanceof OctokitGraphqlResponseError);
});

test("a program without @octokit/graphql gets Hublet's class, nothing loaded", () => {
	const project = mkdtempSync(join(tmpdir(), "hublet-graphql-"));
	try {
		mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
		symlinkSync(ROOT, join(project, "node_modules", "@hublet", "rest"), "dir");
		writeFileSync(
			join(project, "program.mjs"),
			`import { Hublet, GraphqlResponseError } from "@hublet/rest";
const fetch = async () => new Response('{"data":null,"errors":[{"message":"no"}]}', { headers: { "content-type": "application/json" } });
const error = await new Hublet({ retry: false, request: { fetch } }).graphql("{ a }").catch((e) => e);
console.log(JSON.stringify([error instanceof GraphqlResponseError, error.message]));`,
		);
		const out = execFileSync(process.execPath, [join(project, "program.mjs")], { cwd: project, encoding: "utf8" });
		assert.equal(JSON.parse(out), [true, "Request failed due to following response errors:\n - no"]);
	} finally {
		rmSync(project, { recursive: true, force: true });
	}
});

test.run();
