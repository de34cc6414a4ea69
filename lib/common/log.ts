import type { Log } from "../../types/request.js";
import { createLru } from "./lru.js";

/**
Who else hears a deprecation that warnOnce writes: the debug feature (lib/features/debug/,
through common/debug-channel.ts) adds `DEBUG=hublet:deprecation` here when the full client
loads debug. Empty in the kernel, which carries no debug plumbing.
*/
export const deprecationTaps: Array<(message: string) => void> = [];

/** The default `debug` and `info`: compared by identity to skip work nobody reads. */
export const noop = () => {};

// One copy each, shared by every client, as in @octokit/core.
const FALLBACKS: Log = {
	debug: noop,
	info: noop,
	warn: console.warn.bind(console),
	error: console.error.bind(console),
};

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
	for (const level in FALLBACKS)
		if (typeof log[level as keyof Log] !== "function") log[level as keyof Log] = FALLBACKS[level as keyof Log];
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
	for (const tap of deprecationTaps) tap(message);
	log.warn(message);
}
