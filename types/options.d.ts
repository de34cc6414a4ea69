import type { RequestRequestOptions } from "./endpoint.js";
import type { Log } from "./request.js";
import type { RetryOptions } from "./retry.js";

/**
What `new Hublet(options)` takes. Keys it does not know are kept for plugins.
*/
export interface HubletOptions {
	/**
	A token (`"ghp_…"`, an installation token, or a JWT, which is sent as `bearer`), or the
	options of `authStrategy`. An object, a function or a `"basic …"` string still works but is deprecated.
	@example
	```
	new Hublet({ auth: process.env.GITHUB_TOKEN });
	```
	*/
	auth?: any;
	/**
	An auth strategy from the `@octokit/auth-*` packages, called with `{ request, log, octokit, octokitOptions, ...auth }`.
	@example
	```
	import { createAppAuth } from "@octokit/auth-app";
	new Hublet({ authStrategy: createAppAuth, auth: { appId, privateKey, installationId } });
	```
	*/
	authStrategy?: (options: any) => any;
	/**
	The API root, such as `https://ghe.example.com/api/v3` for GitHub Enterprise Server.
	@default "https://api.github.com"
	*/
	baseUrl?: string;
	/**
	Your app's name, sent before Hublet's own in the `user-agent` header.
	@example
	```
	new Hublet({ userAgent: "my-app/1.2.3" });
	```
	*/
	userAgent?: string;
	/** A time zone such as `"Europe/Amsterdam"`, sent as the `time-zone` header. */
	timeZone?: string;
	/** Preview names sent in the `accept` header on every request. @default [] */
	previews?: string[];
	/** Transport defaults for every request: `fetch`, `signal`, `timeout`, `redirect`. */
	request?: RequestRequestOptions;
	/**
	How failed requests are retried, or `false` for no retries.
	@default { retries: 3 }
	*/
	retry?: RetryOptions | false;
	/** Where to write. Missing methods are filled in. @default console for warn and error */
	log?: Partial<Log>;
	[option: string]: any;
}
