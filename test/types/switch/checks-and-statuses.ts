// A CI app's writes: a check run with output and annotations, then a commit status.
import { Octokit, type RestEndpointMethodTypes } from "@octokit/rest";

type Annotation = NonNullable<NonNullable<RestEndpointMethodTypes["checks"]["create"]["parameters"]["output"]>["annotations"]>[number];

export async function report(octokit: Octokit, owner: string, repo: string, head_sha: string, annotations: Annotation[]) {
	const { data: check } = await octokit.rest.checks.create({
		owner,
		repo,
		name: "lint",
		head_sha,
		status: "completed",
		conclusion: annotations.length ? "failure" : "success",
		output: { title: "Lint", summary: `${annotations.length} problems`, annotations },
	});
	await octokit.rest.checks.update({ owner, repo, check_run_id: check.id, status: "completed" });
	await octokit.rest.repos.createCommitStatus({ owner, repo, sha: head_sha, state: "success", context: "lint", target_url: check.html_url ?? undefined });
	return check.id;
}
