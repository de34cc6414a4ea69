// OctokitResponse from @octokit/types to type a helper that takes any response.
import type { OctokitResponse } from "@octokit/types";
import { Octokit } from "@octokit/rest";

export function remaining(response: OctokitResponse<unknown>): number {
	return Number(response.headers["x-ratelimit-remaining"] ?? "0");
}

export async function main() {
	const octokit = new Octokit();
	const response = await octokit.rest.repos.get({ owner: "o", repo: "r" });
	const rest = await octokit.request("GET /rate_limit");
	return remaining(response) + remaining(rest) + rest.data.resources.core.remaining;
}
