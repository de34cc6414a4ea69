// bin/cli-data.json and its generator, scripts/generate-cli-data.mjs (issue 13): what only the
// command needs (docs links, summaries, paging), matched to methods through the public API.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { Hublet } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";
import { runRoutesCommand } from "../bin/routes-command.mjs";
import fc from "fast-check";
import { buildCliData, serializeCliData } from "../scripts/generate-cli-data.mjs";
import { methodData } from "../bin/cli/data.mjs";
import { docsAnchor } from "../bin/cli/docs-anchor.mjs";

const committed = JSON.parse(readFileSync(new URL("../bin/cli-data.json", import.meta.url), "utf8"));

const data = suite("bin/cli-data.json");

data("every method of the client has a row with a docs link and a summary, and no row is left over", () => {
	const client = new Hublet({ log: { warn() {} } });
	const names = Object.keys(client.rest).flatMap((namespace) => Object.keys(client.rest[namespace]).map((method) => `${namespace}.${method}`));
	assert.equal(Object.keys(committed.methods).sort(), names.sort());
	for (const [name, [docs, summary, paginates]] of Object.entries(committed.methods)) {
		assert.ok(docs.length > 0 && summary.length > 0, `${name} lacks a docs link or a summary`);
		assert.ok(paginates === undefined || paginates === 1, name);
	}
});

data("a docs link written without its summary's anchor reads back whole, and any other link as it is", () => {
	// What the generator writes for a row, read back as the command reads bin/cli-data.json.
	const readBack = (row) => {
		const written = JSON.parse(serializeCliData({ "repos.get": row }).replace(/^\{"source":[^,]*,/, "{"));
		const [link, summary, paginates] = written.methods["repos.get"];
		const whole = link.endsWith("#") ? `${link}${docsAnchor(summary)}` : link;
		return [whole, summary, paginates];
	};
	const path = fc.stringMatching(/^[a-z-]{1,12}\/[a-z-]{1,12}$/);
	const summary = fc.string({ minLength: 1, maxLength: 40 });
	// No anchor, the summary's own (which is left out), or any other text after "#".
	const anchor = fc.oneof(fc.constant(undefined), fc.constant(null), fc.string({ maxLength: 20 }));
	fc.assert(
		fc.property(path, summary, fc.boolean(), anchor, (at, text, paginates, given) => {
			const link = given === undefined ? at : `${at}#${given ?? docsAnchor(text)}`;
			const row = paginates ? [link, text, 1] : [link, text];
			if (link.endsWith("#")) assert.throws(() => readBack(row), /empty anchor/);
			else assert.equal(readBack(row), paginates ? row : [...row, undefined]);
		}),
	);
	assert.equal(readBack(["https://docs.github.com/enterprise-server@latest/rest/repos/lfs#x", "Enable"]).slice(0, 1), ["https://docs.github.com/enterprise-server@latest/rest/repos/lfs#x"]);
	// An empty anchor could not be told from one left out: the generator refuses it.
	assert.throws(() => readBack(["a/b#", "Get a thing"]), /empty anchor/);
});

data("every committed row reads back as a full docs link, with an anchor where the description gives one", () => {
	for (const name of Object.keys(committed.methods)) {
		const { docs } = methodData(name);
		assert.match(docs, /^https:\/\/docs\.github\.com\/[^\s#]+(#[a-z0-9-]+)?$/, name);
	}
});

data("lists page (issues.listForRepo, search.issuesAndPullRequests) and single resources do not (repos.get)", () => {
	assert.is(committed.methods["issues.listForRepo"][2], 1);
	assert.is(committed.methods["search.issuesAndPullRequests"][2], 1);
	assert.is(committed.methods["repos.get"][2], undefined);
});

data.run();

// ---

const generator = suite("scripts/generate-cli-data.mjs");

/** A client over a route subset, written by `hublet routes` in whatever encoding the table uses. */
async function subsetClient(names) {
	let json = "";
	await runRoutesCommand(names, { stdout: { write: (text) => (json += text) }, stderr: process.stderr });
	return new (CoreHublet.withRoutes(JSON.parse(json)))({ log: { warn() {} } });
}

const operation = (summary, url, parameters = []) => ({ operationId: summary, summary, externalDocs: { url }, parameters });
const SPEC = {
	paths: {
		"/repos/{owner}/{repo}": { get: operation("Get a repository", "https://docs.github.com/rest/repos/repos#get-a-repository") },
		"/repos/{owner}/{repo}/issues": {
			get: operation("List repository issues", "https://docs.github.com/rest/issues/issues#list-repository-issues", [{ $ref: "#/components/parameters/per-page" }]),
		},
		"/applications/{client_id}/token": { post: operation("Check a token", "https://docs.github.com/rest/apps/oauth-applications#check-a-token") },
	},
	components: { parameters: { "per-page": { name: "per_page", in: "query" } } },
};

generator("matches methods to operations by route, reads paging from per_page, and gives legacy methods their successor's docs", async () => {
	const client = await subsetClient(["repos.get", "issues.listForRepo", "apps.checkToken", "apps.checkAuthorization", "repos.enableLfsForRepo"]);
	const rows = buildCliData(SPEC, client);
	assert.equal(rows["repos.get"], ["repos/repos#get-a-repository", "Get a repository"]);
	assert.equal(rows["issues.listForRepo"], ["issues/issues#list-repository-issues", "List repository issues", 1]);
	assert.equal(rows["apps.checkAuthorization"], ["apps/oauth-applications#check-a-token", "Deprecated: use apps.checkToken (Check a token)"]);
	assert.match(rows["repos.enableLfsForRepo"][0], /^https:\/\/docs\.github\.com\/enterprise-server@latest\/rest\/repos\/lfs#/);
});

generator("a method the description lacks, with no deprecation and no fallback, stops the generator", async () => {
	const client = await subsetClient(["repos.get", "repos.listForOrg"]);
	assert.throws(() => buildCliData(SPEC, client), /repos\.listForOrg .* is not in the description and has no fallback/);
});

generator.run();
