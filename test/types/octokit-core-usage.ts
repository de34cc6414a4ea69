// Everyday `@octokit/core` 7 code, written against octokit's own types, `@ts-expect-error`
// lines included. test/types/tsconfig.json compiles it as it is, against `@octokit/core`;
// test/octokit-usage-types.test.js compiles it again under strict node16, once as it is and
// once with only the import line below swapped for `@hublet/rest/core`. Both must pass.
import { Octokit, type OctokitOptions } from "@octokit/core";
import { fetch as undiciFetch, ProxyAgent } from "undici";

const owner = "octokit";
const repo = "rest.js";

/** A plugin with options, read from the constructor's options as octokit's plugins read theirs. */
export function greeter(octokit: Octokit, options: OctokitOptions) {
	const greeting: string = options.greeting ?? "hello";
	return {
		greet(name: string) {
			octokit.log.info(`${greeting} ${name}`);
			return `${greeting} ${name}`;
		},
	};
}
greeter.VERSION = "1.0.0";

/** A plugin that wraps every request and reads its options and errors. */
export function counter(octokit: Octokit) {
	let count = 0;
	octokit.hook.wrap("request", async (request, options) => {
		count += 1;
		const started = Date.now();
		const response = await request(options);
		octokit.log.debug(`${options.method} ${options.url} ${response.status} in ${Date.now() - started}ms`);
		return response;
	});
	octokit.hook.before("request", (options) => {
		options.headers["x-request-count"] = String(count);
	});
	octokit.hook.after("request", (response) => {
		octokit.log.debug(`rate limit left: ${response.headers["x-ratelimit-remaining"]}`);
	});
	octokit.hook.error("request", (error) => {
		if ("status" in error && error.status === 404) octokit.log.warn("not found");
		throw error;
	});
	return { requests: () => count };
}

const MyOctokit = Octokit.plugin(greeter, counter).defaults({ userAgent: "my-app/1.0.0", greeting: "hi" });
const WithFunction = Octokit.defaults((options: OctokitOptions) => ({ ...options, baseUrl: "https://ghe.example.com/api/v3" }));

export const octokit = new MyOctokit({
	auth: "ghp_token",
	baseUrl: "https://ghe.example.com/api/v3",
	log: console,
	previews: ["mercy"],
	timeZone: "Europe/Amsterdam",
	request: {
		// A fetch stand-in typed with a string URL, as the request sends it.
		fetch: (url: string, init?: RequestInit): Promise<Response> => fetch(url, init),
	},
});

export async function everyday() {
	const greeting: string = octokit.greet("you");
	const count: number = octokit.requests();
	const version: string = Octokit.VERSION;
	new WithFunction();
	new Octokit({ log: { debug() {}, info() {}, warn: console.warn, error: console.error } });
	new Octokit({ request: { fetch } });
	// Through a proxy, as @octokit/core's README and its agent-proxy test do it: undici's fetch,
	// whose Response type is undici's own, not the global one.
	const dispatcher = new ProxyAgent("http://127.0.0.1:8080");
	const proxiedFetch: typeof undiciFetch = (url, options) => undiciFetch(url, { ...options, dispatcher });
	new Octokit({ request: { fetch: proxiedFetch } });
	new Octokit({ request: { fetch: (url: string, options?: object) => undiciFetch(url, { ...options, dispatcher }) } });

	octokit.log.info("started", { pid: 1 });
	octokit.log.error("failed");
	const logged: unknown = octokit.log.warn("careful");

	const { data: repository } = await octokit.request("GET /repos/{owner}/{repo}", { owner, repo });
	const fullName: string = repository.full_name;
	const { data: user } = await octokit.request("GET /user");
	const login: string = user.login;
	const withDefaults = octokit.request.defaults({ headers: { "x-team": "core" } });
	await withDefaults("GET /repos/{owner}/{repo}/issues", { owner, repo, per_page: 100 });
	const url: string = octokit.request.endpoint("GET /repos/{owner}/{repo}", { owner, repo }).url;
	const merged = octokit.request.endpoint.merge("GET /repos/{owner}/{repo}", { owner, repo });
	const method: string = merged.method;
	const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("query { viewer { login } }");
	await octokit.graphql("query ($owner: String!) { repositoryOwner(login: $owner) { login } }", { owner });
	const auth: unknown = await octokit.auth();

	// @ts-expect-error the log option wants all four methods
	new Octokit({ log: { warn: console.warn } });
	// @ts-expect-error additional information is an object
	octokit.log.info("started", "pid 1");
	// @ts-expect-error a message is a string
	octokit.log.debug(1);
	// @ts-expect-error a plugin's methods are on its own class only
	new Octokit().greet("you");
	// @ts-expect-error `owner` is required by the route
	await octokit.request("GET /repos/{owner}/{repo}", { repo });
	// @ts-expect-error `baseUrl` is a string
	new Octokit({ baseUrl: 1 });

	return [greeting, count, version, logged, fullName, login, url, method, viewer.login, auth];
}
