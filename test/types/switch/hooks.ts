// hook.before, hook.after, hook.error and hook.wrap, with their options and responses typed.
import { Octokit } from "@octokit/core";

const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });

octokit.hook.before("request", async (options) => {
	options.headers["x-request-id"] = `${options.method} ${options.url}`;
});
octokit.hook.after("request", async (response, options) => {
	octokit.log.info(`${options.method} ${options.url}: ${response.status}`);
});
octokit.hook.error("request", async (error, options) => {
	if ("status" in error && error.status === 304) return { status: 304, url: options.url, headers: {}, data: null };
	throw error;
});
octokit.hook.wrap("request", async (request, options) => {
	const started = Date.now();
	try {
		return await request(options);
	} finally {
		octokit.log.debug(`took ${Date.now() - started} ms`);
	}
});

export { octokit };
