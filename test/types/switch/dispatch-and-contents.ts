// A repository dispatch with a payload, and a file written through the contents API.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function deploy(owner: string, repo: string, environment: string) {
	await octokit.rest.repos.createDispatchEvent({ owner, repo, event_type: "deploy", client_payload: { environment, at: Date.now() } });
	await octokit.rest.actions.createWorkflowDispatch({ owner, repo, workflow_id: "deploy.yml", ref: "main", inputs: { environment } });
}

export async function writeFile(owner: string, repo: string, path: string, text: string) {
	let sha: string | undefined;
	try {
		const { data } = await octokit.rest.repos.getContent({ owner, repo, path });
		if (!Array.isArray(data)) sha = data.sha;
	} catch {
		sha = undefined;
	}
	const { data } = await octokit.rest.repos.createOrUpdateFileContents({
		owner,
		repo,
		path,
		message: `Update ${path}`,
		content: Buffer.from(text).toString("base64"),
		sha,
		committer: { name: "bot", email: "bot@example.com" },
	});
	return data.commit.sha;
}
