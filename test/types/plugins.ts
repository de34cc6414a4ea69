// `Hublet.plugin(...)` returns a subclass whose instances carry what the plugins return, as
// `Octokit.plugin(...)` does; `Hublet.defaults(...)` keeps the class's type.
import { Hublet, type HubletOptions, type HubletPlugin } from "@hublet/rest";
import { createAppAuth } from "@octokit/auth-app";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import type { Equal, Expect } from "./helpers.js";

const hello = (client: Hublet) => ({
	hello(name: string) {
		client.log.info(`hello ${name}`);
		return `hello ${name}` as const;
	},
});
const counter = () => ({ count: 0 });
const silent: HubletPlugin = () => {};

export function ownPlugins() {
	const WithHello = Hublet.plugin(hello);
	const client = new WithHello({ auth: "token" });
	type _hello = Expect<Equal<ReturnType<typeof client.hello>, `hello ${string}`>>;
	// Instances are still clients, with every endpoint method.
	const repository: Promise<unknown> = client.rest.repos.get({ owner: "octokit", repo: "rest.js" });

	// Several plugins at once, and chained: the results add up.
	const Both = Hublet.plugin(hello, counter);
	const both = new Both();
	const count: number = both.count;
	const Chained = Hublet.plugin(hello).plugin(counter).plugin(silent);
	const chained = new Chained();
	type _chained = Expect<Equal<typeof chained.count, number>>;
	chained.hello("again");

	// A plugin that returns nothing adds nothing.
	const Silent = Hublet.plugin(silent);
	// @ts-expect-error a plugin that returns nothing adds no member
	new Silent().count;

	// @ts-expect-error a plain client has no plugin members
	new Hublet().hello("x");

	// The class keeps its statics.
	const version: string = Chained.VERSION;
	return [repository, count, version];
}

export function octokitPlugins() {
	// Plugins written for @octokit/core work unchanged, with their types.
	const MyHublet = Hublet.plugin(retry, throttling);
	const client = new MyHublet({
		throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => true },
	});
	client.retry.retryRequest(new Error("x") as never, 3, 1000);
	return client;
}

export function defaults() {
	const Enterprise = Hublet.defaults({ baseUrl: "https://ghe.example.com/api/v3", userAgent: "my-app/1.0.0" });
	const client: Hublet = new Enterprise({ auth: "token" });
	const Computed = Hublet.defaults((options: HubletOptions) => ({ ...options, timeZone: "UTC" }));
	new Computed();

	// `defaults()` after `plugin()` keeps the plugin members.
	const Both = Hublet.plugin(hello).defaults({ userAgent: "x" });
	const both = new Both();
	both.hello("x");

	// @ts-expect-error `baseUrl` is a string
	Hublet.defaults({ baseUrl: 1 });
	return client;
}

export function authStrategy() {
	return new Hublet({
		authStrategy: createAppAuth,
		auth: { appId: 1, privateKey: "-----BEGIN PRIVATE KEY-----", installationId: 2 },
	});
}

// @octokit/plugin-retry reads its own keys from the same `retry` option.
{
	new Hublet({ retry: { doNotRetry: [429], retryAfterBaseValue: 1, retries: 2 } });
	// @ts-expect-error retry.doNotRetry is a list of statuses
	new Hublet({ retry: { doNotRetry: "429" } });
}
