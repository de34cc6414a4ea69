// Hublet's errors are octokit's: code written against @octokit/request-error's class
// (`error instanceof RequestError`) takes the same branch on Hublet, from both entries; and an
// error from one copy of @hublet/rest is an instance of another copy's classes.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError as OctokitRequestError } from "@octokit/request-error";
import { copyFileSync, mkdtempSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { RequestError, GraphqlResponseError } from "../dist/index.js";
import { Hublet as CoreHublet, RequestError as CoreRequestError } from "../dist/core.js";
import { testClient } from "./helpers/client.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const request = { method: "GET", url: "/", headers: {} };

// A second copy of the package's core, as a library's own node_modules would hold it: the same
// file at another path is another module, with its own classes.
async function secondCopy() {
	const dir = mkdtempSync(join(tmpdir(), "hublet-copy-"));
	copyFileSync(resolve("dist/core.js"), join(dir, "core.js"));
	copyFileSync(resolve("dist/kernel.js"), join(dir, "kernel.js"));
	symlinkSync(resolve("node_modules"), join(dir, "node_modules"), "dir");
	return import(pathToFileURL(join(dir, "core.js")).href);
}

const octokit = suite("octokit's RequestError");
useServer(octokit);

octokit("a 404 from the full entry is an instance of @octokit/request-error's class and keeps Hublet's fields", async () => {
	server.use(http.get(`${API}/repos/o/missing`, () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const { client } = testClient({ auth: "ghp_topsecret" });
	const error = await client.rest.repos.get({ owner: "o", repo: "missing" }).catch((e) => e);
	assert.instance(error, OctokitRequestError);
	assert.instance(error, RequestError);
	assert.is(error.name, "HttpError");
	assert.is(error.status, 404);
	assert.is(error.code, "HTTP_ERROR");
	assert.is(error.request.headers.authorization, "token [REDACTED]");
});

octokit("a 404 from the core entry is an instance of @octokit/request-error's class", async () => {
	server.use(http.get(`${API}/repos/o/missing`, () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const client = new CoreHublet({ retry: false });
	const error = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "missing" }).catch((e) => e);
	assert.instance(error, OctokitRequestError);
	assert.instance(error, CoreRequestError);
	assert.is(error.status, 404);
});

octokit("a network failure and a local error are instances of @octokit/request-error's class", async () => {
	server.use(http.get(`${API}/down`, () => HttpResponse.error()));
	const { client } = testClient({ retry: false });
	const network = await client.request("GET /down").catch((e) => e);
	assert.instance(network, OctokitRequestError);
	assert.is(network.code, "NETWORK_ERROR");
	const local = await client.rest.repos.get({ owner: "o" }).catch((e) => e);
	assert.instance(local, OctokitRequestError);
	assert.is(local.code, "INVALID_REQUEST");
});

octokit("octokit's own errors and Hublet's subclasses keep the ordinary instanceof", () => {
	const theirs = new OctokitRequestError("x", 404, { request });
	assert.instance(theirs, OctokitRequestError);
	assert.not.instance(theirs, RequestError);
	class DuplicateRelease extends RequestError {}
	const plain = new RequestError("x", 422, { request });
	const duplicate = new DuplicateRelease("x", 422, { request });
	assert.instance(duplicate, DuplicateRelease);
	assert.instance(duplicate, RequestError);
	assert.instance(duplicate, OctokitRequestError);
	assert.not.instance(plain, DuplicateRelease);
	assert.not.ok(Object.keys(plain).some((key) => key === "headers"), "no octokit v5 field is added");
});

octokit("a subclass that reads status or code through a getter is still made, with its own fields", () => {
	// The fields are the instance's own from the start, as class fields, so a getter of the same name
	// on a subclass is shadowed, not written through (which would throw: it has no setter).
	class Described extends RequestError {
		get status() {
			return 0;
		}
		get code() {
			return "OTHER";
		}
	}
	const error = new Described("x", 422, { request });
	assert.is(error.status, 422);
	assert.is(error.code, new RequestError("x", 422, { request }).code);
	assert.equal(Object.keys(error), ["name", "status", "code", "request", "response"]);
});

octokit("an error from another copy of the package is an instance of this copy's classes", async () => {
	const other = await secondCopy();
	assert.is.not(other.RequestError, RequestError);
	const error = new other.RequestError("x", 404, { request });
	assert.instance(error, RequestError);
	assert.instance(error, CoreRequestError);
	assert.ok(new RequestError("x", 404, { request }) instanceof other.RequestError);
	const graphql = new other.GraphqlResponseError({ query: "{ a }" }, {}, { data: null, errors: [{ message: "no" }] });
	assert.instance(graphql, GraphqlResponseError);
	assert.not.instance(graphql, RequestError);
	assert.not.instance(error, GraphqlResponseError);
	assert.not.ok({} instanceof RequestError);
	assert.not.ok(null instanceof RequestError);
});

octokit.run();
