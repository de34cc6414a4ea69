import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError } from "../dist/index.js";
import { testClient } from "./helpers/client.js";
import { server, http, HttpResponse, delay, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const unhandled = [];
process.on("unhandledRejection", (reason) => unhandled.push(reason));

const errors = suite("RequestError");
useServer(errors);

errors("a 404 rejects with HttpError, status, response and a redacted request", async () => {
	server.use(
		http.get(`${API}/repos/o/missing`, () =>
			HttpResponse.json({ message: "Not Found", documentation_url: "https://docs.github.com/rest" }, { status: 404, headers: { "x-github-request-id": "R1" } }),
		),
	);
	const { client } = testClient({ auth: "ghp_topsecret" });
	const error = await client.rest.repos.get({ owner: "o", repo: "missing" }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.instance(error, Error);
	assert.is(error.name, "HttpError");
	assert.is(error.status, 404);
	assert.is(error.message, "Not Found - https://docs.github.com/rest");
	assert.is(error.response.status, 404);
	assert.is(error.response.headers["x-github-request-id"], "R1");
	assert.equal(error.response.data, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
	assert.is(error.request.method, "GET");
	assert.is(error.request.url, `${API}/repos/o/missing`);
	assert.is(error.request.headers.authorization, "token [REDACTED]");
	assert.not.match(JSON.stringify(error.request) + error.message + error.stack, /topsecret/);
});

errors("a 422 message carries the server's detail (spec §7)", async () => {
	server.use(
		http.post(`${API}/repos/o/r/issues`, () =>
			HttpResponse.json(
				{
					message: "Validation Failed",
					errors: [{ resource: "Issue", code: "missing_field", field: "title" }],
					documentation_url: "https://docs.github.com/rest/issues/issues#create-an-issue",
				},
				{ status: 422 },
			),
		),
	);
	const { client } = testClient();
	const error = await client.rest.issues.create({ owner: "o", repo: "r", title: "" }).catch((e) => e);
	assert.is(error.status, 422);
	assert.is(
		error.message,
		'Validation Failed: {"resource":"Issue","code":"missing_field","field":"title"} - https://docs.github.com/rest/issues/issues#create-an-issue',
	);
});

errors("a 304 rejects with Not modified", async () => {
	server.use(http.get(`${API}/repos/o/r`, () => new HttpResponse(null, { status: 304 })));
	const { client } = testClient();
	const error = await client.rest.repos.get({ owner: "o", repo: "r", headers: { "if-none-match": '"etag"' } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.equal([error.status, error.message], [304, "Not modified"]);
});

errors("client_secret and access_token are redacted from error.request url and body", async () => {
	server.use(
		http.post(`${API}/login/oauth/access_token`, () => HttpResponse.json({ message: "Bad" }, { status: 401 })),
		http.delete(`${API}/applications/c/grant`, () => HttpResponse.json({ message: "Bad" }, { status: 401 })),
	);
	const { client } = testClient();
	const a = await client.request("POST /login/oauth/access_token{?client_secret,access_token}", { client_secret: "cs123", access_token: "at456" }).catch((e) => e);
	assert.match(a.request.url, /client_secret=\[REDACTED\]/);
	assert.match(a.request.url, /access_token=\[REDACTED\]/);
	const b = await client.rest.apps.deleteAuthorization({ client_id: "c", access_token: "at789" }).catch((e) => e);
	assert.match(JSON.stringify(b.request.body), /\[REDACTED\]/);
	assert.not.match(JSON.stringify([a.request, b.request, a.message, b.message]), /cs123|at456|at789/);
});

errors("a credential header named in any case is redacted from error.request and from the server's echo", () => {
	const token = "Zq7-t0ken-Xw93kLm2PqRst";
	const error = new RequestError("Bad credentials", 401, {
		request: { method: "GET", url: `${API}/user`, headers: { Authorization: `token ${token}`, COOKIE: "session=a1b2c3d4e5" } },
		response: { status: 401, url: `${API}/user`, headers: {}, data: { received: token, cookie: "session=a1b2c3d4e5" } },
	});
	assert.equal(error.request.headers, { Authorization: "token [REDACTED]", COOKIE: "[REDACTED]" });
	assert.equal(error.response.data, { received: "[REDACTED]", cookie: "[REDACTED]" });
});

errors("a network failure is status 500 with no response and the cause kept", async () => {
	server.use(http.get(`${API}/down`, () => HttpResponse.error()));
	const { client } = testClient({ retry: false });
	const error = await client.request("GET /down").catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.response, undefined);
	assert.ok(error.cause, "cause is kept");
});

errors("an unreachable host is status 500", async () => {
	const { client } = testClient({ retry: false, request: { fetch: () => Promise.reject(new TypeError("fetch failed", { cause: new Error("getaddrinfo ENOTFOUND ghe.invalid") })) } });
	const error = await client.request("GET https://ghe.invalid/x").catch((e) => e);
	assert.is(error.status, 500);
	assert.match(error.message, /ENOTFOUND/);
});

errors("a timeout is a RequestError with status 500", async () => {
	server.use(
		http.get(`${API}/slow`, async () => {
			await delay(300);
			return HttpResponse.json({});
		}),
	);
	const { client } = testClient({ retry: false });
	const started = Date.now();
	const error = await client.request("GET /slow", { request: { timeout: 30 } }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(error.message, "Request timeout after 30ms: GET https://api.github.com/slow");
	assert.is(error.code, "TIMEOUT");
	assert.ok(Date.now() - started < 250, "gave up at the timeout");
});

errors("an abort by the caller rejects with the AbortError, not a RequestError, and is not retried", async () => {
	let hits = 0;
	server.use(
		http.get(`${API}/slow`, async () => {
			hits += 1;
			await delay(300);
			return HttpResponse.json({});
		}),
	);
	const { client } = testClient();
	const controller = new AbortController();
	setTimeout(() => controller.abort(), 20);
	const error = await client.request("GET /slow", { request: { signal: controller.signal, timeout: 1000 } }).catch((e) => e);
	assert.is(error.name, "AbortError");
	assert.not.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(hits, 1);
});

errors("a body that is not JSON under a JSON content type is a clear RequestError", async () => {
	server.use(http.get(`${API}/bad`, () => new HttpResponse("{not json", { headers: { "content-type": "application/json" } })));
	const { client } = testClient();
	const error = await client.request("GET /bad").catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.match(error.message, /^Invalid JSON in the response body/);
	assert.is(error.response.data, "{not json");
	assert.instance(error.cause, SyntaxError);
});

errors("an HTML error page gives the status line, then the page, which is octokit's whole message", async () => {
	server.use(http.get(`${API}/proxy`, () => new HttpResponse("<html><body><h1>502 Bad Gateway</h1></body></html>", { status: 502, statusText: "Bad Gateway", headers: { "content-type": "text/html" } })));
	const { client } = testClient({ retry: false });
	const error = await client.request("GET /proxy").catch((e) => e);
	assert.is(error.status, 502);
	assert.is(error.message, "502 Bad Gateway: <html><body><h1>502 Bad Gateway</h1></body></html>");
	assert.match(error.response.data, /<html>/);
});

errors("an empty error body gives the status line", async () => {
	server.use(http.delete(`${API}/x`, () => new HttpResponse("", { status: 500, statusText: "Internal Server Error" })));
	const { client } = testClient();
	const error = await client.request("DELETE /x").catch((e) => e);
	assert.equal([error.status, error.message], [500, "500 Internal Server Error"]);
});

errors("deprecation and sunset headers warn once per client", async () => {
	server.use(
		http.get(`${API}/old`, () =>
			HttpResponse.json({}, { headers: { deprecation: "Sat, 01 Nov 2025 00:00:00 GMT", sunset: "Sat, 01 Nov 2026 00:00:00 GMT", link: '<https://docs.example/deprecations>; rel="deprecation"' } }),
		),
	);
	const { client, lines } = testClient();
	await client.request("GET /old");
	await client.request("GET /old");
	assert.equal(lines.warn, [
		'[hublet] "GET https://api.github.com/old" is deprecated. It is scheduled to be removed on Sat, 01 Nov 2026 00:00:00 GMT. See https://docs.example/deprecations',
	]);
});

errors("no fault case left an unhandled rejection", async () => {
	await new Promise((resolve) => setTimeout(resolve, 20));
	assert.equal(unhandled, []);
});

errors.run();
