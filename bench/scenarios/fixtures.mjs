// Data shared by the scenarios and the loopback server: response bodies shaped like GitHub's,
// the stub `fetch`, and the raw-fetch baseline. Bodies are built once, so every library parses
// exactly the same bytes.
import { readFileSync } from "node:fs";

export const OWNER = "octokit";
export const REPO = "rest.js";
export const TOKEN = "ghp_000000000000000000000000000000000000";

/** `[namespace, method, params]` × 50: GET methods with path parameters only, in both libraries. */
export const METHODS_50 = JSON.parse(readFileSync(new URL("methods-50.json", import.meta.url), "utf8"));

const user = (login, id) => ({
	login,
	id,
	node_id: "MDQ6VXNlcjE=",
	avatar_url: `https://avatars.githubusercontent.com/u/${id}?v=4`,
	gravatar_id: "",
	url: `https://api.github.com/users/${login}`,
	html_url: `https://github.com/${login}`,
	followers_url: `https://api.github.com/users/${login}/followers`,
	following_url: `https://api.github.com/users/${login}/following{/other_user}`,
	gists_url: `https://api.github.com/users/${login}/gists{/gist_id}`,
	starred_url: `https://api.github.com/users/${login}/starred{/owner}{/repo}`,
	subscriptions_url: `https://api.github.com/users/${login}/subscriptions`,
	organizations_url: `https://api.github.com/users/${login}/orgs`,
	repos_url: `https://api.github.com/users/${login}/repos`,
	events_url: `https://api.github.com/users/${login}/events{/privacy}`,
	received_events_url: `https://api.github.com/users/${login}/received_events`,
	type: "User",
	user_view_type: "public",
	site_admin: false,
});

/** `GET /repos/{owner}/{repo}`, about 5 KB as GitHub sends it. */
export const REPO_BODY = JSON.stringify({
	id: 711976,
	node_id: "MDEwOlJlcG9zaXRvcnk3MTE5NzY=",
	name: REPO,
	full_name: `${OWNER}/${REPO}`,
	private: false,
	owner: { ...user(OWNER, 3430433), type: "Organization" },
	html_url: `https://github.com/${OWNER}/${REPO}`,
	description: "GitHub REST API client for JavaScript",
	fork: false,
	url: `https://api.github.com/repos/${OWNER}/${REPO}`,
	...Object.fromEntries(
		["forks", "keys", "collaborators", "teams", "hooks", "issue_events", "events", "assignees", "branches", "tags", "blobs",
			"git_tags", "git_refs", "trees", "statuses", "languages", "stargazers", "contributors", "subscribers", "subscription",
			"commits", "git_commits", "comments", "issue_comment", "contents", "compare", "merges", "archive", "downloads", "issues",
			"pulls", "milestones", "notifications", "labels", "releases", "deployments"].map((name) => [
			`${name}_url`,
			`https://api.github.com/repos/${OWNER}/${REPO}/${name}{/id}`,
		]),
	),
	created_at: "2010-06-09T14:58:55Z",
	updated_at: "2026-11-20T09:12:01Z",
	pushed_at: "2026-11-19T21:44:30Z",
	git_url: `git://github.com/${OWNER}/${REPO}.git`,
	ssh_url: `git@github.com:${OWNER}/${REPO}.git`,
	clone_url: `https://github.com/${OWNER}/${REPO}.git`,
	svn_url: `https://github.com/${OWNER}/${REPO}`,
	homepage: "https://octokit.github.io/rest.js/",
	size: 34710,
	stargazers_count: 660,
	watchers_count: 660,
	language: "TypeScript",
	has_issues: true,
	has_projects: true,
	has_downloads: true,
	has_wiki: true,
	has_pages: true,
	has_discussions: true,
	forks_count: 67,
	mirror_url: null,
	archived: false,
	disabled: false,
	open_issues_count: 12,
	license: { key: "mit", name: "MIT License", spdx_id: "MIT", url: "https://api.github.com/licenses/mit", node_id: "MDc6TGljZW5zZTEz" },
	allow_forking: true,
	is_template: false,
	web_commit_signoff_required: false,
	topics: ["api", "github", "javascript", "octokit", "rest", "sdk", "typescript"],
	visibility: "public",
	forks: 67,
	open_issues: 12,
	watchers: 660,
	default_branch: "main",
	temp_clone_token: null,
	organization: { ...user(OWNER, 3430433), type: "Organization" },
	network_count: 67,
	subscribers_count: 24,
});

/** One item of `GET /repos/{owner}/{repo}/issues`, about 3 KB, as GitHub sends it. */
function issue(number) {
	return {
		url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}`,
		repository_url: `https://api.github.com/repos/${OWNER}/${REPO}`,
		labels_url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}/labels{/name}`,
		comments_url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}/comments`,
		events_url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}/events`,
		html_url: `https://github.com/${OWNER}/${REPO}/issues/${number}`,
		id: 1_000_000_000 + number,
		node_id: "I_kwDOAAreWM6" + String(number).padStart(6, "0"),
		number,
		title: `Issue number ${number}: paginate() should follow every next link`,
		user: user("monalisa", 583231),
		labels: [
			{ id: 208045946, node_id: "MDU6TGFiZWwyMDgwNDU5NDY=", url: `https://api.github.com/repos/${OWNER}/${REPO}/labels/bug`, name: "bug", color: "f29513", default: true, description: "Something isn't working" },
		],
		state: "open",
		locked: false,
		assignee: null,
		assignees: [],
		milestone: null,
		comments: number % 7,
		created_at: "2026-10-01T12:00:00Z",
		updated_at: "2026-11-01T12:00:00Z",
		closed_at: null,
		author_association: "CONTRIBUTOR",
		type: null,
		active_lock_reason: null,
		sub_issues_summary: { total: 0, completed: 0, percent_completed: 0 },
		body: "Steps to reproduce:\n\n1. Call `paginate()` over a long list.\n2. Compare the count with the API's.\n\nExpected every page; got them all.",
		closed_by: null,
		reactions: {
			url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}/reactions`,
			total_count: 3, "+1": 2, "-1": 0, laugh: 0, hooray: 1, confused: 0, heart: 0, rocket: 0, eyes: 0,
		},
		timeline_url: `https://api.github.com/repos/${OWNER}/${REPO}/issues/${number}/timeline`,
		performed_via_github_app: null,
		state_reason: null,
	};
}

export const PAGE_SIZE = 100;
export const PAGES = 100;

/** The body of one list page: the same 100 items on every page (what changes is the Link header). */
export const ISSUES_PAGE_BODY = JSON.stringify(Array.from({ length: PAGE_SIZE }, (_, index) => issue(index + 1)));

/**
The repository "one": the bundled apps' and the cold start's real requests go to it. It answers as the
stub fetch of those figures does, `{"id":1}`, and its issues with one page of one item, `[{"id":2}]`,
with no next link. Bodies this small keep the count the client's own: with GitHub's 5 KB and 3 KB
bodies, octokit's JSON reader (json-with-bigint, a regular expression and a reviver over every key)
cost it about 18 M instructions more at the first request in one run, which would flatter Hublet.
*/
export const SINGLE_PAGE_REPO = "one";
export const SINGLE_REPO_BODY = '{"id":1}';
export const SINGLE_PAGE_BODY = '[{"id":2}]';

export const RESPONSE_HEADERS = {
	"content-type": "application/json; charset=utf-8",
	"cache-control": "private, max-age=60, s-maxage=60",
	etag: 'W/"0d8d2cf5a1f8e2b0a1f5c6f9e1d2c3b4"',
	"x-github-media-type": "github.v3; format=json",
	"x-github-api-version-selected": "2022-11-28",
	"x-ratelimit-limit": "5000",
	"x-ratelimit-remaining": "4999",
	"x-ratelimit-reset": "1893456000",
	"x-ratelimit-used": "1",
	"x-ratelimit-resource": "core",
	"x-github-request-id": "C0DE:1234:5678:9ABC:DEF0",
};

/** A `fetch` that answers every request with the repository, without a socket. */
export async function stubFetch(_input, _init) {
	return new Response(REPO_BODY, { status: 200, headers: RESPONSE_HEADERS });
}

/** Headers that both libraries send, for the raw-fetch baseline. */
export const RAW_HEADERS = {
	accept: "application/vnd.github.v3+json",
	authorization: `token ${TOKEN}`,
	"user-agent": "raw-fetch",
};

/** The raw baseline of one call: fetch, check, parse. */
export async function rawGet(fetchImpl, url) {
	const response = await fetchImpl(url, { method: "GET", headers: RAW_HEADERS });
	const data = await response.json();
	if (response.status >= 400) throw new Error(`${response.status}`);
	return { status: response.status, data };
}
