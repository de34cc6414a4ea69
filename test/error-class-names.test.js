// Errors print under their own class names, as @octokit/core's do: what `util.inspect()` and
// `console.error()` show first, and `error.constructor.name`, which error trackers read. Each
// failure is produced through the real @octokit/core and through both of Hublet's entries, over msw.
import { inspect } from "node:util";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as OctokitCore } from "@octokit/core";
import { Octokit as CoreOctokit } from "../dist/core.js";
import { Octokit } from "../dist/index.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const names = suite("error class names");
useServer(names);

/** The class name and the first line that util.inspect() prints of what `call` rejects with. */
async function printed(call) {
	const error = await call().then(
		() => assert.unreachable("it resolved"),
		(error) => error,
	);
	return { constructor: error.constructor.name, name: error.name, first: inspect(error).split("\n")[0] };
}

// The full entry logs each failure (as @octokit/rest does); quiet here.
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const CLIENTS = { "@hublet/rest/core": () => new CoreOctokit(), "@hublet/rest": () => new Octokit({ retry: false, log: quiet }) };

names("a GraphqlResponseError is printed as GraphqlResponseError", async () => {
	server.use(http.post("https://api.github.com/graphql", () => HttpResponse.json({ data: null, errors: [{ message: "Could not resolve" }] })));
	const octokit = await printed(() => new OctokitCore().graphql("{ viewer { login } }"));
	assert.equal(octokit, { constructor: "GraphqlResponseError", name: "GraphqlResponseError", first: "GraphqlResponseError: Request failed due to following response errors:" });
	for (const [entry, client] of Object.entries(CLIENTS)) {
		assert.equal(await printed(() => client().graphql("{ viewer { login } }")), octokit, entry);
	}
});

names("a RequestError is printed as RequestError [HttpError]", async () => {
	server.use(http.get("https://api.github.com/repos/o/missing", () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const octokit = await printed(() => new OctokitCore().request("GET /repos/o/missing"));
	assert.is(octokit.constructor, "RequestError");
	for (const [entry, client] of Object.entries(CLIENTS)) {
		assert.equal(await printed(() => client().request("GET /repos/o/missing")), octokit, entry);
	}
});

names.run();
