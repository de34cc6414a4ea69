// Secrets that reach Hublet from below (a custom fetch's error, its cause chain, a parser's
// error, a store's) and the request's own token wherever it appears: none is visible in the
// message, the stack, the cause chain, an inspection, JSON or a log line.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet as FullHublet, RequestError, cache, legacyAuth } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, legacyAuth);

const TOKEN = "ghp_L0werLayerT0ken0123456789abcdefABCD";
const PASSWORD = "hunter2-pa55word";
const CLIENT_SECRET = "cs_0123456789abcdef";
const ACCESS_TOKEN = "gho_accessTokenValue0123";
const BEARER = "eyJhbGciOi.J9eyJzdWIiOi.SflKxwRJSM";
const ALL = [TOKEN, PASSWORD, CLIENT_SECRET, ACCESS_TOKEN, BEARER];

/** Every place a user can see, each named, so that a failure says which one leaked. */
function channelsOf(error, lines) {
	const causes = [];
	for (let cause = error.cause, depth = 0; cause !== undefined && depth < 12; cause = cause?.cause, depth++) {
		causes.push(cause instanceof Error ? `${cause.message}\n${cause.stack}` : String(cause));
	}
	return {
		message: error.message,
		stack: String(error.stack),
		"cause chain": causes.join("\n"),
		"util.inspect(error, {depth: 12})": inspect(error, { depth: 12 }),
		"util.inspect(error, showHidden)": inspect(error, { depth: 12, showHidden: true }),
		"JSON.stringify(error)": JSON.stringify(error),
		"error.request.url": error.request?.url,
		"log lines": Object.values(lines).flat().join("\n"),
	};
}

function assertNoSecret(error, lines, secrets = ALL) {
	for (const [channel, text] of Object.entries(channelsOf(error, lines))) {
		for (const secret of secrets) assert.not.ok(String(text).includes(secret), `${secret} appears in ${channel}:\n${text}`);
	}
}

const texts = {
	"userinfo in a URL": `https://someone:${PASSWORD}@proxy.example/path`,
	"secret query parameters": `https://api.example/x?access_token=${ACCESS_TOKEN}&client_secret=${CLIENT_SECRET}`,
	"an authorization header line": `authorization: token ${TOKEN}`,
	"a bearer value in prose": `the server refused Bearer ${BEARER}`,
	"the request's own token, bare": `failed with token ${TOKEN} at the proxy`,
	"the request's own token, glued to other text": `key=${TOKEN};`,
};

const fetchErrors = suite("an error from a custom fetch is redacted in every place a user can see");

for (const [kind, text] of Object.entries(texts)) {
	fetchErrors(`${kind}: in the message, in a cause, in a cause's cause, in an AggregateError, and as a string cause`, async () => {
		const shapes = {
			message: () => new TypeError(`fetch failed: ${text}`),
			cause: () => new TypeError("fetch failed", { cause: new Error(`connect: ${text}`) }),
			"cause of a cause": () => new TypeError("fetch failed", { cause: new Error("socket", { cause: new Error(text) }) }),
			"aggregate error": () => new TypeError("fetch failed", { cause: new AggregateError([new Error(text)], "all addresses failed") }),
			"string cause": () => new TypeError("fetch failed", { cause: text }),
			"own property": () => Object.assign(new Error("fetch failed"), { url: text, code: "ECONNRESET" }),
			"thrown string": () => text,
		};
		for (const [shape, make] of Object.entries(shapes)) {
			const { log, lines } = capturingLog();
			const thrown = make();
			const before = thrown instanceof Error ? inspect(thrown, { depth: 12, showHidden: true }) : thrown;
			const client = new Hublet({ auth: TOKEN, log, retry: { retries: 1, minTimeout: 0, maxTimeout: 0 }, request: { fetch: async () => Promise.reject(thrown) } });
			const error = await rejection(client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
			assert.instance(error, RequestError, shape);
			assert.is(error.code, "NETWORK_ERROR", shape);
			assertNoSecret(error, lines);
			// The caller's own error object is never changed.
			if (thrown instanceof Error) assert.is(inspect(thrown, { depth: 12, showHidden: true }), before, shape);
			assert.ok(lines.info.some((line) => line.includes("retry 1 of 1")), `${shape}: a retry line was written`);
		}
	});
}

fetchErrors("a cause with nothing secret is kept as the same object, its code readable", async () => {
	const cause = Object.assign(new Error("connect ECONNREFUSED 127.0.0.1:1"), { code: "ECONNREFUSED" });
	const client = new Hublet({ auth: TOKEN, log: capturingLog().log, retry: false, request: { fetch: async () => Promise.reject(new TypeError("fetch failed", { cause })) } });
	const error = await rejection(client.request("GET /x"));
	assert.is(error.cause.cause, cause);
	assert.is(error.message, "fetch failed: connect ECONNREFUSED 127.0.0.1:1");
});

fetchErrors("a redacted cause keeps its class, its code and the rest of its message", async () => {
	const cause = Object.assign(new RangeError(`bad ${TOKEN}`), { code: "E_CUSTOM" });
	const client = new Hublet({ auth: TOKEN, log: capturingLog().log, retry: false, request: { fetch: async () => Promise.reject(cause) } });
	const error = await rejection(client.request("GET /x"));
	assert.instance(error.cause, RangeError);
	assert.is(error.cause.code, "E_CUSTOM");
	assert.is(error.cause.message, "bad [REDACTED]");
});

fetchErrors("a basic credential's password and its encoded form are redacted wherever they appear", async () => {
	const basic = `basic ${Buffer.from(`octocat:${PASSWORD}`).toString("base64")}`;
	const encoded = basic.slice(6);
	const client = new Hublet({ log: capturingLog().log, retry: false, request: { fetch: async () => Promise.reject(new Error(`refused ${encoded} for ${PASSWORD}`)) } });
	const error = await rejection(client.request("GET /x", { headers: { authorization: basic } }));
	assertNoSecret(error, { none: [] }, [PASSWORD, encoded]);
});

const ownToken = suite("the request's own token in its URL");
let loop;
ownToken.before(async () => {
	loop = await startServer((request, response) => {
		if (request.url.includes("/flaky/")) return sendJson(response, 503, { message: "unavailable" });
		sendJson(response, 404, { message: "Not Found" });
	});
});
ownToken.after(() => loop.close());

ownToken("a token passed as a path parameter is redacted in error.request.url, the message, the request log and retry lines", async () => {
	for (const path of ["/repos/{owner}/{repo}", "/flaky/{owner}/{repo}"]) {
		const { log, lines } = capturingLog();
		const client = new Hublet({ baseUrl: loop.baseUrl, auth: TOKEN, log, retry: { retries: 1, minTimeout: 0, maxTimeout: 0 } });
		const error = await rejection(client.request(`GET ${path}`, { owner: TOKEN, repo: "r" }));
		assert.ok(error.request.url.endsWith("/[REDACTED]/r"), error.request.url);
		// The debug line written before sending comes before the auth hook that adds the token,
		// so it cannot know it; the lines written once the request has failed do.
		assertNoSecret(error, { info: lines.info, warn: lines.warn, error: lines.error });
		assert.ok(lines.error.some((line) => line.includes("[REDACTED]/r")), lines.error.join("\n"));
		if (path.startsWith("/flaky")) assert.ok(lines.info.some((line) => line.includes("retry 1 of 1") && line.includes("[REDACTED]")), lines.info.join("\n"));
	}
});

ownToken("retry.onRetry receives the URL without the request's token", async () => {
	const urls = [];
	const client = new Hublet({ baseUrl: loop.baseUrl, auth: TOKEN, log: capturingLog().log, retry: { retries: 1, minTimeout: 0, maxTimeout: 0, onRetry: ({ url }) => urls.push(url) } });
	await rejection(client.request("GET /flaky/{owner}", { owner: TOKEN }));
	assert.equal(urls, [`${loop.baseUrl}/flaky/[REDACTED]`]);
});

const parsers = suite("a parser's or a store's error");
parsers.before(async () => {
	loop = await startServer((request, response) => {
		// Broken JSON that quotes the token back, as an echoing proxy might.
		response.writeHead(200, { "content-type": "application/json" });
		response.end(`{"echo": "${TOKEN}`);
	});
});
parsers.after(() => loop.close());

parsers("broken JSON quoting the token gives an INVALID_RESPONSE whose message and cause hold no token", async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: loop.baseUrl, auth: TOKEN, log, retry: false });
	const error = await rejection(client.request("GET /echo"));
	assert.is(error.code, "INVALID_RESPONSE");
	// The body itself is the server's answer and stays on the response as sent; the message and cause do not repeat it.
	for (const text of [error.message, String(error.stack), inspect(error.cause, { depth: 12 })]) assert.not.ok(text.includes(TOKEN), text);
});

parsers("a cache store's failure message is redacted in the warning it logs", async () => {
	const { log, lines } = capturingLog();
	const store = { get: async () => Promise.reject(new Error(`redis://default:${PASSWORD}@cache:6379 refused`)), set() {}, delete() {} };
	const client = new Hublet({ baseUrl: loop.baseUrl, log, cache: { store }, retry: false });
	await rejection(client.request("GET /echo"));
	assert.ok(lines.warn.some((line) => line.includes("redis://[REDACTED]@cache")), lines.warn.join("\n"));
	assert.not.ok(lines.warn.join("\n").includes(PASSWORD));
});

fetchErrors.run();
ownToken.run();
parsers.run();
