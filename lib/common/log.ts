import type { Log } from "../../types/request.js";
import { createLru } from "./lru.js";

type Debug = typeof import("debug").default;

/** A `debug` channel that can be written to before `debug` has loaded. */
export interface DebugChannel {
	(message: string): void;
	/** Whether anything would be printed: callers skip building lines nobody reads. */
	readonly enabled: boolean;
}

// The channels write nowhere until an entry point hands over a way to load `debug`: the full
// client does so on Node when DEBUG is set (importing debug costs about 90 M instructions, as
// it probes the terminal), and `@hublet/rest/core` never does, so that its bundles carry no
// debug at all. Lines written while debug loads wait for it.
let wanted = false;
let createDebug: Debug | undefined;
const waiting: Array<[DebugChannel, string]> = [];

/** Starts loading `debug` for the channels below. Called once, by the entry point. */
export function useDebug(load: () => Promise<{ default: Debug }>): void {
	wanted = true;
	load().then(
		(module) => {
			createDebug = module.default;
			for (const [channel, message] of waiting.splice(0)) channel(message);
		},
		// Without debug (a runtime that cannot load it) the channels go quiet again.
		() => {
			wanted = false;
			waiting.length = 0;
		},
	);
}

function debugChannel(namespace: string): DebugChannel {
	let instance: ReturnType<Debug> | undefined;
	const target = () => (instance ??= createDebug!(namespace));
	const channel = (message: string) => {
		if (!wanted) return;
		if (createDebug) target()(message);
		else waiting.push([channel as DebugChannel, message]);
	};
	return Object.defineProperty(channel, "enabled", {
		get: () => wanted && (createDebug === undefined || target().enabled),
	}) as DebugChannel;
}

// One namespace per concern so that DEBUG=hublet:request can be turned on alone.
export const debugRequest = debugChannel("hublet:request");
export const debugRetry = debugChannel("hublet:retry");
export const debugDeprecation = debugChannel("hublet:deprecation");

/** The default `debug` and `info`: compared by identity to skip work nobody reads. */
export const noop = () => {};

// One copy each, shared by every client, as in @octokit/core.
const consoleWarn = console.warn.bind(console);
const consoleError = console.error.bind(console);

/**
`client.log`, as @octokit/core 7 makes it (createLogger): the logger the caller passed, the same
object, with only its missing methods filled in: `debug` and `info` as no-ops, `warn` and `error`
as the console's. Its own methods stay as they are and are called on it, so loggers that need
their `this` (pino, winston, class instances) keep it, and their other members (pino's `child`)
stay reachable. Like octokit, this assigns the filled-in methods onto the caller's object: code
written for @octokit/core may rely on `options.log === client.log` having all four.
A member that is not a function is replaced.
*/
export function normalizeLog(log: Partial<Log> = {}): Log {
	if (typeof log.debug !== "function") log.debug = noop;
	if (typeof log.info !== "function") log.info = noop;
	if (typeof log.warn !== "function") log.warn = consoleWarn;
	if (typeof log.error !== "function") log.error = consoleError;
	return log as Log;
}

// Messages may name URLs (a deprecated route's path, a link's origin): the last ones per log are
// remembered, so a long run over many URLs cannot grow without end. One evicted warns again.
const WARNED_PER_LOG = 500;
const warnedByLog = new WeakMap<object, ReturnType<typeof createLru<string, true>>>();

/**
Writes a deprecation once per message per log (clients that share a logger share its
"once"), so that a loop calling a renamed method does not flood the output.
*/
export function warnOnce(log: Log, message: string): void {
	let warned = warnedByLog.get(log);
	if (!warned) warnedByLog.set(log, (warned = createLru(WARNED_PER_LOG)));
	if (warned.get(message)) return;
	warned.set(message, true);
	debugDeprecation(message);
	log.warn(message);
}
