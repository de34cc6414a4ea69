// A synchronous fetch stub, as octokit's own tests write them, returning the global Response.
import { Octokit } from "@octokit/core";

export const octokit = new Octokit({
	request: {
		fetch: (url: string, options: { [key: string]: any }) => new Response(JSON.stringify({ url, method: options.method }), { headers: { "content-type": "application/json" } }),
	},
});

export async function main() {
	const { data } = await octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	return data.full_name;
}
