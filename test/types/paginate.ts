// `client.paginate` and `client.paginate.iterator`: item types inferred from the method or route,
// object-wrapped lists unwrapped (search, /installation/repositories, the actions lists).
import { Hublet, type NumberIntegers } from "@hublet/rest";
import type { components } from "@octokit/openapi-types";
import type { Assignable, Equal, Expect } from "./helpers.js";

// Octokit 22's methods type integers `number`: the schema with `number | bigint` as `number`.
type Schema<Name extends keyof components["schemas"]> = NumberIntegers<components["schemas"][Name]>;

const client = new Hublet();
const owner = "octokit";
const repo = "rest.js";

export async function withMethods() {
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 100 });
	type _issues = Expect<Equal<typeof issues, Schema<"issue">[]>>;

	// Lists wrapped in an object are unwrapped to their items.
	const repositories = await client.paginate(client.rest.apps.listReposAccessibleToInstallation);
	type _repositories = Expect<Assignable<typeof repositories, Schema<"repository">[]>>;
	const selection: string = repositories[0].full_name;
	const runs = await client.paginate(client.rest.actions.listWorkflowRunsForRepo, { owner, repo });
	type _runs = Expect<Equal<typeof runs, Schema<"workflow-run">[]>>;
	const found = await client.paginate(client.rest.search.issuesAndPullRequests, { q: "is:open" });
	type _found = Expect<Equal<typeof found, Schema<"issue-search-result-item">[]>>;
	const installations = await client.paginate(client.rest.apps.listInstallationsForAuthenticatedUser);
	type _installations = Expect<Equal<typeof installations, Schema<"installation">[]>>;

	// A method with no required parameter may be paginated without any.
	await client.paginate(client.rest.repos.listForAuthenticatedUser);
	return selection;
}

export async function withMapFunction() {
	// `mapFn(response, done)`: `response.data` is the page's items; `done()` stops after this page.
	const titles = await client.paginate(client.rest.issues.listForRepo, { owner, repo }, (response, done) => {
		if (response.data.length < 100) done();
		return response.data.map((issue) => issue.title);
	});
	type _titles = Expect<Equal<typeof titles, string[]>>;

	// One value per page is collected as one item.
	const counts = await client.paginate(client.rest.search.repos, { q: "hublet" }, (response) => response.data.length);
	type _counts = Expect<Equal<typeof counts, number[]>>;

	// The wrapper's counts stay readable on the page, as the runtime keeps them on the array.
	await client.paginate(client.rest.search.repos, { q: "hublet" }, (response) => {
		const total: number = response.data.total_count;
		return [total];
	});

	// mapFn without parameters.
	const ids = await client.paginate(client.rest.apps.listInstallations, (response) => response.data.map((installation) => installation.id));
	type _ids = Expect<Equal<typeof ids, number[]>>;
}

export async function withRoutes() {
	const issues = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner, repo });
	type _issues = Expect<Equal<typeof issues, Schema<"issue">[]>>;
	const repositories = await client.paginate("GET /installation/repositories");
	type _repositories = Expect<Assignable<typeof repositories, Schema<"repository">[]>>;
	const names = await client.paginate("GET /installation/repositories", {}, (response) => response.data.map((item) => item.name));
	type _names = Expect<Equal<typeof names, string[]>>;

	// The item type may be given, as with @octokit/plugin-paginate-rest.
	const typed = await client.paginate<{ id: number }>("GET /custom/list", { per_page: 100 });
	type _typed = Expect<Equal<typeof typed, { id: number }[]>>;

	// Request options.
	const fromOptions = await client.paginate<{ id: number }>({ method: "GET", url: "/repos/{owner}/{repo}/issues", owner, repo });
	type _options = Expect<Equal<typeof fromOptions, { id: number }[]>>;
}

export async function iterator() {
	for await (const response of client.paginate.iterator(client.rest.issues.listForRepo, { owner, repo })) {
		type _data = Expect<Equal<typeof response.data, Schema<"issue">[]>>;
		const status: number = response.status;
		const url: string = response.url;
		const link: string | number | undefined = response.headers.link;
		void [status, url, link];
	}
	for await (const { data } of client.paginate.iterator("GET /search/code", { q: "hublet" })) {
		const first: Schema<"code-search-result-item"> | undefined = data[0];
		void first;
	}
}

export async function wrongCalls() {
	// @ts-expect-error `state` is "open" | "closed" | "all"
	await client.paginate(client.rest.issues.listForRepo, { owner, repo, state: "opened" });
	// @ts-expect-error `owner` is a string
	await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: 1, repo });
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner, repo });
	// @ts-expect-error unknown item field
	issues[0].issue_title;
}
