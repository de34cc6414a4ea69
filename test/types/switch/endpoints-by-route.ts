// Types keyed by route, from @octokit/types' Endpoints.
import type { Endpoints } from "@octokit/types";
import { Octokit } from "@octokit/rest";

type ListUserReposParameters = Endpoints["GET /user/repos"]["parameters"];
type ListUserReposResponse = Endpoints["GET /user/repos"]["response"];
type Repository = Endpoints["GET /repos/{owner}/{repo}"]["response"]["data"];

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function listRepos(options: ListUserReposParameters): Promise<ListUserReposResponse> {
	return octokit.request("GET /user/repos", options);
}

export async function repository(owner: string, repo: string): Promise<Repository> {
	const { data } = await octokit.request("GET /repos/{owner}/{repo}", { owner, repo });
	return data;
}

export const parameters: ListUserReposParameters = { visibility: "private", sort: "updated", per_page: 50 };
