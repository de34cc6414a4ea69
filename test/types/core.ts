// `@hublet/rest/core`: the client without routes.json. `Hublet.withRoutes(table)` gives a class
// whose instances have exactly the table's methods, typed by name (or, for a name the full
// table lacks, by route).
import { Hublet, RequestError, cache, paginate, type Feature, type HubletFeature } from "@hublet/rest/core";
import { Hublet as FullHublet, type HubletResponse, type RestEndpointMethods } from "@hublet/rest";
import routes from "./routes.subset.json" with { type: "json" };
import type { Equal, Expect } from "./helpers.js";

const owner = "octokit";
const repo = "rest.js";

export async function fromJson() {
	const Subset = Hublet.plugin(paginate).withRoutes(routes);
	const client = new Subset({ auth: "token" });
	const { data } = await client.rest.repos.get({ owner, repo });
	const name: string = data.full_name;
	type _get = Expect<Equal<typeof client.rest.repos.get, RestEndpointMethods["repos"]["get"]>>;
	type _namespace = Expect<Equal<typeof client.repos.get, RestEndpointMethods["repos"]["get"]>>;
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner, repo });
	const title: string = issues[0].title;
	// A name that routes.json lacks is typed by its route: loose here, as the route is unknown.
	const ping = await client.rest.custom.ping();
	type _ping = Expect<Equal<typeof ping, HubletResponse<any>>>;

	// @ts-expect-error not in the subset
	client.rest.repos.delete;
	// @ts-expect-error not in the subset
	client.rest.pulls;
	// @ts-expect-error missing required parameter `repo`
	await client.rest.repos.get({ owner });
	return [name, title];
}

export function features() {
	// The kernel alone has no paginate: it is a feature, added with Hublet.plugin().
	const bare = new Hublet();
	// @ts-expect-error paginate is the paginate feature's
	bare.paginate;
	const withCache = new (Hublet.plugin(cache, paginate))({ cache: true });
	const feature: HubletFeature = cache;
	return [withCache.paginate, feature];
}

export function customFeature() {
	// A feature written against the contract: its members are typed on the instance.
	const hello: Feature<{ name: string }, never, { hello(): string }> = {
		name: "hello",
		option: "userAgent",
		check: (option) => ({ name: typeof option === "string" ? option : "world" }),
		setup: (_body, settings) => ({ members: { hello: () => `hello ${settings.name}` } }),
	};
	const client = new (Hublet.plugin(hello, paginate))();
	const text: string = client.hello();
	type _plugins = Expect<Equal<typeof Hublet.plugins, import("@hublet/rest").HubletPlugin[]>>;
	// @ts-expect-error a feature's check returns its settings
	const wrong: Feature<{ name: string }> = { name: "x", check: () => 1, setup: () => {} };
	return [text, client.paginate, wrong];
}

export async function inline() {
	const Small = Hublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] }, extra: { zen: ["GET /zen"] } } });
	const client = new Small();
	const { data } = await client.rest.repos.get({ owner, repo });
	const { data: zen } = await client.rest.extra.zen();
	const text: string = zen;
	// Plugins and defaults compose with a subset.
	const Both = Small.plugin(() => ({ hello: 1 })).defaults({ userAgent: "x" });
	const both = new Both();
	const hello: number = both.hello;
	await both.rest.repos.get({ owner, repo });
	return [data.full_name, text, hello];
}

export function bare() {
	const client = new Hublet();
	type _rest = Expect<Equal<typeof client.rest, {}>>;
	// @ts-expect-error no routes without a table
	client.rest.repos;
	client.request("GET /repos/{owner}/{repo}", { owner, repo });
	const error: RequestError | undefined = undefined;
	// The full client is a core client.
	const full: Hublet = new FullHublet();
	return [error, full];
}

// A row's route is inferred as its literal without `as const` (and without a `const` type
// parameter, which TypeScript 4.9 cannot parse), so a method outside the known names is typed by it.
export async function routeLiteral() {
	const Small = Hublet.withRoutes({ namespaces: { mine: { repository: ["GET /repos/{owner}/{repo}"] } } });
	const client = new Small();
	const { data } = await client.rest.mine.repository({ owner, repo });
	const name: string = data.full_name;
	// @ts-expect-error `repo` is a path parameter of the route
	await client.rest.mine.repository({ owner });
	return name;
}
