// octokit's plugins with their options: throttling and retry, as their READMEs configure them.
import { Octokit } from "@octokit/rest";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";

const MyOctokit = Octokit.plugin(throttling, retry);

export const octokit = new MyOctokit({
	auth: process.env.GITHUB_TOKEN,
	throttle: {
		onRateLimit: (retryAfter, options, octokit, retryCount) => {
			octokit.log.warn(`Request quota exhausted for request ${options.method} ${options.url}`);
			return retryCount < 1;
		},
		onSecondaryRateLimit: (retryAfter, options, octokit) => {
			octokit.log.warn(`SecondaryRateLimit detected for request ${options.method} ${options.url}`);
		},
	},
	retry: { doNotRetry: ["429"].map(Number) },
});

export type MyClient = InstanceType<typeof MyOctokit>;

export async function stars(client: MyClient): Promise<number> {
	const { data } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
	return data.stargazers_count;
}
