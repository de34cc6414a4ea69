// Retries are a feature: the full entry composes it, on by default; the core entry sends each
// request once, as @octokit/core does, until `Hublet.plugin(retry)` adds it. The `retry` option is
// checked when the client is built. Over a real server on 127.0.0.1 that counts what it gets.
// Run: node test/retry-feature.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as Core, RequestError, retry } from "../dist/core.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { rejection } from "./helpers/client.js";

const FAST = { minTimeout: 1, maxTimeout: 1 };
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A server that answers `status` to every request, and counts them. */
async function failing(status) {
	return startServer((request, response) => sendJson(response, status, { message: `status ${status}` }));
}

/** A server that answers `status` once, then 200. */
async function failingOnce(status) {
	let seen = 0;
	return startServer((request, response) => (seen++ === 0 ? sendJson(response, status, { message: `status ${status}` }) : sendJson(response, 200, { ok: true })));
}

const once = suite("the core entry sends each request once");

for (const status of [500, 503]) {
	once(`a ${status} on the core entry: one request, and its RequestError`, async () => {
		const api = await failing(status);
		try {
			const client = new Core({ baseUrl: api.baseUrl, log: quiet });
			const error = await rejection(client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
			assert.instance(error, RequestError);
			assert.is(error.status, status);
			assert.is(api.requests.length, 1);
		} finally {
			await api.close();
		}
	});
}

once("a network error on the core entry is not retried either", async () => {
	const api = await startServer((request) => request.socket.destroy());
	try {
		const error = await rejection(new Core({ baseUrl: api.baseUrl, log: quiet }).request("GET /x"));
		assert.is(error.status, 500);
		assert.is(api.requests.length, 1);
	} finally {
		await api.close();
	}
});

once("Hublet.plugin(retry) on the core entry retries a 503, then succeeds", async () => {
	const api = await failingOnce(503);
	try {
		const client = new (Core.plugin(retry))({ baseUrl: api.baseUrl, retry: FAST, log: quiet });
		const { status } = await client.request("GET /x");
		assert.is(status, 200);
		assert.is(api.requests.length, 2);
	} finally {
		await api.close();
	}
});

once("the full entry retries a 503 by default", async () => {
	const api = await failingOnce(503);
	try {
		const { status } = await new Hublet({ baseUrl: api.baseUrl, retry: FAST, log: quiet }).request("GET /x");
		assert.is(status, 200);
		assert.is(api.requests.length, 2);
	} finally {
		await api.close();
	}
});

once("a core client given `retry` options without the feature: a TypeError naming the import", () => {
	assert.throws(
		() => new Core({ retry: { retries: 5 } }),
		(error) => error instanceof TypeError && /The "retry" option needs the retry feature: import \{ retry \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/.test(error.message),
	);
	// `false` asks for what the core client does anyway.
	new Core({ retry: false });
});

once.run();

// ---

const checks = suite("the retry option is checked when the client is built");

const bad = [
	[{ retries: "three" }, /`retry\.retries`.*whole number.*"three"/],
	[{ retries: -1 }, /`retry\.retries`.*-1/],
	[{ retries: Number.NaN }, /`retry\.retries`.*NaN/],
	[{ retries: 1.5 }, /`retry\.retries`.*whole number.*1\.5/],
	[{ minTimeout: -5 }, /`retry\.minTimeout`.*-5/],
	[{ maxWait: "1m" }, /`retry\.maxWait`.*"1m"/],
	[{ factor: 0 }, /`retry\.factor`.*above 0/],
	[{ randomize: "yes" }, /`retry\.randomize`.*true or false/],
	[{ onRetry: "log" }, /`retry\.onRetry`.*a function/],
	[{ retires: 3 }, /`retires` is unknown/],
	["3", /Expected the `retry` option to be false or \{.*got "3"/],
	[true, /Expected the `retry` option to be false or \{.*got true/],
];

for (const [option, message] of bad) {
	checks(`retry: ${JSON.stringify(option, (k, v) => (Number.isNaN(v) ? "NaN" : v))} is a TypeError at once, on both entries, and nothing is sent`, async () => {
		const api = await failing(503);
		try {
			for (const Client of [Hublet, Core.plugin(retry)]) {
				assert.throws(
					() => new Client({ baseUrl: api.baseUrl, retry: option }),
					(error) => error instanceof TypeError && message.test(error.message),
				);
			}
			assert.is(api.requests.length, 0);
		} finally {
			await api.close();
		}
	});
}

checks("good values pass: Infinity retries, 0 retries, false, undefined and @octokit/plugin-retry's keys", () => {
	for (const option of [{ retries: Infinity }, { retries: 0 }, false, undefined, { enabled: false }, { doNotRetry: [404], retryAfterBaseValue: 1 }, { maxRetryTime: Infinity, maxWait: 0 }]) {
		new Hublet({ retry: option });
	}
});

checks.run();
