// request.endpoint to build requests without sending them (for a queue or a dry run).
import { Octokit } from "@octokit/core";

const octokit = new Octokit();

export function planned() {
	const create = octokit.request.endpoint("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
	const merged = octokit.request.endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	const parsed = octokit.request.endpoint.parse({ ...octokit.request.endpoint.DEFAULTS, url: merged.url, method: merged.method });
	const base: string = octokit.request.endpoint.DEFAULTS.baseUrl;
	return [create.method, create.url, parsed.url, base];
}
