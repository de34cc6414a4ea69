import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError } from "../dist/index.js";
import { testClient, deepFreeze } from "./helpers/client.js";
import { useRecording } from "./helpers/msw.js";

// Any request that reaches the network layer is recorded; validation must stop them all.
const sent = [];

const validation = suite("validation before sending");
useRecording(validation, sent, { ok: true });

validation("client.rest.issues.get() with no parameters rejects with a 400 and sends nothing (spec §7)", async () => {
	const { client } = testClient();
	try {
		await client.rest.issues.get();
		assert.unreachable("should have rejected");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.name, "HttpError");
		assert.is(error.status, 400);
		assert.is(error.response, undefined);
		assert.is(error.message, 'Missing required parameters for rest.issues.get(): "owner", "repo", "issue_number"');
		assert.is(error.request.method, "GET");
	}
	assert.equal(sent, []);
});

validation("the message names a single missing parameter", async () => {
	const { client } = testClient();
	const error = await client.rest.issues.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.is(error.message, 'Missing required parameter for rest.issues.get(): "issue_number"');
	assert.equal(sent, []);
});

validation("empty-string and null path parameters count as missing", async () => {
	const { client } = testClient();
	const error = await client.rest.repos.get({ owner: "", repo: null }).catch((e) => e);
	assert.match(error.message, /"owner", "repo"/);
	assert.equal(sent, []);
});

validation("required body parameters are checked (repos.uploadReleaseAsset needs name)", async () => {
	const { client } = testClient();
	const error = await client.rest.repos
		.uploadReleaseAsset({ owner: "o", repo: "r", release_id: 1, data: "x" })
		.catch((e) => e);
	assert.is(error.status, 400);
	assert.match(error.message, /rest\.repos\.uploadReleaseAsset\(\): "name"/);
	assert.equal(sent, []);
});

validation("nested required parameters apply only when the parent is given (repos.deleteFile author.*)", async () => {
	const { client } = testClient();
	const base = { owner: "o", repo: "r", path: "a.txt", message: "m", sha: "s" };
	const error = await client.rest.repos.deleteFile({ ...base, author: { name: "n" } }).catch((e) => e);
	assert.is(error.status, 400);
	assert.match(error.message, /"author\.email"/);
	assert.not.match(error.message, /committer/);
	assert.equal(sent, []);
	await client.rest.repos.deleteFile(base);
	assert.is(sent.length, 1, "without author the call goes through");
});

// Every required field of repos.updateBranchProtection, each turned off with null.
const protectionOff = {
	owner: "o",
	repo: "r",
	branch: "main",
	required_status_checks: null,
	enforce_admins: null,
	required_pull_request_reviews: null,
};

validation("a required body field may be null (repos.updateBranchProtection required_status_checks)", async () => {
	const { client } = testClient();
	await client.rest.repos.updateBranchProtection({ ...protectionOff, restrictions: null });
	assert.is(sent.length, 1);
});

validation("restrictions.users and restrictions.teams are required when restrictions is given", async () => {
	const { client } = testClient();
	const error = await client.rest.repos
		.updateBranchProtection({ ...protectionOff, restrictions: { users: [] } })
		.catch((e) => e);
	assert.match(error.message, /"restrictions\.teams"/);
	assert.not.match(error.message, /"restrictions\.users"/);
	assert.equal(sent, []);
});

validation("actions.createOrUpdateEnvironmentSecret requires encrypted_value and key_id", async () => {
	const { client } = testClient();
	const error = await client.rest.actions
		.createOrUpdateEnvironmentSecret({ owner: "o", repo: "r", environment_name: "e", secret_name: "S" })
		.catch((e) => e);
	assert.match(error.message, /"encrypted_value", "key_id"/);
	assert.equal(sent, []);
});

validation("actions.setSelectedReposForOrgSecret requires selected_repository_ids (what GitHub takes; see DESIGN §7)", async () => {
	const { client } = testClient();
	const error = await client.rest.actions.setSelectedReposForOrgSecret({ org: "o", secret_name: "S" }).catch((e) => e);
	assert.match(error.message, /"selected_repository_ids"/);
	assert.equal(sent, []);
});

validation("apps.deleteAuthorization requires access_token", async () => {
	const { client } = testClient();
	const error = await client.rest.apps.deleteAuthorization({ client_id: "c" }).catch((e) => e);
	assert.match(error.message, /"access_token"/);
	assert.equal(sent, []);
});

validation("repos.update does not require name", async () => {
	const { client } = testClient();
	await client.rest.repos.update({ owner: "o", repo: "r", description: "d" });
	assert.is(sent.length, 1);
});

validation("a mapToData body may be passed by its own name or as data", async () => {
	const { client } = testClient();
	const route = { owner: "o", repo: "r", branch: "main" };
	await client.rest.repos.addStatusCheckContexts({ ...route, contexts: ["ci"] });
	await client.rest.repos.addStatusCheckContexts({ ...route, data: ["ci"] });
	assert.is(sent.length, 2);
});

validation("parameters that are not an object reject with a clear TypeError", async () => {
	const { client } = testClient();
	const error = await client.rest.repos.get("octokit/rest.js").catch((e) => e);
	assert.instance(error, TypeError);
	assert.match(error.message, /rest\.repos\.get\(\) expects an object of parameters, got string/);
	assert.equal(sent, []);
});

validation("validation errors carry no credentials in error.request", async () => {
	const { client } = testClient({ auth: "ghp_supersecret" });
	const error = await client.rest.issues.get().catch((e) => e);
	assert.not.match(JSON.stringify(error.request), /supersecret/);
	assert.not.match(error.message, /supersecret/);
});

validation.run();
// ---

const mutation = suite("no mutation");
useRecording(mutation, sent, { ok: true });

mutation("a call with deep-frozen parameters works and leaves them as they were", async () => {
	const { client } = testClient();
	const params = deepFreeze({ owner: "o", repo: "r", headers: { "x-custom": "1" }, mediaType: { previews: ["mercy"] }, request: {} });
	const snapshot = JSON.stringify(params);
	await client.rest.repos.get(params);
	// Previews go to /graphql only, so this REST call keeps the default accept (issue 10).
	assert.is(client.rest.repos.get.endpoint(params).headers.accept, "application/vnd.github.v3+json");
	client.rest.repos.get.endpoint.merge(params);
	assert.is(JSON.stringify(params), snapshot);
});

mutation("renamed parameters, mapToData and validation failures copy before they change anything", async () => {
	const { client } = testClient();
	const renamed = deepFreeze({ owner: "o", repo: "r", sha: "abc" });
	await client.rest.git.getCommit(renamed);
	assert.is(renamed.sha, "abc");
	const mapped = deepFreeze({ owner: "o", repo: "r", branch: "b", contexts: ["ci"] });
	await client.rest.repos.addStatusCheckContexts(mapped);
	assert.equal(mapped.contexts, ["ci"]);
	assert.not.ok("data" in mapped);
	const invalid = deepFreeze({ owner: "o" });
	await client.rest.issues.get(invalid).catch(() => {});
	assert.equal(invalid, { owner: "o" });
});

mutation("constructor options are never changed", async () => {
	const options = deepFreeze({
		auth: "ghp_x",
		userAgent: "app/1",
		previews: ["mercy"],
		timeZone: "Europe/Amsterdam",
		request: { timeout: 1000 },
		retry: { retries: 0 },
		// A logger missing a method gets it assigned, as @octokit/core does (client-log.test.js);
		// a complete one is left as it is.
		log: { debug() {}, info() {}, warn() {}, error() {} },
	});
	const snapshot = JSON.stringify(options);
	const { client } = testClient(options);
	await client.rest.repos.get({ owner: "o", repo: "r" });
	await client.request("GET /user", { request: { timeout: 5 } });
	assert.is(JSON.stringify(options), snapshot);
	assert.is(sent.length, 2);
});

mutation.run();
