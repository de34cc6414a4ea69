// A connection refused on this machine (127.0.0.0/8, ::1, localhost): nothing listens on the
// port, and a retry a second later finds the same. It fails at once, not after the retries'
// backoff, with octokit's message kept and a hint added ("is the server running?"). A refused
// connection to another machine (a server restarting behind its address) is retried as before,
// without the hint, and other failures on this machine (a reset connection) are retried too.
// Run: node test/refused-here.test.js
import fc from "fast-check";
import { Octokit } from "@octokit/core";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet, retry } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";
import { closedUrl } from "./fixtures/cli-harness.js";

const HINT = "(nothing is listening there on this machine: is the server running?)";
const settled = (promise) => promise.then((value) => value, (error) => error);

/** A fetch that fails to connect as Node's does, with `code`, counting its calls. */
function failingFetch(code, address) {
	const calls = [];
	const fetch = async (url) => {
		calls.push(url);
		throw new TypeError("fetch failed", { cause: Object.assign(new Error(`connect ${code} ${address}`), { code }) });
	};
	return { fetch, calls };
}

// ---
const here = suite("a refused connection on this machine");

here("fails at once with the default retry settings, octokit's text kept and the hint added", async () => {
	const baseUrl = await closedUrl();
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl, log });
	const started = Date.now();
	const error = await settled(client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
	const took = Date.now() - started;
	assert.is(error.code, "NETWORK_ERROR");
	assert.is(error.status, 500);
	assert.ok(error.message.endsWith(` ${HINT}`), error.message);
	// octokit's own message for the same failure, word for word, is in Hublet's.
	const octokit = await settled(new Octokit({ baseUrl }).request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
	assert.ok(error.message.includes(octokit.message), `${error.message} holds ${octokit.message}`);
	assert.ok(took < 900, `failed after ${took}ms: the first retry's backoff is at least 1000ms`);
	assert.not.ok([...lines.info, ...lines.warn].some((line) => /retry/.test(line)), "no retry");
});

here("on 127.0.0.1, another 127.x address, localhost and [::1]: one attempt each", async () => {
	const port = new URL(await closedUrl()).port;
	for (const host of ["127.0.0.1", "127.0.0.2", "localhost", "LOCALHOST", "[::1]", "127.1", "[::ffff:127.0.0.1]"]) {
		const calls = [];
		const fetch = (url, init) => (calls.push(url), globalThis.fetch(url, init));
		const client = new Hublet({ baseUrl: `http://${host}:${port}`, log: capturingLog().log, retry: { minTimeout: 1, maxTimeout: 1 }, request: { fetch } });
		const error = await settled(client.request("GET /x"));
		assert.is(error.code, "NETWORK_ERROR", `${host}: ${error.message}`);
		assert.match(error.message, /ECONNREFUSED/, host);
		assert.ok(error.message.endsWith(HINT), `${host}: ${error.message}`);
		assert.is(calls.length, 1, `${host}: ${calls.length} attempts`);
	}
});

here("the core client with the retry feature, and a per-call retry setting, fail at once too", async () => {
	const baseUrl = await closedUrl();
	const { fetch, calls } = failingFetch("ECONNREFUSED", "127.0.0.1:1");
	const Core = CoreHublet.plugin(retry);
	const error = await settled(new Core({ baseUrl, request: { fetch } }).request("GET /x"));
	assert.ok(error.message.endsWith(HINT), error.message);
	const full = new Hublet({ baseUrl, request: { fetch }, log: capturingLog().log });
	await settled(full.request("GET /x", { request: { retry: { retries: 10, minTimeout: 1 } } }));
	assert.is(calls.length, 2);
});

here("any address in 127.0.0.0/8 is this machine; a refused one is tried once (property)", async () => {
	await fc.assert(
		fc.asyncProperty(fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), fc.integer({ min: 0, max: 255 }), async (b, c, d) => {
			const address = `127.${b}.${c}.${d}`;
			const { fetch, calls } = failingFetch("ECONNREFUSED", `${address}:3000`);
			const client = new Hublet({ baseUrl: `http://${address}:3000`, log: capturingLog().log, retry: { minTimeout: 1, maxTimeout: 1 }, request: { fetch } });
			const error = await settled(client.request("GET /x"));
			assert.ok(error.message.endsWith(HINT), error.message);
			assert.is(calls.length, 1);
		}),
		{ numRuns: 100 },
	);
});

here.run();

// ---
const elsewhere = suite("what is still retried");

elsewhere("a refused connection to another machine: retried, without the hint (property over addresses and names)", async () => {
	const notHere = fc.oneof(
		fc.ipV4().filter((address) => !address.startsWith("127.")),
		fc.domain().filter((name) => name !== "localhost" && !name.endsWith(".localhost")),
	);
	await fc.assert(
		fc.asyncProperty(notHere, async (host) => {
			const { fetch, calls } = failingFetch("ECONNREFUSED", `${host}:443`);
			const client = new Hublet({ baseUrl: `https://${host}`, log: capturingLog().log, retry: { retries: 1, minTimeout: 1, maxTimeout: 1 }, request: { fetch } });
			const error = await settled(client.request("GET /x"));
			assert.is(error.code, "NETWORK_ERROR");
			assert.not.ok(error.message.includes("is the server running"), error.message);
			assert.is(calls.length, 2, host);
		}),
		{ numRuns: 100 },
	);
});

elsewhere("a reset connection or a timeout on this machine is retried as before", async () => {
	const { fetch, calls } = failingFetch("ECONNRESET", "127.0.0.1:3000");
	const client = new Hublet({ baseUrl: "http://127.0.0.1:3000", log: capturingLog().log, retry: { retries: 2, minTimeout: 1, maxTimeout: 1 }, request: { fetch } });
	const error = await settled(client.request("GET /x"));
	assert.not.ok(error.message.includes("is the server running"), error.message);
	assert.is(calls.length, 3);
});

elsewhere("a cause that is no error, a code that is no string or another code is a network error without the hint", async () => {
	const other = Object.defineProperty(new Error("x"), "code", { get: () => "EPIPE" });
	for (const cause of [{ code: "ECONNREFUSED" }, Object.assign(new Error("x"), { code: 1 }), other, "ECONNREFUSED", null]) {
		const fetch = async () => {
			throw new TypeError("fetch failed", { cause });
		};
		const client = new Hublet({ baseUrl: "http://127.0.0.1:3000", log: capturingLog().log, retry: false, request: { fetch } });
		const error = await settled(client.request("GET /x"));
		assert.is(error.code, "NETWORK_ERROR", String(error));
		assert.not.ok(error.message.includes("is the server running"), error.message);
	}
});

elsewhere.run();
