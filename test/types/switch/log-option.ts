// A logger given as `log`, and client.log used with additional info.
import { Octokit } from "@octokit/rest";

const lines: string[] = [];
const logger = {
	debug: (message: string) => lines.push(`debug ${message}`),
	info: (message: string) => lines.push(`info ${message}`),
	warn: (message: string) => lines.push(`warn ${message}`),
	error: (message: string) => lines.push(`error ${message}`),
};

export const octokit = new Octokit({ log: logger });
octokit.log.info("started", { pid: 1 });
octokit.log.warn("careful");
export const quiet = new Octokit({ log: { debug: () => {}, info: () => {}, warn: console.warn, error: console.error } });
export { lines };
