// The switch corpus: small strict programs written against @octokit/rest 22.0.1 and
// @octokit/core 7 in the idioms real code uses (ids kept as numbers and passed on,
// RestEndpointMethodTypes, @octokit/types' Endpoints and GetResponseDataTypeFromEndpointMethod,
// @octokit/openapi-types' components, plugins and their options, fetch stubs, functions typed
// with @octokit/graphql's `graphql` and @octokit/request's `request` handed the client's,
// instanceof and status, GraphQL), in test/types/switch/. They compile against octokit as they
// are (which proves them right, their @ts-expect-error lines included), then against Hublet with
// only "@octokit/rest" → "@hublet/rest" and "@octokit/core" → "@hublet/rest/core" changed:
// strict, node16, TypeScript 5.9 here; 4.9, 5.0, 6.0 and 7.0 in `npm run test:consumers`.
// Run: node test/octokit-switch-types.test.js
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { compile, TYPES } from "./helpers/compile-types.js";

const FILES = readdirSync(join(TYPES, "switch"))
	.filter((file) => file.endsWith(".ts"))
	.sort()
	.map((file) => `switch/${file}`);
const SWAP = [
	{ from: 'from "@octokit/rest";', to: 'from "@hublet/rest";' },
	{ from: 'from "@octokit/core";', to: 'from "@hublet/rest/core";' },
];

const test = suite("octokit programs type-check against Hublet with only the package name changed");

test("the corpus has at least 30 programs, on both packages", () => {
	assert.ok(FILES.length >= 30, `${FILES.length} programs`);
	const sources = FILES.map((file) => compile.source(file));
	assert.ok(sources.filter((source) => source.includes('from "@octokit/rest";')).length >= 20);
	assert.ok(sources.filter((source) => source.includes('from "@octokit/core";')).length >= 8);
});

test("every program compiles against @octokit/rest 22.0.1 and @octokit/core 7 as written", () => {
	assert.equal(compile(FILES), []);
});

test("every program compiles against @hublet/rest and @hublet/rest/core with only the name changed", () => {
	assert.equal(compile(FILES, SWAP), []);
});

test.run();
