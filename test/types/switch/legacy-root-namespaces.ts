// Methods at the client's root (octokit before v17), still there on @octokit/rest 22.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit();

export async function main() {
	const { data: repository } = await octokit.repos.get({ owner: "o", repo: "r" });
	const { data: issues } = await octokit.issues.listForRepo({ owner: "o", repo: "r" });
	const issueIds: number[] = issues.map((issue) => issue.id);
	return { id: repository.id, issueIds };
}
