// Plugins and defaults, and the real @octokit/plugin-throttling and @octokit/plugin-retry used
// unchanged (issue 3, items 4 and 5; DESIGN.md section 4 "Plugins"; spec section 9.5).
// Run: node test/compat-plugins.test.js
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import sinon from "sinon";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import HubletDefault, { Hublet, RequestError } from "../dist/index.js";
import { Hublet as Core } from "../dist/core.js";
import pkg from "../package.json" with { type: "json" };
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";
import { rejection } from "./helpers/client.js";

const API = "https://api.github.com";
const REPO = `${API}/repos/octocat/hello-world`;
const getRepo = (client, options = {}) => client.request("GET /repos/{owner}/{repo}", { owner: "octocat", repo: "hello-world", ...options });


/** A log that keeps every line, so a test can see the built-in layer's retry lines. */
function recordingLog() {
	const lines = { debug: [], info: [], warn: [], error: [] };
	const log = {};
	for (const level of Object.keys(lines)) log[level] = (...args) => lines[level].push(args.map(String).join(" "));
	const builtInRetries = () => lines.info.filter((line) => / - retry \d+ of \d+ after /.test(line));
	return { log, lines, builtInRetries };
}

/**
Serves GET /repos/octocat/hello-world from a script of responses, one per attempt (the last
one repeats), and counts the attempts: the number a retry layer is judged by.
*/
function script(...responses) {
	const seen = { attempts: 0 };
	server.use(
		http.get(REPO, () => {
			const make = responses[Math.min(seen.attempts, responses.length - 1)];
			seen.attempts += 1;
			return make();
		}),
	);
	return seen;
}

const ok = () => HttpResponse.json({ full_name: "octocat/hello-world" });
const status = (code) => () => HttpResponse.json({ message: `status ${code}` }, { status: code });
const secondaryLimit = (retryAfter) => () =>
	HttpResponse.json(
		{ message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api" },
		{ status: 403, headers: { "retry-after": String(retryAfter) } },
	);
const primaryLimit = () =>
	HttpResponse.json(
		{ message: "API rate limit exceeded for installation ID 1.", documentation_url: "https://docs.github.com/rest/overview/rate-limits-for-the-rest-api" },
		{ status: 429, headers: { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000)) } },
	);

// ---

const exports = suite("exports");

exports("the named export, the default export and RequestError", () => {
	assert.type(Hublet, "function");
	assert.type(HubletDefault, "function");
	assert.type(RequestError, "function");
	assert.type(Hublet.plugin, "function");
	assert.type(Hublet.defaults, "function");
});

exports.run();

// ---

const plugin = suite("Hublet.plugin()");

plugin("Hublet.plugin(a, b): applied in order, after core setup, with (client, options)", () => {
	const calls = [];
	const a = (client, options) => {
		calls.push(["a", options]);
		for (const member of ["request", "hook", "log", "auth", "rest", "paginate"]) assert.ok(client[member], `client.${member} is set up before plugins run`);
	};
	const b = (client, options) => void calls.push(["b", options]);
	const options = { custom: "for plugins" };
	const client = new (Hublet.plugin(a, b))(options);
	assert.equal(calls, [["a", options], ["b", options]]);
	assert.is(calls[0][1], options);
	assert.instance(client, Hublet);
});

plugin("Hublet.plugin(a, a) and .plugin(a).plugin(a): each plugin runs once", () => {
	let runs = 0;
	const a = () => void (runs += 1);
	new (Hublet.plugin(a, a))();
	assert.is(runs, 1);
	runs = 0;
	new (Hublet.plugin(a).plugin(a))();
	assert.is(runs, 1);
});

plugin("Hublet.plugin(a).plugin(b, a): the first order stands", () => {
	const order = [];
	const a = () => void order.push("a");
	const b = () => void order.push("b");
	new (Hublet.plugin(a).plugin(b, a))();
	assert.equal(order, ["a", "b"]);
});

plugin("Hublet.plugin(): returns a subclass and leaves Hublet.plugins alone", () => {
	const before = [...Hublet.plugins];
	const a = () => {};
	const WithA = Hublet.plugin(a);
	assert.is.not(WithA, Hublet);
	assert.equal(WithA.plugins.slice(-1), [a]);
	assert.equal(Hublet.plugins, before);
	assert.is(WithA.VERSION, Hublet.VERSION);
	assert.type(WithA.defaults, "function");
});

plugin("a plugin's return value lands on the instance, where the next plugin sees it", () => {
	let seen;
	const a = () => ({ greet: () => "hello", answer: 42 });
	const b = (client) => {
		seen = client.answer;
	};
	const client = new (Hublet.plugin(a, b))();
	assert.is(client.greet(), "hello");
	assert.is(client.answer, 42);
	assert.is(seen, 42);
});

plugin("a plugin that returns nothing adds nothing", () => {
	const client = new (Hublet.plugin(() => undefined))();
	const bare = new Hublet();
	assert.equal(Object.keys(client).sort(), Object.keys(bare).sort());
});

plugin("each instance gets its own plugin results", () => {
	const Counter = Hublet.plugin(() => ({ state: { count: 0 } }));
	const one = new Counter();
	const two = new Counter();
	one.state.count += 1;
	assert.is(two.state.count, 0);
});

plugin("a plugin's set-up may send a request, and the client's requests after it are sent too", async () => {
	const urls = [];
	const fetch = async (url) => {
		urls.push(url);
		return Response.json({ id: urls.length });
	};
	let answer;
	const fetchesAtSetUp = (client) => {
		answer = client.request("GET /meta");
	};
	const client = new (Hublet.plugin(fetchesAtSetUp))({ request: { fetch } });
	assert.equal((await answer).data, { id: 1 });
	assert.equal((await getRepo(client)).data, { id: 2 });
	assert.equal(urls, [`${API}/meta`, REPO]);
});

plugin.run();

// ---

const defaults = suite("Hublet.defaults()");
useServer(defaults);

/** Serves every request to `base` and records the url and user agent. */
function record(base = API) {
	const received = [];
	server.use(
		http.all(`${base}/*`, ({ request }) => {
			received.push({ url: request.url, userAgent: request.headers.get("user-agent"), timeZone: request.headers.get("time-zone") });
			return HttpResponse.json({});
		}),
	);
	return received;
}

defaults("Hublet.defaults({ baseUrl }): applied to every instance", async () => {
	const received = record("https://ghe.test/api/v3");
	const Enterprise = Hublet.defaults({ baseUrl: "https://ghe.test/api/v3" });
	await new Enterprise().request("GET /meta");
	assert.equal(received.map((r) => r.url), ["https://ghe.test/api/v3/meta"]);
	assert.instance(new Enterprise(), Hublet);
});

defaults("Hublet.defaults(obj): the caller's options win", async () => {
	const received = record();
	const Client = Hublet.defaults({ baseUrl: "https://ghe.test/api/v3", timeZone: "Europe/Amsterdam" });
	await new Client({ baseUrl: API }).request("GET /meta");
	assert.equal(received.map((r) => [r.url, r.timeZone]), [[`${API}/meta`, "Europe/Amsterdam"]]);
});

defaults("Hublet.defaults({ userAgent }): the caller's user agent, then the default's, then Hublet's", async () => {
	const received = record();
	const Client = Hublet.defaults({ userAgent: "defaults-ua/1.0" });
	await new Client({ userAgent: "caller-ua/2.0" }).request("GET /meta");
	await new Client().request("GET /meta");
	assert.match(received[0].userAgent, /^caller-ua\/2\.0 defaults-ua\/1\.0 hublet-rest\.js\/\S+/);
	assert.match(received[1].userAgent, /^defaults-ua\/1\.0 hublet-rest\.js\/\S+/);
});

defaults("Hublet.defaults(fn): gets the caller's options and returns the ones to use", async () => {
	const received = record("https://ghe.test/api/v3");
	const seen = [];
	const Client = Hublet.defaults((options) => {
		seen.push(options);
		return { ...options, baseUrl: "https://ghe.test/api/v3" };
	});
	await new Client({ userAgent: "fn-ua" }).request("GET /meta");
	new Client();
	assert.equal(seen, [{ userAgent: "fn-ua" }, {}]);
	assert.is(received[0].url, "https://ghe.test/api/v3/meta");
	assert.match(received[0].userAgent, /^fn-ua /);
});

defaults("Hublet.defaults(a).defaults(b): both apply, b over a, the caller over both", async () => {
	const received = record("https://b.test/api/v3");
	const Client = Hublet.defaults({ baseUrl: "https://a.test/api/v3", timeZone: "Asia/Tokyo" }).defaults({ baseUrl: "https://b.test/api/v3" });
	await new Client().request("GET /meta");
	await new Client({ timeZone: "UTC" }).request("GET /meta");
	assert.equal(received.map((r) => [r.url, r.timeZone]), [
		["https://b.test/api/v3/meta", "Asia/Tokyo"],
		["https://b.test/api/v3/meta", "UTC"],
	]);
});

defaults("Hublet.defaults(obj).plugin(p) and Hublet.plugin(p).defaults(obj): the plugin sees the defaults", () => {
	const seen = [];
	const p = (client, options) => ({ pluginSaw: options.custom });
	const one = new (Hublet.defaults({ custom: "from defaults" }).plugin(p))();
	const two = new (Hublet.plugin(p).defaults({ custom: "from defaults" }))();
	const three = new (Hublet.plugin(p).defaults({ custom: "from defaults" }))({ custom: "from the caller" });
	seen.push(one.pluginSaw, two.pluginSaw, three.pluginSaw);
	assert.equal(seen, ["from defaults", "from defaults", "from the caller"]);
});

defaults("Hublet.defaults(fn).plugin(p): chains too", () => {
	const Client = Hublet.defaults(() => ({ custom: "fn" })).plugin((client, options) => ({ pluginSaw: options.custom }));
	assert.is(new Client().pluginSaw, "fn");
	assert.is(Client.VERSION, Hublet.VERSION);
});

defaults.run();

// ---

const version = suite("Hublet.VERSION");

version("Hublet.VERSION is the package version", () => {
	assert.is(Hublet.VERSION, pkg.version);
	assert.is(HubletDefault.VERSION, pkg.version);
});

version.run();

// ---

const log = suite("client.log");

log("new Hublet(): debug and info do nothing, warn and error go to the console (to stderr)", () => {
	// As in @octokit/core, warn and error are the console's own, bound when the package loads, so
	// a stub put on console.warn later does not see them: stderr does.
	const written = sinon.stub(process.stderr, "write").returns(true);
	try {
		const client = new Hublet();
		for (const level of ["debug", "info", "warn", "error"]) assert.type(client.log[level], "function");
		client.log.debug("d");
		client.log.info("i");
		client.log.warn("w");
		client.log.error("e");
		assert.equal(written.args.map(([chunk]) => String(chunk)), ["w\n", "e\n"]);
	} finally {
		written.restore();
	}
});

log("new Hublet({ log: { info } }): the given method is kept, the missing ones filled in", () => {
	const info = sinon.spy();
	const client = new Hublet({ log: { info } });
	client.log.info("kept");
	assert.equal(info.args, [["kept"]]);
	for (const level of ["debug", "warn", "error"]) assert.type(client.log[level], "function");
});

log("new Hublet({ log: { debug: undefined } }): a member set to undefined is filled in, as @octokit/core does", () => {
	const client = new Hublet({ log: { debug: undefined, info: undefined } });
	assert.type(client.log.debug, "function");
	assert.type(client.log.info, "function");
	client.log.debug("no throw");
});

// Loggers such as winston define their level methods on a prototype, and most call them with `this`.
class PrototypeLogger {
	lines = [];
	info(message) {
		this.lines.push(`info ${message}`);
	}
	warn(message) {
		this.lines.push(`warn ${message}`);
	}
	child() {
		return this;
	}
}

log("new Hublet({ log: instance }): methods on the logger's prototype are used, with their `this`", () => {
	const logger = new PrototypeLogger();
	const client = new Hublet({ log: logger });
	client.log.info("from hublet");
	client.log.warn("careful");
	assert.equal(logger.lines, ["info from hublet", "warn careful"]);
	assert.type(client.log.debug, "function");
	assert.type(client.log.error, "function");
});

log("new Hublet({ log: instance }): the logger's other methods (such as pino's child) stay reachable", () => {
	const logger = new PrototypeLogger();
	const client = new Hublet({ log: logger });
	assert.type(client.log.child, "function");
});

log.run();

// ---

const fallback = suite("default export (spec section 9.5)");

fallback('import Hublet from "@hublet/rest": works, and says once that the named export is preferred', () => {
	const warnings = [];
	const first = new HubletDefault({ log: { warn: (message) => warnings.push(message) } });
	new HubletDefault({ log: { warn: (message) => warnings.push(message) } });
	assert.is(warnings.length, 1);
	assert.match(warnings[0], /default export .* deprecated/);
	assert.match(warnings[0], /import \{ Hublet \}/);
	assert.instance(first, Hublet);
	assert.type(first.rest.repos.get, "function");
	assert.type(first.request, "function");
});

fallback("new Hublet() from the default export without options does not throw", () => {
	const client = new HubletDefault();
	assert.type(client.rest.issues.get, "function");
});

fallback("the default export has plugin() and defaults()", () => {
	const Client = HubletDefault.plugin(() => ({ extra: true })).defaults({ userAgent: "x" });
	assert.is(new Client().extra, true);
});

fallback.run();

// ---

const throttle = suite("@octokit/plugin-throttling");
useServer(throttle);

const Throttled = Hublet.plugin(throttling);

// Not the plugin's option: it shortens the built-in layer's backoff, so that a regression in
// which the built-in layer retries a rate limit before the plugin sees it fails in seconds.
const SHORT_BACKOFF = { minTimeout: 1, maxTimeout: 1 };

/** Throttle options whose waits are 1 ms per second asked for, and whose handlers are spies. */
function throttleOptions(answer = true) {
	return {
		onRateLimit: sinon.spy(() => answer),
		onSecondaryRateLimit: sinon.spy(() => answer),
		retryAfterBaseValue: 1,
	};
}

throttle("new Hublet() without the handlers throws the plugin's own error", () => {
	assert.throws(() => new Throttled(), /You must pass the onSecondaryRateLimit and onRateLimit error handlers/);
});

throttle("a success goes straight through, and no handler is called", async () => {
	const seen = script(ok);
	const throttleOpts = throttleOptions();
	const { data } = await getRepo(new Throttled({ throttle: throttleOpts }));
	assert.is(data.full_name, "octocat/hello-world");
	assert.is(seen.attempts, 1);
	assert.is(throttleOpts.onRateLimit.callCount + throttleOpts.onSecondaryRateLimit.callCount, 0);
});

throttle("a 403 secondary rate limit: onSecondaryRateLimit(retryAfter, options, client, 0), then the plugin retries", async () => {
	const seen = script(secondaryLimit(1), ok);
	const throttleOpts = throttleOptions();
	const { log, builtInRetries } = recordingLog();
	const client = new Throttled({ throttle: throttleOpts, retry: SHORT_BACKOFF, log });
	const { status } = await getRepo(client);
	assert.is(status, 200);
	assert.is(seen.attempts, 2);
	assert.is(throttleOpts.onSecondaryRateLimit.callCount, 1, "the plugin saw the limit");
	const [retryAfter, options, octokit, retryCount] = throttleOpts.onSecondaryRateLimit.firstCall.args;
	assert.is(retryAfter, 1);
	assert.is(options.method, "GET");
	assert.is(options.url, "/repos/{owner}/{repo}");
	assert.is(octokit, client);
	assert.is(retryCount, 0);
	assert.equal(builtInRetries(), [], "only the plugin retries");
});

throttle("a 429 with an exhausted primary limit: onRateLimit(retryAfter, options, client), then the plugin retries", async () => {
	const seen = script(primaryLimit, ok);
	const throttleOpts = throttleOptions();
	const { log, builtInRetries } = recordingLog();
	const client = new Throttled({ throttle: throttleOpts, retry: SHORT_BACKOFF, log });
	const { status } = await getRepo(client);
	assert.is(status, 200);
	assert.is(seen.attempts, 2);
	assert.is(throttleOpts.onRateLimit.callCount, 1, "the plugin saw the limit");
	const [retryAfter, options, octokit] = throttleOpts.onRateLimit.firstCall.args;
	assert.ok(retryAfter >= 0 && retryAfter <= 2, `retryAfter ${retryAfter} is seconds to the reset`);
	assert.is(options.method, "GET");
	assert.is(octokit, client);
	assert.equal(builtInRetries(), [], "only the plugin retries");
});

throttle("a handler that returns false: one attempt, and the RequestError comes out", async () => {
	const seen = script(secondaryLimit(1));
	const throttleOpts = throttleOptions(false);
	const { log, builtInRetries } = recordingLog();
	try {
		await getRepo(new Throttled({ throttle: throttleOpts, retry: SHORT_BACKOFF, log }));
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 403);
		assert.match(error.message, /secondary rate limit/);
	}
	assert.is(seen.attempts, 1, "the handler said no, so nobody retries");
	assert.is(throttleOpts.onSecondaryRateLimit.callCount, 1);
	assert.equal(builtInRetries(), []);
});

throttle("a plain 403 is not a rate limit: one attempt, no handler", async () => {
	const seen = script(status(403));
	const throttleOpts = throttleOptions();
	assert.is((await rejection(getRepo(new Throttled({ throttle: throttleOpts, retry: SHORT_BACKOFF, log: recordingLog().log })))).status, 403);
	assert.is(seen.attempts, 1);
	assert.is(throttleOpts.onRateLimit.callCount + throttleOpts.onSecondaryRateLimit.callCount, 0);
});

throttle("under the throttling plugin alone, the built-in layer still retries a 502 (the plugin owns rate limits only)", async () => {
	const seen = script(status(502), ok);
	const throttleOpts = throttleOptions();
	const { log, builtInRetries } = recordingLog();
	const { status: code } = await getRepo(new Throttled({ throttle: throttleOpts, retry: SHORT_BACKOFF, log }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
	assert.is(builtInRetries().length, 1);
	assert.is(throttleOpts.onRateLimit.callCount + throttleOpts.onSecondaryRateLimit.callCount, 0);
});

throttle("throttle: { enabled: false }: the plugin steps aside and the built-in retries own the limit", async () => {
	const seen = script(secondaryLimit(0), ok);
	const { log, builtInRetries } = recordingLog();
	const client = new Throttled({ throttle: { enabled: false }, retry: SHORT_BACKOFF, log });
	const { status } = await getRepo(client);
	assert.is(status, 200);
	assert.is(seen.attempts, 2);
	assert.is(builtInRetries().length, 1);
});

throttle.run();

// ---

const retrying = suite("@octokit/plugin-retry");
useServer(retrying);

const Retrying = Hublet.plugin(retry);

// `retryAfterBaseValue: 1` makes the plugin wait 1, 4, 9 ms. minTimeout and maxTimeout are not the
// plugin's: they only shorten the built-in layer's backoff, so that a regression in which both
// layers retry (the attempts multiply) fails in milliseconds instead of minutes.
const FAST = { retryAfterBaseValue: 1, minTimeout: 1, maxTimeout: 1 };

/** Records `options.request.retryCount`, which the plugin sets on each retry, after the call. */
function watchRetryCount(client) {
	const seen = {};
	client.hook.after("request", (response, options) => {
		seen.retryCount = options.request.retryCount;
	});
	return seen;
}

retrying("a 500 every time: the plugin retries 3 times (4 attempts), then the RequestError comes out", async () => {
	const seen = script(status(500));
	const { log } = recordingLog();
	try {
		await getRepo(new Retrying({ retry: FAST, log }));
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.status, 500);
		assert.is(error.request.request.retries, 3);
	}
	assert.is(seen.attempts, 4);
});

retrying("a 502, then a success: the plugin retries once, and the built-in layer does not", async () => {
	const seen = script(status(502), ok);
	const { log, builtInRetries } = recordingLog();
	const client = new Retrying({ retry: FAST, log });
	const retries = watchRetryCount(client);
	const { status: code } = await getRepo(client);
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
	assert.is(retries.retryCount, 1, "the plugin did the retry");
	assert.equal(builtInRetries(), [], "only the plugin retries");
});

retrying("a 502 every time: 4 attempts in all, not 4 × 4 (one layer owns retries)", async () => {
	const seen = script(status(502));
	const { log, builtInRetries } = recordingLog();
	assert.is((await rejection(getRepo(new Retrying({ retry: FAST, log })))).status, 502);
	assert.is(seen.attempts, 4);
	assert.equal(builtInRetries(), []);
});

retrying("a network error on GET: the plugin retries it (status 500), and the built-in layer does not", async () => {
	let attempts = 0;
	server.use(
		http.get(REPO, () => {
			attempts += 1;
			return attempts === 1 ? HttpResponse.error() : ok();
		}),
	);
	const { log, builtInRetries } = recordingLog();
	const client = new Retrying({ retry: FAST, log });
	const retries = watchRetryCount(client);
	const { status: code } = await getRepo(client);
	assert.is(code, 200);
	assert.is(attempts, 2);
	assert.is(retries.retryCount, 1);
	assert.equal(builtInRetries(), []);
});

retrying("retry: { retries: 1 }: the plugin's own option is honoured", async () => {
	const seen = script(status(500));
	assert.is((await rejection(getRepo(new Retrying({ retry: { ...FAST, retries: 1 }, log: recordingLog().log })))).status, 500);
	assert.is(seen.attempts, 2);
});

retrying("retry: { doNotRetry: [500] }: the plugin's own list is honoured", async () => {
	const seen = script(status(500), ok);
	assert.is((await rejection(getRepo(new Retrying({ retry: { ...FAST, doNotRetry: [500] }, log: recordingLog().log })))).status, 500);
	assert.is(seen.attempts, 1);
});

retrying("a 404 is never retried", async () => {
	const seen = script(status(404));
	assert.is((await rejection(getRepo(new Retrying({ retry: FAST, log: recordingLog().log })))).status, 404);
	assert.is(seen.attempts, 1);
});

retrying("client.request(route, { request: { retries: 0 } }): one request opts out", async () => {
	const seen = script(status(500));
	assert.is((await rejection(getRepo(new Retrying({ retry: FAST, log: recordingLog().log }), { request: { retries: 0 } }))).status, 500);
	assert.is(seen.attempts, 1);
});

retrying("retry: { enabled: false }: neither the plugin nor the built-in layer retries", async () => {
	const seen = script(status(502), ok);
	assert.is((await rejection(getRepo(new Retrying({ retry: { enabled: false }, log: recordingLog().log })))).status, 502);
	assert.is(seen.attempts, 1);
});

retrying("client.retry.retryRequest is the plugin's API, on the instance", () => {
	const client = new Retrying();
	assert.type(client.retry.retryRequest, "function");
});

retrying.run();

// ---

const both = suite("@octokit/plugin-retry with @octokit/plugin-throttling, as the octokit package installs them");
useServer(both);

const Octokitish = Hublet.plugin(retry, throttling);

both("a 502 once: retried once by plugin-retry", async () => {
	const seen = script(status(502), ok);
	const { log, builtInRetries } = recordingLog();
	const { status: code } = await getRepo(new Octokitish({ retry: FAST, throttle: throttleOptions(), log }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
	assert.equal(builtInRetries(), []);
});

both("a secondary rate limit once: retried once by plugin-throttling", async () => {
	const seen = script(secondaryLimit(1), ok);
	const throttleOpts = throttleOptions();
	const { log, builtInRetries } = recordingLog();
	const { status: code } = await getRepo(new Octokitish({ retry: FAST, throttle: throttleOpts, log }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
	assert.is(throttleOpts.onSecondaryRateLimit.callCount, 1);
	assert.equal(builtInRetries(), []);
});

both.run();

// ---

// The core entry has no retries of its own (as @octokit/core): the plugins are what retries there.
const onCore = suite("@octokit/plugin-retry and @octokit/plugin-throttling on the core entry");
useServer(onCore);

onCore("plugin-retry: a 500 every time is retried 3 times by the plugin (4 attempts), `retry` being the plugin's option", async () => {
	const seen = script(status(500));
	const error = await rejection(getRepo(new (Core.plugin(retry))({ retry: { retryAfterBaseValue: 1 }, log: recordingLog().log })));
	assert.instance(error, RequestError);
	assert.is(error.status, 500);
	assert.is(seen.attempts, 4);
});

onCore("plugin-retry: a 502, then a success", async () => {
	const seen = script(status(502), ok);
	const { status: code } = await getRepo(new (Core.plugin(retry))({ retry: { retryAfterBaseValue: 1 } }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
});

onCore("plugin-throttling: a secondary rate limit calls onSecondaryRateLimit, then the plugin retries", async () => {
	const seen = script(secondaryLimit(1), ok);
	const throttleOpts = throttleOptions();
	const { status: code } = await getRepo(new (Core.plugin(throttling))({ throttle: throttleOpts }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
	assert.is(throttleOpts.onSecondaryRateLimit.callCount, 1);
});

onCore("both plugins, as the octokit package installs them: a 502 once is retried once", async () => {
	const seen = script(status(502), ok);
	const { status: code } = await getRepo(new (Core.plugin(retry, throttling))({ retry: { retryAfterBaseValue: 1 }, throttle: throttleOptions() }));
	assert.is(code, 200);
	assert.is(seen.attempts, 2);
});

onCore.run();
