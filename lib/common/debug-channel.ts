import { deprecationTaps } from "./log.js";
import { escapeControls } from "./terminal-text.js";

/*
DEBUG=hublet:* output: the channels that the request log, the retry stage and warnOnce write to.
The kernel never starts them: the debug feature (features/debug/) does, in the full entry, when
DEBUG is set, and `@hublet/rest/core` never does, so that its bundles carry no debug at all.
Importing debug costs about 90 M instructions, as it probes the terminal. Lines written while it
loads wait for it.

The channels' state is data under a key every copy of this file shares (Symbol.for), made when
the debug feature starts them: the files that write to them (the full entry, and the features'
bodies, each a file of its own in dist/) each hold a copy of this code, and all write to one
place. Until it exists, writing is one property read.
*/

type Debug = typeof import("debug").default;

interface Channels {
	createDebug: Debug | undefined;
	waiting: Array<[string, string]>;
	instances: Record<string, ReturnType<Debug>>;
}

const KEY = Symbol.for("hublet.debug");
const channels = () => (globalThis as { [KEY]?: Channels })[KEY];

/**
Starts loading `debug` for the channels below, once per process (the debug feature calls it for
every client made with DEBUG set).
*/
export function useDebug(load: () => Promise<{ default: Debug }>): void {
	if (channels()) return;
	const state: Channels = { createDebug: undefined, waiting: [], instances: {} };
	(globalThis as { [KEY]?: Channels })[KEY] = state;
	deprecationTaps.push(debugDeprecation);
	load().then(
		(module) => {
			state.createDebug = module.default;
			for (const [namespace, line] of state.waiting.splice(0)) write(namespace, line);
		},
		// Without debug (a runtime that cannot load it) the channels go quiet again, and the next client tries again.
		() => {
			delete (globalThis as { [KEY]?: Channels })[KEY];
			deprecationTaps.splice(deprecationTaps.indexOf(debugDeprecation) >>> 0, 1);
		},
	);
}

const instance = (state: Channels, namespace: string) => (state.instances[namespace] ??= state.createDebug!(namespace));

/**
Writes to a namespace, or keeps the line until debug has loaded. A line holds what servers sent (a
deprecation's date and link, a request id): its control and bidi characters are escaped, so that
stderr shows them and a terminal does not act on them. It goes to debug as an argument, not as
its format, which would read a `%o` in it.
*/
function write(namespace: string, message: string): void {
	const state = channels();
	if (!state) return;
	const line = escapeControls(message);
	if (state.createDebug) instance(state, namespace)("%s", line);
	else state.waiting.push([namespace, line]);
}

// One namespace per concern so that DEBUG=hublet:request can be turned on alone. Plain arrow
// functions, not channels made by a call: dist/ drops /* @__PURE__ */ marks, and a call at the
// top level would keep this file in every bundle of dist/core.js, used or not.
export const debugRequest = (message: string) => write("hublet:request", message);
export const debugRetry = (message: string) => write("hublet:retry", message);
export const debugDeprecation = (message: string) => write("hublet:deprecation", message);
/** Whether DEBUG would print hublet:request lines: the request log skips building lines nobody reads. */
export const debugRequestEnabled = () => {
	const state = channels();
	return state !== undefined && (state.createDebug === undefined || instance(state, "hublet:request").enabled);
};
