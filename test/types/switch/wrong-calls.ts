// What octokit's types refuse, refused the same way (each line fails to compile on both).
import { Octokit } from "@octokit/rest";

const octokit = new Octokit();

export async function main() {
	// @ts-expect-error issue_number is a number
	await octokit.rest.issues.get({ owner: "o", repo: "r", issue_number: "1" });
	// @ts-expect-error a required title is missing
	await octokit.rest.issues.create({ owner: "o", repo: "r" });
	// @ts-expect-error state is "open", "closed" or "all"
	await octokit.rest.issues.listForRepo({ owner: "o", repo: "r", state: "opened" });
	// @ts-expect-error the method does not exist
	await octokit.rest.repos.getEverything({ owner: "o" });
	const { data } = await octokit.rest.repos.get({ owner: "o", repo: "r" });
	// @ts-expect-error an id is a number, not a string
	const id: string = data.id;
	return id;
}
