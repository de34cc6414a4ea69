// Search results: total_count, items and their scores; paginate over search.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit();

export async function topRepositories(language: string) {
	const { data } = await octokit.rest.search.repos({ q: `language:${language}`, sort: "stars", order: "desc", per_page: 10 });
	const total: number = data.total_count;
	return { total, names: data.items.map((item) => `${item.full_name} (${item.stargazers_count}, ${item.score})`) };
}

export async function everyOpenBug(repo: string) {
	const items = await octokit.paginate(octokit.rest.search.issuesAndPullRequests, { q: `repo:${repo} is:issue is:open label:bug`, per_page: 100 });
	return items.map((item) => item.number);
}
