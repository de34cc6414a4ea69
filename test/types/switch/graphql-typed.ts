// client.graphql with a typed result and variables, and the object form.
import { Octokit } from "@octokit/core";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

interface RepositoryIssues {
	repository: { issues: { totalCount: number; nodes: { title: string; number: number }[] } };
}

export async function openIssues(owner: string, name: string) {
	const { repository } = await octokit.graphql<RepositoryIssues>(
		`query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { issues(first: 10, states: OPEN) { totalCount nodes { title number } } } }`,
		{ owner, name },
	);
	return repository.issues.nodes.map((issue) => `#${issue.number} ${issue.title}`);
}

export async function viewer() {
	const result = await octokit.graphql<{ viewer: { login: string } }>({ query: "query { viewer { login } }", headers: { "x-github-next-global-id": "1" } });
	return result.viewer.login;
}

export const withDefaults = octokit.graphql.defaults({ headers: { authorization: "token secret" } });
