// Ids read from a list and kept as numbers (the newest issue, a lookup table by id).
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function newestIssueId(owner: string, repo: string): Promise<number> {
	const { data: issues } = await octokit.rest.issues.listForRepo({ owner, repo, state: "all", per_page: 100 });
	return Math.max(0, ...issues.map((issue) => issue.id));
}

export async function issuesById(owner: string, repo: string): Promise<Map<number, string>> {
	const { data } = await octokit.rest.issues.listForRepo({ owner, repo });
	const byId = new Map<number, string>();
	for (const issue of data) {
		const id: number = issue.id;
		byId.set(id, issue.title);
	}
	return byId;
}
