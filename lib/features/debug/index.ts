import type { Feature } from "../../../types/features.js";
import { loadLater } from "../../common/later.js";
import { useDebug } from "../../common/debug-channel.js";

type Body = { default: typeof import("debug").default };

/** Whether DEBUG is set. Runtimes without `process` (browsers, edge workers) have none, and Deno without --allow-env throws on reading it. */
function debugRequested(): boolean {
	try {
		return Boolean(globalThis.process?.env?.DEBUG);
	} catch {
		return false;
	}
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
	load: () => loadLater("debug.js", () => import("debug")),
	setup(body) {
		useDebug(() => body.load());
	},
};
