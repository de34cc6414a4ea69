// GetResponseDataTypeFromEndpointMethod and GetResponseTypeFromEndpointMethod from @octokit/types.
import type { GetResponseDataTypeFromEndpointMethod, GetResponseTypeFromEndpointMethod } from "@octokit/types";
import { Octokit } from "@octokit/rest";

const octokit = new Octokit();

type Repository = GetResponseDataTypeFromEndpointMethod<typeof octokit.rest.repos.get>;
type Branches = GetResponseDataTypeFromEndpointMethod<typeof octokit.rest.repos.listBranches>;
type CommitResponse = GetResponseTypeFromEndpointMethod<typeof octokit.rest.repos.getCommit>;

export function defaultBranch(repository: Repository): string {
	return repository.default_branch;
}

export function protectedNames(branches: Branches): string[] {
	return branches.filter((branch) => branch.protected).map((branch) => branch.name);
}

export function changed(response: CommitResponse): number {
	return response.data.files?.length ?? 0;
}

export async function load() {
	const { data } = await octokit.rest.repos.get({ owner: "octokit", repo: "rest.js" });
	const repository: Repository = data;
	return defaultBranch(repository);
}
