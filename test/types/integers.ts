// Integers: every route that @octokit/rest 22.0.1 has a method for types its integers `number`,
// as octokit 22 does (its methods are typed from @octokit/openapi-types 27), so an id read from
// one response is passed to the next call. A route octokit 22 lacks keeps the current
// description's `number | bigint`. (test/octokit-integers.test.js compiles the `bigint` opt-in.)
// Compile-only: nothing here runs.
import { Hublet, type Endpoints, type RestEndpointMethodTypes } from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

const client = new Hublet({ auth: "token" });
const owner = "octokit";
const repo = "rest.js";

export async function idsAreNumbers() {
	const { data: issues } = await client.rest.issues.listForRepo({ owner, repo });
	const id: number = issues[0].id;
	const newest: number = Math.max(...issues.map((issue) => issue.id));
	type _milestone = Expect<Equal<NonNullable<(typeof issues)[number]["milestone"]>["id"], number>>;
	const { data: repository } = await client.request("GET /repos/{owner}/{repo}", { owner, repo });
	const repositoryId: number = repository.id;
	const items = await client.paginate(client.rest.issues.listForRepo, { owner, repo });
	const first: number = items[0].id;
	const pages = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner, repo });
	const viaRoute: number = pages[0].id;
	return [id, newest, repositoryId, first, viaRoute];
}

export async function valuesRoundTrip() {
	const { data: runs } = await client.rest.actions.listWorkflowRunsForRepo({ owner, repo });
	await client.rest.actions.getWorkflowRun({ owner, repo, run_id: runs.workflow_runs[0].id });
	const { data: installation } = await client.rest.apps.getRepoInstallation({ owner, repo });
	await client.rest.apps.createInstallationAccessToken({ installation_id: installation.id, repository_ids: [repository().id] });
	const { data: comment } = await client.rest.issues.createComment({ owner, repo, issue_number: 1, body: "hi" });
	await client.rest.reactions.createForIssueComment({ owner, repo, comment_id: comment.id, content: "+1" });
}
declare function repository(): RestEndpointMethodTypes["repos"]["get"]["response"]["data"];

export function namedTypes() {
	type Issue = RestEndpointMethodTypes["issues"]["get"]["response"]["data"];
	type _issue = Expect<Equal<Issue["id"], number>>;
	type _param = Expect<Equal<RestEndpointMethodTypes["actions"]["getWorkflowRun"]["parameters"]["run_id"], number>>;
	type _endpoint = Expect<Equal<Endpoints["GET /repos/{owner}/{repo}/issues/{issue_number}"]["response"]["data"]["id"], number>>;
}

export async function droppedMethodsAreTyped() {
	// Typed as @octokit/rest 22.0.1 types them, though GitHub's current description dropped them.
	const { data: discussions } = await client.rest.teams.listDiscussionsInOrg({ org: "o", team_slug: "t" });
	const title: string = discussions[0].title;
	const number: number = discussions[0].number;
	await client.rest.teams.getDiscussionInOrg({ org: "o", team_slug: "t", discussion_number: discussions[0].number });
	const { data: billing } = await client.rest.billing.getGithubActionsBillingOrg({ org: "o" });
	const minutes: number = billing.total_minutes_used;
	// @ts-expect-error the body's `title` and `body` are required
	await client.rest.teams.createDiscussionInOrg({ org: "o", team_slug: "t", title: "Hi" });
	// @ts-expect-error a reaction's content is one of GitHub's eight
	await client.rest.reactions.createForTeamDiscussionInOrg({ org: "o", team_slug: "t", discussion_number: 1, content: "party" });
	type _legacyEndpoint = Expect<Equal<Endpoints["GET /orgs/{org}/teams/{team_slug}/discussions"]["response"]["data"][number]["number"], number>>;
	return [title, number, minutes];
}

export async function newerMethodsKeepTheirDescription() {
	// octokit 22 has no method for this route: it keeps the current description's integers.
	const { data } = await client.rest.actions.listSelectedRepositoriesSelfHostedRunnersOrganization({ org: "o" });
	type _id = Expect<Equal<NonNullable<(typeof data)["repositories"]>[number]["id"], number | bigint>>;
	// @ts-expect-error a `number | bigint` is not a `number`
	const id: number = data.repositories![0].id;
	return id;
}
