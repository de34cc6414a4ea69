// paginate.iterator with for await, and paginate over an endpoint merged by hand.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function countOpen(owner: string, repo: string): Promise<number> {
	let count = 0;
	for await (const { data: issues } of octokit.paginate.iterator(octokit.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 100 })) {
		count += issues.filter((issue) => !issue.pull_request).length;
	}
	return count;
}

export async function mergedEndpoint(org: string) {
	const options = octokit.rest.repos.listForOrg.endpoint.merge({ org, type: "public" });
	const repositories = await octokit.paginate<{ full_name: string }>(options);
	return repositories.map((repository) => repository.full_name);
}
