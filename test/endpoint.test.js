import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as module from "../dist/endpoint/endpoint.js";
import { VERSION } from "../dist/version.js";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";

const { createEndpoint, DEFAULTS } = module;
const endpoint = createEndpoint(DEFAULTS);
// Hublet's name, then the runtime as @octokit/core gives it (test/user-agent.test.js); Node 20 has no navigator.
const userAgent = `hublet-rest.js/${VERSION} Node.js/${process.versions.node} (${process.platform}; ${process.arch})`;
const headers = (extra = {}) => ({ accept: "application/vnd.github.v3+json", "user-agent": userAgent, ...extra });
const TOKEN = "token 0000000000000000000000000000000000000001";

// Octokit's objects have a null prototype in places (its body); compare values, not prototypes.
const plain = (value) => JSON.parse(JSON.stringify(value));

// Frozen inputs make any write throw (ES modules are strict), and a copy proves nothing changed.
function deepFreeze(value) {
	if (value && typeof value === "object" && !Object.isFrozen(value)) {
		Object.freeze(value);
		for (const key of Object.keys(value)) deepFreeze(value[key]);
	}
	return value;
}

function frozenInput() {
	return deepFreeze({
		method: "POST",
		url: "/repos/{owner}/{repo}/issues",
		baseUrl: "https://ghe.example.com/api/v3",
		headers: { Accept: "application/vnd.github.v3+json", "X-Custom": "1" },
		mediaType: { format: "raw", previews: ["foo", "bar-preview"] },
		request: { timeout: 100, nested: { a: 1 } },
		owner: "o",
		repo: "r",
		title: "t",
		labels: ["bug"],
		page: 2,
	});
}

// ---

const exports = suite("exports");

exports("exports createEndpoint and DEFAULTS", () => {
	assert.equal(Object.keys(module).sort(), ["DEFAULTS", "createEndpoint"]);
	assert.type(createEndpoint, "function");
});

exports("DEFAULTS are octokit's, with our user agent", () => {
	assert.equal(DEFAULTS, {
		method: "GET",
		baseUrl: "https://api.github.com",
		headers: headers(),
		mediaType: { format: "" },
	});
	assert.is(VERSION, "0.1.0");
});

exports("DEFAULTS are frozen, and an endpoint's DEFAULTS are its own copy", () => {
	assert.ok(Object.isFrozen(DEFAULTS) && Object.isFrozen(DEFAULTS.headers) && Object.isFrozen(DEFAULTS.mediaType));
	assert.equal(endpoint.DEFAULTS, DEFAULTS);
	assert.is.not(endpoint.DEFAULTS, DEFAULTS);
	assert.is.not(endpoint.DEFAULTS.headers, DEFAULTS.headers);
});

exports("the endpoint carries DEFAULTS, defaults(), merge() and parse()", () => {
	assert.type(endpoint, "function");
	for (const name of ["defaults", "merge", "parse"]) assert.type(endpoint[name], "function", name);
	assert.type(endpoint.DEFAULTS, "object");
});

exports.run();

// ---

const call = suite("endpoint()");

call("README example", () => {
	const options = endpoint({ method: "GET", url: "/orgs/{org}/repos", org: "octokit", type: "private" });
	assert.equal(options, {
		method: "GET",
		url: "https://api.github.com/orgs/octokit/repos?type=private",
		headers: headers(),
	});
});

call("route string as first argument", () => {
	assert.equal(endpoint("GET /orgs/{org}/repos", { org: "octokit", type: "private" }), {
		method: "GET",
		url: "https://api.github.com/orgs/octokit/repos?type=private",
		headers: headers(),
	});
});

call("route string without parameters", () => {
	assert.equal(endpoint("GET /"), { method: "GET", url: "https://api.github.com/", headers: headers() });
});

call("just a url: the method defaults to GET", () => {
	assert.equal(endpoint("/"), { method: "GET", url: "https://api.github.com/", headers: headers() });
	assert.is(endpoint("https://github.acme-inc/api/v3/").url, "https://github.acme-inc/api/v3");
});

call("returns exactly method, url, headers, body and request, in that order", () => {
	const options = endpoint("POST /x", { a: 1, request: { timeout: 1 } });
	assert.equal(Object.keys(options), ["method", "url", "headers", "body", "request"]);
	assert.equal(Object.keys(endpoint("GET /x", { a: 1 })), ["method", "url", "headers"]);
});

call("method is uppercased", () => {
	assert.is(endpoint("get /x").method, "GET");
	assert.is(endpoint({ method: "patch", url: "/x" }).method, "PATCH");
});

call("header names are lowercased", () => {
	const options = endpoint("GET /", { headers: { "User-Agent": "my-app/1.2.3", "X-GitHub-Api-Version": "2022-11-28" } });
	assert.equal(options.headers, {
		accept: "application/vnd.github.v3+json",
		"user-agent": "my-app/1.2.3",
		"x-github-api-version": "2022-11-28",
	});
});

call("old :name placeholders work like {name}", () => {
	assert.is(endpoint("GET /repos/:owner/:repo", { owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r");
});

call("a :word in the query of a url is left alone (octokit drops it)", () => {
	const url = "https://api.github.com/search/code?q=repo:octokit/rest.js&page=2";
	assert.is(endpoint("GET " + url).url, url);
});

call("request body: leftover parameters become JSON with a content-type", () => {
	const options = endpoint("POST /repos/{owner}/{repo}/issues", {
		owner: "octocat",
		repo: "hello-world",
		headers: { accept: "text/html;charset=utf-8" },
		title: "Found a bug",
		body: "I'm having a problem with this.",
		assignees: ["octocat"],
		milestone: 1,
		labels: ["bug"],
	});
	assert.equal(options, {
		method: "POST",
		url: "https://api.github.com/repos/octocat/hello-world/issues",
		headers: {
			accept: "text/html;charset=utf-8",
			"user-agent": userAgent,
			"content-type": "application/json; charset=utf-8",
		},
		body: { title: "Found a bug", body: "I'm having a problem with this.", assignees: ["octocat"], milestone: 1, labels: ["bug"] },
	});
});

call("a given content-type is kept", () => {
	const options = endpoint("POST /x", { a: 1, headers: { "Content-Type": "application/x-www-form-urlencoded" } });
	assert.is(options.headers["content-type"], "application/x-www-form-urlencoded");
});

call("null body values are sent (they clear fields)", () => {
	assert.equal(endpoint("PATCH /x", { milestone: null }).body, { milestone: null });
});

// [name, route, params, expected body (undefined: no body key)]; never a content-type
const NO_BODY = [
	["PUT without parameters sends an empty body (content-length: 0)", "PUT /user/starred/{owner}/{repo}", { owner: "octocat", repo: "hello-world" }, ""],
	["PATCH without parameters sends an empty body (content-length: 0)", "PATCH /widgets/{id}", { id: "my-widget" }, ""],
	["POST without parameters has no body", "POST /widgets", {}, undefined],
	["DELETE without parameters has no body", "DELETE /user/following/{username}", { username: "octocat" }, undefined],
];

for (const [name, route, params, body] of NO_BODY) {
	call(name, () => {
		const options = endpoint(route, { ...params, headers: { authorization: TOKEN } });
		assert.is(Object.hasOwn(options, "body"), body !== undefined);
		assert.is(options.body, body);
		assert.not.ok("content-type" in options.headers);
		assert.is(options.headers.authorization, TOKEN);
	});
}

call("DELETE with parameters sends them as the body", () => {
	const options = endpoint("DELETE /repos/{owner}/{repo}/labels", { owner: "o", repo: "r", labels: ["a"] });
	assert.equal(options.body, { labels: ["a"] });
});

call("data is the raw body, and other leftovers are dropped", () => {
	const options = endpoint("POST /markdown/raw", {
		data: "Hello world github/linguist#1 **cool**, and #1!",
		mode: "gfm",
		headers: { accept: "text/html;charset=utf-8", "content-type": "text/plain" },
	});
	assert.equal(options, {
		method: "POST",
		url: "https://api.github.com/markdown/raw",
		headers: { accept: "text/html;charset=utf-8", "user-agent": userAgent, "content-type": "text/plain" },
		body: "Hello world github/linguist#1 **cool**, and #1!",
	});
});

call("data is passed through by reference (Buffers, streams, objects)", () => {
	const data = new Uint8Array([1, 2, 3]);
	assert.is(endpoint("POST /x", { data }).body, data);
	const object = { a: 1 };
	assert.is(endpoint("PUT /x", { data: object }).body, object);
});

call("data: null is a body (null), as in octokit", () => {
	const options = endpoint("POST /x", { data: null });
	assert.is(options.body, null);
	assert.is(options.headers["content-type"], "application/json; charset=utf-8");
});

call("upload url: {?name,label} takes the query, data the body", () => {
	const options = endpoint("POST https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets{?name,label}", {
		name: "example.zip",
		label: "short description",
		headers: { "content-type": "text/plain", "content-length": 14, authorization: TOKEN },
		data: "Hello, world!",
	});
	assert.equal(options, {
		method: "POST",
		url: "https://uploads.github.com/repos/octocat/Hello-World/releases/1/assets?name=example.zip&label=short%20description",
		headers: headers({ "content-type": "text/plain", "content-length": 14, authorization: TOKEN }),
		body: "Hello, world!",
	});
});

call("upload url without label: ?name=x& as octokit sends it (issue 10)", () => {
	const options = endpoint("POST https://uploads.github.com/repos/o/r/releases/1/assets{?name,label}", {
		name: "x.zip",
		data: "x",
	});
	assert.is(options.url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=x.zip&");
});

call("a query template with no value set leaves ?& as octokit does (deleteActionsCacheByKey, issue 10)", () => {
	assert.is(endpoint("DELETE /repos/{owner}/{repo}/actions/caches{?key,ref}", { owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r/actions/caches?&");
	assert.is(endpoint("GET /x{?a}", { b: 1 }).url, "https://api.github.com/x?&b=1");
});

call("template variables never leak, even when unused", () => {
	const options = endpoint("POST /assets{?name,label}", { name: "n", label: undefined, data: "x" });
	assert.is(options.url, "https://api.github.com/assets?name=n&");
	const get = endpoint("GET /assets{?name,label}", { name: "n", label: "l", other: 1 });
	assert.is(get.url, "https://api.github.com/assets?name=n&label=l&other=1");
});

call("reserved keys never reach the query", () => {
	const options = endpoint("GET /x", {
		baseUrl: "https://api.github.com",
		headers: { a: "b" },
		request: { timeout: 1 },
		mediaType: { format: "" },
	});
	assert.is(options.url, "https://api.github.com/x");
});

call("reserved keys never reach the body", () => {
	const options = endpoint("POST /repos/{owner}/{repo}", {
		owner: "o",
		repo: "r",
		baseUrl: "https://api.github.com",
		headers: { a: "b" },
		request: { timeout: 1 },
		mediaType: { format: "" },
		name: "n",
	});
	assert.equal(options.body, { name: "n" });
});

call("request options are passed only when they have keys", () => {
	assert.equal(endpoint("GET /", { request: { timeout: 100 } }).request, { timeout: 100 });
	assert.not.ok("request" in endpoint("GET /", { request: {} }), "octokit passes request: {}");
	assert.not.ok("request" in endpoint("GET /"));
});

call("request options keep non-plain values by reference", () => {
	const signal = new AbortController().signal;
	const fetch = async () => new Response("");
	const options = endpoint("GET /", { request: { signal, fetch } });
	assert.is(options.request.signal, signal);
	assert.is(options.request.fetch, fetch);
});

call("the route's url and method are overridden by the parameters'", () => {
	const options = endpoint("GET /x", { method: "POST", url: "/y", a: 1 });
	assert.is(options.method, "POST");
	assert.is(options.url, "https://api.github.com/y");
});

call("undefined parameters and headers are omitted", () => {
	const options = endpoint({
		method: "GET",
		url: "/notifications",
		before: undefined,
		headers: { "if-modified-since": undefined },
	});
	assert.equal(options, { method: "GET", url: "https://api.github.com/notifications", headers: headers() });
});

call("an undefined last path parameter leaves no trailing slash", () => {
	const base = "https://api.github.com/repos/owner/repo/branches";
	assert.is(endpoint("GET /repos/{owner}/{repo}/branches/{branch}", { owner: "owner", repo: "repo" }).url, base);
	assert.is(endpoint("GET /repos/{owner}/{repo}/branches{/branch}", { owner: "owner", repo: "repo" }).url, base);
});

call("contents root: path \"\" lists the root", () => {
	const options = endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "" });
	assert.is(options.url, "https://api.github.com/repos/o/r/contents");
});

call("a trailing slash in a value is encoded", () => {
	const ref = endpoint("GET /repos/{owner}/{repo}/git/matching-refs/{ref}", { owner: "o", repo: "r", ref: "heads/" });
	assert.is(ref.url, "https://api.github.com/repos/o/r/git/matching-refs/heads%2F");
	const path = endpoint("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "my-folder/", ref: "feature/branch" });
	assert.is(path.url, "https://api.github.com/repos/o/r/contents/my-folder%2F?ref=feature%2Fbranch");
});

call.run();

// ---

const query = suite("endpoint(): query parameters");

// [name, route, params, expected url]
const QUERIES = [
	["GET: leftovers become the query", "GET /orgs/{org}/repos", { org: "o", type: "all", per_page: 100 }, "/orgs/o/repos?type=all&per_page=100"],
	["HEAD: leftovers become the query", "HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r", a: 1 }, "/repos/o/r?a=1"],
	["arrays are joined by , (encoded)", "GET /x", { labels: ["bug", "help wanted"] }, "/x?labels=bug%2Chelp%20wanted"],
	["booleans and numbers", "GET /x", { all: true, since: 0 }, "/x?all=true&since=0"],
	["null is sent as \"null\", as octokit does", "GET /x", { a: null }, "/x?a=null"],
	["appends to a query already in the url", "GET /orgs/octokit/repos?access_token=abc4567", { type: "private" }, "/orgs/octokit/repos?access_token=abc4567&type=private"],
	["q: spaces are %20 and + stays +", "GET /search/issues", { q: "is:open label:\"good first issue\"+repo:a/b" }, "/search/issues?q=is%3Aopen%20label%3A%22good%20first%20issue%22+repo%3Aa%2Fb"],
	["q: unicode is UTF-8 encoded", "GET /search/issues", { q: "location:Jyväskylä" }, "/search/issues?q=location%3AJyv%C3%A4skyl%C3%A4"],
	["other values: + is encoded", "GET /x", { a: "1+1 = 2" }, "/x?a=1%2B1%20%3D%202"],
	["names are encoded, brackets kept", "GET /x", { "a b&c": 1, "f[]": 2 }, "/x?a%20b%26c=1&f[]=2"],
];

for (const [name, route, params, expected] of QUERIES) {
	query(name, () => {
		const options = endpoint(route, params);
		assert.is(options.url, "https://api.github.com" + expected);
		assert.not.ok("body" in options);
	});
}

query.run();

// ---

const paging = suite("endpoint(): page and per_page (spec §2.2)");

// [name, route, params, expected body or url suffix]
const PAGING = [
	["POST drops page and per_page", "POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t", page: 2, per_page: 50 }, { body: { title: "t" } }],
	["PATCH drops page and per_page", "PATCH /repos/{owner}/{repo}", { owner: "o", repo: "r", name: "n", per_page: 50 }, { body: { name: "n" } }],
	["POST with only page and per_page has no body", "POST /x", { page: 1, per_page: 2 }, { body: undefined }],
	["PATCH with only page sends the empty body", "PATCH /x", { page: 1 }, { body: "" }],
	["PUT keeps them", "PUT /x", { page: 1, per_page: 2 }, { body: { page: 1, per_page: 2 } }],
	["DELETE keeps them", "DELETE /x", { page: 1 }, { body: { page: 1 } }],
	["GET keeps them in the query", "GET /x", { page: 3, per_page: 100 }, { url: "/x?page=3&per_page=100" }],
	["POST keeps them when the template declares them", "POST /x{?page,per_page}", { page: 3, per_page: 100, a: 1 }, { url: "/x?page=3&per_page=100", body: { a: 1 } }],
];

for (const [name, route, params, expected] of PAGING) {
	paging(name, () => {
		const options = endpoint(route, params);
		if ("body" in expected) assert.equal(options.body, expected.body);
		if (expected.url) assert.is(options.url, "https://api.github.com" + expected.url);
	});
}

paging.run();

// ---

const base = suite("endpoint(): baseUrl");

base("GitHub Enterprise Server baseUrl", () => {
	const options = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", baseUrl: "https://ghe.example.com/api/v3" });
	assert.is(options.url, "https://ghe.example.com/api/v3/repos/o/r");
});

base("GHES baseUrl from defaults", () => {
	const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
	assert.is(ghe("GET /user").url, "https://ghe.example.com/api/v3/user");
	assert.is(ghe("GET /").url, "https://ghe.example.com/api/v3/");
});

base("a trailing slash on baseUrl is dropped (octokit would send //user)", () => {
	assert.is(endpoint("GET /user", { baseUrl: "https://ghe.example.com/api/v3/" }).url, "https://ghe.example.com/api/v3/user");
	assert.is(endpoint("GET /user", { baseUrl: "https://ghe.example.com/api/v3//" }).url, "https://ghe.example.com/api/v3/user");
});

base("a url without a leading slash is joined with one", () => {
	assert.is(endpoint("GET user").url, "https://api.github.com/user");
});

// [name, url]
const ABSOLUTE = [
	["https", "https://uploads.github.com/repos/o/r/releases/1/assets"],
	["http", "http://localhost:3000/x"],
	["a pagination link", "https://api.github.com/repositories/1/issues?page=2&per_page=100"],
	["codeload", "https://codeload.github.com/octokit/endpoint-abcde/legacy.tar.gz/master"],
];

for (const [name, url] of ABSOLUTE) {
	base(`an absolute url ignores baseUrl: ${name}`, () => {
		assert.is(endpoint("GET " + url, { baseUrl: "https://ghe.example.com/api/v3" }).url, url);
	});
}

base("{baseUrl} and {+baseUrl} placeholders resolve to baseUrl", () => {
	const ghe = { baseUrl: "https://ghe.example.com/api/v3" };
	assert.is(endpoint("GET {baseUrl}/user", ghe).url, "https://ghe.example.com/api/v3/user");
	assert.is(endpoint("GET {+baseUrl}/user", ghe).url, "https://ghe.example.com/api/v3/user");
	assert.is(endpoint("GET {baseUrl}/user").url, "https://api.github.com/user");
});

base("baseUrl never reaches the query or body", () => {
	assert.is(endpoint("GET /x", { baseUrl: "https://a.example" }).url, "https://a.example/x");
	assert.not.ok("body" in endpoint("POST /x", { baseUrl: "https://a.example" }));
});

base.run();

// ---

const media = suite("endpoint(): mediaType");

// [name, route, params, expected accept]
const MEDIA = [
	["format rewrites the v3 accept", "GET /repos/{owner}/{repo}/issues/{number}", { mediaType: { format: "raw" } }, "application/vnd.github.v3.raw"],
	["format: diff", "GET /x", { mediaType: { format: "diff" } }, "application/vnd.github.v3.diff"],
	["format: patch", "GET /x", { mediaType: { format: "patch" } }, "application/vnd.github.v3.patch"],
	["format: sha", "GET /x", { mediaType: { format: "sha" } }, "application/vnd.github.v3.sha"],
	["format: html", "GET /x", { mediaType: { format: "html" } }, "application/vnd.github.v3.html"],
	["format: full", "GET /x", { mediaType: { format: "full" } }, "application/vnd.github.v3.full"],
	["format replaces an existing format", "GET /x", { headers: { accept: "application/vnd.github.v3.raw+json" }, mediaType: { format: "diff" } }, "application/vnd.github.v3.diff"],
	["format on the unversioned accept", "GET /x", { headers: { accept: "application/vnd.github+json" }, mediaType: { format: "raw" } }, "application/vnd.github.raw"],
	["format leaves preview types alone", "GET /x", { headers: { accept: "application/vnd.github.v3+json,application/vnd.github.foo-preview+json" }, mediaType: { format: "raw" } }, "application/vnd.github.v3.raw,application/vnd.github.foo-preview+json"],
	["format leaves non-vnd types alone", "GET /x", { headers: { accept: "application/json" }, mediaType: { format: "raw" } }, "application/json"],
	["format leaves application/octet-stream alone", "GET /x", { headers: { accept: "application/octet-stream" }, mediaType: { format: "raw" } }, "application/octet-stream"],
	["empty format changes nothing", "GET /x", { mediaType: { format: "" } }, "application/vnd.github.v3+json"],
	["previews are ignored on REST urls, as in @octokit/endpoint 11 (issue 10)", "GET /x", { mediaType: { previews: ["mercy"] } }, "application/vnd.github.v3+json"],
	["previews + format on REST: only the format applies", "GET /x", { mediaType: { format: "diff", previews: ["mercy"] } }, "application/vnd.github.v3.diff"],
	["previews are ignored on a REST url that merely contains graphql", "GET /repos/o/graphql/issues", { mediaType: { previews: ["mercy"] } }, "application/vnd.github.v3+json"],
	["a preview accept header of a REST route is kept (repos.listTopics)", "GET /x", { headers: { accept: "application/vnd.github.mercy-preview+json" }, mediaType: { previews: ["nebula"] } }, "application/vnd.github.mercy-preview+json"],
	["graphql: a preview replaces the accept", "POST /graphql", { mediaType: { previews: ["symmetra"] } }, "application/vnd.github.symmetra-preview+json"],
	["graphql: -preview suffixes are dropped", "POST /graphql", { mediaType: { previews: ["jean-grey-preview", "symmetra-preview"] } }, "application/vnd.github.jean-grey-preview+json,application/vnd.github.symmetra-preview+json"],
	["graphql: previews + format", "POST /graphql", { mediaType: { format: "raw", previews: ["symmetra"] } }, "application/vnd.github.symmetra-preview.raw"],
	["graphql: previews + format + previews in accept", "POST /graphql", { headers: { accept: "application/vnd.foo-preview,application/vnd.bar-preview" }, mediaType: { format: "raw", previews: ["symmetra"] } }, "application/vnd.github.foo-preview.raw,application/vnd.github.bar-preview.raw,application/vnd.github.symmetra-preview.raw"],
	["graphql: octet-stream + previews", "POST /graphql", { headers: { accept: "application/octet-stream" }, mediaType: { previews: ["symmetra"] } }, "application/octet-stream"],
	["graphql: no previews leaves the accept", "POST /graphql", {}, "application/vnd.github.v3+json"],
	["graphql on GHES", "POST https://ghe.example.com/api/graphql", { mediaType: { previews: ["x"] } }, "application/vnd.github.x-preview+json"],
	["graphql: a url built from {baseUrl} counts (parse reads the expanded url)", "POST {+baseUrl}/graphql", { mediaType: { previews: ["x"] } }, "application/vnd.github.x-preview+json"],
	["graphql: previews are not deduplicated, as in octokit", "POST /graphql", { headers: { accept: "application/vnd.github.a-preview+json" }, mediaType: { previews: ["a"] } }, "application/vnd.github.a-preview+json,application/vnd.github.a-preview+json"],
	["graphql: an empty previews list leaves the accept", "POST /graphql", { mediaType: { previews: [] } }, "application/vnd.github.v3+json"],
	["graphql: the query of a url does not hide it", "GET /graphql", { a: 1, mediaType: { previews: ["x"] } }, "application/vnd.github.x-preview+json"],
];

for (const [name, route, params, accept] of MEDIA) {
	media(name, () => {
		assert.is(endpoint(route, params).headers.accept, accept);
	});
}

media("previews from defaults reach graphql: a \"/graphql\" route adds the call's to them", () => {
	const withPreviews = endpoint.defaults({ mediaType: { previews: ["a"] } });
	assert.is(
		withPreviews("POST /graphql", { mediaType: { previews: ["b"] } }).headers.accept,
		"application/vnd.github.a-preview+json,application/vnd.github.b-preview+json",
	);
	assert.is(withPreviews("POST /graphql").headers.accept, "application/vnd.github.a-preview+json");
});

media("on an endpoint whose defaults hold the graphql url, a call's previews replace the defaults' (as octokit's graphql does)", () => {
	const graphql = endpoint.defaults({ method: "POST", url: "/graphql", mediaType: { previews: ["a"] } });
	assert.is(graphql({ query: "q", mediaType: { previews: ["b"] } }).headers.accept, "application/vnd.github.b-preview+json");
	assert.is(graphql({ query: "q" }).headers.accept, "application/vnd.github.a-preview+json");
});

// The same calls through the real @octokit/endpoint 11: the previews contract is its own.
const OCTOKIT_PREVIEW_CASES = [
	["GET /x", { mediaType: { previews: ["mercy"] } }],
	["GET /x", { mediaType: { format: "raw", previews: ["mercy"] } }],
	["POST /graphql", { query: "q", mediaType: { previews: ["a-preview", "b"] } }],
	["POST /graphql", { query: "q", mediaType: { format: "raw", previews: ["a"] } }],
	["POST /graphql", { headers: { accept: "application/vnd.github.x-preview+json" }, mediaType: { previews: ["y"] } }],
	["POST https://ghe.example.com/api/graphql", { mediaType: { previews: ["x"] } }],
	["POST /graphql", { mediaType: { previews: [] } }],
];

media("previews: endpoint() and merge() give @octokit/endpoint's output for every case", () => {
	const ours = endpoint.defaults({ headers: { "user-agent": "ua" }, mediaType: { previews: ["d-preview"] } });
	const theirs = octokitEndpoint.defaults({ headers: { "user-agent": "ua" }, mediaType: { previews: ["d-preview"] } });
	for (const [route, params] of OCTOKIT_PREVIEW_CASES) {
		assert.equal(plain(ours(route, params)), plain(theirs(route, params)), `${route} ${JSON.stringify(params)}`);
		assert.equal(plain(ours.merge(route, params)), plain(theirs.merge(route, params)), `merge ${route}`);
		assert.equal(plain(ours.DEFAULTS), plain(theirs.DEFAULTS));
	}
});

media.run();

// ---

const traversal = suite("endpoint(): path traversal");

// [name, route, params, expected pathname once parsed by WHATWG URL (as fetch does)]
const CONTAINED = [
	["owner ../../orgs", "GET /repos/{owner}/{repo}", { owner: "../../orgs", repo: "x" }, "/repos/..%2F..%2Forgs/x"],
	["repo ../../../user", "DELETE /repos/{owner}/{repo}", { owner: "o", repo: "../../../user" }, "/repos/o/..%2F..%2F..%2Fuser"],
	["username ../..", "DELETE /orgs/{org}/members/{username}", { org: "o", username: "../.." }, "/orgs/o/members/..%2F.."],
	["path a/../../b", "GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: "a/../../b" }, "/repos/o/r/contents/a%2F..%2F..%2Fb"],
	["a backslash", "GET /repos/{owner}/{repo}", { owner: "..\\..", repo: "x" }, "/repos/..%5C../x"],
	["GHES baseUrl", "GET /repos/{owner}/{repo}", { owner: "../..", repo: "x", baseUrl: "https://ghe.example.com/api/v3" }, "/api/v3/repos/..%2F../x"],
];

for (const [name, route, params, pathname] of CONTAINED) {
	traversal(`${name} stays inside its segment`, () => {
		assert.is(new URL(endpoint(route, params).url).pathname, pathname);
	});
}

// "..", "." and their %2e forms are resolved by every WHATWG URL parser, whatever the encoding.
const REFUSED = [
	["username ..", "DELETE /orgs/{org}/members/{username}", { org: "o", username: ".." }],
	["owner .", "GET /repos/{owner}/{repo}", { owner: ".", repo: "r" }],
	["owner and repo ..", "GET /repos/{owner}/{repo}", { owner: "..", repo: ".." }],
];

for (const [name, route, params] of REFUSED) {
	traversal(`${name} throws instead of leaving the path`, () => {
		assert.throws(() => endpoint(route, params), (error) => error instanceof TypeError && /path segment/.test(error.message));
	});
}

traversal.run();

// ---

const merge = suite("endpoint.merge()");

merge("README example", () => {
	const myProjectEndpoint = endpoint.defaults({
		baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
		headers: { "user-agent": "myApp/1.2.3" },
		org: "my-project",
	});
	const options = myProjectEndpoint.merge("GET /orgs/{org}/repos", { headers: { authorization: TOKEN }, type: "private" });
	assert.equal(options, {
		method: "GET",
		baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
		headers: { accept: "application/vnd.github.v3+json", "user-agent": "myApp/1.2.3", authorization: TOKEN },
		mediaType: { format: "" },
		org: "my-project",
		url: "/orgs/{org}/repos",
		type: "private",
	});
});

merge("no arguments gives the defaults", () => {
	assert.equal(endpoint.merge(), {
		method: "GET",
		baseUrl: "https://api.github.com",
		headers: headers(),
		mediaType: { format: "" },
	});
});

merge("an options object", () => {
	assert.equal(endpoint.merge({ method: "POST", url: "/x", a: 1 }), {
		method: "POST",
		baseUrl: "https://api.github.com",
		headers: headers(),
		mediaType: { format: "" },
		url: "/x",
		a: 1,
	});
});

merge("a route without a method keeps the default method", () => {
	const options = endpoint.merge("/x");
	assert.is(options.method, "GET");
	assert.is(options.url, "/x");
});

merge("the options' url wins over the route's", () => {
	assert.is(endpoint.merge("GET /x", { url: "/y" }).url, "/y");
});

merge("headers are lowercased before merging, so they replace defaults", () => {
	const options = endpoint.merge("GET /", { headers: { Accept: "text/plain", "X-Foo": "1" } });
	assert.equal(options.headers, { accept: "text/plain", "user-agent": userAgent, "x-foo": "1" });
});

merge("undefined values never override defaults", () => {
	const withDefaults = endpoint.defaults({ org: "o", request: { timeout: 5 }, headers: { "x-a": "1" } });
	const options = withDefaults.merge("GET /", { org: undefined, headers: { "x-a": undefined }, request: { timeout: undefined } });
	assert.is(options.org, "o");
	assert.is(options.headers["x-a"], "1");
	assert.equal(options.request, { timeout: 5 });
});

merge("mediaType: format and previews are replaced, as in @octokit/endpoint 11", () => {
	const withPreviews = endpoint.defaults({ mediaType: { previews: ["foo", "bar"] } });
	const options = withPreviews.merge("GET /", { mediaType: { format: "raw", previews: ["bar-preview", "baz"] } });
	assert.equal(options.mediaType, { format: "raw", previews: ["bar-preview", "baz"] });
	assert.equal(withPreviews.merge("GET /").mediaType, { format: "", previews: ["foo", "bar"] });
});

merge("mediaType on a \"/graphql\" route: previews add up, defaults first, each -preview removed (octokit's duplicates kept)", () => {
	const withPreviews = endpoint.defaults({ mediaType: { previews: ["foo", "bar"] } });
	const options = withPreviews.merge("POST /graphql", { mediaType: { format: "raw", previews: ["bar-preview", "baz"] } });
	assert.equal(options.mediaType, { format: "raw", previews: ["foo", "bar", "bar", "baz"] });
	assert.equal(endpoint.merge("POST /graphql").mediaType, { format: "", previews: [] });
});

merge("request options are deep-merged", () => {
	const withRequest = endpoint.defaults({ request: { timeout: 1, retry: { retries: 2, factor: 1 } } });
	assert.equal(withRequest.merge("GET /", { request: { retry: { retries: 5 } } }).request, {
		timeout: 1,
		retry: { retries: 5, factor: 1 },
	});
});

merge("a parameter named __proto__ stays data", () => {
	const params = JSON.parse('{"__proto__": {"polluted": true}, "a": 1}');
	const options = endpoint.merge("POST /x", params);
	assert.is(Object.getPrototypeOf(options), Object.prototype);
	assert.is(options.polluted, undefined);
	assert.equal(endpoint.parse(options).body, params);
	assert.is(Object.getPrototypeOf(endpoint.parse(options).body), Object.prototype);
});

merge("does not alter input options", () => {
	const input = frozenInput();
	const copy = structuredClone(input);
	endpoint.merge(input);
	endpoint.merge("GET /x", input);
	assert.equal(input, copy);
});

merge("the result shares no headers, mediaType or request with its inputs", () => {
	const input = { headers: { a: "1" }, mediaType: { format: "raw", previews: ["x"] }, request: { nested: { a: 1 } } };
	const withDefaults = endpoint.defaults({ request: { nested: { b: 2 } }, mediaType: { previews: ["y"] } });
	const options = withDefaults.merge("GET /", input);
	assert.is.not(options.headers, input.headers);
	assert.is.not(options.mediaType, input.mediaType);
	assert.is.not(options.mediaType.previews, input.mediaType.previews);
	assert.is.not(options.request, input.request);
	assert.is.not(options.request.nested, input.request.nested);
	assert.is.not(options.headers, withDefaults.DEFAULTS.headers);
	assert.is.not(options.mediaType, withDefaults.DEFAULTS.mediaType);
	assert.is.not(options.request.nested, withDefaults.DEFAULTS.request.nested);
	options.headers.b = "2";
	options.mediaType.previews.push("z");
	options.request.nested.c = 3;
	assert.equal(withDefaults.DEFAULTS.headers, headers());
	assert.equal(withDefaults.DEFAULTS.mediaType, { format: "", previews: ["y"] });
	assert.equal(withDefaults.DEFAULTS.request, { nested: { b: 2 } });
});

merge("merging a graphql route does not change DEFAULTS (octokit's does)", () => {
	const before = structuredClone(endpoint.DEFAULTS);
	endpoint.merge("POST /graphql", { mediaType: { previews: ["a"] } });
	assert.equal(endpoint.DEFAULTS, before);
});

merge.run();

// ---

const parse = suite("endpoint.parse()");

parse("README example: endpoint() is parse(merge())", () => {
	const input = { method: "GET", url: "/orgs/:org/repos", org: "octokit", type: "private" };
	assert.equal(endpoint(input), endpoint.parse(endpoint.merge(input)));
});

parse("does not alter input options", () => {
	const input = frozenInput();
	const copy = structuredClone(input);
	const options = endpoint.parse(input);
	assert.equal(input, copy);
	assert.is(options.headers.accept, "application/vnd.github.v3.raw");
	// parse() sends previews as it gets them, as octokit's does: merge() is what drops "-preview".
	const graphql = endpoint.parse(deepFreeze({ ...structuredClone(copy), url: "/graphql" }));
	assert.is(graphql.headers.accept, "application/vnd.github.foo-preview.raw,application/vnd.github.bar-preview-preview.raw");
	const lowercased = { ...structuredClone(copy), url: "/graphql", headers: { accept: "application/vnd.github.v3+json" } };
	assert.is(octokitEndpoint.parse(lowercased).headers.accept, graphql.headers.accept);
});

parse("the result shares no headers or request with its input; what is inside request is passed as it is", () => {
	const input = { method: "GET", url: "/", baseUrl: "https://a.example", headers: { a: "1" }, mediaType: { format: "" }, request: { nested: { a: 1 } } };
	const options = endpoint.parse(input);
	assert.is.not(options.headers, input.headers);
	assert.is.not(options.request, input.request);
	assert.is(options.request.nested, input.request.nested);
});

parse("a url template's variables are removed from the body", () => {
	const options = endpoint.parse({ ...DEFAULTS, method: "post", url: "/repos/{owner}/{repo}/issues", owner: "o", repo: "r", title: "t" });
	assert.equal(options, {
		method: "POST",
		url: "https://api.github.com/repos/o/r/issues",
		headers: headers({ "content-type": "application/json; charset=utf-8" }),
		body: { title: "t" },
	});
});

parse("tolerates options without mediaType or headers", () => {
	assert.equal(endpoint.parse({ method: "GET", url: "/x", baseUrl: "https://a.example", a: 1 }), {
		method: "GET",
		url: "https://a.example/x?a=1",
		headers: {},
	});
});

parse("undefined parameters are omitted from query and body", () => {
	const base = { ...DEFAULTS, url: "/x" };
	assert.is(endpoint.parse({ ...base, method: "GET", a: undefined, b: 1 }).url, "https://api.github.com/x?b=1");
	assert.equal(endpoint.parse({ ...base, method: "POST", a: undefined, b: 1 }).body, { b: 1 });
	assert.not.ok("body" in endpoint.parse({ ...base, method: "POST", data: undefined }));
});

parse.run();

// ---

const defaults = suite("endpoint.defaults()");

defaults("README example", () => {
	const myEndpoint = endpoint.defaults({
		baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
		headers: { "user-agent": "myApp/1.2.3", authorization: TOKEN },
		org: "my-project",
		per_page: 100,
	});
	assert.equal(myEndpoint("GET /orgs/:org/repos"), {
		method: "GET",
		url: "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos?per_page=100",
		headers: { accept: "application/vnd.github.v3+json", "user-agent": "myApp/1.2.3", authorization: TOKEN },
	});
});

defaults("repeated defaults add up", () => {
	const myProject = endpoint.defaults({
		baseUrl: "https://github-enterprise.acme-inc.com/api/v3",
		headers: { "user-agent": "myApp/1.2.3" },
		org: "my-project",
	});
	const withAuth = myProject.defaults({ headers: { Authorization: TOKEN } });
	assert.equal(withAuth("GET /orgs/{org}/repos"), {
		method: "GET",
		url: "https://github-enterprise.acme-inc.com/api/v3/orgs/my-project/repos",
		headers: { accept: "application/vnd.github.v3+json", "user-agent": "myApp/1.2.3", authorization: TOKEN },
	});
});

defaults("returns a new endpoint and leaves the old one as it was", () => {
	const ghe = endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
	assert.type(ghe, "function");
	assert.is.not(ghe, endpoint);
	for (const name of ["defaults", "merge", "parse"]) assert.type(ghe[name], "function", name);
	assert.is(ghe.DEFAULTS.baseUrl, "https://ghe.example.com/api/v3");
	assert.is(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
	assert.is(endpoint("GET /").url, "https://api.github.com/");
});

defaults("merges options but does not parse them", () => {
	const myEndpoint = endpoint.defaults({ url: "/orgs/:org", org: "test1" });
	assert.is(myEndpoint.DEFAULTS.url, "/orgs/:org");
	assert.is(myEndpoint.DEFAULTS.org, "test1");
	const myEndpoint2 = myEndpoint.defaults({ url: "/orgs/:org", org: "test2" });
	assert.is(myEndpoint2.DEFAULTS.org, "test2");
	assert.is(myEndpoint2().url, "https://api.github.com/orgs/test2");
});

defaults("an endpoint method's own endpoint: route in defaults, params in the call", () => {
	const getRepo = endpoint.defaults({ method: "GET", url: "/repos/{owner}/{repo}" });
	assert.is(getRepo({ owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r");
});

defaults("sets mediaType.format", () => {
	assert.equal(endpoint.defaults({ mediaType: { format: "raw" } }).DEFAULTS.mediaType, { format: "raw" });
});

defaults("mediaType.previews replace the previous defaults', as in @octokit/endpoint 11", () => {
	const one = endpoint.defaults({ mediaType: { previews: ["foo-preview"] } });
	const two = one.defaults({ mediaType: { previews: ["bar-preview", "foo"] } });
	assert.equal(one.DEFAULTS.mediaType, { format: "", previews: ["foo-preview"] });
	assert.equal(two.DEFAULTS.mediaType, { format: "", previews: ["bar-preview", "foo"] });
});

defaults("a \"/graphql\" url in defaults merges previews and drops -preview (how graphql() is built)", () => {
	const withPreviews = endpoint.defaults({ mediaType: { previews: ["foo-preview"] } });
	const graphql = withPreviews.defaults({ method: "POST", url: "/graphql", mediaType: { previews: ["bar-preview"] } });
	assert.equal(graphql.DEFAULTS.mediaType, { format: "", previews: ["foo", "bar"] });
});

defaults("does not alter input options", () => {
	const input = frozenInput();
	const copy = structuredClone(input);
	const myEndpoint = endpoint.defaults(input);
	myEndpoint.defaults(input);
	myEndpoint("GET /repos/{owner}/{repo}/issues", input);
	assert.equal(input, copy);
});

defaults("DEFAULTS share nothing with the input", () => {
	const input = { headers: { a: "1" }, request: { timeout: 1 }, mediaType: { format: "raw", previews: ["x"] } };
	const myEndpoint = endpoint.defaults(input);
	input.headers.a = "2";
	input.request.timeout = 2;
	input.mediaType.previews.push("y");
	assert.is(myEndpoint.DEFAULTS.headers.a, "1");
	assert.is(myEndpoint.DEFAULTS.request.timeout, 1);
	assert.equal(myEndpoint.DEFAULTS.mediaType.previews, ["x"]);
});

defaults.run();

// ---

const create = suite("createEndpoint()");

create("normalizes its defaults: lowercased headers, no undefined values", () => {
	const custom = createEndpoint({ ...DEFAULTS, headers: { Accept: "a", "User-Agent": "ua", "X-Gone": undefined } });
	assert.equal(custom.DEFAULTS.headers, { accept: "a", "user-agent": "ua" });
});

create("does not alter input options", () => {
	const input = deepFreeze({ ...structuredClone(DEFAULTS), request: { timeout: 1 } });
	const copy = structuredClone(input);
	const custom = createEndpoint(input);
	custom("GET /x", { a: 1 });
	assert.equal(input, copy);
	assert.is.not(custom.DEFAULTS.request, input.request);
});

create.run();

// ---

const circular = suite("endpoint(): circular request options (issue 11)");

// A plugin's context object that refers to itself, as plugins keep state in request options.
function context(name = "ctx") {
	const value = { name, nested: {} };
	value.self = value;
	value.nested.parent = value;
	return value;
}

circular("merge() passes a circular context in request as the same object", () => {
	const ctx = context();
	const options = endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { context: ctx } });
	assert.is(options.request.context, ctx);
});

circular("endpoint() and parse() pass it through to the request options", () => {
	const ctx = context();
	const options = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { context: ctx } });
	assert.is(options.url, "https://api.github.com/repos/o/r");
	assert.is(options.request.context, ctx);
	assert.is(endpoint.parse(endpoint.merge("GET /", { request: { context: ctx } })).request.context, ctx);
});

circular("defaults() keep it, and a call that passes it again does not walk it forever", () => {
	const ctx = context();
	const withContext = endpoint.defaults({ request: { context: ctx } });
	assert.is(withContext.DEFAULTS.request.context, ctx);
	assert.is(withContext("GET /").request.context, ctx);
	// Both sides hold a plain object under the same key: octokit recurses here without end.
	assert.is(withContext.merge("GET /", { request: { context: ctx } }).request.context, ctx);
	const other = context("other");
	const both = withContext.merge("GET /", { request: { context: other } });
	assert.is(both.request.context.name, "other");
	assert.is(both.request.context.self.self, other);
	assert.is(withContext.defaults({ request: { context: other } })("GET /").request.context.nested.parent, other);
});

circular("a circular value in a merged parameter is kept by reference", () => {
	const ctx = context();
	const withDefaults = endpoint.defaults({ author: { name: "a" } });
	const options = withDefaults.merge("POST /x", { author: { name: "b", ctx } });
	assert.is(options.author.ctx, ctx);
	assert.equal(withDefaults.DEFAULTS.author, { name: "a" });
});

circular.run();
