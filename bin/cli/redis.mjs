// HUBLET_REDIS_URL: one Redis for the conditional-request cache and the shared rate limits of
// every `hublet` process on a token. The command has no dependency of its own for it: it loads
// the user's `keyv` and `@keyv/redis` on first use, and says so, once, when they are missing.

/** The `cache` and `rateLimit` options for HUBLET_REDIS_URL, or `{}` when it is not set. */
export function redisOptions(env = process.env) {
	const url = env.HUBLET_REDIS_URL;
	if (!url) return {};
	let connected;
	const connect = () =>
		(connected ??= (async () => {
			let Keyv;
			let KeyvRedis;
			try {
				({ default: Keyv } = await import("keyv"));
				({ default: KeyvRedis } = await import("@keyv/redis"));
			} catch {
				throw new Error("HUBLET_REDIS_URL needs the packages keyv and @keyv/redis: npm install keyv @keyv/redis");
			}
			const adapter = new KeyvRedis(url, { throwOnConnectError: false, connectionTimeout: 500 });
			const store = new Keyv(adapter, { throwOnErrors: false });
			// A Redis that is down costs a warning from the client, not an unhandled error event.
			store.on("error", () => {});
			// The connection must not keep the command running once its work is done.
			(await adapter.getClient())?.unref?.();
			return store;
		})());
	// Keyv-style, so both options take it; the first use connects.
	const store = {
		get: async (key) => (await connect()).get(key),
		set: async (key, value, ttl) => (await connect()).set(key, value, ttl),
		delete: async (key) => (await connect()).delete(key),
	};
	return { cache: { store, timeout: 1000 }, rateLimit: { store, timeout: 1000 } };
}
