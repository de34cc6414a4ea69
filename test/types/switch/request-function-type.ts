// Functions typed with @octokit/request's `request` and @octokit/endpoint's `endpoint`, handed the client's.
import type { endpoint } from "@octokit/endpoint";
import type { request } from "@octokit/request";
import { Octokit } from "@octokit/core";

export async function defaultBranch(send: typeof request, owner: string, repo: string): Promise<string> {
	const { data } = await send("GET /repos/{owner}/{repo}", { owner, repo });
	return data.default_branch;
}

export function curl(build: typeof endpoint): string {
	const { method, url } = build("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", state: "open" });
	return `curl -X ${method} ${url}`;
}

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
export const branch = defaultBranch(octokit.request, "octokit", "core.js");
export const enterprise = defaultBranch(octokit.request.defaults({ baseUrl: "https://github.example.com/api/v3" }), "o", "r");
export const line = curl(octokit.request.endpoint);
export const other = curl(octokit.request.endpoint.defaults({ headers: { "x-team": "core" } }));
