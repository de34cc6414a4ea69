// Issue 10 item 5: for every method that @octokit/rest 22.0.1 and Hublet share,
// `client.rest.<ns>.<m>.endpoint(params)` gives exactly octokit's request (method, url, headers,
// body, request), the user agent aside, because users' mocks (nock, fetch-mock) pin what octokit
// sends. The few kept differences are named, each with octokit's output, at the end.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit } from "@octokit/rest";
import { Hublet } from "../dist/index.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/*
A method is kept out of the table only for one of these reasons; each has its own test below.
- GitHub moved the path, and Hublet sends the path of GitHub's current description.
- Octokit's route is broken.
*/
const KEPT = {
	"dependabot.repositoryAccessForOrg": "moved path",
	"dependabot.setRepositoryAccessDefaultLevel": "moved path",
	"dependabot.updateRepositoryAccessForOrg": "moved path",
	"repos.downloadArchive": "broken route",
};

// Functions (the hook, a fetch) compare by presence; octokit's body has a null prototype.
function normalize(value) {
	if (typeof value === "function") return "[function]";
	if (Array.isArray(value)) return value.map(normalize);
	if (value !== null && typeof value === "object") {
		const proto = Object.getPrototypeOf(value);
		if (proto !== Object.prototype && proto !== null) return value;
		const copy = {};
		for (const key of Object.keys(value)) copy[key] = normalize(value[key]);
		return copy;
	}
	return value;
}

/** Everything but the user agent, which names each library. */
function comparable(options) {
	const copy = normalize(options);
	assert.type(copy.headers["user-agent"], "string");
	delete copy.headers["user-agent"];
	return copy;
}

/** Asserts deep equality, and the same key order, so the JSON body is the same bytes. */
function assertSame(ours, theirs, label) {
	const [a, b] = [comparable(ours), comparable(theirs)];
	assert.equal(a, b, label);
	assert.is(JSON.stringify(a), JSON.stringify(b), `${label}: key order`);
}

const templateNames = (url) => [...url.matchAll(/\{([^}]+)\}/g)].map(([, expression]) => expression);

/**
Representative parameters for a method: a value for every path parameter of either library's
route, the first variable of a query template (`{?name,label}` → name), and a query parameter
for GET and HEAD or body parameters otherwise.
*/
function paramsFor(method, ours, theirs) {
	const params = {};
	for (const expression of [...templateNames(ours.route), ...templateNames(theirs.endpoint.DEFAULTS.url)]) {
		if (expression.startsWith("?")) params[expression.slice(1).split(",")[0]] = "a.txt";
		else for (const name of expression.split(",")) params[name] = `${name}-1`;
	}
	if (method === "GET" || method === "HEAD") params.per_page = 2;
	else Object.assign(params, { title: "t", list: ["a", "b"], nested: { on: true } });
	return params;
}

function sharedMethods(hublet, octokit) {
	const methods = [];
	for (const namespace of Object.keys(octokit.rest)) {
		if (!(namespace in hublet.rest)) continue;
		for (const name of Object.keys(octokit.rest[namespace])) {
			if (name in hublet.rest[namespace]) methods.push([namespace, name]);
		}
	}
	return methods;
}

const clients = {
	"default options": {},
	"GHES baseUrl, previews, timeZone, userAgent": {
		baseUrl: "https://ghe.example.com/api/v3",
		previews: ["mercy", "symmetra"],
		timeZone: "Europe/Amsterdam",
		userAgent: "my-app/1.2.3",
	},
};

const hublet = new Hublet({ log: quiet });
const octokit = new Octokit({ log: quiet });
const SHARED = sharedMethods(hublet, octokit);

// ---

const table = suite("endpoint(): every shared method gives octokit's request (issue 10)");

table("the table covers the methods both libraries have", () => {
	assert.ok(SHARED.length >= 1000, `only ${SHARED.length} shared methods`);
	for (const name of Object.keys(KEPT)) {
		assert.ok(SHARED.some(([namespace, method]) => `${namespace}.${method}` === name), `${name} is no longer shared`);
	}
});

for (const [label, options] of Object.entries(clients)) {
	const ours = new Hublet({ ...options, log: quiet });
	const theirs = new Octokit({ ...options, log: quiet });
	for (const [namespace, name] of SHARED) {
		if (Object.hasOwn(KEPT, `${namespace}.${name}`)) continue;
		table(`${namespace}.${name}(): ${label}`, () => {
			const ourMethod = ours.rest[namespace][name];
			const theirMethod = theirs.rest[namespace][name];
			const params = paramsFor(theirMethod.endpoint.DEFAULTS.method, ourMethod, theirMethod);
			assertSame(ourMethod.endpoint(params), theirMethod.endpoint(params), `${namespace}.${name}`);
			// A query template left unset: octokit writes "?" (and "&" per variable), so we do.
			const queryNames = templateNames(ourMethod.route).filter((expression) => expression.startsWith("?"));
			if (queryNames.length > 0) {
				const unset = { ...params };
				for (const expression of queryNames) for (const key of expression.slice(1).split(",")) delete unset[key];
				assertSame(ourMethod.endpoint(unset), theirMethod.endpoint(unset), `${namespace}.${name} without its query template values`);
			}
		});
	}
}

table.run();

// ---

const samples = suite("endpoint(): mediaType, formats, encodings and bodies give octokit's request");

// [name, namespace, method, params]
const SAMPLES = [
	["format raw on a file with a space and a ref with a slash", "repos", "getContent", { owner: "o", repo: "r", path: "docs/read me.md", ref: "feature/x", mediaType: { format: "raw" } }],
	["format diff", "pulls", "get", { owner: "o", repo: "r", pull_number: 1, mediaType: { format: "diff" } }],
	["format sha on a route whose default is sha", "repos", "getCommit", { owner: "o", repo: "r", ref: "main", mediaType: { format: "sha" } }],
	["format html with a given vnd accept", "issues", "get", { owner: "o", repo: "r", issue_number: 1, headers: { Accept: "application/vnd.github.squirrel-girl-preview+json" }, mediaType: { format: "html" } }],
	["a preview on REST is ignored", "repos", "get", { owner: "o", repo: "r", mediaType: { previews: ["mercy"] } }],
	["a preview and a format on REST", "repos", "get", { owner: "o", repo: "r", mediaType: { previews: ["mercy"], format: "raw" } }],
	["headers are lowercased and merged", "repos", "get", { owner: "o", repo: "r", headers: { "X-GitHub-Api-Version": "2022-11-28", Accept: "application/vnd.github+json" } }],
	["unicode and reserved characters in path values", "repos", "get", { owner: "ünïcödé", repo: "a b#c?d%e+f&g=h" }],
	["a branch with a slash", "repos", "getBranch", { owner: "o", repo: "r", branch: "feature/a" }],
	["arrays, booleans, numbers, null and dates in a query", "issues", "listForRepo", { owner: "o", repo: "r", labels: ["bug", "help wanted"], state: "open", per_page: 100, since: "2020-01-01T00:00:00Z", pinned: false, milestone: null }],
	["a search q with + and :", "search", "issuesAndPullRequests", { q: "repo:octokit/rest.js is:open+label:bug", sort: "created", order: "asc" }],
	["a JSON body with null, arrays and nesting", "issues", "create", { owner: "o", repo: "r", title: "Found a bug", body: "I'm having a problem", labels: ["bug"], assignees: ["octocat"], milestone: null, type: undefined }],
	["a nested body", "git", "createTree", { owner: "o", repo: "r", base_tree: "abc", tree: [{ path: "a", mode: "100644", type: "blob", content: "x" }] }],
	["a PUT without a body sends an empty body", "activity", "starRepoForAuthenticatedUser", { owner: "o", repo: "r" }],
	["a DELETE with a body", "issues", "removeLabel", { owner: "o", repo: "r", issue_number: 1, name: "bug fix" }],
	["upload with name and label", "repos", "uploadReleaseAsset", { owner: "o", repo: "r", release_id: 1, name: "a b.txt", label: "x y", data: "hi", headers: { "content-type": "text/plain" } }],
	["upload without label: ?name=a.txt&", "repos", "uploadReleaseAsset", { owner: "o", repo: "r", release_id: 1, name: "a.txt", data: "hi" }],
	["caches without key or ref: ?&", "actions", "deleteActionsCacheByKey", { owner: "o", repo: "r" }],
	["caches with ref only: ?&ref=", "actions", "deleteActionsCacheByKey", { owner: "o", repo: "r", ref: "refs/heads/main" }],
	["a raw body under data", "markdown", "renderRaw", { data: "# hi", headers: { "content-type": "text/plain; charset=utf-8" } }],
	["a declared query template on POST keeps per_page", "orgs", "listAttestationsBulk", { org: "o", per_page: 5, subject_digests: ["sha256:1"] }],
	["a baseUrl and request options per call", "repos", "get", { owner: "o", repo: "r", baseUrl: "https://ghe.example.com/api/v3", request: { timeout: 5, retries: 1 } }],
	["an absolute url per call ignores baseUrl", "repos", "get", { url: "https://api.github.com/repositories/1", baseUrl: "https://ghe.example.com/api/v3" }],
	["old :name placeholders in a url per call", "repos", "get", { url: "/repos/:owner/:repo", owner: "o", repo: "r" }],
	["an empty path value lists the root", "repos", "getContent", { owner: "o", repo: "r", path: "" }],
	["undefined values are dropped", "repos", "listForOrg", { org: "o", type: undefined, sort: "updated", headers: { "if-none-match": undefined } }],
	["a bigint path value", "issues", "get", { owner: "o", repo: "r", issue_number: 12345678901234567890n }],
];

for (const [name, namespace, method, params] of SAMPLES) {
	samples(`${namespace}.${method}(): ${name}`, () => {
		assertSame(hublet.rest[namespace][method].endpoint(params), octokit.rest[namespace][method].endpoint(params), name);
	});
}

samples("client.request.endpoint() gives octokit's for routes, graphql and previews", () => {
	const ours = new Hublet({ log: quiet, previews: ["mercy"] });
	const theirs = new Octokit({ log: quiet, previews: ["mercy"] });
	const calls = [
		["GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }],
		["POST /graphql", { query: "{ viewer { login } }", variables: { a: 1 } }],
		["POST /graphql", { query: "q", mediaType: { previews: ["symmetra-preview"] } }],
		["POST /graphql", { query: "q", mediaType: { format: "raw" } }],
	];
	for (const [route, params] of calls) assertSame(ours.request.endpoint(route, params), theirs.request.endpoint(route, params), route);
	assertSame(ours.request.endpoint.merge("POST /graphql", { query: "q" }), theirs.request.endpoint.merge("POST /graphql", { query: "q" }), "merge");
});

samples.run();

// ---

/*
What octokit sends for a decorated method is not what its `.endpoint()` shows: its `.endpoint`
skips `mapToData` and renamed parameters, which only its call applies. Hublet's `.endpoint()`
shows the request its call sends, so it is compared with the request octokit sends, taken
from octokit's hook chain.
*/
const decorated = suite("endpoint() of a decorated method gives the request octokit sends");

function sentByOctokit(namespace, method, params) {
	const client = new Octokit({ log: quiet });
	let sent;
	client.hook.wrap("request", (_request, options) => {
		sent = client.request.endpoint.parse(options);
		return { status: 200, url: sent.url, headers: {}, data: {} };
	});
	return client.rest[namespace][method](params).then(() => sent);
}

// [namespace, method, params]
const DECORATED = [
	["repos", "addStatusCheckContexts", { owner: "o", repo: "r", branch: "main", contexts: ["ci"] }],
	["repos", "setAppAccessRestrictions", { owner: "o", repo: "r", branch: "main", apps: ["my-app"] }],
	["repos", "removeTeamAccessRestrictions", { owner: "o", repo: "r", branch: "main", teams: ["core"] }],
	["repos", "addUserAccessRestrictions", { owner: "o", repo: "r", branch: "main", users: ["octocat"] }],
	["codeScanning", "getAlert", { owner: "o", repo: "r", alert_id: 42 }],
	["codespaces", "listInOrganization", { org_id: "o", per_page: 5 }],
];

for (const [namespace, method, params] of DECORATED) {
	decorated(`${namespace}.${method}(${Object.keys(params).pop()})`, async () => {
		const ours = hublet.rest[namespace][method].endpoint(params);
		assertSame(ours, await sentByOctokit(namespace, method, params), method);
		assert.not.equal(comparable(ours), comparable(octokit.rest[namespace][method].endpoint(params)), "octokit's .endpoint() shows another request than it sends");
	});
}

decorated.run();

// ---

const kept = suite("kept differences from octokit, each named (issue 10)");

kept("dependabot repository access: GitHub's current /orgs/{org} path, where octokit still sends /organizations/{org}", () => {
	const cases = [
		["repositoryAccessForOrg", "GET", "/orgs/o/dependabot/repository-access"],
		["setRepositoryAccessDefaultLevel", "PUT", "/orgs/o/dependabot/repository-access/default-level"],
		["updateRepositoryAccessForOrg", "PATCH", "/orgs/o/dependabot/repository-access"],
	];
	for (const [name, method, path] of cases) {
		const ours = hublet.rest.dependabot[name].endpoint({ org: "o" });
		const theirs = octokit.rest.dependabot[name].endpoint({ org: "o" });
		assert.is(ours.method, method);
		assert.is(ours.url, `https://api.github.com${path}`);
		assert.is(theirs.url, `https://api.github.com${path.replace("/orgs/", "/organizations/")}`);
		assert.equal(comparable({ ...ours, url: "" }), comparable({ ...theirs, url: "" }), `${name}: only the path differs`);
	}
});

kept("repos.downloadArchive: archive_format picks tarball or zipball, where octokit always sends zipball", () => {
	const params = { owner: "o", repo: "r", archive_format: "tarball", ref: "main" };
	assert.is(hublet.rest.repos.downloadArchive.endpoint(params).url, "https://api.github.com/repos/o/r/tarball/main");
	assert.is(octokit.rest.repos.downloadArchive.endpoint(params).url, "https://api.github.com/repos/o/r/zipball/main?archive_format=tarball");
});

kept("repos.listTopics and repos.replaceTopics, names octokit 22 no longer has, send the mercy preview (spec §4.2); their successors match octokit", () => {
	for (const [old, current] of [["listTopics", "getAllTopics"], ["replaceTopics", "replaceAllTopics"]]) {
		const params = { owner: "o", repo: "r", names: ["a"] };
		assert.is(octokit.rest.repos[old], undefined);
		const ours = hublet.rest.repos[old].endpoint(params);
		const theirs = octokit.rest.repos[current].endpoint(params);
		assert.is(ours.headers.accept, "application/vnd.github.mercy-preview+json");
		assert.is(theirs.headers.accept, "application/vnd.github.v3+json");
		const withoutAccept = (options) => ({ ...comparable(options), headers: { ...comparable(options).headers, accept: "" } });
		assert.equal(withoutAccept(ours), withoutAccept(theirs), `${old}: only the accept header differs from ${current}`);
		assertSame(hublet.rest.repos[current].endpoint(params), theirs, current);
	}
});

/*
The deviations of lib/endpoint/endpoint.ts. Each is kept because octokit's request is broken there (it
fails or goes elsewhere on GitHub), and no ordinary method call can produce it: routes carry
no query, no ":" and no dot segment, and their parameter names need no encoding.
*/
// [name, route, params, ours, octokit's]
const DEVIATIONS = [
	["a :word in the query of a url is kept (octokit reads it as a placeholder and drops it)", "GET /search/issues?q=repo:octokit/rest.js", {}, "https://api.github.com/search/issues?q=repo:octokit/rest.js", "https://api.github.com/search/issues?q=repo/rest.js"],
	["a trailing slash on baseUrl is dropped (octokit sends //user, which GitHub Enterprise Server answers with 404)", "GET /user", { baseUrl: "https://ghe.example.com/api/v3/" }, "https://ghe.example.com/api/v3/user", "https://ghe.example.com/api/v3//user"],
	["a url without a leading slash is joined with one (octokit glues it to the host)", "GET user", {}, "https://api.github.com/user", "https://api.github.comuser"],
	["query parameter names are encoded (octokit lets & and = in a name add parameters)", "GET /x", { "a&admin=true": 1 }, "https://api.github.com/x?a%26admin%3Dtrue=1", "https://api.github.com/x?a&admin=true=1"],
];

for (const [name, route, params, ours, theirs] of DEVIATIONS) {
	kept(name, () => {
		assert.is(hublet.request.endpoint(route, params).url, ours);
		assert.is(octokit.request.endpoint(route, params).url, theirs);
	});
}

kept("page and per_page are not sent in a POST or PATCH body (spec §2.2), where octokit sends them", () => {
	const params = { owner: "o", repo: "r", title: "t", page: 2, per_page: 50 };
	assert.equal(hublet.rest.issues.create.endpoint(params).body, { title: "t" });
	assert.equal({ ...octokit.rest.issues.create.endpoint(params).body }, { title: "t", page: 2, per_page: 50 });
});

kept("a path value of . or .. is refused (octokit's request would reach another endpoint)", () => {
	const params = { org: "o", username: ".." };
	assert.throws(() => hublet.rest.orgs.removeMember.endpoint(params), /path segment/);
	assert.is(octokit.rest.orgs.removeMember.endpoint(params).url, "https://api.github.com/orgs/o/members/..");
});

kept("git.getCommit renames the deprecated sha to commit_sha (spec §2.2), where octokit 22 puts sha in the query", () => {
	const params = { owner: "o", repo: "r", sha: "abc" };
	assert.is(hublet.rest.git.getCommit.endpoint(params).url, "https://api.github.com/repos/o/r/git/commits/abc");
	assert.is(octokit.rest.git.getCommit.endpoint(params).url, "https://api.github.com/repos/o/r/git/commits?sha=abc");
});

kept.run();
