// @octokit/plugin-retry's README examples (node_modules/@octokit/plugin-retry/README.md), as
// written there. Compiled as it is against @octokit/core by test/types/tsconfig.json, and by
// test/octokit-readme-types.test.js against both Hublet entries with only the module name changed.
import { Octokit } from "@octokit/core";
import { retry } from "@octokit/plugin-retry";

const MyOctokit = Octokit.plugin(retry);
const octokit = new MyOctokit({ auth: "secret123" });

// retries request up to 3 times in case of a 500 response
octokit.request("/").catch((error) => {
	if (error.request.request.retryCount) {
		console.log(`request failed after ${error.request.request.retryCount} retries`);
	}

	console.error(error);
});

export const withDoNotRetry = new MyOctokit({
	auth: "secret123",
	retry: {
		doNotRetry: [
			/* List of HTTP 4xx/5xx status codes */
		],
	},
});

export const withRetries = new MyOctokit({
	auth: "secret123",
	request: { retries: 1 },
});

octokit.request("/", { request: { retries: 1, retryAfter: 1 } }).catch((error) => {
	if (error.request.request.retryCount) {
		console.log(`request failed after ${error.request.request.retryCount} retries`);
	}

	console.error(error);
});
