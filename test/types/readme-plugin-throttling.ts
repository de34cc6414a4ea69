// @octokit/plugin-throttling's README example (node_modules/@octokit/plugin-throttling/README.md,
// "Usage" and "Clustering"), as written there but for `owner`, which the README leaves undefined,
// `paginate(method, params)` where the README passes `method.endpoint(params)` (which octokit's
// types refuse), the comma it misses, and a Bottleneck connection typed rather than made. Compiled as it is
// against @octokit/core by test/types/tsconfig.json, and by test/octokit-readme-types.test.js
// against both Hublet entries with only the module name below changed.
import { Octokit } from "@octokit/core";
import { throttling } from "@octokit/plugin-throttling";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { legacyRestEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import type Bottleneck from "bottleneck";

const owner = "octokit";

// The README's `octokit.paginate` and `octokit.repos` come from @octokit/rest's plugins.
const MyOctokit = Octokit.plugin(throttling, paginateRest, legacyRestEndpointMethods);

const octokit = new MyOctokit({
	auth: `secret123`,
	throttle: {
		onRateLimit: (retryAfter, options, octokit, retryCount) => {
			octokit.log.warn(`Request quota exhausted for request ${options.method} ${options.url}`);

			if (retryCount < 1) {
				// only retries once
				octokit.log.info(`Retrying after ${retryAfter} seconds!`);
				return true;
			}
		},
		onSecondaryRateLimit: (retryAfter, options, octokit) => {
			// does not retry, only logs a warning
			octokit.log.warn(`SecondaryRateLimit detected for request ${options.method} ${options.url}`);
		},
	},
});

export async function createIssueOnAllRepos(org: string) {
	const repos = await octokit.paginate(octokit.repos.listForOrg, { org });
	return Promise.all(
		repos.map(({ name }) =>
			octokit.issues.create({
				owner,
				repo: name,
				title: "Hello, world!",
			}),
		),
	);
}

export function clustered(connection: Bottleneck.RedisConnection, Bottleneck: typeof import("bottleneck").default) {
	return new MyOctokit({
		auth: "secret123",
		throttle: {
			onSecondaryRateLimit: (retryAfter, options, octokit) => {
				/* ... */
			},
			onRateLimit: (retryAfter, options, octokit) => {
				/* ... */
			},

			// The Bottleneck connection object
			connection,

			// A "throttling ID". All octokit instances with the same ID
			// using the same Redis server will share the throttling.
			id: "my-super-app",

			// Otherwise the plugin uses a lighter version of Bottleneck without Redis support
			Bottleneck,
		},
	});
}
