// Endpoint methods: `client.rest.<namespace>.<method>(params)` and `client.<namespace>.<method>`.
// Compile-only: nothing here runs. Each `@ts-expect-error` names the mistake it stands for.
import { Hublet, type HubletResponse, type NumberIntegers, type RestEndpointMethodTypes } from "@hublet/rest";
import type { components } from "@octokit/openapi-types";
import type { Equal, Expect } from "./helpers.js";

// Octokit 22's methods type integers `number`: the schema with `number | bigint` as `number`.
type Schema<Name extends keyof components["schemas"]> = NumberIntegers<components["schemas"][Name]>;

const client = new Hublet({ auth: "token" });
const owner = "octokit";
const repo = "rest.js";

export async function correctCalls() {
	const { data: repository, status } = await client.rest.repos.get({ owner, repo });
	const fullName: string = repository.full_name;
	type _status = Expect<Equal<typeof status, 200>>;
	type _repository = Expect<Equal<typeof repository, Schema<"full-repository">>>;

	// The same method at `client.<namespace>`, as in @octokit/rest before v17.
	const viaNamespace = await client.repos.get({ owner, repo });
	type _same = Expect<Equal<typeof viaNamespace, Awaited<ReturnType<typeof client.rest.repos.get>>>>;

	// Path, query and body parameters together; the body's required `title`.
	const { data: issue } = await client.rest.issues.create({ owner, repo, title: "Hello", labels: ["bug"] });
	const number: number = issue.number;

	// Query parameters are typed, enums included.
	await client.rest.issues.listForRepo({ owner, repo, state: "open", per_page: 100 });

	// A method with no required parameter may be called without any.
	const { data: user } = await client.rest.users.getAuthenticated();
	await client.rest.apps.listInstallations();
	type _user = Expect<Equal<typeof user, Schema<"private-user"> | Schema<"public-user">>>;

	// The reserved parameters are accepted by every method.
	await client.rest.repos.getCommit({ owner, repo, ref: "main", mediaType: { format: "diff" }, headers: { "x-custom": "1" } });
	await client.rest.repos.get({ owner, repo, request: { timeout: 1000, signal: AbortSignal.timeout(5000) } });

	// Keys that the description lacks are sent anyway, as with @octokit/rest (interface spec §2.2:
	// `visibility` on repos.createForAuthenticatedUser is not in today's description of POST /user/repos).
	await client.rest.repos.createForAuthenticatedUser({ name: "hello", visibility: "private", delete_branch_on_merge: true });
	await client.rest.git.getCommit({ owner, repo, commit_sha: "abc" });

	// 204: `HubletResponse<never, 204>`, as octokit types it.
	const deleted = await client.rest.repos.delete({ owner, repo });
	type _deleted = Expect<Equal<typeof deleted, HubletResponse<never, 204>>>;

	// A raw body (an upload) is `data`; the `name` query parameter is required (spec §2.2).
	await client.rest.repos.uploadReleaseAsset({ owner, repo, release_id: 1, name: "a.zip", data: "bytes" });

	return [fullName, number];
}

export function methodMembers() {
	const method = client.rest.repos.get;
	type _route = Expect<Equal<typeof method.route, "GET /repos/{owner}/{repo}">>;
	const required: string[] = method.required;
	const deprecated: string | undefined = method.deprecated;
	const url: string = method.endpoint({ owner, repo }).url;
	const merged = method.endpoint.merge({ owner, repo });
	const request = method.defaults({ headers: { "x-a": "b" } });
	return [required, deprecated, url, merged, request];
}

export function methodTypes() {
	type Get = RestEndpointMethodTypes["repos"]["get"];
	type _parameters = Expect<Equal<Get["parameters"]["owner"], string>>;
	type _response = Expect<Equal<Get["response"], Awaited<ReturnType<typeof client.rest.repos.get>>>>;
	type _data = Expect<Equal<RestEndpointMethodTypes["issues"]["get"]["response"]["data"], Schema<"issue">>>;
	type _number = Expect<Equal<RestEndpointMethodTypes["issues"]["get"]["parameters"]["issue_number"], number>>;
}

export async function renamedAndLegacy() {
	// A renamed method is typed as the method it now is (and struck through in editors).
	const topics = await client.rest.repos.listTopics({ owner, repo });
	type _topics = Expect<Equal<typeof topics, Awaited<ReturnType<typeof client.rest.repos.getAllTopics>>>>;

	// A renamed namespace is typed as the one it points at.
	type _gitdata = Expect<Equal<typeof client.rest.gitdata, typeof client.rest.git>>;
	type _pullRequests = Expect<Equal<typeof client.pullRequests, typeof client.pulls>>;

	// A legacy method whose route GitHub's description no longer has is present, loosely typed.
	const { data: authorizations } = await client.rest.oauthAuthorizations.listAuthorizations();
	type _loose = Expect<Equal<typeof authorizations, any>>;
	await client.rest.oauthAuthorizations.createAuthorization({ scopes: ["repo"], note: "anything goes" });
	await client.rest.repos.enableLfsForRepo({ owner, repo });
	// Its path parameters are read off the route, and required.
	await client.rest.oauthAuthorizations.getAuthorization({ authorization_id: 1 });
	// @ts-expect-error missing the path parameter `authorization_id` of GET /authorizations/{authorization_id}
	await client.rest.oauthAuthorizations.getAuthorization({});
	// @ts-expect-error missing the path parameter `repo` of PUT /repos/{owner}/{repo}/lfs
	await client.rest.repos.enableLfsForRepo({ owner });

	// A legacy name on a route the description still has is typed from it (teams.addMember).
	await client.rest.teams.addMember({ team_id: 1, username: "octocat" });
}

export async function wrongCalls() {
	// @ts-expect-error missing required parameter `repo`
	await client.rest.repos.get({ owner });

	// @ts-expect-error missing the body's required `title`
	await client.rest.issues.create({ owner, repo });

	// @ts-expect-error `issues.get()` with no parameters always fails with a 400 (spec §2.2, §7)
	await client.rest.issues.get();

	// @ts-expect-error `issue_number` is a number, not a string
	await client.rest.issues.get({ owner, repo, issue_number: "1" });

	// @ts-expect-error `state` is "open" | "closed" | "all"
	await client.rest.issues.listForRepo({ owner, repo, state: "opened" });

	// @ts-expect-error `owner` is a string
	await client.rest.repos.get({ owner: 1, repo });

	// @ts-expect-error unknown method
	await client.rest.repos.getTheRepository({ owner, repo });

	// @ts-expect-error unknown namespace
	client.rest.repositories;

	// @ts-expect-error unknown method at `client.<namespace>`
	client.repos.getTheRepository;

	const { data } = await client.rest.repos.get({ owner, repo });
	// @ts-expect-error unknown response field
	data.fullName;

	const { data: issue } = await client.rest.issues.get({ owner, repo, issue_number: 1 });
	// @ts-expect-error unknown response field
	issue.issue_number;

	// @ts-expect-error a 204 has no body to read
	(await client.rest.repos.delete({ owner, repo })).data.id;

	// @ts-expect-error `mediaType.format` is a string
	await client.rest.repos.get({ owner, repo, mediaType: { format: 1 } });
}
