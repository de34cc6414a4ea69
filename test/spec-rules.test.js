// Spec §2.2: one test per row, through the public `.endpoint()` (nothing is sent).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { testClient } from "./helpers/client.js";

const rules = suite("spec §2.2 parameter rules");
const owner = "octocat";
const repo = "hello";

const body = (options) => (typeof options.body === "string" ? JSON.parse(options.body) : options.body);
const query = (options) => Object.fromEntries(new URL(options.url).searchParams);

rules("repos.createForAuthenticatedUser and repos.createInOrg accept visibility, delete_branch_on_merge and allow_auto_merge", () => {
	const { client } = testClient();
	const extra = { visibility: "private", delete_branch_on_merge: true, allow_auto_merge: true };
	assert.equal(body(client.rest.repos.createForAuthenticatedUser.endpoint({ name: "n", ...extra })), { name: "n", ...extra });
	assert.equal(body(client.rest.repos.createInOrg.endpoint({ org: "o", name: "n", ...extra })), { name: "n", ...extra });
});

rules("repos.update accepts delete_branch_on_merge and allow_auto_merge, and does not require name", () => {
	const { client } = testClient();
	const options = client.rest.repos.update.endpoint({ owner, repo, delete_branch_on_merge: true, allow_auto_merge: false });
	assert.is(options.method, "PATCH");
	assert.equal(body(options), { delete_branch_on_merge: true, allow_auto_merge: false });
	assert.not.ok(client.rest.repos.update.required.includes("name"));
});

rules('repos.listForOrg sends type "internal" (Enterprise Cloud only; accepted and sent)', () => {
	const { client } = testClient();
	assert.equal(query(client.rest.repos.listForOrg.endpoint({ org: "o", type: "internal" })), { type: "internal" });
});

rules("repos.createUsingTemplate sends owner in the body, apart from template_owner in the path", () => {
	const { client } = testClient();
	const options = client.rest.repos.createUsingTemplate.endpoint({ template_owner: "t", template_repo: "tr", owner: "me", name: "n" });
	assert.is(options.url, "https://api.github.com/repos/t/tr/generate");
	assert.equal(body(options), { owner: "me", name: "n" });
});

rules("repos.enablePagesSite accepts source", () => {
	const { client, lines } = testClient();
	const options = client.rest.repos.enablePagesSite.endpoint({ owner, repo, source: { branch: "main", path: "/docs" } });
	assert.is(options.url, `https://api.github.com/repos/${owner}/${repo}/pages`);
	assert.equal(body(options), { source: { branch: "main", path: "/docs" } });
	assert.is(lines.warn.length, 1, "enablePagesSite is a deprecated alias");
});

rules("repos.listCommentsForCommit and repos.createCommitComment accept commit_sha", () => {
	const { client } = testClient();
	assert.match(client.rest.repos.listCommentsForCommit.endpoint({ owner, repo, commit_sha: "abc" }).url, /\/commits\/abc\/comments$/);
	const options = client.rest.repos.createCommitComment.endpoint({ owner, repo, commit_sha: "abc", body: "b" });
	assert.match(options.url, /\/commits\/abc\/comments$/);
	assert.equal(body(options), { body: "b" });
});

rules("repos.uploadReleaseAsset: name is required and goes in the query of uploads.github.com", () => {
	const { client } = testClient();
	assert.ok(client.rest.repos.uploadReleaseAsset.required.includes("name"));
	const options = client.rest.repos.uploadReleaseAsset.endpoint({ owner, repo, release_id: 1, name: "a b.zip", label: "L", data: "raw" });
	assert.is(options.url, `https://uploads.github.com/repos/${owner}/${repo}/releases/1/assets?name=a%20b.zip&label=L`);
	assert.is(options.body, "raw");
});

rules("repos.updateBranchProtection accepts allow_deletions, allow_force_pushes, required_linear_history; requires restrictions.teams and .users", () => {
	const { client } = testClient();
	const params = {
		owner,
		repo,
		branch: "main",
		required_status_checks: null,
		enforce_admins: true,
		required_pull_request_reviews: null,
		restrictions: { users: [], teams: [] },
		allow_deletions: false,
		allow_force_pushes: false,
		required_linear_history: true,
	};
	const sent = body(client.rest.repos.updateBranchProtection.endpoint(params));
	assert.is(sent.allow_deletions, false);
	assert.is(sent.allow_force_pushes, false);
	assert.is(sent.required_linear_history, true);
	// Required when `restrictions` is given (it may be null), so listed apart from what every call needs.
	const { required, requiredWhen } = client.rest.repos.updateBranchProtection;
	assert.ok(requiredWhen.includes("restrictions.teams") && requiredWhen.includes("restrictions.users"));
	assert.not.ok(required.some((name) => name.includes(".")));
});

rules("repos.mergeUpstream takes owner, repo and branch as object parameters", () => {
	const { client } = testClient();
	const options = client.rest.repos.mergeUpstream.endpoint({ owner, repo, branch: "main" });
	assert.is(options.method, "POST");
	assert.is(options.url, `https://api.github.com/repos/${owner}/${repo}/merge-upstream`);
	assert.equal(body(options), { branch: "main" });
});

rules("orgs.update accepts members_can_create_{internal,private,public}_repositories", () => {
	const { client } = testClient();
	const extra = {
		members_can_create_internal_repositories: true,
		members_can_create_private_repositories: false,
		members_can_create_public_repositories: true,
	};
	assert.equal(body(client.rest.orgs.update.endpoint({ org: "o", ...extra })), extra);
});

rules("teams.edit accepts privacy (deprecated alias of the legacy PATCH /teams/{team_id})", () => {
	const { client, lines } = testClient();
	const options = client.rest.teams.edit.endpoint({ team_id: 1, name: "n", privacy: "closed" });
	assert.is(options.url, "https://api.github.com/teams/1");
	assert.is(options.method, "PATCH");
	assert.equal(body(options), { name: "n", privacy: "closed" });
	assert.match(lines.warn[0], /updateInOrg/);
});

rules("apps.deleteInstallation takes installation_id as an object parameter", () => {
	const { client } = testClient();
	const options = client.rest.apps.deleteInstallation.endpoint({ installation_id: 42 });
	assert.is(options.method, "DELETE");
	assert.is(options.url, "https://api.github.com/app/installations/42");
});

rules("apps.deleteAuthorization sends access_token in the body", () => {
	const { client } = testClient();
	const options = client.rest.apps.deleteAuthorization.endpoint({ client_id: "c", access_token: "t" });
	assert.equal(body(options), { access_token: "t" });
});

rules("git.getCommit accepts commit_sha", () => {
	const { client, lines } = testClient();
	assert.match(client.rest.git.getCommit.endpoint({ owner, repo, commit_sha: "abc" }).url, /\/git\/commits\/abc$/);
	assert.equal(lines.warn, []);
});

rules("actions.listWorkflowRuns and actions.listWorkflowRunsForRepo accept created", () => {
	const { client } = testClient();
	const created = ">=2024-01-01";
	assert.equal(query(client.rest.actions.listWorkflowRuns.endpoint({ owner, repo, workflow_id: 1, created })), { created });
	assert.equal(query(client.rest.actions.listWorkflowRunsForRepo.endpoint({ owner, repo, created })), { created });
});

rules("search.topics and search.labels accept pagination parameters", () => {
	const { client } = testClient();
	assert.equal(query(client.rest.search.topics.endpoint({ q: "ruby", page: 2, per_page: 50 })), { q: "ruby", page: "2", per_page: "50" });
	assert.equal(query(client.rest.search.labels.endpoint({ repository_id: 1, q: "bug", page: 3 })), { repository_id: "1", q: "bug", page: "3" });
});

rules("POST and PATCH methods do not send page and per_page", () => {
	const { client } = testClient();
	assert.equal(body(client.rest.repos.createForAuthenticatedUser.endpoint({ name: "n", page: 2, per_page: 5 })), { name: "n" });
	assert.equal(body(client.rest.issues.update.endpoint({ owner, repo, issue_number: 1, title: "t", page: 1 })), { title: "t" });
});

rules("…unless the route declares them (orgs.listAttestationsBulk {?per_page,before,after})", () => {
	const { client } = testClient();
	const options = client.rest.orgs.listAttestationsBulk.endpoint({ org: "o", subject_digests: ["d"], per_page: 5 });
	// The unset before and after keep their empty slots, as @octokit/endpoint writes them (issue 10).
	assert.is(options.url, "https://api.github.com/orgs/o/attestations/bulk-list?per_page=5&&");
	assert.equal(body(options), { subject_digests: ["d"] });
});

rules("repos.listTopics and repos.replaceTopics send the mercy preview by default", () => {
	const { client } = testClient();
	assert.is(client.rest.repos.listTopics.endpoint({ owner, repo }).headers.accept, "application/vnd.github.mercy-preview+json");
	const replace = client.rest.repos.replaceTopics.endpoint({ owner, repo, names: ["a"] });
	assert.is(replace.headers.accept, "application/vnd.github.mercy-preview+json");
	assert.equal(body(replace), { names: ["a"] });
});

rules("…through their route defaults, so the previews option neither adds to nor removes it (issue 10)", () => {
	const { client } = testClient({ previews: ["symmetra"] });
	assert.is(client.rest.repos.listTopics.endpoint({ owner, repo }).headers.accept, "application/vnd.github.mercy-preview+json");
	const withPreviews = client.rest.repos.listTopics.endpoint({ owner, repo, mediaType: { previews: ["nebula"] } });
	assert.is(withPreviews.headers.accept, "application/vnd.github.mercy-preview+json");
});

rules("endpoint methods accept the mediaType option", () => {
	const { client } = testClient();
	assert.is(client.rest.repos.getContent.endpoint({ owner, repo, path: "README.md", mediaType: { format: "raw" } }).headers.accept, "application/vnd.github.v3.raw");
	assert.is(client.rest.pulls.get.endpoint({ owner, repo, pull_number: 1, mediaType: { format: "diff" } }).headers.accept, "application/vnd.github.v3.diff");
});

rules.run();
// ---

const options = suite("constructor options that shape requests");

options("baseUrl for GitHub Enterprise Server, userAgent prepended, timeZone; previews leave REST alone", () => {
	const { client } = testClient({
		baseUrl: "https://ghe.example.com/api/v3",
		userAgent: "my-app/1.2.3",
		timeZone: "Europe/Amsterdam",
		previews: ["mercy"],
	});
	const request = client.rest.repos.get.endpoint({ owner, repo });
	assert.is(request.url, `https://ghe.example.com/api/v3/repos/${owner}/${repo}`);
	assert.match(request.headers["user-agent"], /^my-app\/1\.2\.3 hublet-rest\.js\/\d/);
	assert.is(request.headers["time-zone"], "Europe/Amsterdam");
	// As in @octokit/endpoint 11, previews go to /graphql only (issue 10).
	assert.is(request.headers.accept, "application/vnd.github.v3+json");
	assert.is(client.request.endpoint("POST /graphql").headers.accept, "application/vnd.github.mercy-preview+json");
});

options("uploads keep their own host under a custom baseUrl", () => {
	const { client } = testClient({ baseUrl: "https://ghe.example.com/api/v3" });
	assert.match(client.rest.repos.uploadReleaseAsset.endpoint({ owner, repo, release_id: 1, name: "n", data: "" }).url, /^https:\/\/uploads\.github\.com\//);
});

options("request defaults reach every endpoint, and an absolute url ignores baseUrl", () => {
	const { client } = testClient({ request: { timeout: 1234 } });
	assert.is(client.rest.repos.get.endpoint({ owner, repo }).request.timeout, 1234);
	assert.is(client.request.endpoint("GET https://example.com/x").url, "https://example.com/x");
});

options("path parameters cannot escape their segment", () => {
	const { client } = testClient();
	const { url } = client.rest.repos.get.endpoint({ owner: "../../orgs", repo: "a/../b" });
	assert.is(new URL(url).pathname, "/repos/..%2F..%2Forgs/a%2F..%2Fb");
	assert.throws(() => client.rest.repos.get.endpoint({ owner: "o", repo: ".." }), /"repo"/);
});

options("a call with a path parameter of . or .. rejects with a 400 before sending", async () => {
	const { client } = testClient();
	const error = await client.rest.orgs.removeMember({ org: "o", username: ".." }).catch((e) => e);
	assert.is(error.status, 400);
	assert.is(error.message, 'Invalid parameter for rest.orgs.removeMember(): "username" may not be ".."');
});

options.run();
