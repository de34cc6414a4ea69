/*
What octokit's plugins in a client's hook chain do themselves, for the features that step aside for
them (the retry stage, the shared rate limits): read once the plugins have run.
*/

/**
Whether @octokit/plugin-throttling runs: it then owns rate limits. Decided from the plugin's
presence in the class's plugins (its function carries `triggersNotification`, in every version
since 2019, and a name a bundler may change does not count), and from what makes it run: it wraps
the hook chain unless `throttle.enabled` is false, and throws without its handlers. A `throttle`
option alone, without the plugin, changes nothing.
*/
export function throttledByPlugin(client: { constructor: unknown }, options: { throttle?: unknown }): boolean {
	const plugins = (client.constructor as { plugins?: unknown[] }).plugins ?? [];
	// Read as the plugin reads it: `const { enabled = true } = octokitOptions.throttle || {}`.
	const enabled = ((options.throttle || {}) as { enabled?: unknown }).enabled;
	const present = plugins.some(
		(plugin) => typeof (plugin as { triggersNotification?: unknown }).triggersNotification === "function",
	);
	return present && (enabled === undefined || Boolean(enabled));
}
