import { deprecationTaps } from "./log.js";

/*
DEBUG=hublet:* output: the channels that the request log, the retry stage and warnOnce write to.
The kernel never starts them: the debug feature (features/debug/) does, in the full entry, when DEBUG is
set, and `@hublet/rest/core` never does, so that its bundles carry no debug at all. dist/core.js
holds this module (its few hundred bytes) only so that the files loaded later share its state
(scripts/build.mjs): the full entry turns it on for the request log's and the retry stage's lines.
*/

type Debug = typeof import("debug").default;

// The channels write nowhere until an entry point hands over a way to load `debug`: the full
// client does so on Node when DEBUG is set (importing debug costs about 90 M instructions, as
// it probes the terminal), and `@hublet/rest/core` never does, so that its bundles carry no
// debug at all. Lines written while debug loads wait for it.
let wanted = false;
let createDebug: Debug | undefined;
const waiting: Array<[string, string]> = [];
const instances: Record<string, ReturnType<Debug>> = {};

/** Starts loading `debug` for the channels below, once per process (the debug feature calls it for every client made with DEBUG set). */
export function useDebug(load: () => Promise<{ default: Debug }>): void {
	if (wanted) return;
	wanted = true;
	deprecationTaps.push(debugDeprecation);
	load().then(
		(module) => {
			createDebug = module.default;
			for (const [namespace, message] of waiting.splice(0)) write(namespace, message);
		},
		// Without debug (a runtime that cannot load it) the channels go quiet again.
		() => {
			wanted = false;
			waiting.length = 0;
		},
	);
}

const instance = (namespace: string) => (instances[namespace] ??= createDebug!(namespace));

/** Writes to a namespace, or keeps the line until debug has loaded. */
function write(namespace: string, message: string): void {
	if (!wanted) return;
	if (createDebug) instance(namespace)(message);
	else waiting.push([namespace, message]);
}

// One namespace per concern so that DEBUG=hublet:request can be turned on alone. Plain arrow
// functions, not channels made by a call: dist/ drops /* @__PURE__ */ marks, and a call at the
// top level would keep this file in every bundle of dist/core.js, used or not.
export const debugRequest = (message: string) => write("hublet:request", message);
export const debugRetry = (message: string) => write("hublet:retry", message);
export const debugDeprecation = (message: string) => write("hublet:deprecation", message);
/** Whether DEBUG would print hublet:request lines: the request log skips building lines nobody reads. */
export const debugRequestEnabled = () => wanted && (createDebug === undefined || instance("hublet:request").enabled);
