// Errors told apart with instanceof RequestError and status, as apps catch them.
import { RequestError } from "@octokit/request-error";
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function exists(owner: string, repo: string): Promise<boolean> {
	try {
		await octokit.rest.repos.get({ owner, repo });
		return true;
	} catch (error) {
		if (error instanceof RequestError && error.status === 404) return false;
		throw error;
	}
}

export async function createOnce(owner: string, repo: string, title: string) {
	try {
		return await octokit.rest.issues.create({ owner, repo, title });
	} catch (error) {
		if (error instanceof RequestError) {
			const retryAfter = error.response?.headers["retry-after"];
			octokit.log.error(`${error.status} ${error.message} ${error.request.method} ${error.request.url} ${retryAfter ?? ""}`);
		}
		throw error;
	}
}
