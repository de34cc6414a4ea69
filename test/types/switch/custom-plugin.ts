// A plugin of the app's own, with an option declared for @octokit/core, as octokit's plugins declare theirs.
import { Octokit } from "@octokit/core";

declare module "@octokit/core/types" {
	interface OctokitOptions {
		greeting?: string;
	}
}

export function greeter(octokit: Octokit, options: { greeting?: string }) {
	return {
		greet(name: string): string {
			octokit.log.debug(`greeting ${name}`);
			return `${options.greeting ?? "Hello"}, ${name}`;
		},
	};
}

const MyOctokit = Octokit.plugin(greeter);
const octokit = new MyOctokit({ greeting: "Hi", auth: "token" });
export const text: string = octokit.greet("octocat");
