import createDebug from "debug";
import type { Log } from "../types/request.js";

// One namespace per concern so that DEBUG=hublet:request can be turned on alone.
export const debugRequest = createDebug("hublet:request");
export const debugRetry = createDebug("hublet:retry");
export const debugDeprecation = createDebug("hublet:deprecation");

/** The default `debug` and `info`: compared by identity to skip work nobody reads. */
export const noop = () => {};

/** Fills in the log methods a caller left out, as @octokit/core does. */
export function normalizeLog(log: Partial<Log> | undefined): Log {
	return {
		debug: noop,
		info: noop,
		warn: console.warn.bind(console),
		error: console.error.bind(console),
		...log,
	};
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
