// Octokit.defaults and a plugin chain, their instances passed to functions that take the class's type.
import { Octokit } from "@octokit/rest";

export const MyOctokit = Octokit.defaults({ userAgent: "my-app/1.2.3", baseUrl: "https://api.github.com", timeZone: "Europe/Amsterdam" });
export type MyOctokitInstance = InstanceType<typeof MyOctokit>;

export async function login(octokit: Octokit): Promise<string> {
	const { data } = await octokit.rest.users.getAuthenticated();
	return data.login;
}

export async function main() {
	const octokit: MyOctokitInstance = new MyOctokit({ auth: process.env.GITHUB_TOKEN });
	return login(octokit);
}

export const Enterprise = Octokit.defaults((options: { auth?: string }) => ({ ...options, baseUrl: "https://github.example.com/api/v3" }));
