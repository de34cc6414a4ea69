// `request` options as octokit's types take them: any key (`[option: string]: any`, as in
// @octokit/types), a `fetch` that answers synchronously (test doubles), and options objects typed
// elsewhere, as @actions/github's `getOctokit(token, options)` passes them on.
import { Octokit as CoreOctokit, type OctokitOptions } from "@hublet/rest/core";
import { Octokit } from "@hublet/rest";

interface TransportSettings {
	fetch: (url: string) => Response;
	timeout: number;
}

/** `getOctokit` as @actions/github writes it: the options are handed on as they came. */
function getOctokit(token: string, options?: OctokitOptions) {
	return new Octokit({ auth: token, ...options });
}

export function requestOptions(settings: TransportSettings, fetchStandIn: typeof fetch) {
	// A synchronous stand-in returns a Response, not a promise of one.
	new Octokit({ request: { fetch: (url: string) => new Response(JSON.stringify({ url })) } });
	new CoreOctokit({ request: { fetch: (url: string, init?: RequestInit) => new Response(init?.method ?? "GET") } });
	// An options object whose type is an interface, with no index signature of its own.
	new Octokit({ request: settings });
	getOctokit("token", { request: { fetch: fetchStandIn } });
	getOctokit("token", { request: settings });
	// Any key, for plugins (@octokit/plugin-retry reads `retries` and `retryAfter`).
	new Octokit({ request: { retries: 1, retryAfter: 1 } });
	// @ts-expect-error it returns a Response
	new Octokit({ request: { fetch: (url: string) => url } });
	// @ts-expect-error the URL is a string
	new Octokit({ request: { fetch: (url: number) => new Response(String(url)) } });
	// @ts-expect-error `timeout` is a number
	new Octokit({ request: { timeout: "10s" } });
}
