import { node } from "../../common/own-location.js";
import { requireOptional } from "../../common/optional-package.js";
import { installHint, packageOf } from "./install-folder.js";

/*
undici, for its `ProxyAgent`: found where the program has it (common/optional-package.ts), and taken
only in a version whose `ProxyAgent` was measured as the global fetch's dispatcher (body.ts): 6 and
7. Another copy may sit beside the program for a package of its own (`@actions/http-client` puts
undici 5 there, undici 8 needs Node 22), and its `ProxyAgent` may take other arguments or make
something the global fetch cannot dispatch through: that is said in one sentence naming the
package, the version found and the versions taken, never left to surface as the copy's own
TypeError. Hublet declares no peer dependency on it: a peer would make npm move a neighbour's
undici (docs/proxies.md).
*/

/** The versions Hublet takes, as the messages say them, and what to install. */
export const UNDICI_TAKES = "undici 6 or 7 (^6.0.0 || ^7.0.0)";
const TAKEN_MAJORS = new Set([6, 7]);
const INSTALL = "undici@7";
const NO_PACKAGES = "(this runtime cannot load packages)";

export interface Agent {
	dispatch(...args: unknown[]): unknown;
	close(): Promise<void>;
}

/**
undici as found: a maker of agents (or of why one cannot be used), or why there is none Hublet
can use, in words that follow "needs undici 6 or 7, but", and what to install where.
*/
export type Undici = { makeAgent: (uri: string) => Agent | string } | { missing: string; install: string };

/** What to install, and where, for Hublet to find it. */
const install = () => `install it with ${installHint(INSTALL)}`;

/** undici where the program has it, checked. Runs once per process (body.ts keeps the result). */
export function findUndici(): Undici {
	const { module, places, file, error } = requireOptional<{ ProxyAgent?: unknown }>("undici");
	if (!file) {
		const where = places.length > 0 ? `beside the program or @hublet/rest (${places.join(", ")})` : NO_PACKAGES;
		return { missing: `undici is not installed ${where}`, install: install() };
	}
	const found = packageOf(node()!, file, "undici");
	const version = found.version === undefined ? "no version in its package.json" : `version ${found.version}`;
	const copy = `the undici in ${found.folder} (${version})`;
	const incompatible = (why: string) => ({ missing: `${copy} ${why}`, install: install() });
	if (error !== undefined) return incompatible(`does not load (${firstLine(error)})`);
	const major = /^(\d+)\.\d+\.\d+/.exec(found.version ?? "")?.[1];
	if (major === undefined || !TAKEN_MAJORS.has(Number(major))) return incompatible("is not one of them");
	const ProxyAgent = module?.ProxyAgent;
	if (typeof ProxyAgent !== "function") return incompatible("has no ProxyAgent class");
	return {
		makeAgent: (uri) => {
			let agent: Partial<Agent> | undefined;
			try {
				agent = new (ProxyAgent as new (uri: string) => Partial<Agent>)(uri);
			} catch (thrown) {
				// Its own message may repeat the proxy URL, with its password: only its class is told.
				return `${copy} failed to make a ProxyAgent (a ${errorName(thrown)})`;
			}
			if (typeof agent?.dispatch !== "function" || typeof agent.close !== "function") {
				return `${copy} made a ProxyAgent with no dispatch() and close()`;
			}
			return agent as Agent;
		},
	};
}

/** What to install, and where, after a ProxyAgent that could not be used. */
export const installUndici = install;

/** The first line of a load error's message, without control bytes, for a sentence of Hublet's. */
function firstLine(error: unknown): string {
	try {
		const line = String((error as Error)?.message ?? error).split("\n")[0]!;
		return line.slice(0, 200).replace(/[\u0000-\u001f\u007f-\u009f]/g, "?");
	} catch {
		return "an error that cannot be shown";
	}
}

function errorName(thrown: unknown): string {
	try {
		const name = (thrown as Error)?.name;
		return typeof name === "string" && /^\w{1,40}$/.test(name) ? name : "non-Error";
	} catch {
		return "non-Error";
	}
}
