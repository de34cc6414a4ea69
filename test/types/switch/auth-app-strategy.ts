// An authStrategy from @octokit/auth-app, and the installation's token requested through auth().
import { createAppAuth } from "@octokit/auth-app";
import { Octokit } from "@octokit/rest";

export const appOctokit = new Octokit({
	authStrategy: createAppAuth,
	auth: { appId: 1, privateKey: "-----BEGIN PRIVATE KEY-----\n...", installationId: 123 },
});

export async function installationToken(): Promise<string> {
	const { token } = (await appOctokit.auth({ type: "installation" })) as { token: string };
	return token;
}

export async function installations(): Promise<number[]> {
	const { data } = await appOctokit.rest.apps.listInstallations();
	return data.map((installation) => installation.id);
}
