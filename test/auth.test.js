// The `auth` and `authStrategy` options and the hook chain they join (issue 3, item 4;
// DESIGN.md section 4 "Auth strategy"; spec section 5). Run: node test/auth.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, legacyAuth } from "../dist/index.js";
import { HttpResponse, http, server, useServer } from "./helpers/msw.js";
import fc from "fast-check";
import { Hublet as CoreHublet } from "../dist/core.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(legacyAuth);

const JWT = "eyJhbGciOiJSUzI1NiJ9.eyJpc3MiOiIxIn0.c2lnbmF0dXJl";
const LEGACY = /"auth" option to an object, a function or a "basic …" string is deprecated/;

/** Answers every api.github.com request with the headers it arrived with, and keeps them. */
function echo() {
	const received = [];
	server.use(
		http.all("https://api.github.com/*", ({ request }) => {
			const headers = Object.fromEntries(request.headers);
			received.push({ method: request.method, url: request.url, headers });
			return HttpResponse.json({ headers });
		}),
	);
	return received;
}

/** A log whose calls are kept per level. */
function recordingLog() {
	const calls = { debug: [], info: [], warn: [], error: [] };
	const log = {};
	for (const level of Object.keys(calls)) log[level] = (...args) => calls[level].push(args.join(" "));
	return { log, calls };
}

// ---

const exports = suite("exports");

exports("Hublet is a class whose instances have auth(), hook and request", () => {
	assert.type(Hublet, "function");
	const client = new Hublet();
	assert.type(client.auth, "function");
	assert.type(client.request, "function");
	for (const method of ["before", "after", "error", "wrap"]) assert.type(client.hook[method], "function");
});

exports.run();

// ---

const hooks = suite("client.hook: before, after, error and wrap on \"request\"");
useServer(hooks);

hooks("hook.wrap: a wrap registered later wraps the earlier ones", async () => {
	echo();
	const order = [];
	const client = new Hublet();
	client.hook.wrap("request", async (request, options) => {
		order.push("first in");
		const response = await request(options);
		order.push("first out");
		return response;
	});
	client.hook.wrap("request", async (request, options) => {
		order.push("second in");
		const response = await request(options);
		order.push("second out");
		return response;
	});
	await client.request("GET /zen");
	assert.equal(order, ["second in", "first in", "first out", "second out"]);
});

hooks("hook.before gets the merged options, and a header it sets is sent", async () => {
	const received = echo();
	const client = new Hublet({ auth: "ghp_before" });
	let seen;
	client.hook.before("request", (options) => {
		seen = { method: options.method, url: options.url, baseUrl: options.baseUrl, owner: options.owner };
		options.headers["x-before"] = "1";
	});
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal(seen, { method: "GET", url: "/repos/{owner}/{repo}", baseUrl: "https://api.github.com", owner: "o" });
	assert.is(received[0].headers["x-before"], "1");
	assert.is(received[0].headers.authorization, "token ghp_before");
});

hooks("hook.after gets the response and the options", async () => {
	echo();
	const client = new Hublet();
	let seen;
	client.hook.after("request", (response, options) => {
		seen = { status: response.status, url: response.url, route: options.url };
	});
	await client.request("GET /zen");
	assert.equal(seen, { status: 200, url: "https://api.github.com/zen", route: "/zen" });
});

hooks("hook.error gets the RequestError, and what it returns becomes the result", async () => {
	server.use(http.get("https://api.github.com/repos/o/gone", () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const { log } = recordingLog();
	const client = new Hublet({ log });
	let seen;
	client.hook.error("request", (error, options) => {
		seen = { status: error.status, name: error.name, route: options.url };
		return { status: 404, url: "", headers: {}, data: null };
	});
	const response = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "gone" });
	assert.equal(seen, { status: 404, name: "HttpError", route: "/repos/{owner}/{repo}" });
	assert.is(response.data, null);
});

hooks("hook.error that rethrows: the caller gets the error", async () => {
	server.use(http.get("https://api.github.com/repos/o/gone", () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const { log } = recordingLog();
	const client = new Hublet({ log });
	client.hook.error("request", (error) => {
		error.message = `wrapped: ${error.message}`;
		throw error;
	});
	try {
		await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "gone" });
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.is(error.status, 404);
		assert.match(error.message, /^wrapped: Not Found/);
	}
});

hooks("hook.remove: a removed wrap no longer runs", async () => {
	echo();
	const client = new Hublet();
	let runs = 0;
	const wrap = (request, options) => {
		runs += 1;
		return request(options);
	};
	client.hook.wrap("request", wrap);
	await client.request("GET /zen");
	client.hook.remove("request", wrap);
	await client.request("GET /zen");
	assert.is(runs, 1);
});

hooks("each client has its own hook collection", async () => {
	echo();
	const one = new Hublet();
	const two = new Hublet();
	let runs = 0;
	one.hook.before("request", () => void (runs += 1));
	await two.request("GET /zen");
	assert.is(runs, 0);
	assert.is.not(one.hook, two.hook);
});

hooks.run();

// ---

const token = suite("new Hublet({ auth: token })");
useServer(token);

const TOKENS = [
	["a classic token is sent as `token`", "ghp_classic", "token ghp_classic", { type: "token", token: "ghp_classic", tokenType: "oauth" }],
	["an installation token (ghs_) is sent as `token`", "ghs_installation", "token ghs_installation", { type: "token", token: "ghs_installation", tokenType: "installation" }],
	["a user-to-server token (ghu_) is sent as `token`", "ghu_user", "token ghu_user", { type: "token", token: "ghu_user", tokenType: "user-to-server" }],
	["a JWT (three dot-separated parts) is sent as `bearer`", JWT, `bearer ${JWT}`, { type: "token", token: JWT, tokenType: "app" }],
	['a "token " prefix is dropped', "token ghp_prefixed", "token ghp_prefixed", { type: "token", token: "ghp_prefixed", tokenType: "oauth" }],
	['a "bearer " prefix on a JWT is dropped', `bearer ${JWT}`, `bearer ${JWT}`, { type: "token", token: JWT, tokenType: "app" }],
];

for (const [name, auth, header, authentication] of TOKENS) {
	token(`client.request(): ${name}`, async () => {
		const received = echo();
		const client = new Hublet({ auth });
		await client.request("GET /user");
		assert.is(received[0].headers.authorization, header);
	});

	token(`client.auth(): ${name}`, async () => {
		assert.equal(await new Hublet({ auth }).auth(), authentication);
	});
}

token("client.rest.repos.get(): endpoint methods carry the token too", async () => {
	const received = echo();
	await new Hublet({ auth: "ghp_rest" }).rest.repos.get({ owner: "octocat", repo: "hello-world" });
	assert.is(received[0].url, "https://api.github.com/repos/octocat/hello-world");
	assert.is(received[0].headers.authorization, "token ghp_rest");
});

token("new Hublet(): without auth, no authorization header and client.auth() is unauthenticated", async () => {
	const received = echo();
	const client = new Hublet();
	await client.request("GET /zen");
	assert.is(received[0].headers.authorization, undefined);
	assert.equal(await client.auth(), { type: "unauthenticated" });
});

token("client.request(): a token is not written into the caller's options", async () => {
	echo();
	const options = { owner: "o", repo: "r", headers: { "x-caller": "1" } };
	await new Hublet({ auth: "ghp_secret" }).request("GET /repos/{owner}/{repo}", options);
	assert.equal(options, { owner: "o", repo: "r", headers: { "x-caller": "1" } });
});

token("a string is a token unless it starts with \"basic \" in any letter case, and loses a \"token \" or \"bearer \" prefix, as the expressions octokit reads them with", async () => {
	// Letters whose case mapping reaches ASCII (the Kelvin sign, the long s, a dotted capital I) and spaces of other kinds.
	const piece = fc.constantFrom("basic ", "BASIC ", "bAsIc ", "token ", "Bearer ", "bearer  ", "to\u212Aen ", "ba\u017Fic ", "bas\u0130c ", "basic\t", " ", "x", "ghp_1", ".");
	await fc.assert(
		fc.asyncProperty(fc.array(piece, { maxLength: 4 }).map((pieces) => pieces.join("") || "x"), async (auth) => {
			let refused;
			let client;
			try {
				client = new CoreHublet({ auth, log: { warn() {} } });
			} catch (error) {
				refused = error;
			}
			// The core entry has no legacy auth: a "basic …" string is refused, naming it.
			assert.is(refused !== undefined, /^basic /i.test(auth), auth);
			if (refused) return assert.match(refused.message, /needs the legacyAuth feature/);
			assert.is((await client.auth()).token, auth.replace(/^(token|bearer) +/i, ""), auth);
		}),
		{ numRuns: 300 },
	);
});

token.run();

// ---

const legacy = suite("new Hublet({ auth }): deprecated forms (spec section 5.3)");
useServer(legacy);

const LEGACY_FORMS = [
	["{ username, password } is sent as basic", { username: "octocat", password: "secret" }, `basic ${btoa("octocat:secret")}`],
	["{ clientId, clientSecret } is sent as basic", { clientId: "Iv1.id", clientSecret: "shh" }, `basic ${btoa("Iv1.id:shh")}`],
	['a "basic …" string is sent as it is', `basic ${btoa("octocat:secret")}`, `basic ${btoa("octocat:secret")}`],
	["{ token } is sent as `token`", { token: "ghp_object" }, "token ghp_object"],
	["a function returning a token is sent as `token`", async () => "ghp_function", "token ghp_function"],
	["a function returning a JWT is sent as `bearer`", () => JWT, `bearer ${JWT}`],
];

for (const [name, auth, header] of LEGACY_FORMS) {
	legacy(`client.request(): ${name}, with one deprecation message`, async () => {
		const received = echo();
		const { log, calls } = recordingLog();
		const client = new Hublet({ auth, log });
		await client.request("GET /user");
		await client.request("GET /user");
		assert.is(received[0].headers.authorization, header);
		assert.is(received[1].headers.authorization, header);
		assert.is(calls.warn.length, 1, calls.warn.join("\n"));
		assert.match(calls.warn[0], LEGACY);
	});
}

legacy("new Hublet(): each client says it once", () => {
	const first = recordingLog();
	const second = recordingLog();
	new Hublet({ auth: { username: "a", password: "b" }, log: first.log });
	new Hublet({ auth: { username: "a", password: "b" }, log: second.log });
	assert.is(first.calls.warn.length, 1);
	assert.is(second.calls.warn.length, 1);
});

legacy("new Hublet(): a token string gives no deprecation message", () => {
	const { log, calls } = recordingLog();
	new Hublet({ auth: "ghp_plain", log });
	assert.equal(calls.warn, []);
});

legacy("new Hublet(): an object with neither username nor clientId throws a TypeError, with no deprecation warning first", () => {
	const { log, calls } = recordingLog();
	assert.throws(() => new Hublet({ auth: { password: "alone" }, log }), (error) => error instanceof TypeError && /`auth` option/.test(error.message));
	assert.equal(calls.warn, []);
});

legacy("client.auth(): basic auth says so without the password", async () => {
	const { log } = recordingLog();
	const result = await new Hublet({ auth: { username: "octocat", password: "secret" }, log }).auth();
	assert.equal(result, { type: "basic", username: "octocat" });
	assert.not.match(JSON.stringify(result), /secret/);
});

legacy.run();

// ---

const strategy = suite("new Hublet({ authStrategy })");
useServer(strategy);

/** A strategy in the shape of the @octokit/auth-* packages, recording what it gets. */
function spyStrategy(calls = []) {
	const authStrategy = (options) => {
		calls.push(options);
		const auth = async (authOptions) => ({ type: "spy", authOptions });
		auth.hook = async (request, route, parameters) => {
			const endpoint = request.endpoint.merge(route, parameters);
			endpoint.headers.authorization = `token ${options.token}`;
			calls.hooked = (calls.hooked ?? 0) + 1;
			return request(endpoint);
		};
		return auth;
	};
	return { authStrategy, calls };
}

strategy("authStrategy is called once with { request, log, octokit, octokitOptions, ...auth }", () => {
	const { authStrategy, calls } = spyStrategy();
	const options = { authStrategy, auth: { token: "ghs_spy", installationId: 1 }, baseUrl: "https://ghe.test/api/v3", custom: "kept" };
	const client = new Hublet(options);
	assert.is(calls.length, 1);
	const [received] = calls;
	assert.equal(Object.keys(received).sort(), ["installationId", "log", "octokit", "octokitOptions", "request", "token"]);
	assert.is(received.octokit, client);
	assert.is(received.log, client.log);
	assert.is(received.token, "ghs_spy");
	assert.is(received.installationId, 1);
	assert.type(received.request, "function");
	assert.type(received.request.endpoint, "function");
	assert.type(received.request.defaults, "function");
});

strategy("octokitOptions: the constructor options without authStrategy, unknown keys kept", () => {
	const { authStrategy, calls } = spyStrategy();
	new Hublet({ authStrategy, auth: { token: "t" }, baseUrl: "https://ghe.test/api/v3", custom: "kept" });
	assert.equal(calls[0].octokitOptions, { auth: { token: "t" }, baseUrl: "https://ghe.test/api/v3", custom: "kept" });
});

strategy("auth keys are spread last, as @octokit/core's Object.assign does: auth.request replaces the request", () => {
	const { authStrategy, calls } = spyStrategy();
	const request = () => {};
	new Hublet({ authStrategy, auth: { request } });
	assert.is(calls[0].request, request);
});

strategy("client.auth is what the strategy returned, and passes its arguments", async () => {
	const { authStrategy } = spyStrategy();
	const client = new Hublet({ authStrategy, auth: { token: "t" } });
	assert.equal(await client.auth({ type: "installation" }), { type: "spy", authOptions: { type: "installation" } });
});

strategy("auth.hook runs on every request, and endpoint methods go through it", async () => {
	const received = echo();
	const { authStrategy, calls } = spyStrategy();
	const client = new Hublet({ authStrategy, auth: { token: "ghs_hooked" } });
	await client.request("GET /user");
	await client.rest.repos.get({ owner: "o", repo: "r" });
	assert.is(calls.hooked, 2);
	assert.equal(
		received.map((r) => r.headers.authorization),
		["token ghs_hooked", "token ghs_hooked"],
	);
});

strategy("a strategy without a hook: requests go out without authorization", async () => {
	const received = echo();
	const client = new Hublet({ authStrategy: () => async () => ({ type: "none" }) });
	await client.request("GET /zen");
	assert.is(received[0].headers.authorization, undefined);
	assert.equal(await client.auth(), { type: "none" });
});

strategy("auth.hook is the innermost wrap: plugin and user wraps run first and see no authorization", async () => {
	const received = echo();
	const order = [];
	const { authStrategy } = spyStrategy();
	const plugin = (client) => {
		client.hook.wrap("request", (request, options) => {
			order.push(["plugin", options.headers.authorization]);
			return request(options);
		});
	};
	const innerStrategy = (options) => {
		const auth = authStrategy(options);
		const hook = auth.hook;
		auth.hook = (request, route, parameters) => {
			order.push(["auth", route.headers["x-user"]]);
			return hook(request, route, parameters);
		};
		return auth;
	};
	const client = new (Hublet.plugin(plugin))({ authStrategy: innerStrategy, auth: { token: "ghs_inner" } });
	client.hook.wrap("request", (request, options) => {
		order.push(["user", options.headers.authorization]);
		options.headers["x-user"] = "set by a user wrap";
		return request(options);
	});
	client.hook.before("request", (options) => {
		order.push(["before", options.headers.authorization]);
	});
	await client.request("GET /user");
	// Registered last, the before hook is outermost; the auth hook sees the user wrap's header.
	assert.equal(order, [
		["before", undefined],
		["user", undefined],
		["plugin", undefined],
		["auth", "set by a user wrap"],
	]);
	assert.is(received[0].headers.authorization, "token ghs_inner");
	assert.is(received[0].headers["x-user"], "set by a user wrap");
});

strategy("auth.hook gets a request with endpoint.merge, endpoint.DEFAULTS and endpoint(), as @octokit/auth-token uses", async () => {
	const received = echo();
	let seen;
	const authStrategy = () =>
		Object.assign(async () => ({}), {
			hook: async (request, route, parameters) => {
				const endpoint = request.endpoint.merge(route, parameters);
				seen = { baseUrl: request.endpoint.DEFAULTS.baseUrl, merged: endpoint, parsedUrl: request.endpoint(endpoint).url };
				endpoint.headers.authorization = "token merged";
				return request(endpoint);
			},
		});
	const client = new Hublet({ authStrategy });
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.is(seen.baseUrl, "https://api.github.com");
	assert.is(seen.merged.url, "/repos/{owner}/{repo}");
	assert.is(seen.merged.owner, "o");
	assert.is(seen.parsedUrl, "https://api.github.com/repos/o/r");
	assert.is(received[0].headers.authorization, "token merged");
});

// @octokit/auth-app fetches an installation token with `request.defaults({ baseUrl })` from inside
// its hook. As in @octokit/request, that request keeps the hook chain, so the hook sees it again
// and must tell it apart by route.
strategy("auth.hook: request.defaults() inside the hook keeps the hook chain, as @octokit/request does", async () => {
	const received = echo();
	const wrapped = [];
	const authStrategy = () =>
		Object.assign(async () => ({}), {
			hook: async (request, route, parameters) => {
				const endpoint = request.endpoint.merge(route, parameters);
				if (endpoint.url.endsWith("/access_tokens")) {
					endpoint.headers.authorization = "bearer app-jwt";
					return request(endpoint);
				}
				const tokenRequest = request.defaults({ baseUrl: endpoint.baseUrl });
				await tokenRequest("POST /app/installations/{installation_id}/access_tokens", { installation_id: 7 });
				endpoint.headers.authorization = "token ghs_fetched";
				return request(endpoint);
			},
		});
	const client = new Hublet({ authStrategy });
	client.hook.wrap("request", (request, options) => {
		wrapped.push(`${options.method} ${options.url}`);
		return request(options);
	});
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	assert.equal(wrapped, ["GET /repos/{owner}/{repo}", "POST /app/installations/{installation_id}/access_tokens"]);
	assert.equal(
		received.map((r) => [r.method, r.url, r.headers.authorization]),
		[
			["POST", "https://api.github.com/app/installations/7/access_tokens", "bearer app-jwt"],
			["GET", "https://api.github.com/repos/o/r", "token ghs_fetched"],
		],
	);
});

strategy("the strategy's own request skips the hooks, so fetching a token does not re-enter them", async () => {
	const received = echo();
	const { authStrategy, calls } = spyStrategy();
	const client = new Hublet({ authStrategy, auth: { token: "ghs_plain" }, userAgent: "strategy-test" });
	let wrapped = 0;
	client.hook.wrap("request", (request, options) => {
		wrapped += 1;
		return request(options);
	});
	const response = await calls[0].request("POST /app/installations/{installation_id}/access_tokens", {
		installation_id: 1,
		headers: { authorization: "bearer app-jwt" },
	});
	assert.is(response.status, 200);
	assert.is(wrapped, 0);
	assert.is(calls.hooked, undefined);
	assert.is(received[0].url, "https://api.github.com/app/installations/1/access_tokens");
	assert.is(received[0].headers.authorization, "bearer app-jwt");
	assert.match(received[0].headers["user-agent"], /^strategy-test /);
});

strategy("the strategy's request keeps the client's baseUrl", async () => {
	const received = [];
	server.use(
		http.get("https://ghe.test/api/v3/meta", ({ request }) => {
			received.push(request.url);
			return HttpResponse.json({});
		}),
	);
	const { authStrategy, calls } = spyStrategy();
	new Hublet({ authStrategy, auth: { token: "t" }, baseUrl: "https://ghe.test/api/v3" });
	await calls[0].request("GET /meta");
	assert.equal(received, ["https://ghe.test/api/v3/meta"]);
	assert.is(calls[0].request.endpoint.DEFAULTS.baseUrl, "https://ghe.test/api/v3");
});

strategy("a strategy that throws while being created makes the constructor throw", () => {
	assert.throws(
		() =>
			new Hublet({
				authStrategy: () => {
					throw new Error("[strategy] appId option is required");
				},
			}),
		/appId option is required/,
	);
});

strategy("an error from auth.hook rejects the request, and nothing is sent", async () => {
	const received = echo();
	const authStrategy = () => Object.assign(async () => ({}), { hook: async () => Promise.reject(new Error("no token today")) });
	const { log } = recordingLog();
	const client = new Hublet({ authStrategy, log });
	try {
		await client.request("GET /user");
		assert.unreachable("should have thrown");
	} catch (error) {
		assert.instance(error, Error);
		assert.is(error.message, "no token today");
	}
	assert.equal(received, []);
});

strategy.run();
