// Proxies, as curl and `gh` honour them: HTTPS_PROXY, HTTP_PROXY and NO_PROXY from the
// environment, and the `request.proxy` option, through a forward proxy on 127.0.0.1. The target
// is `api.test`, a name that does not resolve: a request reaches it only through the proxy.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet, RequestError } from "../dist/index.js";
import { Hublet as CoreHublet, proxy as proxyFeature } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { startForwardProxy } from "./helpers/forward-proxy.js";

const VARIABLES = ["http_proxy", "HTTP_PROXY", "https_proxy", "HTTPS_PROXY", "no_proxy", "NO_PROXY"];

/** Runs `body` with the proxy variables set to `values` alone, then restores them. */
async function withEnv(values, body) {
	const saved = Object.fromEntries(VARIABLES.map((name) => [name, process.env[name]]));
	for (const name of VARIABLES) delete process.env[name];
	Object.assign(process.env, values);
	try {
		return await body();
	} finally {
		for (const name of VARIABLES) {
			if (saved[name] === undefined) delete process.env[name];
			else process.env[name] = saved[name];
		}
	}
}

let target;
let proxy;
let api;

const env = suite("proxies from the environment");

env.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url, host: request.headers.host, authorization: request.headers.authorization }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	proxy = await startForwardProxy();
});
env.before.each(() => {
	proxy.seen.length = 0;
});
env.after(async () => {
	await target.close();
	await proxy.close();
});

const client = (options = {}) => new Hublet({ baseUrl: api, retry: false, log: capturingLog().log, ...options });

env("HTTP_PROXY: a host that does not resolve is reached through the proxy, with the token", async () => {
	await withEnv({ HTTP_PROXY: proxy.url }, async () => {
		const { data } = await client({ auth: "ghp_proxied" }).rest.repos.get({ owner: "o", repo: "r" });
		assert.equal(data, { path: "/repos/o/r", host: api.slice("http://".length), authorization: "token ghp_proxied" });
		assert.equal(proxy.seen, [`CONNECT ${api.slice("http://".length)}`]);
	});
});

env("without a proxy variable, the same request fails: the name does not resolve", async () => {
	await withEnv({}, async () => {
		const error = await client().rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
		assert.instance(error, RequestError);
		assert.match(error.message, /^api\.test does not resolve \(ENOTFOUND\)/);
		assert.equal(proxy.seen, []);
	});
});

env("lower-case http_proxy is read, and wins over HTTP_PROXY", async () => {
	await withEnv({ http_proxy: proxy.url, HTTP_PROXY: "http://127.0.0.1:1" }, async () => {
		const { data } = await client().request("GET /lower");
		assert.is(data.path, "/lower");
	});
});

env("HTTPS_PROXY alone does not route an http URL, as curl reads it", async () => {
	await withEnv({ HTTPS_PROXY: proxy.url }, async () => {
		const error = await client().request("GET /x").catch((e) => e);
		assert.match(error.message, /does not resolve/);
		assert.equal(proxy.seen, []);
	});
});

env("NO_PROXY=api.test bypasses the proxy, so the name fails to resolve", async () => {
	for (const noProxy of ["api.test", "API.TEST", ".test", "*.test", "test", "other.example, api.test", "*", `api.test:${new URL(api).port}`]) {
		await withEnv({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy }, async () => {
			const error = await client().request("GET /x").catch((e) => e);
			assert.instance(error, RequestError, noProxy);
			assert.match(error.message, /^api\.test does not resolve \(ENOTFOUND\)/, noProxy);
		});
	}
	assert.equal(proxy.seen, []);
});

env("NO_PROXY entries that do not match leave the proxy in place", async () => {
	for (const noProxy of ["pi.test", "example.com", "api.test:1", "127.0.0.1", "10.0.0.0/8"]) {
		await withEnv({ http_proxy: proxy.url, no_proxy: noProxy }, async () => {
			// Only the proxy reaches api.test.
			const { data } = await client().request("GET /kept");
			assert.is(data.path, "/kept", noProxy);
		});
	}
});

env("request.proxy sets the proxy without any variable; false turns one off", async () => {
	await withEnv({}, async () => {
		const { data } = await client({ request: { proxy: proxy.url } }).request("GET /explicit");
		assert.is(data.path, "/explicit");
	});
	await withEnv({ HTTP_PROXY: proxy.url }, async () => {
		const off = await client({ request: { proxy: false } }).request("GET /off").catch((e) => e);
		assert.match(off.message, /does not resolve/);
		// A call's own `request.proxy` wins over the client's.
		const perCall = await client().request("GET /off", { request: { proxy: false } }).catch((e) => e);
		assert.match(perCall.message, /does not resolve/);
	});
});

env("a custom request.fetch is the caller's transport: no proxy is added", async () => {
	await withEnv({ HTTP_PROXY: proxy.url }, async () => {
		const inits = [];
		const fetch = (url, init) => {
			inits.push(init);
			return Promise.resolve(new Response("{}", { headers: { "content-type": "application/json" } }));
		};
		await client({ request: { fetch } }).request("GET /custom");
		assert.is(inits.length, 1);
		assert.not.ok("dispatcher" in inits[0]);
		assert.equal(proxy.seen, []);
	});
});

env("a bad request.proxy throws at construction; a bad proxy variable rejects without sending", async () => {
	for (const bad of ["ftp://proxy:21", "http://", 3128, true]) {
		assert.throws(() => client({ request: { proxy: bad } }), (error) => error instanceof TypeError && /`request\.proxy` option/.test(error.message));
	}
	await withEnv({ HTTP_PROXY: "socks5://user:s3cret@127.0.0.1:1080" }, async () => {
		const error = await client().request("GET /x").catch((e) => e);
		assert.instance(error, RequestError);
		assert.is(error.code, "INVALID_REQUEST");
		assert.match(error.message, /HTTP_PROXY must be a proxy URL/);
		assert.not.match(error.message, /s3cret/);
	});
});

env.run();

// ---

const credentials = suite("proxy credentials");

let guarded;

credentials.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url, proxyAuthorization: request.headers["proxy-authorization"] }));
	api = `http://api.test:${new URL(target.baseUrl).port}`;
	guarded = await startForwardProxy({ credentials: "user:s3cret" });
});
credentials.after(async () => {
	await target.close();
	await guarded.close();
});

credentials("the proxy's user and password are sent to the proxy only", async () => {
	const proxyUrl = guarded.url.replace("http://", "http://user:s3cret@");
	const { data } = await client({ request: { proxy: proxyUrl } }).request("GET /creds");
	assert.equal(data, { path: "/creds" });
	assert.is(guarded.authorizations.at(-1), `Basic ${Buffer.from("user:s3cret").toString("base64")}`);
});

credentials("a failure through a proxy names it, without its credentials, in the error and the logs", async () => {
	const secret = "wr0ng-s3cret";
	const proxyUrl = guarded.url.replace("http://", `http://user:${secret}@`);
	const { log, lines } = capturingLog();
	await withEnv({ HTTP_PROXY: proxyUrl }, async () => {
		const error = await new Hublet({ baseUrl: api, retry: false, log }).request("GET /refused").catch((e) => e);
		assert.instance(error, RequestError);
		assert.is(error.code, "NETWORK_ERROR");
		assert.ok(error.message.endsWith(` (through the proxy ${guarded.url.replace("http://", "http://[REDACTED]@")}/)`), error.message);
		const everything = [error.message, error.stack, inspect(error, { depth: 10 }), JSON.stringify(error.request), ...Object.values(lines).flat()].join("\n");
		assert.not.ok(everything.includes(secret), "no password");
		assert.not.ok(everything.includes(Buffer.from(`user:${secret}`).toString("base64")), "no encoded password");
	});
});

credentials.run();

// ---

const core = suite("the proxy feature on @hublet/rest/core");

core("request.proxy without the feature is refused with a TypeError that names the import", () => {
	assert.throws(
		() => new CoreHublet({ request: { proxy: "http://127.0.0.1:3128" } }),
		(error) => error instanceof TypeError && /import \{ proxy \} from "@hublet\/rest\/core"/.test(error.message) && /Hublet\.plugin\(proxy\)/.test(error.message),
	);
	new CoreHublet({ request: { proxy: false } });
	assert.ok(Hublet.plugins.includes(proxyFeature), "the full client has it");
});

core("a core client reads no proxy variable; with Hublet.plugin(proxy) it does", async () => {
	const server = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	const forward = await startForwardProxy();
	const baseUrl = `http://api.test:${new URL(server.baseUrl).port}`;
	try {
		await withEnv({ HTTP_PROXY: forward.url }, async () => {
			const plain = await new CoreHublet({ baseUrl, retry: false }).request("GET /core").catch((e) => e);
			assert.match(plain.message, /does not resolve/);
			const { data } = await new (CoreHublet.plugin(proxyFeature))({ baseUrl }).request("GET /core");
			assert.is(data.path, "/core");
			assert.is(forward.seen.length, 1);
		});
	} finally {
		await server.close();
		await forward.close();
	}
});

core.run();
