import type { Log } from "../../types/request.js";

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

const LEVELS = ["debug", "info", "warn", "error"] as const;

/**
Fills in the log methods a caller left out, as @octokit/core does, without changing the
caller's object: the result inherits from it, so a logger whose methods live on its
prototype (winston, class instances) keeps them and their `this`, and its other members
(pino's `child`) stay reachable. A member that is not a function is replaced.
*/
export function normalizeLog(log?: Partial<Log>): Log {
	const fallback: Log = { debug: noop, info: noop, warn: console.warn.bind(console), error: console.error.bind(console) };
	if (!log) return fallback;
	// Defined, not assigned: assigning would throw when the caller's logger is frozen.
	const methods: PropertyDescriptorMap = {};
	for (const level of LEVELS) {
		const method = log[level];
		const value = typeof method === "function" ? method.bind(log) : fallback[level];
		methods[level] = { value, writable: true, enumerable: true, configurable: true };
	}
	return Object.create(log, methods) as Log;
}

const warnedByLog = new WeakMap<object, Set<string>>();

/**
Writes a deprecation once per message per log (a client owns one log), so that a loop
calling a renamed method does not flood the output.
*/
export function warnOnce(log: Log, message: string): void {
	let warned = warnedByLog.get(log);
	if (!warned) warnedByLog.set(log, (warned = new Set()));
	if (warned.has(message)) return;
	warned.add(message);
	debugDeprecation(message);
	log.warn(message);
}
