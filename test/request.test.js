import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Readable } from "node:stream";
import { testClient } from "./helpers/client.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";

const request = suite("client.request");
useServer(request);

request("request(route, params) and request(options) send the same request", async () => {
	const seen = [];
	server.use(
		http.get(`${API}/repos/:owner/:repo`, ({ request, params }) => {
			seen.push([request.headers.get("accept"), request.headers.get("user-agent"), params.owner, params.repo]);
			return HttpResponse.json({ full_name: `${params.owner}/${params.repo}` });
		}),
	);
	const { client } = testClient();
	const a = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	const b = await client.request({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o", repo: "r" });
	assert.equal(a, b);
	assert.equal(a.data, { full_name: "o/r" });
	assert.is(a.status, 200);
	assert.is(a.url, `${API}/repos/o/r`);
	assert.is(a.headers["content-type"], "application/json");
	assert.is(seen.length, 2);
	assert.match(seen[0][1], /^hublet-rest\.js\//);
});

request("request.endpoint is callable with DEFAULTS, defaults, merge and parse", () => {
	const { client } = testClient();
	const { endpoint } = client.request;
	assert.type(endpoint, "function");
	assert.is(endpoint.DEFAULTS.baseUrl, API);
	const options = endpoint("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal(Object.keys(options), ["method", "url", "headers", "request"]);
	assert.equal(endpoint.parse(endpoint.merge("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })), options);
	assert.is(endpoint.defaults({ baseUrl: "https://x.test" }).DEFAULTS.baseUrl, "https://x.test");
});

request("request.defaults() returns a request that keeps the hook chain", async () => {
	server.use(http.get(`${API}/user`, ({ request }) => HttpResponse.json({ auth: request.headers.get("authorization"), x: request.headers.get("x-extra") })));
	const { client } = testClient({ auth: "ghp_abc" });
	let wrapped = 0;
	client.hook.before("request", () => {
		wrapped += 1;
	});
	const withHeader = client.request.defaults({ headers: { "x-extra": "1" } });
	const { data } = await withHeader("GET /user");
	assert.equal(data, { auth: "token ghp_abc", x: "1" });
	assert.is(wrapped, 1);
});

request("every endpoint method is itself a request with endpoint and defaults", async () => {
	server.use(http.get(`${API}/repos/o/r`, ({ request }) => HttpResponse.json({ accept: request.headers.get("accept") })));
	const { client } = testClient();
	const raw = client.rest.repos.get.defaults({ mediaType: { format: "raw" } });
	assert.equal((await raw({ owner: "o", repo: "r" })).data, { accept: "application/vnd.github.v3.raw" });
	assert.type(client.rest.repos.get.endpoint.merge, "function");
});

request("custom request.fetch is used, per client and per call", async () => {
	const calls = [];
	const fetch = async (input, init) => {
		calls.push(typeof input === "string" ? input : input.url);
		return new Response(JSON.stringify({ via: "custom" }), { headers: { "content-type": "application/json" } });
	};
	const { client } = testClient({ request: { fetch } });
	assert.equal((await client.rest.repos.get({ owner: "o", repo: "r" })).data, { via: "custom" });
	const other = testClient().client;
	assert.equal((await other.request("GET /x", { request: { fetch } })).data, { via: "custom" });
	assert.equal(calls, [`${API}/repos/o/r`, `${API}/x`]);
});

request("request.redirect manual returns the 302 with its location instead of following it", async () => {
	let followed = false;
	server.use(
		http.get(`${API}/r`, () => new HttpResponse(null, { status: 302, headers: { location: `${API}/elsewhere` } })),
		http.get(`${API}/elsewhere`, () => {
			followed = true;
			return HttpResponse.json({});
		}),
	);
	const { client } = testClient();
	const response = await client.request("GET /r", { request: { redirect: "manual" } });
	assert.is(response.status, 302);
	assert.is(response.headers.location, `${API}/elsewhere`);
	assert.not.ok(followed);
});

request.run();
// ---

const responses = suite("responses");
useServer(responses);

responses("a JSON body is parsed, headers are a plain object with lowercase names", async () => {
	server.use(http.get(`${API}/j`, () => HttpResponse.json([1, 2], { headers: { "X-GitHub-Request-Id": "ID1", Link: "<x>; rel=\"next\"" } })));
	const { client } = testClient();
	const response = await client.request("GET /j");
	assert.equal(response.data, [1, 2]);
	assert.is(Object.getPrototypeOf(response.headers), Object.prototype);
	assert.is(response.headers["x-github-request-id"], "ID1");
	assert.is(response.headers.link, '<x>; rel="next"');
});

responses("a text body is text, and +json types are JSON", async () => {
	server.use(
		http.get(`${API}/t`, () => HttpResponse.text("diff --git a b")),
		http.get(`${API}/sarif`, () => new HttpResponse('{"version":"2.1.0"}', { headers: { "content-type": "application/sarif+json" } })),
	);
	const { client } = testClient();
	assert.is((await client.request("GET /t")).data, "diff --git a b");
	assert.equal((await client.request("GET /sarif")).data, { version: "2.1.0" });
});

responses("binary content is an ArrayBuffer (actions.downloadWorkflowRunAttemptLogs follows its redirect)", async () => {
	const zip = new Uint8Array([0x50, 0x4b, 0x03, 0x04, 0xff]);
	server.use(
		http.get(`${API}/repos/o/r/actions/runs/1/attempts/2/logs`, () =>
			new HttpResponse(null, { status: 302, headers: { location: "https://pipelines.example.test/logs.zip?sig=secret" } }),
		),
		http.get("https://pipelines.example.test/logs.zip", () => new HttpResponse(zip, { headers: { "content-type": "application/zip" } })),
	);
	const { client } = testClient();
	const response = await client.rest.actions.downloadWorkflowRunAttemptLogs({ owner: "o", repo: "r", run_id: 1, attempt_number: 2 });
	assert.instance(response.data, ArrayBuffer);
	assert.equal([...new Uint8Array(response.data)], [...zip]);
	assert.is(response.url, "https://pipelines.example.test/logs.zip?sig=secret");
	assert.is(response.status, 200);
});

responses('204, 205 and HEAD give data ""', async () => {
	server.use(
		http.put(`${API}/user/starred/o/r`, () => new HttpResponse(null, { status: 204 })),
		http.post(`${API}/reset`, () => new HttpResponse(null, { status: 205 })),
		http.head(`${API}/repos/o/r`, () => new HttpResponse(null, { status: 200, headers: { etag: '"e"' } })),
	);
	const { client } = testClient();
	const starred = await client.rest.activity.starRepoForAuthenticatedUser({ owner: "o", repo: "r" });
	assert.equal([starred.status, starred.data], [204, ""]);
	assert.equal((await client.request("POST /reset")).data, "");
	const head = await client.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal([head.status, head.data, head.headers.etag], [200, "", '"e"']);
});

responses("parseSuccessResponseBody: false gives the body stream", async () => {
	server.use(http.get(`${API}/big`, () => HttpResponse.text("streamed")));
	const { client } = testClient();
	const response = await client.request("GET /big", { request: { parseSuccessResponseBody: false } });
	assert.instance(response.data, ReadableStream);
	assert.is(await new Response(response.data).text(), "streamed");
});

responses("an empty JSON body on a success is data \"\"", async () => {
	server.use(http.put(`${API}/empty`, () => new HttpResponse("", { status: 200, headers: { "content-type": "application/json" } })));
	const { client } = testClient();
	assert.is((await client.request("PUT /empty")).data, "");
});

responses.run();
// ---

const uploads = suite("uploads");
useServer(uploads);

uploads("repos.uploadReleaseAsset sends a Buffer to uploads.github.com with content-type and content-length", async () => {
	let seen;
	server.use(
		http.post("https://uploads.github.com/repos/o/r/releases/1/assets", async ({ request }) => {
			const bytes = new Uint8Array(await request.arrayBuffer());
			seen = {
				name: new URL(request.url).searchParams.get("name"),
				type: request.headers.get("content-type"),
				length: request.headers.get("content-length"),
				bytes: [...bytes],
			};
			return HttpResponse.json({ id: 9, name: seen.name }, { status: 201 });
		}),
	);
	const { client } = testClient();
	const data = Buffer.from([1, 2, 3, 4]);
	const response = await client.rest.repos.uploadReleaseAsset({
		owner: "o",
		repo: "r",
		release_id: 1,
		name: "app.bin",
		data,
		headers: { "content-type": "application/octet-stream", "content-length": data.length },
	});
	assert.is(response.status, 201);
	assert.equal(seen, { name: "app.bin", type: "application/octet-stream", length: "4", bytes: [1, 2, 3, 4] });
});

uploads("a stream body is streamed", async () => {
	let received;
	server.use(
		http.post("https://uploads.github.com/repos/o/r/releases/1/assets", async ({ request }) => {
			received = await request.text();
			return HttpResponse.json({ id: 1 }, { status: 201 });
		}),
	);
	const { client } = testClient();
	await client.rest.repos.uploadReleaseAsset({
		owner: "o",
		repo: "r",
		release_id: 1,
		name: "log.txt",
		data: Readable.from([Buffer.from("part one, "), Buffer.from("part two")]),
		headers: { "content-type": "text/plain" },
	});
	assert.is(received, "part one, part two");
});

uploads.run();
