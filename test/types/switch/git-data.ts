// Commits through the Git database API: a tree from a base, a commit, the ref moved.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function commitFile(owner: string, repo: string, branch: string, path: string, content: string) {
	const { data: ref } = await octokit.rest.git.getRef({ owner, repo, ref: `heads/${branch}` });
	const { data: base } = await octokit.rest.git.getCommit({ owner, repo, commit_sha: ref.object.sha });
	const { data: tree } = await octokit.rest.git.createTree({ owner, repo, base_tree: base.tree.sha, tree: [{ path, mode: "100644", type: "blob", content }] });
	const { data: commit } = await octokit.rest.git.createCommit({ owner, repo, message: `Add ${path}`, tree: tree.sha, parents: [base.sha] });
	await octokit.rest.git.updateRef({ owner, repo, ref: `heads/${branch}`, sha: commit.sha });
	return commit.sha;
}
