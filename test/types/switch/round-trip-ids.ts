// A value read from one response passed to the next call: the latest run's id, then its jobs.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function rerunLatestFailure(owner: string, repo: string) {
	const { data } = await octokit.rest.actions.listWorkflowRunsForRepo({ owner, repo, status: "failure", per_page: 1 });
	const [run] = data.workflow_runs;
	if (!run) return undefined;
	const { data: jobs } = await octokit.rest.actions.listJobsForWorkflowRun({ owner, repo, run_id: run.id });
	await octokit.rest.actions.reRunWorkflowFailedJobs({ owner, repo, run_id: run.id });
	const { data: artifacts } = await octokit.rest.actions.listWorkflowRunArtifacts({ owner, repo, run_id: run.id });
	for (const artifact of artifacts.artifacts) await octokit.rest.actions.deleteArtifact({ owner, repo, artifact_id: artifact.id });
	return jobs.jobs.map((job) => job.id);
}

export async function labelPullRequestOfCommit(owner: string, repo: string, sha: string) {
	const { data: pulls } = await octokit.rest.repos.listPullRequestsAssociatedWithCommit({ owner, repo, commit_sha: sha });
	for (const pull of pulls) {
		await octokit.rest.issues.addLabels({ owner, repo, issue_number: pull.number, labels: ["shipped"] });
		const { data: reviews } = await octokit.rest.pulls.listReviews({ owner, repo, pull_number: pull.number });
		if (reviews[0]) await octokit.rest.pulls.getReview({ owner, repo, pull_number: pull.number, review_id: reviews[0].id });
	}
}
