// Schemas named through @octokit/openapi-types' components, for the parts of a response a helper takes.
import type { components } from "@octokit/openapi-types";
import { Octokit } from "@octokit/rest";

type SimpleUser = components["schemas"]["simple-user"];
type Label = components["schemas"]["label"];

const octokit = new Octokit();

export function mention(user: SimpleUser): string {
	return `@${user.login}`;
}

export function colour(label: Label): string {
	return `#${label.color}`;
}

export async function stargazers(owner: string, repo: string): Promise<string[]> {
	const { data } = await octokit.rest.activity.listStargazersForRepo({ owner, repo });
	return (data as SimpleUser[]).map(mention);
}

export async function labels(owner: string, repo: string): Promise<string[]> {
	const { data } = await octokit.rest.issues.listLabelsForRepo({ owner, repo });
	return data.map(colour);
}
