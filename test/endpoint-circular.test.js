// Issue 11 item 3 (first case): a circular object inside `request` options, such as a context
// that a plugin keeps there and that refers to itself, must not overflow the stack in merge,
// parse or defaults. The call proceeds, and the hook receives the very same object, as in octokit.
// Run: node test/endpoint-circular.test.js
import { Octokit } from "@octokit/rest";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { testClient } from "./helpers/client.js";
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const owner = "octokit";
const repo = "rest.js";

function circularContext(name = "ctx") {
	const context = { name, children: [], seen: new Map() };
	context.self = context;
	context.children.push({ parent: context });
	context.seen.set("root", context);
	return context;
}

/** A client whose hook records the `request.context` each request arrives with. */
function recordingClient(options = {}) {
	const { client } = testClient(options);
	const contexts = [];
	client.hook.wrap("request", (request, requestOptions) => {
		contexts.push(requestOptions.request?.context);
		return request(requestOptions);
	});
	return { client, contexts };
}

function repoServer() {
	const calls = [];
	server.use(
		http.get(`${API}/repos/${owner}/${repo}`, ({ request }) => {
			calls.push(request.url);
			return HttpResponse.json({ full_name: `${owner}/${repo}` });
		}),
		http.post(`${API}/graphql`, () => HttpResponse.json({ data: { ok: true } })),
	);
	return calls;
}

// ---

const calls = suite("a circular context in request options: calls proceed (issue 11)");
useServer(calls);

calls("client.request(): the call is sent and the hook gets the same object", async () => {
	const sent = repoServer();
	const { client, contexts } = recordingClient();
	const context = circularContext();
	const { data } = await client.request("GET /repos/{owner}/{repo}", { owner, repo, request: { context } });
	assert.is(data.full_name, `${owner}/${repo}`);
	assert.equal(sent, [`${API}/repos/${owner}/${repo}`]);
	assert.is(contexts[0], context);
});

calls("client.rest.repos.get(): the same", async () => {
	repoServer();
	const { client, contexts } = recordingClient();
	const context = circularContext();
	await client.rest.repos.get({ owner, repo, request: { context } });
	assert.is(contexts[0], context);
});

calls("a context in the constructor's request options, and the same one again in a call", async () => {
	repoServer();
	const context = circularContext();
	const { client, contexts } = recordingClient({ request: { context } });
	await client.rest.repos.get({ owner, repo });
	await client.rest.repos.get({ owner, repo, request: { context } });
	assert.equal(contexts.length, 2);
	assert.is(contexts[0], context);
	assert.is(contexts[1], context);
});

calls("a context in request.defaults(), and another circular one in a call: the call's wins", async () => {
	repoServer();
	const { client, contexts } = recordingClient();
	const first = circularContext("first");
	const second = circularContext("second");
	const withContext = client.request.defaults({ request: { context: first } });
	await withContext("GET /repos/{owner}/{repo}", { owner, repo });
	await withContext("GET /repos/{owner}/{repo}", { owner, repo, request: { context: second } });
	assert.is(contexts[0], first);
	assert.is(contexts[1].name, "second");
	assert.is(contexts[1].seen, second.seen);
});

calls("client.graphql(): the same", async () => {
	repoServer();
	const { client, contexts } = recordingClient();
	const context = circularContext();
	assert.equal(await client.graphql("{ a }", { request: { context } }), { ok: true });
	assert.is(contexts[0], context);
});

calls("as @octokit/core does with the same call", async () => {
	repoServer();
	const octokit = new Octokit();
	const context = circularContext();
	let seen;
	octokit.hook.wrap("request", (request, options) => {
		seen = options.request.context;
		return request(options);
	});
	await octokit.request("GET /repos/{owner}/{repo}", { owner, repo, request: { context } });
	assert.is(seen, context);
});

calls.run();

// ---

const endpoints = suite("a circular context in request options: .endpoint() (issue 11)");

endpoints("method.endpoint() and endpoint.merge() return it as the same object", () => {
	const { client } = testClient();
	const context = circularContext();
	const options = client.rest.repos.get.endpoint({ owner, repo, request: { context } });
	assert.is(options.url, `${API}/repos/${owner}/${repo}`);
	assert.is(options.request.context, context);
	assert.is(client.rest.repos.get.endpoint.merge({ owner, repo, request: { context } }).request.context, context);
	assert.is(client.request.endpoint("GET /", { request: { context } }).request.context, context);
});

endpoints("endpoint.defaults() and parse(): the same", () => {
	const { client } = testClient();
	const context = circularContext();
	const withContext = client.request.endpoint.defaults({ request: { context } });
	assert.is(withContext.DEFAULTS.request.context, context);
	assert.is(withContext("GET /user", { request: { context } }).request.context, context);
	assert.is(withContext.parse(withContext.merge("GET /user")).request.context, context);
});

endpoints.run();
