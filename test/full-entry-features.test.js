// The full entry composes what @octokit/rest has (the request log, paginate, graphql), retries and
// DEBUG output; every other feature is one import away from "@hublet/rest" itself. An option whose
// feature the class lacks is a TypeError, when the client is made, that names that import, and
// nothing is sent. Each feature, once added, works end to end over a real server on 127.0.0.1.
// Run: node test/full-entry-features.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import * as full from "../dist/index.js";
import * as core from "../dist/core.js";
import { readBody, sendJson, startServer } from "./helpers/loopback.js";
import { startForwardProxy, withProxyEnv } from "./helpers/forward-proxy.js";
import { rejection } from "./helpers/client.js";
import { BODY_FILES } from "./helpers/features.js";

const { Hublet, cache, findRoutes, legacyAuth, proxy, rateLimit, serverTables } = full;
const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const PASSWORD = "pa55/word-Kz81";

/** A server that answers each GET with an ETag, a 304 to a matching If-None-Match, and rate-limit headers; it records what it got. */
async function github() {
	return startServer(async (request, response) => {
		await readBody(request);
		const headers = { etag: '"v1"', "x-ratelimit-limit": "5000", "x-ratelimit-remaining": "4999", "x-ratelimit-reset": "4102444800", "x-ratelimit-resource": "core" };
		if (request.headers["if-none-match"] === '"v1"') {
			response.writeHead(304, headers);
			return response.end();
		}
		sendJson(response, 200, { full_name: "o/r", url: request.url }, headers);
	});
}

const refusals = suite("an option whose feature the full client leaves out");

const REFUSED = [
	["cache", { cache: true }, "cache"],
	["cache", { cache: { store: new Map() } }, "cache"],
	["rateLimit", { rateLimit: true }, "rateLimit"],
	["rateLimit", { rateLimit: { store: new Map() } }, "rateLimit"],
	["request.proxy", { request: { proxy: "http://127.0.0.1:9" } }, "proxy"],
	["server", { server: "ghes-3.17" }, "serverTables"],
	["server", { server: "auto" }, "serverTables"],
	["auth", { auth: { username: "user", password: PASSWORD } }, "legacyAuth"],
	["auth", { auth: async () => "a-token" }, "legacyAuth"],
	["auth", { auth: `basic ${Buffer.from(`user:${PASSWORD}`).toString("base64")}` }, "legacyAuth"],
];

for (const [option, options, feature] of REFUSED) {
	refusals(`${JSON.stringify(Object.keys(options))} (${feature}): a TypeError that names the import from "@hublet/rest", and nothing is sent`, async () => {
		let sent = 0;
		const fetch = async () => {
			sent += 1;
			return new Response("{}");
		};
		let caught;
		try {
			new Hublet({ ...options, log: quiet, request: { fetch, ...options.request } });
		} catch (error) {
			caught = error;
		}
		assert.instance(caught, TypeError);
		assert.is(
			caught.message,
			`The "${option}" option needs the ${feature} feature: import { ${feature} } from "@hublet/rest" ("@hublet/rest/core" on the core entry) and add it with Hublet.plugin(${feature})`,
		);
		assert.not.match(caught.message, PASSWORD);
		assert.not.match(caught.message, Buffer.from(`user:${PASSWORD}`).toString("base64"));
		assert.is(sent, 0);
		// The same class with the feature takes the option.
		new (Hublet.plugin(full[feature]))({ ...options, log: quiet, request: { fetch, ...options.request } });
	});
}

refusals("options that are off need no feature: cache and rateLimit false, request.proxy false, server undefined, a token", () => {
	new Hublet({ cache: false, rateLimit: false, request: { proxy: false }, server: undefined, auth: "a-token", log: quiet });
});

refusals("a TypeError for each option the class lacks, also under a prototype's name as an own key", () => {
	const options = JSON.parse('{"__proto__": {"cache": true}, "constructor": {"rateLimit": true}}');
	// Neither is an option (an own `__proto__` key, a `constructor` key): both are ignored as unknown.
	new Hublet({ ...options, log: quiet });
});

refusals.run();

const members = suite("the full client's features and members");

members("composes the request log, paginate, retries and DEBUG output, in that order, and no other feature", () => {
	assert.equal(
		Hublet.features.map((feature) => feature.name),
		["debug", "requestLog", "paginate", "retry"],
	);
	assert.is(typeof new Hublet().paginate, "function");
	assert.is(typeof new Hublet().graphql, "function");
});

members("exports each feature as the core entry does: the same objects, so a class has one of each", () => {
	for (const name of ["cache", "findRoutes", "legacyAuth", "paginate", "proxy", "rateLimit", "requestLog", "retry", "serverTables"]) {
		assert.is(full[name], core[name], name);
	}
	// Adding a feature the class has already changes nothing.
	assert.equal(Hublet.plugin(full.paginate, full.retry).features.length, Hublet.features.length);
});

members("Node's full entry holds in its own file the bodies of the features its client composes, and no other", () => {
	// Which modules of lib/ each file of dist/ holds, as the build wrote it.
	const held = JSON.parse(readFileSync(new URL("../.tmp/dist-modules.json", import.meta.url), "utf8"))["dist/index.js"];
	const bodies = held.flatMap((file) => /^lib\/features\/([^/]+)\/body\.ts$/.exec(file)?.[1] ?? []).sort();
	const folders = new Set(BODY_FILES.map((file) => file.replace(/^feature-|\.js$/g, "")));
	const composed = Hublet.features.map(({ name }) => name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`)).filter((folder) => folders.has(folder));
	assert.equal(bodies, composed.sort());
	assert.equal(bodies, ["paginate", "request-log", "retry"]);
});

members("client.findRoutes is there only with Hublet.plugin(findRoutes)", () => {
	assert.is("findRoutes" in new Hublet(), false);
	const found = new (Hublet.plugin(findRoutes))().findRoutes("/repos/octokit/rest.js/issues");
	assert.ok(found.some((info) => info.namespace === "issues" && info.method === "listForRepo"));
});

members("findRoutes before serverTables searches the server's table", () => {
	const Client = Hublet.plugin(findRoutes, serverTables);
	const ghes = new Client({ server: "ghes-3.17", log: quiet });
	assert.ok(ghes.findRoutes("/admin/hooks").some((info) => info.namespace === "enterpriseAdmin"));
	assert.equal(new Client({ log: quiet }).findRoutes("/admin/hooks"), []);
});

/** The code esbuild bundles for `program`, importing the package by name as an app does. */
async function bundled(program) {
	const project = mkdtempSync(join(tmpdir(), "hublet-full-entry-"));
	try {
		mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
		symlinkSync(resolve(dirname(fileURLToPath(import.meta.url)), ".."), join(project, "node_modules", "@hublet", "rest"), "dir");
		const { outputFiles } = await build({ stdin: { contents: program, resolveDir: project }, bundle: true, write: false, format: "esm", platform: "node", minifySyntax: true, logLevel: "silent" });
		return outputFiles[0].text;
	} finally {
		rmSync(project, { recursive: true, force: true });
	}
}

// The body each feature left out runs (its name in lib/features/<name>/body.ts).
const LEFT_OUT_BODIES = { cache: "createCache", rateLimit: "createRateLimits", proxy: "createProxyRoute", serverTables: "serverTablesPlugin" };

members("a bundle of the full client holds none of the features it leaves out, and one added with Hublet.plugin() brings its own", async () => {
	const plain = await bundled('import { Hublet } from "@hublet/rest"; new Hublet().rest.repos.get({ owner: "o", repo: "r" });');
	for (const [feature, body] of Object.entries(LEFT_OUT_BODIES)) assert.not.match(plain, new RegExp(`function ${body}\\d*\\(`), feature);
	assert.not.match(plain, /function searchRoutes\d*\(/, "findRoutes");
	for (const body of ["createPaginate", "withRetries", "requestLogWrap"]) assert.match(plain, new RegExp(`function ${body}\\d*\\(`), body);
	const cached = await bundled('import { Hublet, cache } from "@hublet/rest"; new (Hublet.plugin(cache))({ cache: true }).rest.repos.get({ owner: "o", repo: "r" });');
	assert.match(cached, /function createCache\d*\(/);
	assert.not.match(cached, /function createRateLimits\d*\(/);
});

members.run();

const loopback = suite("each feature, added to the full client, over loopback");

loopback("cache: the second GET is conditional and its 304 resolves as the cached 200", async () => {
	const api = await github();
	try {
		const client = new (Hublet.plugin(cache))({ baseUrl: api.baseUrl, cache: true, log: quiet });
		const first = await client.rest.repos.get({ owner: "o", repo: "r" });
		const second = await client.rest.repos.get({ owner: "o", repo: "r" });
		assert.equal([first.status, second.status, second.revalidated, second.data.full_name], [200, 200, true, "o/r"]);
		assert.is(api.requests[1].headers["if-none-match"], '"v1"');
	} finally {
		await api.close();
	}
});

loopback("rateLimit: a store the option names is given the token's limits, under a key that is not the token", async () => {
	const api = await github();
	try {
		const store = new Map();
		const client = new (Hublet.plugin(rateLimit))({ baseUrl: api.baseUrl, auth: "ghp_notARealToken0000", rateLimit: { store }, log: quiet });
		await client.rest.repos.get({ owner: "o", repo: "r" });
		await new Promise((resolve) => setTimeout(resolve, 50));
		assert.ok(store.size > 0, "nothing was stored");
		for (const [key, value] of store) {
			assert.not.match(String(key), "ghp_notARealToken0000");
			assert.not.match(JSON.stringify(value), "ghp_notARealToken0000");
		}
	} finally {
		await api.close();
	}
});

loopback("legacyAuth: { username, password } is sent as basic", async () => {
	const api = await github();
	try {
		const client = new (Hublet.plugin(legacyAuth))({ baseUrl: api.baseUrl, auth: { username: "user", password: PASSWORD }, log: quiet });
		await client.rest.repos.get({ owner: "o", repo: "r" });
		assert.is(api.requests[0].headers.authorization, `basic ${Buffer.from(`user:${PASSWORD}`).toString("base64")}`);
	} finally {
		await api.close();
	}
});

loopback("serverTables: a method the server lacks is refused before sending; one it has is sent", async () => {
	const api = await github();
	try {
		const client = new (Hublet.plugin(serverTables))({ baseUrl: api.baseUrl, server: "ghes-3.17", log: quiet });
		const error = await rejection(client.request("GET /orgs/{org}/dependabot/repository-access", { org: "o" }));
		assert.is(error.code, "NOT_AVAILABLE");
		assert.is(api.requests.length, 0);
		await client.rest.repos.get({ owner: "o", repo: "r" });
		assert.is(api.requests.length, 1);
	} finally {
		await api.close();
	}
});

loopback("proxy: HTTP_PROXY is read with the feature, and not without it (the request goes direct, as @octokit/rest sends it)", async () => {
	const api = await github();
	const forward = await startForwardProxy();
	try {
		await withProxyEnv({ HTTP_PROXY: forward.url }, async () => {
			const direct = new Hublet({ baseUrl: api.baseUrl, log: quiet });
			await direct.rest.repos.get({ owner: "o", repo: "r" });
			assert.equal(forward.seen, []);
			assert.is(api.requests.length, 1);
			// A name only the proxy resolves: what arrives went through it.
			const proxied = new (Hublet.plugin(proxy))({ baseUrl: api.baseUrl.replace("127.0.0.1", "api.test"), log: quiet, retry: false });
			const { data } = await proxied.rest.repos.get({ owner: "o", repo: "r" });
			assert.is(data.full_name, "o/r");
			assert.is(forward.seen.length, 1);
			assert.is(api.requests.length, 2);
		});
	} finally {
		await forward.close();
		await api.close();
	}
});

loopback("proxy: request.proxy sends through the proxy it names", async () => {
	const api = await github();
	const forward = await startForwardProxy();
	try {
		await withProxyEnv({}, async () => {
			const client = new (Hublet.plugin(proxy))({ baseUrl: api.baseUrl.replace("127.0.0.1", "api.test"), request: { proxy: forward.url }, log: quiet, retry: false });
			await client.rest.repos.get({ owner: "o", repo: "r" });
			assert.is(forward.seen.length, 1);
		});
	} finally {
		await forward.close();
		await api.close();
	}
});

loopback.run();
