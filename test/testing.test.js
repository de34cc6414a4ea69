// @hublet/rest/testing: mockClient(handlers) is a real client whose transport answers from
// handlers. Everything above the transport runs for real; nothing reaches a socket.
// Run alone: node test/testing.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from "node:fs";
import net from "node:net";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { Hublet as CoreHublet } from "../dist/core.js";
import { Hublet, RequestError } from "../dist/index.js";
import { mockClient } from "../dist/testing.js";
import { capturingLog, rejection } from "./helpers/client.js";

const quiet = () => ({ log: capturingLog().log });
const owner = "o";
const repo = "r";

const test = suite("mockClient");

test("a method name's handler answers that method, with status 200 unless given", async () => {
	const { client } = mockClient({ "repos.get": { data: { full_name: "o/r" } }, "issues.create": { status: 201, data: { number: 7 } } }, quiet());
	const got = await client.rest.repos.get({ owner, repo });
	assert.is(got.status, 200);
	assert.equal(got.data, { full_name: "o/r" });
	assert.is(got.headers["content-type"], "application/json; charset=utf-8");
	const created = await client.rest.issues.create({ owner, repo, title: "Hello" });
	assert.is(created.status, 201);
	assert.is(created.data.number, 7);
});

test("a route's handler answers a method, request() with the template, and request() with a concrete path", async () => {
	const { client, calls } = mockClient({ "GET /repos/{owner}/{repo}": { data: { id: 1 } } }, quiet());
	await client.rest.repos.get({ owner, repo });
	await client.request("GET /repos/{owner}/{repo}", { owner, repo });
	await client.request("GET /repos/o/r");
	assert.equal(
		calls.map(({ method, route, params }) => ({ method, route, params })),
		[
			{ method: "repos.get", route: "GET /repos/{owner}/{repo}", params: { owner, repo } },
			{ method: "repos.get", route: "GET /repos/{owner}/{repo}", params: { owner, repo } },
			{ method: "repos.get", route: "GET /repos/{owner}/{repo}", params: { owner, repo } },
		],
	);
});

test("a concrete path is matched to its most specific route", async () => {
	const { client, calls } = mockClient({ "issues.listCommentsForRepo": { data: [] }, "issues.get": { data: {} } }, quiet());
	await client.request("GET /repos/o/r/issues/comments");
	await client.request("GET /repos/o/r/issues/5");
	assert.equal(
		calls.map(({ method, params }) => [method, params]),
		[
			["issues.listCommentsForRepo", { owner, repo }],
			["issues.get", { owner, repo, issue_number: "5" }],
		],
	);
});

test("a function handler gets the call's parameters and the redacted request, sync or async", async () => {
	const seen = [];
	const { client } = mockClient(
		{
			"issues.get": (params, request) => {
				seen.push({ params, request });
				return { data: { number: params.issue_number } };
			},
			"issues.update": async (params) => ({ data: { title: params.title } }),
		},
		{ auth: "ghp_handlersecret", ...quiet() },
	);
	assert.is((await client.rest.issues.get({ owner, repo, issue_number: 3 })).data.number, 3);
	assert.is((await client.rest.issues.update({ owner, repo, issue_number: 3, title: "New" })).data.title, "New");
	assert.equal(seen[0].params, { owner, repo, issue_number: 3 });
	assert.is(seen[0].request.method, "issues.get");
	assert.is(seen[0].request.route, "GET /repos/{owner}/{repo}/issues/{issue_number}");
	assert.is(seen[0].request.url, "https://api.github.com/repos/o/r/issues/3");
	assert.is(seen[0].request.headers.authorization, "token [REDACTED]");
});

test("pages are served with Link headers that paginate walks", async () => {
	const { client, calls } = mockClient({ "GET /repos/{owner}/{repo}/issues": { pages: [[{ number: 1 }, { number: 2 }], [{ number: 3 }], [{ number: 4 }]] } }, quiet());
	const first = await client.rest.issues.listForRepo({ owner, repo, per_page: 2 });
	assert.is(
		first.headers.link,
		'<https://api.github.com/repos/o/r/issues?per_page=2&page=2>; rel="next", <https://api.github.com/repos/o/r/issues?per_page=2&page=3>; rel="last"',
	);
	calls.length = 0;
	const numbers = await client.paginate(client.rest.issues.listForRepo, { owner, repo, per_page: 2 }, (page) => page.data.map((issue) => issue.number));
	assert.equal(numbers, [1, 2, 3, 4]);
	assert.equal(
		calls.map(({ method, params }) => [method, params.page]),
		[
			["issues.listForRepo", undefined],
			["issues.listForRepo", 2],
			["issues.listForRepo", 3],
		],
	);
	const pages = [];
	for await (const page of client.paginate.iterator("GET /repos/{owner}/{repo}/issues", { owner, repo })) pages.push(page.data.length);
	assert.equal(pages, [2, 1, 1]);
});

test("a page may be a whole body: a search's pages are unwrapped by paginate", async () => {
	const { client } = mockClient({ "search.repos": { pages: [{ total_count: 2, items: [{ id: 1 }] }, { total_count: 2, items: [{ id: 2 }] }] } }, quiet());
	const found = await client.paginate(client.rest.search.repos, { q: "hublet" });
	assert.equal(found.map((item) => item.id), [1, 2]);
});

test("a status of 400 or more rejects with the package's RequestError, as a server's would", async () => {
	const { client } = mockClient(
		{ "repos.get": { status: 404 }, "issues.create": { status: 422, data: { message: "Validation Failed", errors: [{ field: "title", code: "missing" }] } } },
		quiet(),
	);
	const notFound = await rejection(client.rest.repos.get({ owner, repo }));
	assert.ok(notFound instanceof RequestError);
	assert.is(notFound.status, 404);
	assert.is(notFound.code, "HTTP_ERROR");
	assert.is(notFound.message, "Not Found");
	assert.equal(notFound.response.data, { message: "Not Found" });
	const invalid = await rejection(client.rest.issues.create({ owner, repo, title: "" }));
	assert.is(invalid.status, 422);
	assert.is(invalid.message, 'Validation Failed: {"field":"title","code":"missing"}');
});

test("a 429 is a rate limit, retried by the real policy, with no backoff wait in tests", async () => {
	let attempts = 0;
	const { client, calls } = mockClient(
		{ "repos.get": () => (++attempts < 3 ? { status: 429, headers: { "retry-after": 0 } } : { data: { id: 1 } }) },
		quiet(),
	);
	assert.equal((await client.rest.repos.get({ owner, repo })).data, { id: 1 });
	assert.is(calls.length, 3);
	const { client: noRetries } = mockClient({ "repos.get": { status: 429, headers: { "retry-after": 0 } } }, { retry: false, ...quiet() });
	const limited = await rejection(noRetries.rest.repos.get({ owner, repo }));
	assert.is(limited.code, "RATE_LIMITED");
});

test("a handler that throws is a network failure", async () => {
	const { client } = mockClient(
		{
			"issues.create": () => {
				throw new Error("connection reset");
			},
		},
		quiet(),
	);
	const error = await rejection(client.rest.issues.create({ owner, repo, title: "x" }));
	assert.ok(error instanceof RequestError);
	assert.is(error.code, "NETWORK_ERROR");
	assert.match(error.message, "connection reset");
});

test("a call with no handler rejects naming the method and its parameters, and the key to add", async () => {
	const { client, calls } = mockClient({ "repos.get": { data: {} } }, quiet());
	const error = await rejection(client.rest.pulls.get({ owner, repo, pull_number: 1 }));
	assert.not.ok(error instanceof RequestError);
	assert.is(
		error.message,
		'mockClient has no handler for rest.pulls.get({"owner":"o","repo":"r","pull_number":1}) (GET /repos/{owner}/{repo}/pulls/{pull_number}). Add one: mockClient({ "pulls.get": { status: 200, data: … } })',
	);
	const unknownRoute = await rejection(client.request("GET /nothing/{here}", { here: "x" }));
	assert.match(unknownRoute.message, 'mockClient has no handler for GET /nothing/{here} with {"here":"x"}. Add one: mockClient({ "GET /nothing/{here}"');
	assert.is(calls.length, 0);
});

test("calls hold method, route, params and headers, and never a credential", async () => {
	const { client, calls } = mockClient({ "POST /applications/{client_id}/token": { data: {} }, "repos.get": { data: {} } }, { auth: "ghp_callssecret", ...quiet() });
	await client.rest.repos.get({ owner, repo, headers: { "x-extra": "1" } });
	await client.rest.apps.checkToken({ client_id: "id", access_token: "gho_usertoken" });
	assert.equal(calls[0], {
		method: "repos.get",
		route: "GET /repos/{owner}/{repo}",
		params: { owner, repo },
		headers: { accept: "application/vnd.github.v3+json", "user-agent": calls[0].headers["user-agent"], "x-extra": "1", authorization: "token [REDACTED]" },
	});
	assert.is(calls[1].method, "apps.checkToken");
	assert.is(calls[1].params.access_token, "[REDACTED]");
	const text = JSON.stringify(calls);
	assert.not.ok(text.includes("ghp_callssecret"));
	assert.not.ok(text.includes("gho_usertoken"));
});

test("validation runs: a missing parameter rejects before anything reaches the transport", async () => {
	const { client, calls } = mockClient({ "repos.get": { data: {} } }, quiet());
	const error = await rejection(client.rest.repos.get({ owner }));
	assert.is(error.code, "INVALID_REQUEST");
	assert.is(error.message, 'Missing required parameter for rest.repos.get(): "repo"');
	assert.is(calls.length, 0);
	assert.is(client.rest.repos.get.endpoint({ owner, repo }).url, "https://api.github.com/repos/o/r");
});

test("hooks and plugins of the client's class run, and their headers reach the transport", async () => {
	const plugin = (client) => {
		client.hook.before("request", (options) => {
			options.headers["x-plugin"] = "yes";
		});
		return { greet: () => "hi" };
	};
	const MyHublet = Hublet.plugin(plugin).defaults({ userAgent: "my-app/1.0" });
	const { client, calls } = mockClient({ "repos.get": { data: {} } }, { Hublet: MyHublet, ...quiet() });
	await client.rest.repos.get({ owner, repo });
	assert.is(client.greet(), "hi");
	assert.ok(client instanceof MyHublet);
	assert.is(calls[0].headers["x-plugin"], "yes");
	assert.match(calls[0].headers["user-agent"], /^my-app\/1\.0 /);
});

test("a core client over a route subset is mocked the same way", async () => {
	const Small = CoreHublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } });
	const { client, calls } = mockClient({ "repos.get": { data: { id: 9 } } }, { Hublet: Small, ...quiet() });
	assert.is((await client.rest.repos.get({ owner, repo })).data.id, 9);
	assert.is(calls[0].method, "repos.get");
	assert.throws(() => mockClient({ "issues.get": { data: {} } }, { Hublet: Small }), /"issues\.get" is no method of this client/);
});

test("a request an auth strategy makes outside the hooks is matched by its URL", async () => {
	const authStrategy = ({ request }) =>
		Object.assign(async () => ({ type: "token" }), {
			hook: async (next, route, parameters) => {
				const { data } = await request("POST /app/installations/{installation_id}/access_tokens", { installation_id: 42 });
				const endpoint = next.endpoint.merge(route, parameters);
				endpoint.headers.authorization = `token ${data.token}`;
				return next(endpoint);
			},
		});
	const { client, calls } = mockClient(
		{ "apps.createInstallationAccessToken": { status: 201, data: { token: "ghs_installation" } }, "repos.get": { data: {} } },
		{ authStrategy, ...quiet() },
	);
	await client.rest.repos.get({ owner, repo });
	assert.equal(
		calls.map(({ method, params, headers }) => [method, params, headers.authorization]),
		[
			["apps.createInstallationAccessToken", { installation_id: "42" }, undefined],
			["repos.get", { owner, repo }, "token [REDACTED]"],
		],
	);
});

test("keys and handlers are checked when the client is made", () => {
	assert.throws(() => mockClient({ "zzz.qqqqqqq": { data: {} } }), /"zzz\.qqqqqqq" is no method of this client: a key is a method name such as "repos\.get" or a route/);
	assert.throws(() => mockClient({ "repos.get": { data: {} }, "GET /repos/{owner}/{repo}": { data: {} } }), /"GET \/repos\/\{owner\}\/\{repo\}" and "repos\.get" both answer GET \/repos\/\{owner\}\/\{repo\}/);
	assert.throws(() => mockClient({ "repos.get": { body: {} } }), /the handler for "repos\.get" has "body": a response has only status, headers and data/);
	assert.throws(() => mockClient({ "repos.get": { status: 99 } }), /has status 99/);
	assert.throws(() => mockClient({ "repos.get": [] }), /is an array/);
	assert.throws(() => mockClient({ "repos.get": { pages: [1] } }), /has `pages` that is not a list of pages/);
});

test("a misspelt method key names the closest method", () => {
	for (const [key, meant] of [
		["repos.gte", "repos.get"],
		["repo.get", "repos.get"],
		["issues.listForRepos", "issues.listForRepo"],
		["pulls.Create", "pulls.create"],
	]) {
		assert.throws(() => mockClient({ [key]: { data: {} } }), (error) => error instanceof TypeError && error.message.startsWith(`mockClient: "${key}" is no method of this client (did you mean "${meant}"?): a key is`), key);
	}
});

test("the request log is silent by default; requestLog: true turns it on", async () => {
	const printed = [];
	const { error, info } = console;
	console.error = (...args) => printed.push(args.join(" "));
	console.info = (...args) => printed.push(args.join(" "));
	try {
		const { client } = mockClient({ "repos.get": { status: 404 }, "users.getAuthenticated": { data: { login: "octocat" } } });
		await client.rest.users.getAuthenticated();
		await rejection(client.rest.repos.get({ owner, repo }));
	} finally {
		Object.assign(console, { error, info });
	}
	assert.equal(printed, []);
	const { log, lines } = capturingLog();
	const { client } = mockClient({ "repos.get": { status: 404 } }, { log, requestLog: true });
	await rejection(client.rest.repos.get({ owner, repo }));
	assert.equal(lines.error.length, 1);
	assert.match(lines.error[0], /^GET \/repos\/o\/r - 404 with id /);
});

test("the client class may be given as Octokit, octokit's name for it", async () => {
	const MyOctokit = Hublet.plugin(() => ({ hello: () => "world" }));
	const { client } = mockClient({ "repos.get": { data: { id: 1 } } }, { ...quiet(), Octokit: MyOctokit });
	assert.is(client.hello(), "world");
	assert.equal((await client.rest.repos.get({ owner, repo })).data, { id: 1 });
});

test("no socket is opened: the global fetch and net.Socket are never used", async () => {
	const realFetch = globalThis.fetch;
	const realConnect = net.Socket.prototype.connect;
	const used = [];
	globalThis.fetch = () => {
		used.push("fetch");
		throw new Error("the real fetch was called");
	};
	net.Socket.prototype.connect = function (...args) {
		used.push("connect");
		return realConnect.apply(this, args);
	};
	const before = process.getActiveResourcesInfo().filter((name) => /TCP|Socket|Pipe/i.test(name)).length;
	try {
		const { client } = mockClient({ "repos.get": { data: {} }, "issues.listForRepo": { pages: [[{}], [{}]] }, "pulls.get": { status: 404 } }, quiet());
		await client.rest.repos.get({ owner, repo });
		await client.paginate(client.rest.issues.listForRepo, { owner, repo });
		await rejection(client.rest.pulls.get({ owner, repo, pull_number: 1 }));
		const after = process.getActiveResourcesInfo().filter((name) => /TCP|Socket|Pipe/i.test(name)).length;
		assert.equal(used, []);
		assert.is(after, before);
	} finally {
		globalThis.fetch = realFetch;
		net.Socket.prototype.connect = realConnect;
	}
});

test("the same scenarios pass under node:test", () => {
	const result = spawnSync(process.execPath, ["--test", "--test-reporter=tap", "test/fixtures/testing/node-test.mjs"], { encoding: "utf8" });
	assert.is(result.status, 0, result.stdout + result.stderr);
	assert.match(result.stdout, /^# pass 3$/m);
	assert.match(result.stdout, /^# fail 0$/m);
});

test("the example of docs/testing.md passes under node:test, as written", () => {
	const page = readFileSync("docs/testing.md", "utf8");
	const example = /^# Testing your code[^\n]*\n[\s\S]*?```js\n([\s\S]*?)```/m.exec(page)[1];
	const project = mkdtempSync(join(tmpdir(), "hublet-testing-readme-"));
	mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");
	writeFileSync(join(project, "example.test.mjs"), example);
	const result = spawnSync(process.execPath, ["--test", "--test-reporter=tap", "example.test.mjs"], { cwd: project, encoding: "utf8" });
	assert.is(result.status, 0, result.stdout + result.stderr);
	assert.match(result.stdout, /^# pass 1$/m);
});

test("an application's bundle of the full entry carries none of the test kit", async () => {
	const project = mkdtempSync(join(tmpdir(), "hublet-testing-bundle-"));
	mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
	symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");
	writeFileSync(join(project, "app.js"), 'import { Hublet } from "@hublet/rest";\nexport const client = new Hublet();\n');
	const result = await build({ entryPoints: [join(project, "app.js")], bundle: true, write: false, format: "esm", platform: "browser", logLevel: "silent" });
	const bundle = result.outputFiles[0].text;
	// The kit's own names (the build keeps names): a bundle of the app that had them would carry the kit.
	const kit = readFileSync("dist/testing.js", "utf8");
	const names = ["function mockClient", "function checkHandler", "function pageOf"];
	assert.ok(names.every((name) => kit.includes(name)));
	assert.ok(bundle.includes("Missing required "), "the bundle holds the client");
	for (const name of names) assert.not.ok(bundle.includes(name), name);
	assert.not.ok(readFileSync("dist/index.js", "utf8").includes("mockClient"));
});

test.run();
