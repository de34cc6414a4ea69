// client.paginate and client.paginate.iterator (issue #4, spec §4.3), against msw-served
// `Link` pages. Run alone: node test/paginate.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError } from "../dist/index.js";
import { deepFreeze, testClient } from "./helpers/client.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";

/** Five pages of /orgs/octokit/repos; requesting page `abortAt` aborts `controller` mid-response. */
function serveAbortingPages(controller, abortAt, seen) {
	server.use(
		http.get(`${API}/orgs/octokit/repos`, async ({ request }) => {
			const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
			seen.push(page);
			if (page === abortAt) {
				controller.abort();
				await new Promise((resolve) => setTimeout(resolve, 50));
			}
			return HttpResponse.json(items(page, 1), { headers: page < 5 ? { link: `<${API}/orgs/octokit/repos?page=${page + 1}>; rel="next"` } : {} });
		}),
	);
}

/**
Serves `pages` (a list of bodies) at `path`: page N links to page N+1 with `rel="next"`
(and `rel="last"`, as GitHub does). Returns the log of requests the server saw.
*/
function servePages(path, pages, { status = 200, linkBase = `${API}${path}` } = {}) {
	const seen = [];
	const handler = ({ request }) => {
		const url = new URL(request.url);
		const page = Number(url.searchParams.get("page") ?? 1);
		seen.push({ page, url: request.url, headers: request.headers });
		const headers = {};
		if (page < pages.length) {
			const next = new URL(linkBase);
			for (const [name, value] of url.searchParams) next.searchParams.set(name, value);
			next.searchParams.set("page", String(page + 1));
			const last = new URL(next);
			last.searchParams.set("page", String(pages.length));
			headers.link = `<${next}>; rel="next", <${last}>; rel="last"`;
		}
		return HttpResponse.json(pages[page - 1], { status, headers });
	};
	server.use(http.get(`${API}${path}`, handler));
	if (!linkBase.startsWith(`${API}${path}`)) server.use(http.get(linkBase, handler));
	return seen;
}

const items = (from, count) => Array.from({ length: count }, (_, index) => ({ id: from + index }));
const ids = (list) => list.map((item) => item.id);
const tick = () => new Promise((resolve) => setTimeout(resolve, 10));

// ---

const exports = suite("exports");
useServer(exports);

exports("client.paginate and client.paginate.iterator are functions", () => {
	const { client } = testClient();
	assert.type(client.paginate, "function");
	assert.type(client.paginate.iterator, "function");
});

exports.run();

// ---

const forms = suite("paginate(route | method | options)");
useServer(forms);

forms('client.paginate("GET /orgs/{org}/repos", params) follows rel="next" and concatenates', async () => {
	const seen = servePages("/orgs/octokit/repos", [items(1, 2), items(3, 2), items(5, 1)]);
	const { client } = testClient();
	const repos = await client.paginate("GET /orgs/{org}/repos", { org: "octokit", per_page: 2 });
	assert.equal(ids(repos), [1, 2, 3, 4, 5]);
	assert.equal(
		seen.map((s) => s.page),
		[1, 2, 3],
	);
	assert.is(seen[0].url, `${API}/orgs/octokit/repos?per_page=2`);
});

forms("client.paginate(client.rest.repos.listForOrg, params): an endpoint method", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	const repos = await client.paginate(client.rest.repos.listForOrg, { org: "octokit", per_page: 1 });
	assert.equal(ids(repos), [1, 2]);
});

forms("client.paginate({method, url, ...params}): request options", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	const repos = await client.paginate({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", per_page: 1 });
	assert.equal(ids(repos), [1, 2]);
});

forms("client.paginate(route, mapFn): the map function may come second", async () => {
	servePages("/organizations", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	assert.equal(await client.paginate("GET /organizations", (response) => ids(response.data)), [1, 2]);
});

forms("a Link to another host and path is followed as given", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)], { linkBase: "https://pagination-test.com/foobar" });
	const { client } = testClient();
	assert.equal(ids(await client.paginate("GET /orgs/{org}/repos", { org: "octokit" })), [1, 2]);
});

forms("an endpoint that does not paginate gives its one body in a list", async () => {
	server.use(http.get(`${API}/orgs/myorg`, () => HttpResponse.json({ id: 1 })));
	const { client } = testClient();
	assert.equal(await client.paginate("GET /orgs/{org}", { org: "myorg" }), [{ id: 1 }]);
});

forms("an endpoint method is validated before anything is sent (400, like a direct call)", async () => {
	let hits = 0;
	server.use(http.get(`${API}/*`, () => (hits++, HttpResponse.json([]))));
	const { client } = testClient();
	try {
		await client.paginate(client.rest.issues.listForRepo, { repo: "r" });
		assert.unreachable("should reject");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 400);
		assert.match(error.message, /"owner"/);
	}
	assert.is(hits, 0);
});

forms("anything else rejects with a TypeError", async () => {
	const { client } = testClient();
	try {
		await client.paginate(() => {});
		assert.unreachable("should reject");
	} catch (error) {
		assert.instance(error, TypeError);
		assert.match(error.message, /endpoint method/);
	}
});

forms("the params object is not changed, and deep-frozen params work", async () => {
	const seen = servePages("/repos/o/r/issues", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	const params = { owner: "o", repo: "r", per_page: 1, headers: { "x-trace": "t" }, mediaType: { format: "json" } };
	const copy = structuredClone(params);
	assert.equal(ids(await client.paginate("GET /repos/{owner}/{repo}/issues", params)), [1, 2]);
	assert.equal(params, copy);
	deepFreeze(params);
	assert.equal(ids(await client.paginate("GET /repos/{owner}/{repo}/issues", params)), [1, 2]);
	assert.equal(ids(await client.paginate(client.rest.issues.listForRepo, params)), [1, 2]);
	assert.equal(ids(await client.paginate({ method: "GET", url: "/repos/{owner}/{repo}/issues", ...params })), [1, 2]);
	assert.is(seen.length, 8);
	assert.ok(seen.every((s) => s.headers.get("x-trace") === "t"));
});

forms.run();

// ---

const shapes = suite("object-wrapped lists");
useServer(shapes);

// [name, route, path, params, list key, extra keys of each page]
const WRAPPED = [
	["search (total_count, incomplete_results, items)", "GET /search/issues", "/search/issues", { q: "repo:o/r is:open" }, "items", { total_count: 3, incomplete_results: false }],
	["GET /installation/repositories (repository_selection)", "GET /installation/repositories", "/installation/repositories", {}, "repositories", { total_count: 3, repository_selection: "all" }],
	["GET /user/installations", "GET /user/installations", "/user/installations", {}, "installations", { total_count: 3 }],
	["actions: GET /repos/{owner}/{repo}/actions/runs (workflow_runs)", "GET /repos/{owner}/{repo}/actions/runs", "/repos/o/r/actions/runs", { owner: "o", repo: "r" }, "workflow_runs", { total_count: 3 }],
	["actions: GET /repos/{owner}/{repo}/actions/artifacts", "GET /repos/{owner}/{repo}/actions/artifacts", "/repos/o/r/actions/artifacts", { owner: "o", repo: "r" }, "artifacts", { total_count: 3 }],
];

for (const [name, route, path, params, key, extra] of WRAPPED) {
	shapes(`${name}: the "${key}" lists are concatenated`, async () => {
		// The counts come first on some pages and last on others: the list is the first other key.
		servePages(path, [{ ...extra, [key]: items(1, 2) }, { [key]: items(3, 1), ...extra }]);
		const { client, lines } = testClient();
		assert.equal(ids(await client.paginate(route, { ...params, per_page: 2 })), [1, 2, 3]);
		assert.equal(lines.warn, []);
	});

	shapes(`${name}: each page's data is the list, with ${Object.keys(extra).join(", ")} set on it`, async () => {
		servePages(path, [{ ...extra, [key]: items(1, 2) }, { [key]: items(3, 1), ...extra }]);
		const { client } = testClient();
		const pages = [];
		for await (const page of client.paginate.iterator(route, { ...params, per_page: 2 })) pages.push(page);
		assert.is(pages.length, 2);
		for (const page of pages) {
			assert.ok(Array.isArray(page.data));
			for (const [meta, value] of Object.entries(extra)) assert.is(page.data[meta], value, meta);
			// The wrapper's list key is not an own enumerable key, so the array compares as a list.
			assert.not.ok(Object.keys(page.data).includes(key));
		}
		assert.equal(ids(pages[1].data), [3]);
	});
}

shapes("the keys set on a page's list are octokit's: incomplete_results and repository_selection when given, then total_count and total_commits", async () => {
	servePages("/search/issues", [{ total_count: 1, incomplete_results: false, items: items(1, 1) }]);
	servePages("/installation/repositories", [{ total_count: 1, repositories: items(1, 1), repository_selection: "selected" }]);
	const { client } = testClient();
	const keysOf = async (route) => {
		for await (const page of client.paginate.iterator(route)) return Object.keys(page.data).filter((key) => !/^\d+$/.test(key));
	};
	assert.equal(await keysOf("GET /search/issues"), ["incomplete_results", "total_count", "total_commits"]);
	assert.equal(await keysOf("GET /installation/repositories"), ["repository_selection", "total_count", "total_commits"]);
});

shapes("a single-page wrapped list (no Link) is normalized too", async () => {
	server.use(http.get(`${API}/installation/repositories`, () => HttpResponse.json({ total_count: 1, repositories: items(7, 1) })));
	const { client } = testClient();
	assert.equal(ids(await client.paginate("GET /installation/repositories")), [7]);
});

shapes("a wrapper with a url is a resource, not a list: GET /repos/{owner}/{repo}/commits/{ref}/status", async () => {
	const status = { state: "success", total_count: 2, statuses: items(1, 2), sha: "abc", url: `${API}/repos/o/r/commits/abc/status` };
	server.use(http.get(`${API}/repos/o/r/commits/abc/status`, () => HttpResponse.json(status)));
	const { client } = testClient();
	assert.equal(await client.paginate(client.rest.repos.getCombinedStatusForRef, { owner: "o", repo: "r", ref: "abc" }), [status]);
});

shapes("spec §4.3.2: reading response.data[namespaceKey] in mapFn still gives the list, and warns once", async () => {
	servePages("/search/issues", [
		{ total_count: 3, incomplete_results: false, items: items(1, 2) },
		{ total_count: 3, incomplete_results: false, items: items(3, 1) },
	]);
	const { client, lines } = testClient();
	const results = await client.paginate("GET /search/issues", { q: "x", per_page: 2 }, (response) => response.data.items);
	assert.equal(ids(results), [1, 2, 3]);
	assert.equal(lines.warn, [
		'[hublet] "response.data.items" is deprecated for "GET /search/issues". Get the results directly from "response.data"',
	]);
});

shapes.run();

// ---

const compare = suite("compare commits (total_commits)");
useServer(compare);

const COMPARE_PATH = "/repos/o/r/compare/main...topic";
const commits = (from, count) => Array.from({ length: count }, (_, index) => ({ sha: `c${from + index}` }));
const comparison = (list, total) => ({
	url: `${API}${COMPARE_PATH}`,
	status: "ahead",
	ahead_by: total,
	total_commits: total,
	commits: list,
	files: [],
});

/** A GitHub-like compare endpoint: unpaged, the last 250 commits; paged, in order; never a Link header. */
function serveComparison(total) {
	const seen = [];
	server.use(
		http.get(`${API}${COMPARE_PATH}`, ({ request }) => {
			const query = new URL(request.url).searchParams;
			seen.push(request.url);
			if (!query.has("page") && !query.has("per_page")) {
				const count = Math.min(total, 250);
				return HttpResponse.json(comparison(commits(total - count + 1, count), total));
			}
			const page = Number(query.get("page") ?? 1);
			const size = Number(query.get("per_page") ?? 30);
			const from = (page - 1) * size + 1;
			return HttpResponse.json(comparison(commits(from, Math.max(0, Math.min(size, total - from + 1))), total));
		}),
	);
	return seen;
}

const shas = (pages) => pages.flatMap((page) => page.commits.map((commit) => commit.sha));
const expected = (total) => Array.from({ length: total }, (_, index) => `c${index + 1}`);

compare("paged: the next page comes from total_commits, one comparison object per page (as octokit)", async () => {
	const seen = serveComparison(7);
	const { client } = testClient();
	const pages = await client.paginate(client.rest.repos.compareCommitsWithBasehead, { owner: "o", repo: "r", basehead: "main...topic", per_page: 3 });
	assert.is(pages.length, 3);
	assert.ok(pages.every((page) => page.total_commits === 7 && Array.isArray(page.commits)));
	assert.equal(shas(pages), expected(7));
	assert.equal(seen, [
		`${API}${COMPARE_PATH}?per_page=3`,
		`${API}${COMPARE_PATH}?per_page=3&page=2`,
		`${API}${COMPARE_PATH}?per_page=3&page=3`,
	]);
});

compare("unpaged and complete (total_commits ≤ 250): one request", async () => {
	const seen = serveComparison(40);
	const { client } = testClient();
	const pages = await client.paginate("GET /repos/{owner}/{repo}/compare/{basehead}", { owner: "o", repo: "r", basehead: "main...topic" });
	assert.equal(shas(pages), expected(40));
	assert.is(seen.length, 1);
});

compare("unpaged and truncated (the last 250 of 600): re-read in per_page=100 pages, every commit once, in order", async () => {
	const seen = serveComparison(600);
	const { client } = testClient();
	const pages = await client.paginate(client.rest.repos.compareCommitsWithBasehead, { owner: "o", repo: "r", basehead: "main...topic" });
	assert.equal(shas(pages), expected(600));
	assert.is(pages.length, 6);
	assert.is(seen.length, 7);
	assert.is(seen[1], `${API}${COMPARE_PATH}?per_page=100`);
	assert.is(seen[6], `${API}${COMPARE_PATH}?per_page=100&page=6`);
});

compare("mapFn over the commits flattens them", async () => {
	serveComparison(5);
	const { client } = testClient();
	const list = await client.paginate(
		client.rest.repos.compareCommits,
		{ owner: "o", repo: "r", base: "main", head: "topic", per_page: 2 },
		(response) => response.data.commits,
	);
	assert.equal(
		list.map((commit) => commit.sha),
		expected(5),
	);
});

compare.run();

// ---

const edges = suite("204, 409, mapFn and done()");
useServer(edges);

edges("204 gives []", async () => {
	server.use(http.get(`${API}/repos/o/r/collaborators`, () => new HttpResponse(null, { status: 204 })));
	const { client } = testClient();
	assert.equal(await client.paginate("GET /repos/{owner}/{repo}/collaborators", { owner: "o", repo: "r" }), []);
});

edges("409 (an empty repository) gives [] and the iterator ends", async () => {
	let hits = 0;
	server.use(
		http.get(`${API}/repos/o/empty/commits`, () => {
			hits++;
			return HttpResponse.json({ message: "Git Repository is empty." }, { status: 409 });
		}),
	);
	const { client } = testClient();
	assert.equal(await client.paginate(client.rest.repos.listCommits, { owner: "o", repo: "empty" }), []);
	const pages = [];
	for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/commits", { owner: "o", repo: "empty" })) pages.push(page);
	assert.is(pages.length, 1);
	assert.is(pages[0].status, 200);
	assert.equal(pages[0].data, []);
	assert.is(hits, 2);
});

edges("mapFn results are concatenated (a non-list result is one item, as concat does)", async () => {
	servePages("/orgs/octokit/repos", [items(1, 2), items(3, 2)]);
	const { client } = testClient();
	const route = "GET /orgs/{org}/repos";
	assert.equal(await client.paginate(route, { org: "octokit" }, (response) => ids(response.data)), [1, 2, 3, 4]);
	assert.equal(await client.paginate(route, { org: "octokit" }, (response) => response.data.length), [2, 2]);
	assert.equal(await client.paginate(route, { org: "octokit" }, () => [undefined]), [undefined, undefined]);
	assert.equal(await client.paginate(route, { org: "octokit" }, () => [[1]]), [[1], [1]]);
});

edges("done() stops after the current page, whose results are kept", async () => {
	const seen = servePages("/orgs/octokit/repos", [items(1, 2), items(3, 2), items(5, 2)]);
	const { client } = testClient();
	const results = await client.paginate("GET /orgs/{org}/repos", { org: "octokit" }, (response, done) => {
		if (response.data.some((repo) => repo.id === 3)) done();
		return ids(response.data);
	});
	assert.equal(results, [1, 2, 3, 4]);
	assert.equal(
		seen.map((s) => s.page),
		[1, 2],
	);
});

edges("mapFn gets {status, url, headers, data} for each page", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	const pages = await client.paginate("GET /orgs/{org}/repos", { org: "octokit" }, (response) => [response]);
	assert.equal(Object.keys(pages[0]).sort(), ["data", "headers", "status", "url"]);
	assert.is(pages[1].url, `${API}/orgs/octokit/repos?page=2`);
	assert.match(pages[0].headers.link, /rel="next"/);
});

edges.run();

// ---

const errors = suite("errors, retries and abort");
useServer(errors);

errors("an error on page 3 rejects with that page's RequestError; nothing is returned", async () => {
	const seen = [];
	server.use(
		http.get(`${API}/orgs/octokit/repos`, ({ request }) => {
			const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
			seen.push(page);
			if (page === 3) return HttpResponse.json({ message: "Not Found" }, { status: 404 });
			return HttpResponse.json(items(page, 1), { headers: { link: `<${API}/orgs/octokit/repos?page=${page + 1}>; rel="next"` } });
		}),
	);
	const { client } = testClient();
	let mapped = 0;
	try {
		await client.paginate("GET /orgs/{org}/repos", { org: "octokit" }, (response) => (mapped++, response.data));
		assert.unreachable("should reject");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 404);
		assert.is(error.request.url, `${API}/orgs/octokit/repos?page=3`);
		assert.is(error.response.status, 404);
	}
	assert.equal(seen, [1, 2, 3]);
	assert.is(mapped, 2);
});

errors("retries apply to each page: a 503 on page 2 is retried", async () => {
	let failures = 0;
	server.use(
		http.get(`${API}/orgs/octokit/repos`, ({ request }) => {
			const page = Number(new URL(request.url).searchParams.get("page") ?? 1);
			if (page === 2 && failures++ === 0) return HttpResponse.json({ message: "Service Unavailable" }, { status: 503 });
			const link = page < 3 ? { link: `<${API}/orgs/octokit/repos?page=${page + 1}>; rel="next"` } : {};
			return HttpResponse.json(items(page, 1), { headers: link });
		}),
	);
	const { client } = testClient();
	assert.equal(ids(await client.paginate("GET /orgs/{org}/repos", { org: "octokit" })), [1, 2, 3]);
	assert.is(failures, 2);
});

errors("an AbortController aborted inside mapFn rejects, and no further page is requested", async () => {
	const seen = servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1), items(3, 1), items(4, 1)]);
	const { client } = testClient();
	const controller = new AbortController();
	try {
		await client.paginate("GET /orgs/{org}/repos", { org: "octokit", request: { signal: controller.signal } }, (response) => {
			if (response.data[0].id === 2) controller.abort();
			return response.data;
		});
		assert.unreachable("should reject");
	} catch (error) {
		assert.is(error.name, "AbortError");
	}
	await tick();
	assert.equal(
		seen.map((s) => s.page),
		[1, 2],
	);
});

errors("an abort while page 2 is in flight rejects the iterator; page 3 is never requested", async () => {
	const controller = new AbortController();
	const seen = [];
	serveAbortingPages(controller, 2, seen);
	const { client } = testClient();
	const pages = [];
	try {
		for await (const page of client.paginate.iterator("GET /orgs/{org}/repos", { org: "octokit", request: { signal: controller.signal } })) {
			pages.push(page);
		}
		assert.unreachable("should reject");
	} catch (error) {
		assert.is(error.name, "AbortError");
	}
	await tick();
	assert.is(pages.length, 1);
	assert.equal(seen, [1, 2]);
});

errors.run();

// ---

const options = suite("per-call options hold on every page");
useServer(options);

options("headers, request.fetch and auth are sent with every page", async () => {
	const seen = servePages("/repos/o/r/issues", [items(1, 1), items(2, 1), items(3, 1)]);
	const fetched = [];
	const fetch = (input, init) => {
		fetched.push(typeof input === "string" ? input : input.url);
		return globalThis.fetch(input, init);
	};
	const { client } = testClient({ auth: "ghp_secret" });
	const results = await client.paginate(client.rest.issues.listForRepo, {
		owner: "o",
		repo: "r",
		headers: { "x-trace": "abc", accept: "application/vnd.github.full+json" },
		request: { fetch },
	});
	assert.equal(ids(results), [1, 2, 3]);
	assert.is(fetched.length, 3);
	assert.equal(
		seen.map((s) => [s.headers.get("x-trace"), s.headers.get("accept"), s.headers.get("authorization")]),
		Array(3).fill(["abc", "application/vnd.github.full+json", "token ghp_secret"]),
	);
});

options("mediaType.format shapes the accept header of every page", async () => {
	const seen = servePages("/repos/o/r/issues", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", mediaType: { format: "html" } });
	assert.equal(
		seen.map((s) => s.headers.get("accept")),
		["application/vnd.github.v3.html", "application/vnd.github.v3.html"],
	);
});

options("request.signal is kept on later pages (aborting during page 3 rejects)", async () => {
	const controller = new AbortController();
	const seen = [];
	serveAbortingPages(controller, 3, seen);
	const { client } = testClient();
	try {
		await client.paginate(client.rest.repos.listForOrg, { org: "octokit", request: { signal: controller.signal } });
		assert.unreachable("should reject");
	} catch (error) {
		assert.is(error.name, "AbortError");
	}
	assert.equal(seen, [1, 2, 3]);
});

options("the client's hooks see every page", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1), items(3, 1)]);
	const { client } = testClient();
	const urls = [];
	client.hook.before("request", (request) => urls.push(request.url));
	await client.paginate("GET /orgs/{org}/repos", { org: "octokit" });
	assert.equal(urls, ["/orgs/{org}/repos", `${API}/orgs/octokit/repos?page=2`, `${API}/orgs/octokit/repos?page=3`]);
});

options("a hook may hand a request to paginate (octokit's autopagination example)", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	client.hook.wrap("request", (request, options) => {
		if (!options.request.paginate) return request(options);
		delete options.request.paginate;
		return client.paginate(options);
	});
	const repos = await client.request("GET /orgs/{org}/repos", { org: "octokit", request: { paginate: true } });
	assert.equal(ids(repos), [1, 2]);
});

options.run();

// ---

const iterator = suite("paginate.iterator");
useServer(iterator);

iterator("for await yields {status, url, headers, data} one page at a time", async () => {
	servePages("/orgs/octokit/repos", [items(1, 2), items(3, 2)]);
	const { client } = testClient();
	const pages = [];
	for await (const page of client.paginate.iterator(client.rest.repos.listForOrg, { org: "octokit" })) pages.push(page);
	assert.equal(
		pages.map((page) => [page.status, page.url, ids(page.data)]),
		[
			[200, `${API}/orgs/octokit/repos`, [1, 2]],
			[200, `${API}/orgs/octokit/repos?page=2`, [3, 4]],
		],
	);
});

iterator("pages are requested lazily: none before the first next(), one per next()", async () => {
	const seen = servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1), items(3, 1)]);
	const { client } = testClient();
	const pages = client.paginate.iterator({ method: "GET", url: "/orgs/{org}/repos", org: "octokit" })[Symbol.asyncIterator]();
	await tick();
	assert.is(seen.length, 0);
	assert.equal(ids((await pages.next()).value.data), [1]);
	await tick();
	assert.is(seen.length, 1);
	assert.equal(ids((await pages.next()).value.data), [2]);
	await tick();
	assert.is(seen.length, 2);
});

iterator("break stops the requests", async () => {
	const seen = servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1), items(3, 1)]);
	const { client } = testClient();
	for await (const page of client.paginate.iterator("GET /orgs/{org}/repos", { org: "octokit" })) {
		if (page.data[0].id === 2) break;
	}
	await tick();
	assert.is(seen.length, 2);
});

iterator("each for-await starts again from page 1", async () => {
	servePages("/orgs/octokit/repos", [items(1, 1), items(2, 1)]);
	const { client } = testClient();
	const pages = client.paginate.iterator("GET /orgs/{org}/repos", { org: "octokit" });
	for (let round = 0; round < 2; round++) {
		const seen = [];
		for await (const page of pages) seen.push(...ids(page.data));
		assert.equal(seen, [1, 2]);
	}
});

iterator("a bad input rejects on the first next(), not when the iterator is made", async () => {
	const { client } = testClient();
	const pages = client.paginate.iterator(() => {});
	try {
		for await (const page of pages) assert.unreachable(String(page));
		assert.unreachable("should reject");
	} catch (error) {
		assert.instance(error, TypeError);
	}
});

iterator.run();

// ---

const large = suite("100 pages");
useServer(large);

large("100 pages × 100 items: every item once, in order", async () => {
	const pages = Array.from({ length: 100 }, (_, page) => items(page * 100 + 1, 100));
	const seen = servePages("/repos/o/r/issues", pages);
	const { client } = testClient();
	const results = await client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 100 });
	assert.is(results.length, 10_000);
	assert.ok(results.every((item, index) => item.id === index + 1));
	assert.equal(
		seen.map((s) => s.page),
		Array.from({ length: 100 }, (_, index) => index + 1),
	);
});

large.run();
