// @octokit/auth-app's README, "Usage with Octokit" (node_modules/@octokit/auth-app/README.md), as
// written there but for two lines that do not compile against octokit either: `const { slug }`
// destructures the response, not its `data` (which may be null), and `auth()` resolves with `unknown`, so the
// factory's client is cast back. Compiled as it is against @octokit/core by
// test/types/tsconfig.json, and by test/octokit-readme-types.test.js against both Hublet entries
// with only the module name below changed.
import { Octokit } from "@octokit/core";
import { createAppAuth, createOAuthUserAuth } from "@octokit/auth-app";

export async function usage() {
	const appOctokit = new Octokit({
		authStrategy: createAppAuth,
		auth: {
			appId: 1,
			privateKey: "-----BEGIN PRIVATE KEY-----\n...",
			clientId: "1234567890abcdef1234",
			clientSecret: "1234567890abcdef1234567890abcdef12345678",
		},
	});

	// Send requests as GitHub App
	const { data: app } = await appOctokit.request("GET /app");
	console.log("authenticated as %s", app?.slug);

	// Send requests as OAuth App
	await appOctokit.request("POST /application/{client_id}/token", {
		client_id: "1234567890abcdef1234",
		access_token: "existingtoken123",
	});
	console.log("token is valid");

	// create a new octokit instance that is authenticated as the user
	const userOctokit = (await appOctokit.auth({
		type: "oauth-user",
		code: "code123",
		factory: (options: any) => {
			return new Octokit({
				authStrategy: createOAuthUserAuth,
				auth: options,
			});
		},
	})) as Octokit;

	// Exchanges the code for the user access token authentication on first request
	// and caches the authentication for successive requests
	const {
		data: { login },
	} = await userOctokit.request("GET /user");
	console.log("Hello, %s!", login);

	const installationOctokit = new Octokit({
		authStrategy: createAppAuth,
		auth: {
			appId: 1,
			privateKey: "-----BEGIN PRIVATE KEY-----\n...",
			installationId: 123,
		},
	});

	// transparently creates an installation access token the first time it is needed
	// and refreshes it when it expires
	await installationOctokit.request("POST /repos/{owner}/{repo}/issues", {
		owner: "octocat",
		repo: "hello-world",
		title: "title",
	});
}
