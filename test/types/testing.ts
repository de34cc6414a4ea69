// Compile-only: mockClient's handler keys, and each handler's params and data, are typed from
// the method's route; a wrong key, field or type fails to compile.
import { Hublet, Octokit } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";
import { mockClient, type MockCall, type MockHandlers } from "@hublet/rest/testing";
import type { Equal, Expect } from "./helpers.js";

const { client, calls } = mockClient({
	"repos.get": { data: { full_name: "o/r", owner: { login: "o" } } },
	"GET /repos/{owner}/{repo}/issues": { pages: [[{ number: 1, title: "a" }], [{ number: 2 }]] },
	"issues.get": (params) => ({ data: { number: params.issue_number, title: `#${params.owner}` } }),
	"issues.create": async ({ title }) => ({ status: 201, data: { title: String(title) } }),
	"pulls.get": { status: 404, data: { message: "Not Found" } },
	"search.repos": { pages: [{ total_count: 1, items: [{ id: 1 }] }] },
});
type _client = Expect<Equal<typeof client, Hublet>>;
type _calls = Expect<Equal<typeof calls, MockCall[]>>;
client.rest.repos.get({ owner: "o", repo: "r" });

// A class with plugins: the client is of that class.
const Greeting = Hublet.plugin(() => ({ greet: () => "hi" }));
const { client: greeting } = mockClient({}, { Hublet: Greeting, auth: "token" });
const _greet: string = greeting.greet();

// A core client over a route subset.
const Small = CoreHublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } });
const { client: small } = mockClient({ "repos.get": { data: { id: 1 } } }, { Hublet: Small });
small.rest.repos.get({ owner: "o", repo: "r" });

mockClient({
	// @ts-expect-error no such method
	"repos.gte": { data: {} },
});
mockClient({
	// @ts-expect-error no such route
	"GET /repos/{owner}/{rep}": { data: {} },
});
// @ts-expect-error `full_nam` is no field of a repository
mockClient({ "repos.get": { data: { full_nam: "o/r" } } });
// @ts-expect-error `id` is a number
mockClient({ "repos.get": { data: { id: "1" } } });
// @ts-expect-error a page of issues holds issues: `numbr` is no field of one
mockClient({ "issues.listForRepo": { pages: [[{ numbr: 1 }]] } });
// @ts-expect-error `pull_numbr` is no parameter of issues.get
mockClient({ "issues.get": (params) => ({ data: { number: params.pull_numbr } }) });
// @ts-expect-error the function's answer is typed too: `titel` is no field of an issue
mockClient({ "issues.get": () => ({ data: { titel: "x" } }) });
// @ts-expect-error a response has status, headers and data: not `body`
mockClient({ "repos.get": { body: {} } });
// @ts-expect-error `Hublet` is a client class
mockClient({}, { Hublet: Map });
// The class under octokit's name; the request log turned on.
const { client: octokitClient } = mockClient({}, { Octokit: Octokit.plugin(() => ({ hello: () => "world" })), requestLog: true });
const hello: string = octokitClient.hello();
// @ts-expect-error `Octokit` is a client class
mockClient({}, { Octokit: Map });

export const handlers: MockHandlers = { "users.getAuthenticated": { data: { login: "octocat" } } };
