// HUBLET_REDIS_URL: one Redis for the conditional-request cache and the shared rate limits of
// every `hublet` process on a token. The command has no dependency of its own for it: it loads
// the user's `keyv` and `@keyv/redis`, and stops with a usage error when they are missing.
import { UsageError } from "./errors.mjs";

/**
For HUBLET_REDIS_URL, `{ options, ready, close }`: the client's `cache` and `rateLimit` options over
one Redis, `ready()`, which loads the packages (a UsageError when they are missing), and `close()`,
which ends the connection when the command is done (a process's exit would, but the command may run
inside a longer-lived one). Redis itself is reached on first use, and a Redis that is down costs a
warning, never the request. `undefined` when the variable is not set.
*/
export function redisSharing(env) {
	const url = env.HUBLET_REDIS_URL;
	if (!url) return undefined;
	let loaded;
	const ready = () =>
		(loaded ??= Promise.all([import("keyv"), import("@keyv/redis")]).then(
			([keyv, redis]) => ({ Keyv: keyv.default, KeyvRedis: redis.default }),
			() => {
				throw new UsageError("HUBLET_REDIS_URL needs the packages keyv and @keyv/redis where hublet runs; nothing was sent", "npm install keyv @keyv/redis");
			},
		));
	let connected;
	const connect = () =>
		(connected ??= ready().then(async ({ Keyv, KeyvRedis }) => {
			const adapter = new KeyvRedis(url, { throwOnConnectError: false, connectionTimeout: 500 });
			const store = new Keyv(adapter, { throwOnErrors: false });
			// A Redis that is down costs a warning from the client, not an unhandled error event.
			store.on("error", () => {});
			// The connection must not keep the command running once its work is done.
			(await adapter.getClient())?.unref?.();
			return store;
		}));
	// Keyv-style, so both options take it; the first use connects.
	const store = {
		get: async (key) => (await connect()).get(key),
		set: async (key, value, ttl) => (await connect()).set(key, value, ttl),
		delete: async (key) => (await connect()).delete(key),
	};
	const close = async () => {
		if (connected) await connected.then((opened) => opened.disconnect()).catch(() => {});
	};
	return { options: { cache: { store, timeout: 1000 }, rateLimit: { store, timeout: 1000 } }, ready, close };
}
