// client.graphql (issue 10 item 1): a thin layer over client.request that sends what
// @octokit/graphql sends, through the hook chain, so auth strategies and octokit's plugins act on it.
// Run: node test/graphql.test.js
import { inspect } from "node:util";
import { createActionAuth } from "@octokit/auth-action";
import { Octokit } from "@octokit/rest";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import sinon from "sinon";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as index from "../dist/index.js";
import * as core from "../dist/core.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";

const { GraphqlResponseError, Hublet, RequestError } = index;
const API = "https://api.github.com";
const GHES = "https://ghe.example.com";
const TOKEN = "ghp_graphqlsecret000000000000000000000000";
const QUERY = "query ($owner: String!, $repo: String!) { repository(owner: $owner, name: $repo) { issues { totalCount } } }";

/** A client whose log is captured and whose built-in retries are fast. */
function client(options = {}) {
	const { log, lines } = capturingLog();
	return Object.assign(new Hublet({ log, retry: { minTimeout: 1, maxTimeout: 1 }, ...options }), { lines });
}

/**
Answers POST <url> with `reply(body, attempt)` (JSON), and records each request: method,
url, headers (a plain object) and parsed body.
*/
function graphqlServer(url = `${API}/graphql`, reply = () => ({ data: { ok: true } })) {
	const seen = [];
	server.use(
		http.post(url, async ({ request }) => {
			const body = await request.json();
			seen.push({ method: request.method, url: request.url, headers: Object.fromEntries(request.headers), body });
			const answer = reply(body, seen.length);
			return answer instanceof Response ? answer : HttpResponse.json(answer, { headers: { "x-github-request-id": `GQL${seen.length}` } });
		}),
	);
	return seen;
}


// ---

const exports = suite("exports");

exports("GraphqlResponseError is exported by @hublet/rest and @hublet/rest/core", () => {
	assert.type(GraphqlResponseError, "function");
	assert.is(core.GraphqlResponseError, GraphqlResponseError);
});

exports("client.graphql is a function with defaults() and endpoint on every client, as on @octokit/core: the full client, a core client, and one that still adds the old graphql plugin", () => {
	for (const instance of [new Hublet(), new core.Hublet(), new (core.Hublet.plugin(core.graphql))()]) {
		assert.type(instance.graphql, "function");
		assert.type(instance.graphql.defaults, "function");
		assert.type(instance.graphql.endpoint, "function");
		assert.type(instance.graphql.endpoint.merge, "function");
	}
});

exports("client.graphql is an own enumerable member in octokit's place, built over the request the client was made with, and assignable", async () => {
	const sent = [];
	const fetch = async (url, init) => (sent.push(`${init.method} ${url}`), Response.json({ data: { ok: true } }));
	const made = new core.Hublet({ request: { fetch } });
	assert.equal(Object.keys(made).slice(0, 6), ["log", "hook", "request", "rest", "graphql", "auth"]);
	assert.ok("graphql" in made);
	// A program that swaps the client's request later keeps the graphql it was built with, as on @octokit/core.
	made.request = () => assert.unreachable("graphql sent through the replaced request");
	assert.equal(await made.graphql("{ ok }"), { ok: true });
	assert.equal(sent, ["POST https://api.github.com/graphql"]);
	assert.is(made.graphql, made.graphql);
	assert.is(Object.getOwnPropertyDescriptor(made, "graphql").value, made.graphql);
	const assigned = new core.Hublet();
	const mine = async () => "mine";
	assigned.graphql = mine;
	assert.is(assigned.graphql, mine);
	const withMember = new (core.Hublet.plugin(() => ({ graphql: mine })))();
	assert.is(withMember.graphql, mine);
	assert.is({ ...new core.Hublet() }.graphql.endpoint.DEFAULTS.url, "/graphql");
});

exports("a core client's graphql sends the query and rejects with the core entry's GraphqlResponseError, without any plugin", async () => {
	server.listen({ onUnhandledRequest: "error" });
	try {
		const seen = graphqlServer(undefined, (body) => (body.variables?.fail ? { data: null, errors: [{ message: "no such repo" }] } : { data: { viewer: { login: "octocat" } } }));
		const coreClient = new core.Hublet({ auth: TOKEN });
		assert.equal(await coreClient.graphql("{ viewer { login } }"), { viewer: { login: "octocat" } });
		const error = await rejection(coreClient.graphql("query ($fail: Boolean) { viewer { login } }", { fail: true }));
		assert.instance(error, core.GraphqlResponseError);
		assert.equal(error.errors, [{ message: "no such repo" }]);
		assert.is(seen.length, 2);
		assert.is(seen[0].headers.authorization, `token ${TOKEN}`);
	} finally {
		server.resetHandlers();
		server.close();
	}
});

exports.run();

// ---

const sending = suite("client.graphql(): what it sends");
useServer(sending);

sending("graphql(query, variables) posts {query, variables} to {baseUrl}/graphql and resolves with data", async () => {
	const seen = graphqlServer(undefined, () => ({ data: { repository: { issues: { totalCount: 3 } } } }));
	const result = await client().graphql(QUERY, { owner: "octokit", repo: "rest.js" });
	assert.equal(result, { repository: { issues: { totalCount: 3 } } });
	assert.is(seen.length, 1);
	assert.is(seen[0].method, "POST");
	assert.is(seen[0].url, `${API}/graphql`);
	assert.equal(seen[0].body, { query: QUERY, variables: { owner: "octokit", repo: "rest.js" } });
	assert.is(seen[0].headers.accept, "application/vnd.github.v3+json");
	assert.is(seen[0].headers["content-type"], "application/json; charset=utf-8");
	assert.match(seen[0].headers["user-agent"], /^hublet-rest\.js\//);
});

sending("graphql({ query, ...variables }) sends the same body", async () => {
	const seen = graphqlServer();
	await client().graphql({ query: QUERY, owner: "octokit", repo: "rest.js" });
	assert.equal(seen[0].body, { query: QUERY, variables: { owner: "octokit", repo: "rest.js" } });
});

sending("a query alone has no variables; operationName, headers, mediaType and request are not variables", async () => {
	const seen = graphqlServer();
	await client().graphql("{ viewer { login } }");
	assert.equal(seen[0].body, { query: "{ viewer { login } }" });
	await client().graphql(QUERY, {
		operationName: "Issues",
		headers: { "X-Custom": "1" },
		mediaType: { format: "" },
		request: { timeout: 10_000 },
		owner: "o",
	});
	assert.equal(seen[1].body, { query: QUERY, operationName: "Issues", variables: { owner: "o" } });
	assert.is(seen[1].headers["x-custom"], "1");
});

sending("a variable named __proto__ stays a variable", async () => {
	const seen = graphqlServer();
	await client().graphql(QUERY, JSON.parse('{"__proto__": {"a": 1}, "owner": "o"}'));
	assert.equal(seen[0].body.variables, JSON.parse('{"__proto__": {"a": 1}, "owner": "o"}'));
});

// [name, client options, call options, expected url]
const URLS = [
	["GHES: a baseUrl ending in /api/v3 posts to /api/graphql", { baseUrl: `${GHES}/api/v3` }, {}, `${GHES}/api/graphql`],
	["GHES: also with a trailing slash", { baseUrl: `${GHES}/api/v3/` }, {}, `${GHES}/api/graphql`],
	["GHES: a baseUrl given with the query", {}, { baseUrl: `${GHES}/api/v3` }, `${GHES}/api/graphql`],
	["another baseUrl gets /graphql", { baseUrl: "https://proxy.example.com/github" }, {}, "https://proxy.example.com/github/graphql"],
];

for (const [name, options, callOptions, url] of URLS) {
	sending(name, async () => {
		const seen = graphqlServer(url);
		await client(options).graphql("{ viewer { login } }", callOptions);
		assert.is(seen[0].url, url);
		assert.equal(seen[0].body, { query: "{ viewer { login } }" });
	});
}

sending("the client's previews go to /graphql (and nowhere else), as @octokit/core sends them (issue 10 item 4)", async () => {
	const seen = graphqlServer(`${GHES}/api/graphql`);
	const previewed = client({ previews: ["mercy-preview", "symmetra"], baseUrl: `${GHES}/api/v3` });
	await previewed.graphql("{ viewer { login } }");
	assert.is(seen[0].headers.accept, "application/vnd.github.mercy-preview+json,application/vnd.github.symmetra-preview+json");
	// A call's previews replace the client's, as in @octokit/graphql.
	await previewed.graphql("{ viewer { login } }", { mediaType: { previews: ["nebula"] } });
	assert.is(seen[1].headers.accept, "application/vnd.github.nebula-preview+json");
	assert.is(previewed.rest.repos.get.endpoint({ owner: "o", repo: "r" }).headers.accept, "application/vnd.github.v3+json");
});

/** What @octokit/rest 22 (@octokit/core 7) sends for the same call, seen by the same msw server. */
async function sentByOctokit(options, call) {
	const seen = graphqlServer(options.url);
	await call(new Octokit({ ...options.client, log: { warn() {}, info() {}, debug() {}, error() {} } }));
	await call(client(options.client));
	return seen.map(({ headers, ...rest }) => ({ ...rest, headers: { ...headers, "user-agent": "" } }));
}

// [name, client options, url, call]
const PARITY = [
	["a query and variables", {}, `${API}/graphql`, (c) => c.graphql(QUERY, { owner: "o", repo: "r" })],
	["one object with operationName and headers", {}, `${API}/graphql`, (c) => c.graphql({ query: QUERY, operationName: "Q", owner: "o", headers: { "x-a": "1" } })],
	["GHES with previews and a format", { baseUrl: `${GHES}/api/v3`, previews: ["mercy"] }, `${GHES}/api/graphql`, (c) => c.graphql("{ a }", { mediaType: { format: "raw" } })],
	["a call's previews", { previews: ["mercy"] }, `${API}/graphql`, (c) => c.graphql("{ a }", { mediaType: { previews: ["b-preview"] } })],
	["graphql.defaults() with headers and a variable", {}, `${API}/graphql`, (c) => c.graphql.defaults({ headers: { "x-b": "2" }, owner: "d" })("{ a }", { repo: "r" })],
];

for (const [name, options, url, call] of PARITY) {
	sending(`the request @octokit/core sends: ${name}`, async () => {
		const [theirs, ours] = await sentByOctokit({ client: options, url }, call);
		assert.equal(ours, theirs);
	});
}

sending("graphql.endpoint builds POST {baseUrl}/graphql without sending", () => {
	const options = client({ baseUrl: `${GHES}/api/v3` }).graphql.endpoint({ query: "{ a }" });
	assert.is(options.method, "POST");
	assert.is(options.url, `${GHES}/api/v3/graphql`, "as @octokit/graphql's endpoint, which applies the GHES path only when sending");
	assert.equal(options.body, { query: "{ a }" });
	assert.type(options.request.hook, "function");
});

sending("graphql.defaults() returns a new graphql over more defaults; the original is unchanged", async () => {
	const seen = graphqlServer();
	const base = client({ auth: TOKEN });
	const withHeader = base.graphql.defaults({ headers: { "x-team": "core" } });
	assert.type(withHeader.defaults, "function");
	assert.type(withHeader.endpoint, "function");
	await withHeader("{ a }");
	await base.graphql("{ a }");
	assert.is(seen[0].headers["x-team"], "core");
	assert.is(seen[0].headers.authorization, `token ${TOKEN}`, "the hook chain is kept");
	assert.is(seen[1].headers["x-team"], undefined);
	const ghes = base.graphql.defaults({ baseUrl: `${GHES}/api/v3` });
	assert.is(ghes.endpoint.DEFAULTS.baseUrl, `${GHES}/api/v3`);
});

sending.run();

// ---

const failures = suite("client.graphql(): errors");
useServer(failures);

const PARTIAL = {
	data: { repository: null, viewer: { login: "octocat" } },
	errors: [
		{ type: "NOT_FOUND", path: ["repository"], locations: [{ line: 1, column: 3 }], message: "Could not resolve to a Repository with the name 'o/missing'." },
		{ type: "FORBIDDEN", path: ["viewer"], message: "Resource not accessible by integration" },
	],
};

failures("a response with errors rejects with GraphqlResponseError: errors, partial data, headers, request and octokit's message", async () => {
	graphqlServer(undefined, () => PARTIAL);
	const error = await rejection(client().graphql(QUERY, { owner: "o", repo: "missing" }));
	assert.instance(error, GraphqlResponseError);
	assert.instance(error, Error);
	assert.is(error.name, "GraphqlResponseError");
	assert.is(
		error.message,
		"Request failed due to following response errors:\n - Could not resolve to a Repository with the name 'o/missing'.\n - Resource not accessible by integration",
	);
	assert.equal(error.errors, PARTIAL.errors);
	assert.equal(error.data, PARTIAL.data);
	assert.equal(error.response, PARTIAL);
	assert.is(error.headers["x-github-request-id"], "GQL1");
	assert.is(Object.getPrototypeOf(error.headers), Object.prototype);
	assert.equal(error.request, { query: QUERY, variables: { owner: "o", repo: "missing" } });
});

failures("its fields and message are @octokit/graphql's for the same response", async () => {
	graphqlServer(undefined, () => PARTIAL);
	const octokit = new Octokit();
	const theirs = await rejection(octokit.graphql(QUERY, { owner: "o" }));
	const ours = await rejection(client().graphql(QUERY, { owner: "o" }));
	assert.is(theirs.name, "GraphqlResponseError");
	for (const key of ["name", "message", "errors", "data", "response", "request"]) assert.equal(ours[key], theirs[key], key);
	assert.equal(Object.keys(ours.headers).sort(), Object.keys(theirs.headers).sort());
});

// [name, arguments, variable named]
const FORBIDDEN = [
	["query", [QUERY, { query: "x" }], "query"],
	["url", [QUERY, { url: "/other" }], "url"],
	["method", [QUERY, { method: "GET" }], "method"],
];

for (const [name, args, variable] of FORBIDDEN) {
	failures(`a variable named ${name} rejects with octokit's error naming it, and nothing is sent`, async () => {
		const seen = graphqlServer();
		const error = await rejection(client().graphql(...args));
		assert.instance(error, Error);
		assert.is(error.message, `[@octokit/graphql] "${variable}" cannot be used as variable name`);
		const theirs = await rejection(new Octokit().graphql(...args));
		assert.is(error.message, theirs.message);
		assert.is(seen.length, 0);
	});
}

failures("an HTTP error rejects with RequestError, as octokit's does", async () => {
	graphqlServer(undefined, () =>
		HttpResponse.json({ message: "Bad credentials", documentation_url: "https://docs.github.com/graphql" }, { status: 401 }),
	);
	const error = await rejection(client({ auth: TOKEN }).graphql("{ viewer { login } }"));
	assert.instance(error, RequestError);
	assert.is(error.status, 401);
	assert.match(error.message, /Bad credentials/);
	assert.is(error.request.url, `${API}/graphql`);
	assert.is(error.request.headers.authorization, "token [REDACTED]");
	assert.not.match(inspect(error, { depth: Infinity }), TOKEN);
});

failures("a 502 on the POST is not retried by the built-in layer (GraphQL writes are not idempotent)", async () => {
	const seen = graphqlServer(undefined, () => HttpResponse.json({ message: "Bad gateway" }, { status: 502 }));
	const error = await rejection(client().graphql("mutation { a }"));
	assert.is(error.status, 502);
	assert.is(seen.length, 1);
});

failures("no secret in a GraphqlResponseError: the auth token never, a per-call authorization redacted", async () => {
	graphqlServer(undefined, () => PARTIAL);
	const error = await rejection(client({ auth: TOKEN }).graphql("{ a }", { headers: { authorization: `bearer ${TOKEN}` } }));
	assert.instance(error, GraphqlResponseError);
	assert.is(error.request.headers.authorization, "bearer [REDACTED]");
	for (const text of [error.message, inspect(error, { depth: Infinity }), JSON.stringify(error), String(error)]) {
		assert.not.match(text, TOKEN);
	}
	const bare = await rejection(client().graphql("{ a }", { headers: { Authorization: TOKEN } }));
	assert.equal(bare.request.headers, { Authorization: "[REDACTED]" });
	assert.not.match(inspect(bare, { depth: Infinity }), TOKEN);
});

failures("a GraphqlResponseError's request keeps no per-call cookie or proxy credential, nor the token in a variable", async () => {
	graphqlServer(undefined, () => PARTIAL);
	const headers = { authorization: `bearer ${TOKEN}`, Cookie: "session=s3ss10n-value-77", "proxy-authorization": "basic cHJveHk6cGE1NXdvcmQ=" };
	const error = await rejection(client().graphql("query($note: String) { a }", { note: `sent with ${TOKEN}`, headers }));
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.request.headers, { authorization: "bearer [REDACTED]", Cookie: "[REDACTED]", "proxy-authorization": "basic [REDACTED]" });
	assert.equal(error.request.variables, { note: "sent with [REDACTED]" });
	assert.is(error.request.query, "query($note: String) { a }");
});

failures.run();

// ---

const chain = suite("client.graphql(): through hook(\"request\"), auth strategies and octokit's plugins");
useServer(chain);

chain("hook.before, hook.after and hook.wrap see it as POST /graphql", async () => {
	graphqlServer();
	const instance = client();
	const seen = [];
	instance.hook.before("request", (options) => seen.push(["before", options.method, options.url, options.query]));
	instance.hook.after("request", (response) => seen.push(["after", response.status]));
	await instance.graphql("{ a }");
	assert.equal(seen, [["before", "POST", "/graphql", "{ a }"], ["after", 200]]);
});

chain("a token string reaches it as the authorization header", async () => {
	const seen = graphqlServer();
	await client({ auth: TOKEN }).graphql("{ a }");
	assert.is(seen[0].headers.authorization, `token ${TOKEN}`);
});

chain("an auth strategy's token reaches it (@octokit/auth-action, and a strategy of our own)", async () => {
	const seen = graphqlServer();
	const saved = { GITHUB_ACTION: process.env.GITHUB_ACTION, GITHUB_TOKEN: process.env.GITHUB_TOKEN };
	Object.assign(process.env, { GITHUB_ACTION: "run1", GITHUB_TOKEN: TOKEN });
	try {
		await client({ authStrategy: createActionAuth }).graphql("{ a }");
	} finally {
		for (const [name, value] of Object.entries(saved)) {
			if (value === undefined) delete process.env[name];
			else process.env[name] = value;
		}
	}
	assert.is(seen[0].headers.authorization, `token ${TOKEN}`);
	const strategy = () =>
		Object.assign(async () => ({ type: "custom" }), {
			hook: async (request, route, parameters) => {
				const options = request.endpoint.merge(route, parameters);
				options.headers.authorization = "bearer from-strategy";
				return request(options);
			},
		});
	await client({ authStrategy: strategy }).graphql("{ a }");
	assert.is(seen[1].headers.authorization, "bearer from-strategy");
});

chain("the request log writes a line for it", async () => {
	graphqlServer();
	const instance = client();
	await instance.graphql("{ a }");
	assert.equal(instance.lines.debug, ["POST /graphql"]);
	assert.match(instance.lines.info[0], /^POST \/graphql - 200 with id GQL1 in \d+ms$/);
});

chain("@octokit/plugin-retry retries a GraphQL \"Something went wrong\" answer, then resolves", async () => {
	const seen = graphqlServer(undefined, (_body, attempt) =>
		attempt === 1 ? { data: null, errors: [{ message: "Something went wrong while executing your query. Please try again later." }] } : { data: { ok: 1 } },
	);
	const Retrying = Hublet.plugin(retry);
	const instance = new Retrying({ retry: { retryAfterBaseValue: 1 }, log: capturingLog().log });
	assert.equal(await instance.graphql("{ a }"), { ok: 1 });
	assert.is(seen.length, 2);
});

chain("@octokit/plugin-throttling sees a RATE_LIMITED answer: onRateLimit gets the /graphql options, and its retry succeeds", async () => {
	const reset = String(Math.floor(Date.now() / 1000));
	const seen = graphqlServer(undefined, (_body, attempt) =>
		attempt === 1
			? HttpResponse.json({ errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded" }] }, { headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset } })
			: { data: { ok: 2 } },
	);
	// The plugin spaces GraphQL calls (writes) 1 s apart per id, so its retry takes a second; an id
	// of its own keeps this client from waiting on another test's.
	const throttle = { id: "graphql-retry", onRateLimit: sinon.spy(() => true), onSecondaryRateLimit: sinon.spy(() => false), retryAfterBaseValue: 1 };
	const Throttled = Hublet.plugin(throttling);
	const instance = new Throttled({ throttle, log: capturingLog().log });
	assert.equal(await instance.graphql("{ a }"), { ok: 2 });
	assert.is(seen.length, 2);
	assert.is(throttle.onRateLimit.callCount, 1);
	const [, options] = throttle.onRateLimit.firstCall.args;
	assert.is(options.method, "POST");
	assert.is(options.url, "/graphql");
});

chain("@octokit/plugin-throttling: a handler that declines lets the plugin's error through", async () => {
	graphqlServer(undefined, () => ({ errors: [{ type: "RATE_LIMITED", message: "API rate limit exceeded" }] }));
	const throttle = { id: "graphql-decline", onRateLimit: sinon.spy(() => false), onSecondaryRateLimit: sinon.spy(() => false), retryAfterBaseValue: 1 };
	const instance = new (Hublet.plugin(throttling))({ throttle, log: capturingLog().log });
	const error = await rejection(instance.graphql("{ a }"));
	assert.is(error.message, "GraphQL Rate Limit Exceeded");
	assert.is(throttle.onRateLimit.callCount, 1);
});


chain.run();
