// repos.getContent's union narrowed as apps do: a directory is an array, a file has content.
import { Octokit } from "@octokit/rest";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

export async function readFile(owner: string, repo: string, path: string): Promise<string | undefined> {
	const { data } = await octokit.rest.repos.getContent({ owner, repo, path });
	if (Array.isArray(data)) return undefined;
	if (data.type !== "file" || !("content" in data)) return undefined;
	return Buffer.from(data.content, "base64").toString("utf8");
}

export async function listDirectory(owner: string, repo: string, path: string): Promise<string[]> {
	const { data } = await octokit.rest.repos.getContent({ owner, repo, path });
	return Array.isArray(data) ? data.map((entry) => entry.path) : [data.path];
}

export async function raw(owner: string, repo: string, path: string): Promise<string> {
	const { data } = await octokit.rest.repos.getContent({ owner, repo, path, mediaType: { format: "raw" } });
	return data as unknown as string;
}
