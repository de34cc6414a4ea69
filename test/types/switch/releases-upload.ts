// A release and an asset upload (a raw body under `data`, the upload URL from the response).
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function publish(owner: string, repo: string, tag: string, file: string) {
	const { data: release } = await octokit.rest.repos.createRelease({ owner, repo, tag_name: tag, name: tag, draft: true, generate_release_notes: true });
	const { data: asset } = await octokit.rest.repos.uploadReleaseAsset({
		owner,
		repo,
		release_id: release.id,
		name: "notes.txt",
		data: file,
		headers: { "content-type": "text/plain", "content-length": file.length },
	});
	await octokit.rest.repos.updateRelease({ owner, repo, release_id: release.id, draft: false });
	return asset.browser_download_url;
}
