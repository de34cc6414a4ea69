import createDebug from "debug";
import type { Log } from "../types/request.js";

// One namespace per concern so that DEBUG=hublet:request can be turned on alone.
export const debugRequest = createDebug("hublet:request");
export const debugRetry = createDebug("hublet:retry");
export const debugDeprecation = createDebug("hublet:deprecation");

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
