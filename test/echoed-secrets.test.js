// The request's own credential is redacted wherever a server echoes it back, and the secrets a
// request body holds in any shape are redacted in the error's copy: error.message,
// error.response.data (JSON, nested, a key, text, a proxy's HTML page), GraphQL errors and data,
// util.inspect(error) and JSON.stringify(error). The request log's lines and the deprecation
// warning never print a token passed as a path parameter; a store's failure is logged redacted.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet as FullHublet, RequestError, cache, rateLimit, legacyAuth } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { readBody, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit, legacyAuth);

// Neither looks like a GitHub token: only the exact value can find them.
const TOKEN = "Zq7-token-Xw93kLm2Pq";
const PASSWORD = "pa ss/wo\"rd+Qx91";
const SECRET = "cl1ent/secret +&=\"42";
const ACCESS = "acc3ss-token-Kz81/Yy";

/** Everything a user can see of an error, as one text. */
const seen = (error) => [error.message, error.stack, inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error)].join("\n");

/** The forms a server may echo a secret in: as it is, URL-encoded (a query or form), JSON-escaped, base64 (basic auth). */
const forms = (secret) => [secret, encodeURIComponent(secret), encodeURIComponent(secret).replaceAll("%20", "+"), JSON.stringify(secret).slice(1, -1)];

function assertClean(text, secrets) {
	for (const secret of secrets) for (const form of forms(secret)) assert.not.ok(text.includes(form), `${JSON.stringify(form)} survived in:\n${text.slice(0, 2000)}`);
}

let api;
const echo = suite("a server that echoes the request's credential");
echo.before(async () => {
	api = await startServer(async (request, response) => {
		const body = await readBody(request);
		const authorization = request.headers.authorization ?? "";
		const url = new URL(request.url, "http://x");
		switch (url.pathname) {
			case "/json-401":
				response.writeHead(401, { "content-type": "application/json" });
				return response.end(JSON.stringify({ message: `Bad credentials: ${authorization}`, received: { headers: { authorization }, [authorization]: true, list: [authorization.split(" ")[1]] } }));
			case "/proxy-502":
				response.writeHead(502, { "content-type": "text/html" });
				return response.end(`<html><body><h1>Bad Gateway</h1><pre>GET ${request.url} HTTP/1.1\r\nauthorization: ${authorization}\r\n</pre></body></html>`);
			case "/header-echo":
				response.writeHead(400, { "content-type": "application/json", "x-echo": authorization });
				return response.end("{}");
			case "/body-echo":
				// The body, as received, then each value in the forms it came in.
				response.writeHead(422, { "content-type": "application/json" });
				return response.end(JSON.stringify({ message: `Validation failed for ${body}`, errors: [{ value: body, decoded: decodeURIComponent(body) }], query: url.search }));
			case "/graphql":
				response.writeHead(200, { "content-type": "application/json" });
				return response.end(
					JSON.stringify({
						data: { viewer: { echo: authorization } },
						errors: [{ message: `Token ${authorization.split(" ")[1]} cannot read this`, extensions: { received: authorization, nested: [{ value: authorization }] } }],
					}),
				);
			default:
				response.writeHead(200, { "content-type": "application/json", deprecation: "true", sunset: "Tue, 01 Dec 2026 00:00:00 GMT" });
				return response.end(JSON.stringify({ ok: true }));
		}
	});
});
echo.after(() => api.close());

const client = (options = {}) => new Hublet({ baseUrl: api.baseUrl, retry: false, auth: TOKEN, log: capturingLog().log, ...options });
const failure = (promise) => promise.then(() => assert.unreachable("resolved"), (error) => error);

echo("a 401 JSON body quoting the header, as a value, a key and a list item: gone from the message, data, inspect and JSON", async () => {
	const error = await failure(client().request("GET /json-401"));
	assert.instance(error, RequestError);
	assert.is(error.status, 401);
	assertClean(seen(error), [TOKEN]);
	assert.match(error.response.data.message, "Bad credentials: token [REDACTED]");
	assert.equal(error.response.data.received.list, ["[REDACTED]"]);
	assert.ok("token [REDACTED]" in error.response.data.received);
});

echo("a proxy's 502 HTML page reflecting the request: gone from response.data", async () => {
	const error = await failure(client().request("GET /proxy-502"));
	assert.is(error.status, 502);
	assert.type(error.response.data, "string");
	assertClean(seen(error), [TOKEN]);
	assert.match(error.response.data, "authorization: token [REDACTED]");
});

echo("a response header that echoes the credential: gone from response.headers", async () => {
	const error = await failure(client().request("GET /header-echo"));
	assertClean(seen(error), [TOKEN]);
	assert.is(error.response.headers["x-echo"], "token [REDACTED]");
});

echo("basic auth: the base64 value, the decoded pair and the password, in every form", async () => {
	const basic = `basic ${btoa(`octocat:${PASSWORD}`)}`;
	const error = await failure(client({ auth: undefined }).request("GET /json-401", { headers: { authorization: basic } }));
	assertClean(seen(error), [btoa(`octocat:${PASSWORD}`), `octocat:${PASSWORD}`, PASSWORD]);
});

echo("the body's client_secret and access_token, echoed as they were sent, URL-encoded or JSON-escaped", async () => {
	const shapes = [
		{ data: { client_secret: SECRET, access_token: ACCESS } },
		{ data: { config: { client_secret: SECRET, nested: [{ access_token: ACCESS }] } } },
		{ data: JSON.stringify({ client_secret: SECRET, access_token: ACCESS }) },
		{ data: `client_id=x&client_secret=${encodeURIComponent(SECRET)}&access_token=${encodeURIComponent(ACCESS)}`, headers: { "content-type": "application/x-www-form-urlencoded" } },
		{ data: new URLSearchParams({ client_id: "x", client_secret: SECRET, access_token: ACCESS }) },
	];
	for (const shape of shapes) {
		const error = await failure(client({ auth: undefined }).request("POST /body-echo", shape));
		assert.is(error.status, 422);
		assertClean(seen(error), [SECRET, ACCESS]);
	}
});

echo("a body that is an instance of a class: its client_secret and access_token hidden, echoed or not, and its class kept", async () => {
	class Grant {
		constructor() {
			this.client_id = "x";
			this.client_secret = SECRET;
			this.nested = { access_token: ACCESS };
		}
	}
	for (const body of [new Grant(), Object.assign(Object.create({ inherited: true }), { client_secret: SECRET, access_token: ACCESS })]) {
		const error = await failure(client({ auth: undefined }).request("POST /body-echo", { data: body }));
		assert.is(error.status, 422);
		assertClean(seen(error), [SECRET, ACCESS]);
		assert.is(Object.getPrototypeOf(error.request.body), Object.getPrototypeOf(body));
		assert.is(body.client_secret, SECRET, "the caller's object is not changed");
		// Echoed bare, where no field names it: still known as one of the request's secrets.
		const request = { method: "POST", url: "https://api.github.com/x", headers: {}, body };
		const response = { status: 422, url: request.url, headers: {}, data: { message: `no app has the secret ${SECRET}` } };
		assertClean(seen(new RequestError("Unprocessable", 422, { request, response })), [SECRET]);
	}
});

echo("a query's client_secret, echoed: gone from the URL, the message and the data", async () => {
	const error = await failure(client({ auth: undefined }).request("POST /body-echo{?client_secret}", { client_secret: SECRET, data: "{}" }));
	assertClean(seen(error), [SECRET]);
});

echo("GraphQL errors[].message, extensions and data holding the token: gone from the GraphqlResponseError", async () => {
	const error = await failure(client().graphql("{ viewer { login } }"));
	assert.is(error.name, "GraphqlResponseError");
	assertClean(seen(error), [TOKEN]);
	assertClean(inspect([error.errors, error.data, error.response, error.headers], { depth: Infinity }), [TOKEN]);
	assert.equal(error.errors[0].extensions, { received: "token [REDACTED]", nested: [{ value: "token [REDACTED]" }] });
	assert.equal(error.data, { viewer: { echo: "token [REDACTED]" } });
});

echo("what the caller's objects hold is not changed", async () => {
	const data = { config: { client_secret: SECRET } };
	await failure(client().request("POST /body-echo", { data }));
	assert.equal(data, { config: { client_secret: SECRET } });
});

const logs = suite("the request log and the deprecation warning");
logs.before(async () => {
	api = await startServer(async (request, response) => {
		await readBody(request);
		const status = request.url.includes("missing") ? 404 : 200;
		response.writeHead(status, { "content-type": "application/json", deprecation: "true", "x-github-request-id": "ID" });
		response.end(JSON.stringify({ message: status === 404 ? "Not Found" : "ok" }));
	});
});
logs.after(() => api.close());

logs("a token passed as a path parameter is redacted in the debug, success and failure lines and in the deprecation warning", async () => {
	const { log, lines } = capturingLog();
	const hublet = new Hublet({ baseUrl: api.baseUrl, retry: false, auth: TOKEN, log });
	await hublet.rest.repos.get({ owner: TOKEN, repo: "r" });
	await failure(hublet.rest.repos.get({ owner: TOKEN, repo: "missing" }));
	const all = JSON.stringify(lines);
	assertClean(all, [TOKEN]);
	assert.ok(lines.debug.some((line) => line === "GET /repos/[REDACTED]/r"), all);
	assert.ok(lines.info.some((line) => line.startsWith("GET /repos/[REDACTED]/r - 200")), all);
	assert.ok(lines.error.some((line) => line.startsWith("GET /repos/[REDACTED]/missing - 404")), all);
	// A method's warning names its route template, which holds no parameter value at all.
	assert.ok(lines.warn.some((line) => line.includes("is deprecated") && line.includes("/repos/{owner}/{repo}")), all);
});

logs("a deprecation warning for a request given as a concrete URL redacts the token in its path", async () => {
	const { log, lines } = capturingLog();
	const hublet = new Hublet({ baseUrl: api.baseUrl, retry: false, auth: TOKEN, log });
	await hublet.request({ method: "GET", url: `/things/${TOKEN}/r` });
	const all = JSON.stringify(lines);
	assertClean(all, [TOKEN]);
	assert.ok(lines.warn.some((line) => line.includes("is deprecated") && line.includes("/things/[REDACTED]/r")), all);
});

logs("a per-call authorization header passed as a path parameter too", async () => {
	const { log, lines } = capturingLog();
	const hublet = new Hublet({ baseUrl: api.baseUrl, retry: false, log });
	await hublet.request("GET /repos/{owner}/r", { owner: ACCESS, headers: { authorization: `bearer ${ACCESS}` } });
	assertClean(JSON.stringify(lines), [ACCESS]);
});

logs("a GitHub-shaped token of another request in a path is redacted even unknown", async () => {
	const { log, lines } = capturingLog();
	const other = "ghs_0123456789abcdefABCDEF0123456789ab";
	await new Hublet({ baseUrl: api.baseUrl, retry: false, log }).request("GET /repos/{owner}/r", { owner: other });
	assertClean(JSON.stringify(lines), [other]);
});

const ids = suite("the request log's request id");
ids.before(async () => {
	api = await startServer(async (request, response) => {
		await readBody(request);
		const status = request.url.includes("missing") ? 404 : 200;
		// A hostile id: C1 CSI (0x9B, which HTTP lets through as obs-text where it refuses ESC), a bidi
		// override's UTF-8 bytes, a space, and the credential it was sent.
		const id = `A\x9b2J\x9b2K\u00e2\u0080\u00ae ${request.headers.authorization}`;
		response.writeHead(status, { "content-type": "application/json", "x-github-request-id": id });
		response.end(JSON.stringify({ message: status === 404 ? "Not Found" : "ok" }));
	});
});
ids.after(() => api.close());

ids("a request id that echoes the token or holds control bytes is shown escaped and redacted, on success and failure", async () => {
	const { log, lines } = capturingLog();
	const hublet = new Hublet({ baseUrl: api.baseUrl, retry: false, auth: TOKEN, log });
	await hublet.rest.repos.get({ owner: "o", repo: "r" });
	await failure(hublet.rest.repos.get({ owner: "o", repo: "missing" }));
	const all = [...lines.info, ...lines.error].join(" | ");
	assertClean(all, [TOKEN]);
	assert.not.match(all, /[\x00-\x1f\x7f-\x9f]/, all);
	assert.ok(lines.info.some((line) => line.startsWith("GET /repos/o/r - 200 with id A\\x9b2J\\x9b2K\\xe2\\x80\\xae\\x20token\\x20[REDACTED] in ")), all);
	assert.ok(lines.error.some((line) => line.startsWith("GET /repos/o/missing - 404 with id A\\x9b2J\\x9b2K")), all);
});

ids("an ordinary request id is shown as it is", async () => {
	const { log, lines } = capturingLog();
	const plain = await startServer((request, response) => {
		response.writeHead(200, { "content-type": "application/json", "x-github-request-id": "C0DE:1234:5678AB:9ABCDE:6789ABCD" });
		response.end("{}");
	});
	try {
		await new Hublet({ baseUrl: plain.baseUrl, retry: false, log }).request("GET /x");
	} finally {
		plain.close();
	}
	assert.ok(lines.info[0].startsWith("GET /x - 200 with id C0DE:1234:5678AB:9ABCDE:6789ABCD in "), lines.info[0]);
});

const stores = suite("a store's failure in a warning");

stores("the rate-limit store's failure is logged with its URL's password redacted, as the cache store's is", async () => {
	const server = await startServer((request, response) => {
		response.writeHead(200, { "content-type": "application/json" });
		response.end("{}");
	});
	try {
		const failing = () => Promise.reject(new Error("connect ECONNREFUSED redis://default:Sup3rS3cret@cache.internal:6379"));
		for (const option of [{ rateLimit: { store: { get: failing, set: failing, delete: failing } } }, { cache: { store: { get: failing, set: failing, delete: failing } } }]) {
			const { log, lines } = capturingLog();
			await new Hublet({ baseUrl: server.baseUrl, retry: false, log, ...option }).request("GET /x");
			await new Promise((resolve) => setTimeout(resolve, 50));
			assert.ok(lines.warn.length > 0, JSON.stringify(option));
			assert.not.match(lines.warn.join("\n"), "Sup3rS3cret");
			assert.match(lines.warn.join("\n"), "redis://[REDACTED]@cache.internal:6379");
		}
	} finally {
		await server.close();
	}
});

echo.run();
logs.run();
ids.run();
stores.run();
