// `hublet describe` lists every query and body parameter, optional ones included, with its type,
// its values when it is an enum, whether it is required and GitHub's default; the data comes from
// bin/cli-parameters.json, which scripts/generate-cli-data.mjs writes from the OpenAPI description.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { Hublet } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";
import { runRoutesCommand } from "../bin/routes-command.mjs";
import { buildCliParameters, serializeCliParameters } from "../scripts/generate-cli-data.mjs";
import { runCli } from "./fixtures/cli-harness.js";

const describe = suite("hublet describe: parameters");

/** The `Parameters` lines of `hublet describe <name>`, as `{ name: "where  type" }`. */
async function parameters(name) {
	const { code, stdout, stderr } = await runCli(["describe", name]);
	assert.is(code, 0, stderr);
	const section = /\nParameters \(name=value; name:=json for numbers, booleans, lists and objects\):\n((?: {2}.+\n)+)/.exec(stdout)?.[1] ?? "";
	return Object.fromEntries(section.trimEnd().split("\n").filter(Boolean).map((line) => /^ {2}(\S+)\s+(.*)$/.exec(line).slice(1)));
}

describe("a list's optional query parameters, with their enums, formats and defaults", async () => {
	const listed = await parameters("issues.listForRepo");
	assert.is(listed.state, "query  open | closed | all (default: open)");
	assert.is(listed.sort, "query  created | updated | comments (default: created)");
	assert.is(listed.since, "query  string (date-time)");
	assert.is(listed.labels, "query  string");
	assert.is(listed.per_page, "query  integer (default: 30)");
});

describe("a create's body parameters, the required ones marked, alternatives and lists spelt out", async () => {
	const listed = await parameters("issues.create");
	assert.is(listed.title, "body   string or integer, required");
	assert.is(listed.body, "body   string");
	assert.is(listed.assignees, "body   string[]");
	assert.is(listed.labels, "body   (string or object)[]");
});

describe("a raw body is data, and a query parameter of an upload is required", async () => {
	const listed = await parameters("repos.uploadReleaseAsset");
	assert.is(listed.name, "query  string, required");
	assert.is(listed.data, "body   the raw body (application/octet-stream)");
});

describe("a name reached through a renamed namespace shows its current method's parameters", async () => {
	assert.equal(await parameters("gitdata.createBlob"), await parameters("git.createBlob"));
	assert.is((await parameters("git.createBlob")).content, "body   string, required");
});

describe("a method with path parameters only has no Parameters section", async () => {
	assert.equal(await parameters("repos.get"), {});
});

describe.run();

// ---

const data = suite("bin/cli-parameters.json");
const committed = JSON.parse(readFileSync(new URL("../bin/cli-parameters.json", import.meta.url), "utf8"));

data("every row names a method of the client, and every shared index resolves to a well-formed row", () => {
	const client = new Hublet({ log: { warn() {} } });
	for (const [name, rows] of Object.entries(committed.methods)) {
		const [namespace, method] = name.split(".");
		assert.type(client.rest[namespace]?.[method], "function", name);
		for (const row of rows) {
			const [parameter, where, type, required = 0] = typeof row === "number" ? committed.shared[row] : row;
			assert.ok(typeof parameter === "string" && ["query", "body"].includes(where) && typeof type === "string" && [0, 1].includes(required), `${name}: ${row}`);
		}
	}
	assert.ok(Object.keys(committed.methods).length > 700, "most methods take a query or a body");
});

data.run();

// ---

const generator = suite("scripts/generate-cli-data.mjs: parameters");

async function subsetClient(names) {
	let json = "";
	await runRoutesCommand(names, { stdout: { write: (text) => (json += text) }, stderr: process.stderr });
	return new (CoreHublet.withRoutes(JSON.parse(json)))({ log: { warn() {} } });
}

const SPEC = {
	paths: {
		"/repos/{owner}/{repo}/issues": {
			get: {
				operationId: "issues/list-for-repo",
				parameters: [
					{ $ref: "#/components/parameters/owner" },
					{ name: "state", in: "query", schema: { type: "string", enum: ["open", "closed"], default: "open" } },
					{ name: "since", in: "query", schema: { type: "string", format: "date-time" } },
					{ name: "x-header", in: "header", schema: { type: "string" } },
					{ $ref: "#/components/parameters/per-page" },
				],
			},
			post: {
				operationId: "issues/create",
				requestBody: { content: { "application/json": { schema: { $ref: "#/components/schemas/issue-input" } } } },
			},
		},
		"/markdown/raw": { post: { operationId: "markdown/render-raw", requestBody: { required: true, content: { "text/plain": { schema: { type: "string" } } } } } },
	},
	components: {
		parameters: { owner: { name: "owner", in: "path", required: true, schema: { type: "string" } }, "per-page": { name: "per_page", in: "query", schema: { type: "integer", default: 30 } } },
		schemas: {
			"issue-input": {
				allOf: [{ type: "object", required: ["title"], properties: { title: { oneOf: [{ type: "string" }, { type: "integer" }] } } }],
				properties: { labels: { type: "array", items: { type: "string", enum: ["bug", "docs"] } }, draft: { type: ["boolean", "null"] } },
			},
		},
	},
};

generator("query and JSON body parameters with their types, $refs followed, path and header parameters left out", async () => {
	const client = await subsetClient(["issues.listForRepo", "issues.create", "markdown.renderRaw", "repos.get"]);
	const rows = buildCliParameters(SPEC, client);
	assert.equal(rows["issues.listForRepo"], [
		["state", "query", "open | closed", 0, "open"],
		["since", "query", "string (date-time)"],
		["per_page", "query", "integer", 0, "30"],
	]);
	// The schema's own properties, then those of its allOf parts; required names from both.
	assert.equal(rows["issues.create"], [
		["labels", "body", "(bug | docs)[]"],
		["draft", "body", "boolean"],
		["title", "body", "string or integer", 1],
	]);
	assert.equal(rows["markdown.renderRaw"], [["data", "body", "the raw body (text/plain)", 1]]);
	assert.is(rows["repos.get"], undefined, "a method the description lacks, or with no such parameters, has no row");
});

generator("a row that three methods share is written once and named by its index", () => {
	const page = ["page", "query", "integer", 0, "1"];
	const text = serializeCliParameters({ "a.x": [page, ["q", "query", "string", 1]], "b.y": [page], "c.z": [page] });
	const parsed = JSON.parse(text);
	assert.equal(parsed.shared, [page]);
	assert.equal(parsed.methods, { "a.x": [0, ["q", "query", "string", 1]], "b.y": [0], "c.z": [0] });
});

generator.run();
