// paginate with a map function that stops early, and over a route string.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function titlesUntil(owner: string, repo: string, stop: number): Promise<string[]> {
	return octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, per_page: 100 }, (response, done) => {
		if (response.data.some((issue) => issue.number <= stop)) done();
		return response.data.map((issue) => issue.title);
	});
}

export async function allTags(owner: string, repo: string): Promise<string[]> {
	const tags = await octokit.paginate("GET /repos/{owner}/{repo}/tags", { owner, repo, per_page: 100 });
	return tags.map((tag) => tag.name);
}

export async function installationRepositories(): Promise<number[]> {
	const repositories = await octokit.paginate(octokit.rest.apps.listReposAccessibleToInstallation, { per_page: 100 });
	return repositories.map((repository) => repository.id);
}
