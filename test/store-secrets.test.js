// No secret reaches a store, in its keys or its values: what the cache and the shared rate limits
// write is read back raw (a Map, and the Map under a Keyv store, as Keyv serializes it) after
// requests that carry the client's credential everywhere a caller or a server can put it: a path
// parameter, a query, the accept header, a server's echo in a header or the body, a Link with an
// access_token. Keys are hashes; a response that holds a secret is not stored.
// Run: node test/store-secrets.test.js
import Keyv from "keyv";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, rateLimit, legacyAuth } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { readBody, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit, legacyAuth);

const TOKEN = "ghp_StoreSecret0123456789abcdef";
const PASSWORD = "p4ssw0rd-Secret";
const BASIC = `basic ${btoa(`octocat:${PASSWORD}`)}`;
const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiIxMjMifQ.c2lnbmF0dXJlMTIz";
const SECRETS = [TOKEN, TOKEN.slice(4), PASSWORD, btoa(`octocat:${PASSWORD}`), JWT, "authorization"];

let api;
const suiteOf = suite("what the cache and the shared rate limits store");
suiteOf.before(async () => {
	api = await startServer(async (request, response) => {
		await readBody(request);
		const reset = String(Math.floor(Date.now() / 1000) + 3600);
		const headers = {
			"content-type": "application/json",
			etag: `W/"${Buffer.from(request.url).toString("hex").slice(0, 40)}"`,
			"x-ratelimit-limit": "5000",
			"x-ratelimit-remaining": "4000",
			"x-ratelimit-reset": reset,
			"x-ratelimit-resource": "core",
		};
		if (request.url.startsWith("/echo-header")) headers["x-echo"] = request.headers.authorization ?? "";
		if (request.url.startsWith("/echo-link")) headers.link = `<${api.baseUrl}/next?access_token=gho_linked123456789>; rel="next"`;
		if (request.url.startsWith("/paused")) {
			response.writeHead(403, { ...headers, "retry-after": "1" });
			return response.end(JSON.stringify({ message: "You have exceeded a secondary rate limit." }));
		}
		if (request.headers["if-none-match"] === headers.etag) {
			response.writeHead(304, headers);
			return response.end();
		}
		response.writeHead(request.method === "GET" ? 200 : 201, headers);
		// As GitHub does, the body names the resource by its URL.
		const body = request.url.startsWith("/echo-body") ? { url: request.url, token: request.headers.authorization } : { url: `${api.baseUrl}${request.url}` };
		response.end(JSON.stringify(body));
	});
});
suiteOf.after(() => api.close());

/** Every call a careless caller or a chatty server can make hold the credential. */
async function exercise(client, secret) {
	const quiet = (promise) => promise.then(() => {}, () => {});
	await client.rest.repos.get({ owner: secret, repo: "r" });
	await client.rest.repos.get({ owner: "o", repo: secret });
	await client.request("GET /search/repositories", { q: `user:${secret}` });
	await client.request("GET /repos/o/r", { headers: { accept: `application/json; x=${secret}` } });
	await client.request("GET /echo-header");
	await client.request("GET /echo-body");
	await client.request("GET /echo-link");
	await client.request("GET /repos/o/r", { access_token: "gho_querysecret1234" });
	await client.request("GET /repos/o/r", { client_secret: "clientsecret0123456" });
	await client.rest.issues.create({ owner: secret, repo: "r", title: secret });
	await quiet(client.request("GET /paused/{who}", { who: secret, request: { retry: false } }));
	// Twice each, so that what was stored is read back and written again.
	await client.rest.repos.get({ owner: secret, repo: "r" });
	await client.request("GET /echo-header");
}

/** Raw keys and values, as the store keeps them. */
const rawText = (map) => JSON.stringify([...map]);

for (const [name, auth, secret] of [
	["a token", { auth: TOKEN }, TOKEN],
	["a JWT (bearer)", { auth: JWT }, JWT],
	["basic credentials", {}, PASSWORD],
]) {
	for (const [kind, makeStore] of [
		["a Map", (raw) => raw],
		["a Keyv store", (raw) => new Keyv({ store: raw })],
	]) {
		suiteOf(`${kind}, ${name}: no key or value holds the credential or anything the redaction rule hides, and no key a URL`, async () => {
			const raw = new Map();
			const store = makeStore(raw);
			const { log } = capturingLog();
			const client = new Hublet({ baseUrl: api.baseUrl, log, retry: { retries: 0 }, cache: store, rateLimit: { store, writeInterval: 0 }, ...auth });
			// Basic credentials as an auth hook sends them.
			if (!auth.auth) client.hook.before("request", (options) => void (options.headers.authorization = BASIC));
			await exercise(client, secret);
			// A plain read is still cached: the rule costs only what holds a secret.
			await client.rest.repos.get({ owner: "o", repo: "r" });
			assert.is((await client.rest.repos.get({ owner: "o", repo: "r" })).revalidated, true);
			await new Promise((resolve) => setTimeout(resolve, 20));
			const text = rawText(raw);
			for (const hidden of [...SECRETS, "gho_querysecret1234", "gho_linked123456789", "clientsecret0123456"]) {
				assert.not.ok(text.includes(hidden), `the store holds ${hidden}`);
			}
			for (const key of raw.keys()) assert.match(key, /^(keyv:)?hublet:(cache:v2|rate-limit:v1):[0-9a-f]{64}(:lock)?$/);
			assert.ok([...raw.keys()].some((key) => key.includes("cache:v2")) && [...raw.keys()].some((key) => key.includes("rate-limit:v1")));
		});
	}
}

suiteOf("a GET whose URL holds the credential is neither looked up nor stored: the second is not conditional", async () => {
	const store = new Map();
	const client = new Hublet({ baseUrl: api.baseUrl, auth: TOKEN, cache: store });
	api.requests.length = 0;
	await client.rest.repos.get({ owner: TOKEN, repo: "r" });
	await client.rest.repos.get({ owner: TOKEN, repo: "r" });
	assert.equal(api.requests.map((request) => request.headers["if-none-match"]), [undefined, undefined]);
	assert.is(store.size, 0);
});

suiteOf.run();
