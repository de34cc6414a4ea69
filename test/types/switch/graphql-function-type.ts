// A function typed with @octokit/graphql's `graphql`, handed the client's.
import type { graphql } from "@octokit/graphql";
import { Octokit } from "@octokit/rest";

export async function countStars(query: typeof graphql, owner: string, name: string): Promise<number> {
	const { repository } = await query<{ repository: { stargazerCount: number } }>(
		"query ($owner: String!, $name: String!) { repository(owner: $owner, name: $name) { stargazerCount } }",
		{ owner, name },
	);
	return repository.stargazerCount;
}

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
export const stars = countStars(octokit.graphql, "octokit", "rest.js");
export const enterprise = countStars(octokit.graphql.defaults({ baseUrl: "https://github.example.com/api/v3" }), "o", "r");
