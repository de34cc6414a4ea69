import type { Feature } from "../../../types/features.js";
import { loadOwnFile } from "../../common/doors.js";
import { useDebug } from "../../common/debug-channel.js";

type Body = { default: typeof import("debug").default };

/**
Whether DEBUG is set, read once per process: reading the environment is a call into the runtime,
and every client would pay it. Runtimes without `process` (browsers, edge workers) have none, and
Deno without --allow-env throws on reading it.
*/
let requested: boolean | undefined;
function debugRequested(): boolean {
	if (requested === undefined) {
		try {
			requested = Boolean(globalThis.process?.env?.DEBUG);
		} catch {
			requested = false;
		}
	}
	return requested;
}

/**
DEBUG=hublet:* output (common/debug-channel.ts), for the full client only: its body is the `debug`
package (dist/debug.js), which loads when the first client is made with DEBUG set. Importing it
costs about 90 M instructions, as it probes the terminal, so `@hublet/rest/core` never does, and
its bundles carry no debug at all.
*/
export const debug: Feature<true, Body> = {
	name: "debug",
	check: () => (debugRequested() ? true : undefined),
	load: () => loadOwnFile("debug.js", () => import("debug")),
	setup(body) {
		useDebug(() => body.load());
	},
};
