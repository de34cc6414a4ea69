// GraphqlResponseError from @octokit/graphql, caught with instanceof, its partial data read.
import { GraphqlResponseError } from "@octokit/graphql";
import { Octokit } from "@octokit/core";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function maybeViewer(): Promise<string | undefined> {
	try {
		const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("{ viewer { login } }");
		return viewer.login;
	} catch (error) {
		if (error instanceof GraphqlResponseError) {
			octokit.log.warn(`${error.errors?.map((e) => e.message).join(", ")}`);
			return (error.data as { viewer?: { login: string } } | undefined)?.viewer?.login;
		}
		throw error;
	}
}
