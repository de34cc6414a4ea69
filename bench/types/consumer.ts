// The consumer both clients are type-checked with: five endpoint methods and paginate.
// run.mjs checks this file as it is against @octokit/rest, and with the import line swapped
// for `import { Hublet as Octokit } from "@hublet/rest";` against Hublet: the drop-in switch.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: "token", userAgent: "bench/1.0.0" });
const owner = "octokit";
const repo = "rest.js";

export async function main() {
	const { data: repository } = await octokit.rest.repos.get({ owner, repo });
	const { data: issue } = await octokit.rest.issues.create({ owner, repo, title: "Hello", labels: ["bug"] });
	const { data: pull } = await octokit.rest.pulls.get({ owner, repo, pull_number: 1 });
	const { data: user } = await octokit.rest.users.getAuthenticated();
	const { data: results } = await octokit.rest.search.repos({ q: "octokit", per_page: 10 });
	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 100 });
	const titles = issues.filter((item) => item.pull_request === undefined).map((item) => item.title);
	return {
		name: repository.full_name,
		stars: repository.stargazers_count,
		issue: issue.number,
		head: pull.head.ref,
		login: user.login,
		total: results.total_count,
		first: results.items[0]?.full_name,
		titles,
	};
}
