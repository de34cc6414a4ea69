// The interface spec's typed rows: response fields (§2.3) and request parameters (§2.2).
// Where the spec and GitHub's description disagree, the test's name says which one the types follow.
import { Hublet, type RestEndpointMethodTypes } from "@hublet/rest";
import type { Equal, Expect, Nullable } from "./helpers.js";

const client = new Hublet();
const owner = "octokit";
const repo = "rest.js";

type Data<Namespace extends keyof RestEndpointMethodTypes, Method extends keyof RestEndpointMethodTypes[Namespace]> =
	RestEndpointMethodTypes[Namespace][Method] extends { response: { data: infer D } } ? D : never;

export async function responseFields() {
	// repos.getRelease: `mentions_count` is present.
	const { data: release } = await client.rest.repos.getRelease({ owner, repo, release_id: 1 });
	const mentions: number | undefined = release.mentions_count;

	// codeScanning.getAlert and updateAlert: `rule.security_severity_level` is present, `rule.security_severity` is not.
	const { data: alert } = await client.rest.codeScanning.getAlert({ owner, repo, alert_number: 1 });
	const level: "low" | "medium" | "high" | "critical" | null | undefined = alert.rule.security_severity_level;
	// @ts-expect-error `security_severity` is absent from the types (spec §2.3)
	alert.rule.security_severity;
	const { data: updated } = await client.rest.codeScanning.updateAlert({ owner, repo, alert_number: 1, state: "open" });
	const updatedLevel = updated.rule.security_severity_level;
	// @ts-expect-error `security_severity` is absent from the types (spec §2.3)
	updated.rule.security_severity;

	// Repository responses: `security_and_analysis.secret_scanning` is present.
	const { data: repository } = await client.rest.repos.get({ owner, repo });
	const secretScanning: "enabled" | "disabled" | undefined = repository.security_and_analysis?.secret_scanning?.status;

	// Pull request review: `submitted_at` is present.
	const { data: review } = await client.rest.pulls.getReview({ owner, repo, pull_number: 1, review_id: 1 });
	const submittedAt: string | undefined = review.submitted_at;
	const reviews = await client.paginate(client.rest.pulls.listReviews, { owner, repo, pull_number: 1 });
	const firstSubmittedAt: string | undefined = reviews[0].submitted_at;

	return [mentions, level, updatedLevel, secretScanning, submittedAt, firstSubmittedAt];
}

// Pull request responses: `head.repo` is optional and may be null (spec §2.3), though GitHub's
// description says it is always there: the types follow the spec.
export async function pullRequestHeadRepoIsOptionalPerSpecNotDescription() {
	type _get = Expect<Nullable<Data<"pulls", "get">["head"]["repo"]>>;
	type _create = Expect<Nullable<Data<"pulls", "create">["head"]["repo"]>>;
	type _update = Expect<Nullable<Data<"pulls", "update">["head"]["repo"]>>;
	type _list = Expect<Nullable<Data<"pulls", "list">[number]["head"]["repo"]>>;
	type _forCommit = Expect<Nullable<Data<"repos", "listPullRequestsAssociatedWithCommit">[number]["head"]["repo"]>>;

	const { data: pull } = await client.rest.pulls.get({ owner, repo, pull_number: 1 });
	// @ts-expect-error `head.repo` may be missing (spec §2.3)
	pull.head.repo.full_name;
	const name: string | undefined = pull.head.repo?.full_name;
	// The rest of the pull request is as described.
	const ref: string = pull.head.ref;
	const merged: boolean = pull.merged;
	return [name, ref, merged];
}

// Search results (repository items): `owner` is never null (spec §2.3), though GitHub's
// description says it may be: the types follow the spec.
export async function searchRepositoryOwnerIsNotNullPerSpecNotDescription() {
	type Item = Data<"search", "repos">["items"][number];
	type _owner = Expect<Equal<Nullable<Item["owner"]>, false>>;
	const { data } = await client.rest.search.repos({ q: "hublet" });
	const login: string = data.items[0].owner.login;
	const total: number = data.total_count;
	const items = await client.paginate(client.rest.search.repos, { q: "hublet" });
	const firstLogin: string = items[0].owner.login;
	return [login, total, firstLogin];
}

export async function requestParameters() {
	// repos.update: `name` is not required.
	await client.rest.repos.update({ owner, repo, description: "x" });
	// repos.createInOrg and repos.update accept `delete_branch_on_merge` and `allow_auto_merge`.
	await client.rest.repos.createInOrg({ org: owner, name: "x", visibility: "private", delete_branch_on_merge: true, allow_auto_merge: true });
	await client.rest.repos.update({ owner, repo, delete_branch_on_merge: true, allow_auto_merge: true });
	// repos.mergeUpstream: `owner`, `repo` and `branch`.
	await client.rest.repos.mergeUpstream({ owner, repo, branch: "main" });
	// @ts-expect-error repos.mergeUpstream requires `branch`
	await client.rest.repos.mergeUpstream({ owner, repo });
	// repos.uploadReleaseAsset: `name` is required.
	// @ts-expect-error repos.uploadReleaseAsset requires `name`
	await client.rest.repos.uploadReleaseAsset({ owner, repo, release_id: 1, data: "bytes" });
	// repos.updateBranchProtection: `restrictions.teams` and `restrictions.users` are required.
	const protectionOff = {
		owner,
		repo,
		branch: "main",
		required_status_checks: null,
		enforce_admins: null,
		required_pull_request_reviews: null,
	};
	await client.rest.repos.updateBranchProtection({
		...protectionOff,
		restrictions: { users: [], teams: [] },
		allow_deletions: false,
		allow_force_pushes: false,
		required_linear_history: true,
	});
	await client.rest.repos.updateBranchProtection({
		...protectionOff,
		// @ts-expect-error `restrictions.teams` is required
		restrictions: { users: [] },
	});
	// orgs.update: the `members_can_create_*_repositories` settings.
	await client.rest.orgs.update({
		org: owner,
		members_can_create_internal_repositories: true,
		members_can_create_private_repositories: true,
		members_can_create_public_repositories: false,
	});
	// teams.edit accepts `privacy` (a deprecated alias of PATCH /teams/{team_id}, DESIGN §7).
	await client.rest.teams.edit({ team_id: 1, name: "x", privacy: "closed" });
	// actions.createOrUpdateEnvironmentSecret: `encrypted_value` and `key_id` are required.
	await client.rest.actions.createOrUpdateEnvironmentSecret({ owner, repo, environment_name: "prod", secret_name: "S", encrypted_value: "x", key_id: "1" });
	// @ts-expect-error `key_id` is required
	await client.rest.actions.createOrUpdateEnvironmentSecret({ owner, repo, environment_name: "prod", secret_name: "S", encrypted_value: "x" });
	// apps.deleteAuthorization: `access_token` is required.
	// @ts-expect-error `access_token` is required
	await client.rest.apps.deleteAuthorization({ client_id: "x" });
	// git.getCommit: `commit_sha`.
	await client.rest.git.getCommit({ owner, repo, commit_sha: "abc" });
	// repos.listCommentsForCommit and repos.createCommitComment: `commit_sha`.
	await client.rest.repos.listCommentsForCommit({ owner, repo, commit_sha: "abc" });
	await client.rest.repos.createCommitComment({ owner, repo, commit_sha: "abc", body: "x" });
	// actions.listWorkflowRuns and listWorkflowRunsForRepo: `created`.
	await client.rest.actions.listWorkflowRuns({ owner, repo, workflow_id: "ci.yml", created: ">=2024-01-01" });
	await client.rest.actions.listWorkflowRunsForRepo({ owner, repo, created: ">=2024-01-01" });
	// search.topics and search.labels: pagination parameters.
	await client.rest.search.topics({ q: "x", per_page: 10, page: 2 });
	await client.rest.search.labels({ owner, repo, repository_id: 1, q: "x", per_page: 10, page: 2 });
	// Reactions accept "rocket" and "eyes".
	await client.rest.reactions.createForIssue({ owner, repo, issue_number: 1, content: "rocket" });
	await client.rest.reactions.createForIssue({ owner, repo, issue_number: 1, content: "eyes" });
	// repos.enablePagesSite (now repos.createPagesSite): `source`.
	await client.rest.repos.enablePagesSite({ owner, repo, source: { branch: "main", path: "/docs" } });
}

// repos.listForOrg: `type: "internal"` (spec §2.2) is in the Enterprise Cloud description only; accepted and sent.
export async function listForOrgAcceptsInternalPerSpecNotDescription() {
	await client.rest.repos.listForOrg({ org: owner, type: "internal" });
	await client.rest.repos.listForOrg({ org: owner, type: "forks" });
	// @ts-expect-error not a repository type
	await client.rest.repos.listForOrg({ org: owner, type: "everything" });
	await client.paginate(client.rest.repos.listForOrg, { org: owner, type: "internal" });
}

// actions.setSelectedReposForOrgSecret takes `selected_repository_ids`, not `encrypted_value` and
// `key_id` as spec §2.2 says (DESIGN §7): the types follow GitHub's description.
export async function setSelectedReposForOrgSecretTakesRepositoryIdsPerDescription() {
	await client.rest.actions.setSelectedReposForOrgSecret({ org: owner, secret_name: "S", selected_repository_ids: [1] });
	// @ts-expect-error `selected_repository_ids` is required
	await client.rest.actions.setSelectedReposForOrgSecret({ org: owner, secret_name: "S", encrypted_value: "x", key_id: "1" });
}
