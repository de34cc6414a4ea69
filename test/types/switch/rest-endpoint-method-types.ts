// Types named through RestEndpointMethodTypes, as apps type their helpers and fixtures.
import { Octokit, type RestEndpointMethodTypes } from "@octokit/rest";

type Issue = RestEndpointMethodTypes["issues"]["get"]["response"]["data"];
type CreateIssueParameters = RestEndpointMethodTypes["issues"]["create"]["parameters"];
type PullRequest = RestEndpointMethodTypes["pulls"]["get"]["response"]["data"];
type ListIssuesResponse = RestEndpointMethodTypes["issues"]["listForRepo"]["response"];

export function describe(issue: Issue): string {
	const labels = issue.labels.map((label) => (typeof label === "string" ? label : label.name)).join(", ");
	return `#${issue.number} ${issue.title} [${labels}] by ${issue.user?.login ?? "ghost"}`;
}

export function isDraft(pull: PullRequest): boolean {
	return pull.draft === true && pull.merged === false;
}

export async function open(octokit: Octokit, parameters: CreateIssueParameters): Promise<Issue> {
	const { data } = await octokit.rest.issues.create(parameters);
	return data;
}

export async function firstPage(octokit: Octokit): Promise<ListIssuesResponse> {
	return octokit.rest.issues.listForRepo({ owner: "octokit", repo: "rest.js" });
}

export const parameters: CreateIssueParameters = { owner: "octokit", repo: "rest.js", title: "Bug", labels: ["bug"], assignees: ["octocat"] };
