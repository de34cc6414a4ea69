// `client.request(route, params)`: typed by the route string; unknown routes are loose.
import { Hublet, type Endpoints, type HubletResponse, type KnownRoute, type NumberIntegers } from "@hublet/rest";
import type { components } from "@octokit/openapi-types";
import type { Equal, Expect } from "./helpers.js";

const client = new Hublet();
const owner = "octokit";
const repo = "rest.js";

export async function byRoute() {
	const { data, status } = await client.request("GET /repos/{owner}/{repo}", { owner, repo });
	type _data = Expect<Equal<typeof data, NumberIntegers<components["schemas"]["full-repository"]>>>;
	type _status = Expect<Equal<typeof status, 200>>;

	const { data: issue } = await client.request("POST /repos/{owner}/{repo}/issues", { owner, repo, title: "Hi" });
	const number: number = issue.number;

	// A bare URL is a GET.
	const { data: same } = await client.request("/repos/{owner}/{repo}", { owner, repo });
	type _bare = Expect<Equal<typeof same, typeof data>>;

	// A route with a query template is looked up without it.
	await client.request("POST /repos/{owner}/{repo}/releases/{release_id}/assets{?name,label}", {
		owner,
		repo,
		release_id: 1,
		name: "a.zip",
		data: "bytes",
	});
	return number;
}

export async function looseRoutes(route: string) {
	// A route GitHub's description lacks (or one only known at run time) is accepted loosely.
	const unknown = await client.request("GET /not/a/route", { anything: 1 });
	type _unknown = Expect<Equal<typeof unknown, HubletResponse<any>>>;
	// Its path parameters are read off the template.
	await client.request("GET /not/{id}/a/route{?q}", { id: 1, q: "x" });
	// @ts-expect-error missing the path parameter `id`
	await client.request("GET /not/{id}/a/route", { q: "x" });
	const dynamic = await client.request(route, { owner });
	type _dynamic = Expect<Equal<typeof dynamic, HubletResponse<any>>>;
	const options = await client.request<{ id: number }>({ method: "GET", url: "/repos/{owner}/{repo}", owner, repo });
	const id: number = options.data.id;
	return id;
}

export async function defaultsAndEndpoint() {
	const withDefaults = client.request.defaults({ headers: { "x-a": "b" } });
	const { data } = await withDefaults("GET /user");
	const login: string = data.login;
	const options = client.request.endpoint("GET /repos/{owner}/{repo}", { owner, repo });
	const url: string = options.url;
	return [login, url];
}

export async function wrongCalls() {
	// @ts-expect-error `owner` is a string
	await client.request("GET /repos/{owner}/{repo}", { owner: 1, repo });
	// @ts-expect-error missing required parameter `repo`
	await client.request("GET /repos/{owner}/{repo}", { owner });
	const { data } = await client.request("GET /repos/{owner}/{repo}", { owner, repo });
	// @ts-expect-error unknown response field
	data.fullName;
}

export function endpointsMap() {
	type Route = "GET /repos/{owner}/{repo}/issues";
	type _keys = Expect<Equal<keyof Endpoints, KnownRoute>>;
	type _parameters = Expect<Equal<Endpoints[Route]["parameters"]["owner"], string>>;
	type _item = Expect<Equal<Endpoints[Route]["response"]["data"][number], NumberIntegers<components["schemas"]["issue"]>>>;
	type _method = Expect<Equal<Endpoints[Route]["request"]["method"], "GET">>;
}
