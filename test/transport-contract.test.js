// What the attempt (lib/http/request.ts, built into dist/transport.js) promises about its one call
// to fetch: it calls the caller's `request.fetch` or the global fetch itself, refuses before that
// call what fetch would refuse to build, takes the answer as it is, and keeps its own deadline and
// the caller's abort. The exact shape of the call is test/fetch-contract.test.js's.
// Run: node test/transport-contract.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { getEventListeners } from "node:events";
import { Response as UndiciResponse } from "undici";
import fc from "fast-check";
import { fetchRefusal } from "../dist/http/request-checks.js";

// Node's own, to compare the attempt's checks with.
const NodeRequest = globalThis.Request;
// Every Request built from here on is counted: the attempt builds none. Set before Hublet loads,
// so that code reading the global when it loads sees the counting one too.
let requestsBuilt = 0;
globalThis.Request = new Proxy(globalThis.Request, {
	construct(target, args, newTarget) {
		requestsBuilt++;
		return Reflect.construct(target, args, newTarget);
	},
});
const { Hublet } = await import("../dist/index.js");
const { Hublet: CoreHublet } = await import("../dist/core.js");

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const later = (ms, value) => new Promise((resolve) => setTimeout(() => resolve(value), ms));
const settled = (promise) =>
	promise.then(
		() => undefined,
		(error) => error,
	);

/** A fetch that records its calls and answers with `answer(url, init)`. */
function recording(answer = () => Response.json({ id: 1 })) {
	const calls = [];
	const fetch = (url, init) => {
		calls.push({ url, init });
		return answer(url, init);
	};
	return { fetch, calls };
}

const call = suite("the attempt calls fetch itself");

call("the caller's fetch answers the call, once, and the global fetch is never called", async () => {
	const global = globalThis.fetch;
	let globalCalls = 0;
	globalThis.fetch = async () => {
		globalCalls++;
		return Response.json({ from: "the global fetch" });
	};
	try {
		const { fetch, calls } = recording(() => Response.json({ id: 1 }));
		const client = new Hublet({ log: quiet, request: { fetch } });
		const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
		assert.equal(response.data, { id: 1 });
		assert.is(calls.length, 1);
		assert.is(globalCalls, 0);
	} finally {
		globalThis.fetch = global;
	}
});

call("without request.fetch, the global fetch is called as it is at the time of the request", async () => {
	const global = globalThis.fetch;
	const { fetch, calls } = recording(() => Response.json({ id: 2 }));
	const client = new CoreHublet({ log: quiet });
	globalThis.fetch = fetch;
	try {
		const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
		assert.equal(response.data, { id: 2 });
		assert.is(calls.length, 1);
		assert.is(calls[0].url, "https://api.github.com/repos/o/r");
	} finally {
		globalThis.fetch = global;
	}
});

call("no Request is built, when the transport loads or per call: fetch gets the url and init as they are", async () => {
	const before = requestsBuilt;
	const { fetch, calls } = recording();
	const client = new Hublet({ log: quiet, request: { fetch } });
	for (let index = 0; index < 3; index++)
		await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: String(index) });
	await client.request("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "t" });
	assert.is(calls.length, 4);
	assert.is(requestsBuilt - before, 0);
	assert.is(requestsBuilt, 0, "nothing Hublet loaded built one either");
});

call(
	"an error status answers the attempt as it is, with no second call (the stages decide what it means)",
	async () => {
		for (const status of [404, 422, 500, 503]) {
			const { fetch, calls } = recording(() => Response.json({ message: "no" }, { status }));
			const client = new Hublet({ log: quiet, retry: false, request: { fetch } });
			const error = await settled(client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
			assert.is(error.status, status);
			assert.is(error.response.status, status);
			assert.is(calls.length, 1, String(status));
		}
		const { fetch } = recording(() => new Response(null, { status: 304 }));
		const client = new Hublet({ log: quiet, request: { fetch } });
		assert.is((await client.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" })).status, 304);
	},
);

call("a HEAD's error status fails with its status line, a 407 too, and a rate limit is coded as one", async () => {
	const cases = [
		[404, "Not Found", {}, "HTTP_ERROR"],
		[407, "Proxy Authentication Required", {}, "HTTP_ERROR"],
		[403, "Forbidden", { "x-ratelimit-remaining": "0" }, "RATE_LIMITED"],
	];
	for (const [status, statusText, headers, code] of cases) {
		const { fetch, calls } = recording(() => new Response(null, { status, statusText, headers }));
		const client = new Hublet({ log: quiet, retry: false, request: { fetch } });
		const error = await settled(client.request("HEAD /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
		assert.is(error.message, `${status} ${statusText}`);
		assert.is(error.status, status);
		assert.is(error.code, code);
		assert.is(error.response.data, "");
		assert.is(calls.length, 1);
	}
});

call("what fetch throws or rejects with fails the attempt as a network error with that very cause, once", async () => {
	for (const method of ["GET", "PUT", "POST", "DELETE"]) {
		for (const throwsAtOnce of [false, true]) {
			const failure = new TypeError("fetch failed", { cause: new Error("ECONNRESET") });
			let calls = 0;
			const fetch = (url, init) => {
				calls++;
				if (throwsAtOnce) throw failure;
				return Promise.reject(failure);
			};
			const client = new Hublet({ log: quiet, retry: false, request: { fetch } });
			const error = await settled(client.request(`${method} /repos/{owner}/{repo}`, { owner: "o", repo: "r" }));
			assert.is(error.code, "NETWORK_ERROR", method);
			assert.is(error.status, 500);
			assert.is(error.message, "fetch failed: ECONNRESET");
			assert.is(error.cause, failure);
			assert.is(calls, 1, method);
		}
	}
});

call("an answer that is not this realm's Response (undici's own, another fetch's) is read as it is", async () => {
	const fetch = async () =>
		new UndiciResponse('{"id":3}', { status: 200, headers: { "content-type": "application/json" } });
	const client = new Hublet({ log: quiet, request: { fetch } });
	const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal(response.data, { id: 3 });
	assert.is(response.status, 200);
});

call("an answer whose headers give a content type that is not a string is read by its text, as before", async () => {
	// A fetch of a program's own (a test stand-in) whose headers' forEach gives what is not a string.
	const headers = { get: () => null, forEach: (callback) => callback(["application/json"], "content-type") };
	const fetch = async () => ({
		status: 200,
		statusText: "OK",
		url: "",
		headers,
		body: null,
		text: async () => '{"id":4}',
	});
	const client = new Hublet({ log: quiet, request: { fetch } });
	const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal(response.data, { id: 4 });
});

const refused = suite("what fetch would refuse to build is refused before fetch is called");

// Each as fetch's `new Request()` refuses it, worded as before fetch was called directly.
const REFUSALS = [
	[
		{ baseUrl: "https://exa mple.com" },
		"GET /x",
		{},
		'Invalid URL "https://exa mple.com/x": check the baseUrl option and the route',
	],
	[
		{ baseUrl: "https://example.com:99999" },
		"GET /x",
		{},
		'Invalid URL "https://example.com:99999/x": check the baseUrl option and the route',
	],
	[{ baseUrl: "http://[::1" }, "GET /x", {}, 'Invalid URL "http://[::1/x": check the baseUrl option and the route'],
	[
		{ baseUrl: "https://octo:s3cr3t-pw@example.com" },
		"GET /x",
		{},
		'The URL "https://[REDACTED]@example.com/x" carries credentials (user:password@), which fetch refuses: remove them from baseUrl and pass a token as the auth option',
	],
	[
		{ baseUrl: "ftp://example.com" },
		"GET /x",
		{},
		'Invalid URL "ftp://example.com/x": only http and https are supported (check the baseUrl option)',
	],
	[{}, "CONNECT /x", {}, "Invalid request CONNECT https://api.github.com/x: 'CONNECT' HTTP method is unsupported."],
	[{}, "TRACE /x", {}, "Invalid request TRACE https://api.github.com/x: 'TRACE' HTTP method is unsupported."],
	[{}, "track /x", {}, "Invalid request TRACK https://api.github.com/x: 'TRACK' HTTP method is unsupported."],
	[
		{},
		{ method: "GE T", url: "/x" },
		{},
		"Invalid request GE T https://api.github.com/x: 'GE T' is not a valid HTTP method.",
	],
	[
		{},
		{ method: "G(ET", url: "/x" },
		{},
		"Invalid request G(ET https://api.github.com/x: 'G(ET' is not a valid HTTP method.",
	],
	[
		{},
		"GET /x",
		{ request: { redirect: "bogus" } },
		"Invalid request GET https://api.github.com/x: Request constructor: bogus is not an accepted type. Expected one of follow, manual, error.",
	],
	[
		{},
		"GET /x",
		{ request: { redirect: 5 } },
		"Invalid request GET https://api.github.com/x: Request constructor: 5 is not an accepted type. Expected one of follow, manual, error.",
	],
];

refused(
	"a URL that does not parse or carries credentials, a method fetch never sends, an unknown redirect: INVALID_REQUEST, nothing sent, never retried",
	async () => {
		const global = globalThis.fetch;
		for (const custom of [true, false]) {
			for (const [options, route, parameters, message] of REFUSALS) {
				const { fetch, calls } = recording();
				if (!custom) globalThis.fetch = fetch;
				try {
					const client = new Hublet({ log: quiet, ...options, ...(custom && { request: { fetch } }) });
					const error = await settled(client.request(route, parameters));
					assert.ok(error, message);
					assert.is(error.name, "HttpError");
					assert.is(error.message, message);
					assert.is(error.status, 400);
					assert.is(error.code, "INVALID_REQUEST");
					assert.is(calls.length, 0, message);
					assert.not.match(JSON.stringify(error) + String(error.stack), /s3cr3t-pw/);
				} finally {
					globalThis.fetch = global;
				}
			}
		}
	},
);

refused(
	"what fetch does build is sent as it is: any case of a method, an extension method, an empty or known redirect",
	async () => {
		const cases = [
			["get /x", {}, "GET", undefined],
			["PROPFIND /x", {}, "PROPFIND", undefined],
			["GET /x", { request: { redirect: "manual" } }, "GET", "manual"],
			["GET /x", { request: { redirect: "error" } }, "GET", "error"],
			["GET /x", { request: { redirect: "" } }, "GET", ""],
		];
		for (const [route, parameters, method, redirect] of cases) {
			const { fetch, calls } = recording();
			const client = new Hublet({ log: quiet, request: { fetch } });
			await client.request(route, parameters);
			assert.is(calls.length, 1, route);
			assert.is(calls[0].init.method, method);
			assert.is(calls[0].init.redirect, redirect);
		}
	},
);

refused("a URL with an empty userinfo (https://@host) carries no credentials, and is sent", async () => {
	const { fetch, calls } = recording();
	const client = new Hublet({ log: quiet, baseUrl: "https://@example.com", request: { fetch } });
	await client.request("GET /x");
	assert.is(calls.length, 1);
});

refused("a redirect whose text cannot be read, or that is not text, is refused, and fetch is not called", async () => {
	const unreadable = {
		toString: () => {
			throw new Error("no text");
		},
	};
	for (const redirect of [unreadable, Symbol("follow"), { toString: () => "sideways" }, ["follow", "manual"]]) {
		const { fetch, calls } = recording();
		const client = new Hublet({ log: quiet, request: { fetch } });
		const error = await settled(client.request("GET /x", { request: { redirect } }));
		assert.is(error.code, "INVALID_REQUEST", String(error));
		assert.is(calls.length, 0);
	}
});

refused("the checks refuse exactly what fetch's own Request refuses (property)", () => {
	const tokenChars = "!#$%&'*+.^_`|~0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ-";
	const odd = [" ", "(", ")", "\u00e9", "\0", "\n", "@", ":", "[", "]", "%", "/", "?", "#", "\\", "\t"];
	const method = fc.oneof(
		fc.constantFrom(
			"GET",
			"get",
			"POST",
			"PROPFIND",
			"CONNECT",
			"connect",
			"TRACE",
			"Track",
			"",
			"__proto__",
			"constructor",
		),
		fc.string({ unit: fc.constantFrom(...tokenChars, ...odd), maxLength: 8 }),
	);
	const hostPart = fc.string({ unit: fc.constantFrom(..."abc019.-_~", ...odd), maxLength: 12 });
	const url = fc
		.tuple(
			fc.constantFrom("https://", "http://", "HTTPS://"),
			fc.option(fc.constantFrom("u:p@", "u@", ":p@", "@", ":@", "u:@")),
			hostPart,
			fc.option(fc.constantFrom(":0", ":443", ":99999", ":x")),
			fc.constantFrom("/x", "/", "", "/a b", "?q=1#f"),
		)
		.map(([scheme, userinfo, host, port, path]) => `${scheme}${userinfo ?? ""}${host}${port ?? ""}${path}`);
	const redirect = fc.oneof(
		fc.constantFrom(undefined, null, "", 0, "follow", "manual", "error", "Follow", "bogus", 5, "__proto__"),
		fc.string({ maxLength: 6 }),
	);
	fc.assert(
		fc.property(url, method, redirect, (url, method, redirect) => {
			let refusedByFetch = false;
			try {
				// As the attempt gave it to ky's Request: the redirect only when it is set.
				new NodeRequest(url, { method, ...(redirect ? { redirect } : {}) });
			} catch {
				refusedByFetch = true;
			}
			assert.is(
				fetchRefusal(url, method, redirect) !== undefined,
				refusedByFetch,
				`${url} ${JSON.stringify(method)} ${String(redirect)}`,
			);
		}),
		{ numRuns: 2000 },
	);
});

const timing = suite("the attempt's own deadline and the caller's abort");

timing(
	"request.timeout covers a fetch that ignores its signal: TIMEOUT when the deadline passes, not when fetch answers",
	async () => {
		const fetch = () => later(300, Response.json({ late: true }));
		const client = new Hublet({ log: quiet, retry: false, request: { fetch } });
		const started = performance.now();
		const error = await settled(
			client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { timeout: 40 } }),
		);
		assert.is(error.code, "TIMEOUT");
		assert.is(error.status, 500);
		assert.ok(performance.now() - started < 250, "ended at the deadline");
	},
);

timing("request.timeout covers the body too: headers at once, a body that stalls, TIMEOUT", async () => {
	const fetch = async () =>
		new Response(new ReadableStream({ pull: () => new Promise(() => {}) }), {
			headers: { "content-type": "application/json" },
		});
	const client = new Hublet({ log: quiet, retry: false, request: { fetch } });
	const error = await settled(
		client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { timeout: 40 } }),
	);
	assert.is(error.code, "TIMEOUT");
});

timing(
	"with no timeout and no signal, nothing of the attempt's aborts a slow fetch, and fetch gets no signal",
	async () => {
		const { fetch, calls } = recording(() => later(100, Response.json({ slow: true })));
		const client = new Hublet({ log: quiet, request: { fetch } });
		const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
		assert.equal(response.data, { slow: true });
		assert.is(calls[0].init.signal, undefined);
	},
);

timing("fetch gets the caller's signal itself when there is no timeout", async () => {
	const { fetch, calls } = recording();
	const controller = new AbortController();
	const client = new Hublet({ request: { fetch } });
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { signal: controller.signal } });
	assert.is(calls[0].init.signal, controller.signal);
});

timing(
	"the caller's abort while fetch runs rejects with the caller's own reason, though fetch ignores its signal",
	async () => {
		const controller = new AbortController();
		const reason = new DOMException("stopped by the caller", "AbortError");
		const fetch = () => new Promise(() => {});
		const client = new Hublet({ log: quiet, request: { fetch } });
		setTimeout(() => controller.abort(reason), 20);
		const error = await settled(
			client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r", request: { signal: controller.signal } }),
		);
		assert.is(error, reason);
	},
);

timing("the caller's signal keeps no listener once its requests have settled, answered or failed", async () => {
	const controller = new AbortController();
	let calls = 0;
	const fetch = async () =>
		++calls % 2 ? Response.json({ id: 1 }) : Response.json({ message: "Not Found" }, { status: 404 });
	const client = new Hublet({
		log: quiet,
		retry: false,
		request: { fetch, signal: controller.signal, timeout: 5_000 },
	});
	for (let index = 0; index < 50; index++)
		await settled(client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: String(index) }));
	assert.is(calls, 50);
	assert.is(getEventListeners(controller.signal, "abort").length, 0);
});

call.run();
refused.run();
timing.run();
