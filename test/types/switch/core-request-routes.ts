// @octokit/core alone: request() with route strings, parameters and headers, as apps on core call it.
import { Octokit } from "@octokit/core";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN, userAgent: "my-app/1.0.0" });

export async function main(owner: string, repo: string) {
	const { data: issue } = await octokit.request("POST /repos/{owner}/{repo}/issues", { owner, repo, title: "Hello", labels: ["bug"] });
	await octokit.request("PATCH /repos/{owner}/{repo}/issues/{issue_number}", { owner, repo, issue_number: issue.number, state: "closed", state_reason: "completed" });
	const { data: comments } = await octokit.request("GET /repos/{owner}/{repo}/issues/{issue_number}/comments", { owner, repo, issue_number: issue.number, per_page: 100 });
	const { status } = await octokit.request("DELETE /repos/{owner}/{repo}/issues/comments/{comment_id}", { owner, repo, comment_id: comments[0].id });
	const { data: user } = await octokit.request("GET /user", { headers: { "x-github-api-version": "2022-11-28" } });
	return { issue: issue.number, status, login: user.login };
}
