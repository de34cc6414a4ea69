// GraphQL previews in the accept header: each name is sent once, whether it is given with or
// without its "-preview" suffix, from the constructor, from `defaults()` or with the call, and
// the header is the one @octokit/core 7 sends for the same code.
// Run: node test/previews.test.js
import { Octokit } from "@octokit/core";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as Core, graphql } from "../dist/core.js";

// The core client with the graphql feature, as an app on @hublet/rest/core adds it.
const CoreHublet = Core.plugin(graphql);
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";

const test = suite("previews");
useServer(test);

/** The accept header of each request `send(Client)` makes. */
async function acceptHeaders(Client, send) {
	const seen = [];
	const record = ({ request }) => {
		seen.push(request.headers.get("accept"));
		return HttpResponse.json({ data: {} });
	};
	server.use(http.get("https://api.github.com/graphql", record), http.post("https://api.github.com/graphql", record));
	await send(Client);
	return seen;
}

const accept = (...names) => names.map((name) => `application/vnd.github.${name}-preview+json`).join(",");

const CASES = {
	"constructor, the first name with its suffix": (Client) =>
		new Client({ previews: ["jean-grey-preview", "symmetra"] }).request("/graphql"),
	"constructor, every name with its suffix": (Client) =>
		new Client({ previews: ["jean-grey-preview", "symmetra-preview"] }).request("POST /graphql"),
	"constructor, names without the suffix": (Client) => new Client({ previews: ["jean-grey", "symmetra"] }).request("/graphql"),
	"constructor, through graphql()": (Client) =>
		new Client({ previews: ["jean-grey-preview", "symmetra"] }).graphql("{ viewer { login } }"),
	"defaults()": (Client) => new (Client.defaults({ previews: ["jean-grey-preview", "symmetra"] }))().request("/graphql"),
	"defaults() under the constructor's": (Client) =>
		new (Client.defaults({ previews: ["mercy"] }))({ previews: ["jean-grey-preview", "symmetra"] }).request("/graphql"),
	"per call, with and without the suffix": (Client) =>
		new Client().request("/graphql", { mediaType: { previews: ["jean-grey-preview", "symmetra"] } }),
	"per call over the constructor's": (Client) =>
		new Client({ previews: ["jean-grey-preview"] }).request("POST /graphql", { mediaType: { previews: ["symmetra-preview", "jean-grey"] } }),
	"per call, graphql() over the constructor's": (Client) =>
		new Client({ previews: ["jean-grey-preview"] }).graphql("{ viewer { login } }", { mediaType: { previews: ["symmetra"] } }),
};

const EXPECTED = {
	"constructor, the first name with its suffix": [accept("jean-grey", "symmetra")],
	"constructor, every name with its suffix": [accept("jean-grey", "symmetra")],
	"constructor, names without the suffix": [accept("jean-grey", "symmetra")],
	"constructor, through graphql()": [accept("jean-grey", "symmetra")],
	"defaults()": [accept("jean-grey", "symmetra")],
	"defaults() under the constructor's": [accept("jean-grey", "symmetra")],
	"per call, with and without the suffix": [accept("jean-grey", "symmetra")],
	"per call over the constructor's": [accept("symmetra", "jean-grey")],
	"per call, graphql() over the constructor's": [accept("jean-grey", "symmetra")],
};

for (const [name, send] of Object.entries(CASES)) {
	test(`each preview is sent once, as @octokit/core sends it: ${name}`, async () => {
		const octokit = await acceptHeaders(Octokit, send);
		assert.equal(octokit, EXPECTED[name], "what @octokit/core 7 sends");
		assert.equal(await acceptHeaders(Hublet, send), octokit, "@hublet/rest");
		assert.equal(await acceptHeaders(CoreHublet, send), octokit, "@hublet/rest/core");
	});
}

test("REST requests carry no preview, as in @octokit/endpoint 11", async () => {
	const seen = [];
	server.use(
		http.get("https://api.github.com/repos/octokit/rest.js", ({ request }) => {
			seen.push(request.headers.get("accept"));
			return HttpResponse.json({});
		}),
	);
	await new Hublet({ previews: ["jean-grey-preview", "symmetra"] }).request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
	assert.equal(seen, ["application/vnd.github.v3+json"]);
});

test.run();
