// An async fetch that records the calls and delegates to the global fetch, typed with RequestInit.
import { Octokit } from "@octokit/rest";

const calls: string[] = [];
const recordingFetch = async (url: string, init?: RequestInit): Promise<Response> => {
	calls.push(`${init?.method ?? "GET"} ${url}`);
	return fetch(url, init);
};

export const octokit = new Octokit({ request: { fetch: recordingFetch, timeout: 5000 } });
export const mocked = new Octokit({
	request: {
		fetch: async () => new Response("[]", { status: 200, headers: { "content-type": "application/json; charset=utf-8" } }),
	},
});
export { calls };
