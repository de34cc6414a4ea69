// Proxies, as curl and `gh` honour them: HTTPS_PROXY, HTTP_PROXY and NO_PROXY from the
// environment, and the `request.proxy` option, through a forward proxy on 127.0.0.1. The target
// is `api.test`, a name that does not resolve: a request reaches it only through the proxy.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { shippedFiles } from "./helpers/shipped-files.js";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { createServer as createHttpsServer } from "node:https";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inspect, promisify } from "node:util";
import { Hublet as FullHublet, RequestError } from "../dist/index.js";
import { Hublet as CoreHublet, proxy as proxyFeature } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { PROXY_VARIABLES, startForwardProxy, withProxyEnv } from "./helpers/forward-proxy.js";

// The proxy feature, added to the full client as a program adds it.
const Hublet = FullHublet.plugin(proxyFeature);

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
	await withProxyEnv({ HTTP_PROXY: proxy.url }, async () => {
		const { data } = await client({ auth: "ghp_proxied" }).rest.repos.get({ owner: "o", repo: "r" });
		assert.equal(data, { path: "/repos/o/r", host: api.slice("http://".length), authorization: "token ghp_proxied" });
		assert.equal(proxy.seen, [`CONNECT ${api.slice("http://".length)}`]);
	});
});

env("without a proxy variable, the same request fails: the name does not resolve", async () => {
	await withProxyEnv({}, async () => {
		const error = await client().rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
		assert.instance(error, RequestError);
		assert.match(error.message, /^api\.test does not resolve \(ENOTFOUND\)/);
		assert.equal(proxy.seen, []);
	});
});

env("lower-case http_proxy is read, and wins over HTTP_PROXY", async () => {
	await withProxyEnv({ http_proxy: proxy.url, HTTP_PROXY: "http://127.0.0.1:1" }, async () => {
		const { data } = await client().request("GET /lower");
		assert.is(data.path, "/lower");
	});
});

env("HTTPS_PROXY alone does not route an http URL, as curl reads it", async () => {
	await withProxyEnv({ HTTPS_PROXY: proxy.url }, async () => {
		const error = await client().request("GET /x").catch((e) => e);
		assert.match(error.message, /does not resolve/);
		assert.equal(proxy.seen, []);
	});
});

env("NO_PROXY=api.test bypasses the proxy, so the name fails to resolve", async () => {
	for (const noProxy of ["api.test", "API.TEST", ".test", "*.test", "test", "other.example, api.test", "*", `api.test:${new URL(api).port}`]) {
		await withProxyEnv({ HTTP_PROXY: proxy.url, NO_PROXY: noProxy }, async () => {
			const error = await client().request("GET /x").catch((e) => e);
			assert.instance(error, RequestError, noProxy);
			assert.match(error.message, /^api\.test does not resolve \(ENOTFOUND\)/, noProxy);
		});
	}
	assert.equal(proxy.seen, []);
});

env("NO_PROXY entries that do not match leave the proxy in place", async () => {
	for (const noProxy of ["pi.test", "example.com", "api.test:1", "127.0.0.1", "10.0.0.0/8"]) {
		await withProxyEnv({ http_proxy: proxy.url, no_proxy: noProxy }, async () => {
			// Only the proxy reaches api.test.
			const { data } = await client().request("GET /kept");
			assert.is(data.path, "/kept", noProxy);
		});
	}
});

env("request.proxy sets the proxy without any variable; false turns one off", async () => {
	await withProxyEnv({}, async () => {
		const { data } = await client({ request: { proxy: proxy.url } }).request("GET /explicit");
		assert.is(data.path, "/explicit");
	});
	await withProxyEnv({ HTTP_PROXY: proxy.url }, async () => {
		const off = await client({ request: { proxy: false } }).request("GET /off").catch((e) => e);
		assert.match(off.message, /does not resolve/);
		// A call's own `request.proxy` wins over the client's.
		const perCall = await client().request("GET /off", { request: { proxy: false } }).catch((e) => e);
		assert.match(perCall.message, /does not resolve/);
	});
});

env("a custom request.fetch is the caller's transport: no proxy is added", async () => {
	await withProxyEnv({ HTTP_PROXY: proxy.url }, async () => {
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
	await withProxyEnv({ HTTP_PROXY: "socks5://user:s3cret@127.0.0.1:1080" }, async () => {
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
	await withProxyEnv({ HTTP_PROXY: proxyUrl }, async () => {
		const error = await new Hublet({ baseUrl: api, retry: false, log }).request("GET /refused").catch((e) => e);
		assert.instance(error, RequestError);
		assert.is(error.code, "PROXY_AUTH_REQUIRED");
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
		(error) => error instanceof TypeError && /import \{ proxy \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/.test(error.message) && /Hublet\.plugin\(proxy\)/.test(error.message),
	);
	new CoreHublet({ request: { proxy: false } });
	assert.not.ok(FullHublet.features.some((feature) => feature.name === proxyFeature.name), "the full client leaves it for a program to add");
});

core("a core client reads no proxy variable; with Hublet.plugin(proxy) it does", async () => {
	const server = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	const forward = await startForwardProxy();
	const baseUrl = `http://api.test:${new URL(server.baseUrl).port}`;
	try {
		await withProxyEnv({ HTTP_PROXY: forward.url }, async () => {
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

// ---

// Each case runs in a child process: NODE_EXTRA_CA_CERTS is read at startup, and a project
// without undici needs a package of its own.
const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Runs `source` as an ES module in `cwd` with `env` added; resolves with its stdout and stderr. */
async function runModule(source, { cwd = ROOT, env: extra = {}, args = [] } = {}) {
	const childEnv = { ...process.env, ...extra };
	for (const name of PROXY_VARIABLES) if (!(name in extra)) delete childEnv[name];
	const file = join(cwd, `proxy-child-${process.pid}-${Math.random().toString(36).slice(2)}.mjs`);
	writeFileSync(file, source);
	try {
		return await execFileAsync(process.execPath, [...args, file], { cwd, env: childEnv });
	} finally {
		rmSync(file);
	}
}

/** A project holding the built package and its one external import, and `undici` only as given. */
function projectWith(undici) {
	const dir = mkdtempSync(join(tmpdir(), "hublet-proxy-"));
	const pkg = join(dir, "node_modules/@hublet/rest");
	mkdirSync(join(pkg, "dist"), { recursive: true });
	// The package's code files as it ships them (the entries and the files they load later).
	const shipped = shippedFiles(ROOT).filter((file) => /^dist\/.*\.js$/.test(file));
	for (const file of [...shipped, "package.json"]) cpSync(join(ROOT, file), join(pkg, file));
	mkdirSync(join(dir, "node_modules/@octokit"), { recursive: true });
	symlinkSync(join(ROOT, "node_modules/@octokit/request-error"), join(dir, "node_modules/@octokit/request-error"));
	if (undici) {
		mkdirSync(join(dir, "node_modules/undici"));
		writeFileSync(join(dir, "node_modules/undici/package.json"), JSON.stringify({ name: "undici", version: "6.29.1", main: "index.js" }));
		writeFileSync(join(dir, "node_modules/undici/index.js"), undici);
	}
	writeFileSync(join(dir, "package.json"), JSON.stringify({ type: "module" }));
	return dir;
}

const children = suite("proxies in a process of their own");

let plain;
let tls;
let forward;
let certDir;

children.before(async () => {
	plain = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	forward = await startForwardProxy();
	// A certificate for api.test, trusted by the child through NODE_EXTRA_CA_CERTS.
	certDir = mkdtempSync(join(tmpdir(), "hublet-proxy-tls-"));
	await execFileAsync("openssl", ["req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1", "-subj", "/CN=api.test", "-addext", "subjectAltName=DNS:api.test", "-keyout", join(certDir, "key.pem"), "-out", join(certDir, "cert.pem")]);
	tls = createHttpsServer({ key: readFileSync(join(certDir, "key.pem")), cert: readFileSync(join(certDir, "cert.pem")) }, (request, response) => sendJson(response, 200, { path: request.url, secure: true }));
	await new Promise((resolve) => tls.listen(0, "127.0.0.1", resolve));
});
children.before.each(() => {
	forward.seen.length = 0;
});
children.after(async () => {
	await plain.close();
	await forward.close();
	tls.closeAllConnections();
	await new Promise((resolve) => tls.close(resolve));
	rmSync(certDir, { recursive: true, force: true });
});

const GET = (baseUrl, path) => `
import { Hublet, proxy } from "@hublet/rest";
const client = new (Hublet.plugin(proxy))({ baseUrl: ${JSON.stringify(baseUrl)}, retry: false });
const outcome = await client.request("GET ${path}").then(({ data }) => data, (error) => ({ error: error.message }));
console.log(JSON.stringify({ ...outcome, undiciLoaded: globalThis.undiciLoaded === true }));
`;

children("an https target goes through a CONNECT tunnel to api.test, with TLS end to end", async () => {
	const port = tls.address().port;
	const { stdout } = await runModule(GET(`https://api.test:${port}`, "/secure"), { env: { HTTPS_PROXY: forward.url, NODE_EXTRA_CA_CERTS: join(certDir, "cert.pem") } });
	assert.equal(JSON.parse(stdout), { path: "/secure", secure: true, undiciLoaded: false });
	assert.equal(forward.seen, [`CONNECT api.test:${port}`]);
});

children("undici is imported on the first proxied request only: nothing at import time, nothing without a proxy", async () => {
	// An undici that marks its loading and hands over the real ProxyAgent.
	const dir = projectWith(`globalThis.undiciLoaded = true;\nmodule.exports = require(${JSON.stringify(join(ROOT, "node_modules/undici/index.js"))});\n`);
	try {
		const direct = await runModule(GET(plain.baseUrl, "/direct"), { cwd: dir });
		assert.equal(JSON.parse(direct.stdout), { path: "/direct", undiciLoaded: false });
		const bypassed = await runModule(GET(plain.baseUrl, "/bypassed"), { cwd: dir, env: { HTTP_PROXY: forward.url, NO_PROXY: "127.0.0.1" } });
		assert.equal(JSON.parse(bypassed.stdout), { path: "/bypassed", undiciLoaded: false });
		const proxied = await runModule(GET(`http://api.test:${new URL(plain.baseUrl).port}`, "/proxied"), { cwd: dir, env: { HTTP_PROXY: forward.url } });
		assert.equal(JSON.parse(proxied.stdout), { path: "/proxied", undiciLoaded: true });
		assert.is(forward.seen.length, 1);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

children("without undici, one warning says what to install and in which folder, and requests go direct", async () => {
	const dir = projectWith(undefined);
	try {
		const source = `
import { Hublet as FullHublet, proxy } from "@hublet/rest";

const Hublet = FullHublet.plugin(proxy);
const client = new Hublet({ baseUrl: ${JSON.stringify(plain.baseUrl)}, retry: false });
const first = await client.request("GET /one");
const second = await new Hublet({ baseUrl: ${JSON.stringify(plain.baseUrl)} }).request("GET /two");
console.log(JSON.stringify([first.data.path, second.data.path]));
`;
		// Node 20 has no proxy support of its own: NODE_USE_ENV_PROXY changes nothing there.
		const { stdout, stderr } = await runModule(source, { cwd: dir, env: { HTTP_PROXY: forward.url.replace("http://", "http://user:s3cret@"), NODE_USE_ENV_PROXY: "1" } });
		assert.equal(JSON.parse(stdout), ["/one", "/two"]);
		const warnings = stderr.split("\n").filter((line) => line.includes("undici"));
		const places = `${dir}, ${join(dir, "node_modules/@hublet/rest")}`;
		assert.equal(warnings, [
			`[hublet] HTTP_PROXY names a proxy, which needs undici 6 or 7 (^6.0.0 || ^7.0.0), but undici is not installed beside the program or @hublet/rest (${places}), so requests go direct: to use the proxy, install it with \`npm install undici@7\` in ${dir}`,
		]);
		assert.not.match(stderr, /s3cret/);
		assert.equal(forward.seen, []);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

children("the hublet command goes through the proxy, and --curl shows none of its credentials", async () => {
	const port = new URL(plain.baseUrl).port;
	const hublet = join(ROOT, "bin/hublet.mjs");
	const env = { ...process.env, GITHUB_API_URL: `http://api.test:${port}`, HTTP_PROXY: forward.url.replace("http://", "http://user:s3cret@"), GITHUB_TOKEN: "ghp_cli" };
	const { stdout } = await execFileAsync(process.execPath, [hublet, "GET", "/repos/o/r"], { env });
	assert.equal(JSON.parse(stdout), { path: "/repos/o/r" });
	const curl = await execFileAsync(process.execPath, [hublet, "GET", "/repos/o/r", "--curl"], { env });
	assert.not.match(curl.stdout + curl.stderr, /s3cret|dXNlcjpzM2NyZXQ/);
	const failed = await execFileAsync(process.execPath, [hublet, "GET", "/repos/o/r"], { env: { ...env, HTTP_PROXY: "http://user:s3cret@127.0.0.1:1", HUBLET_RETRY: "false" } }).catch((e) => e);
	assert.ok(failed.code > 0);
	assert.match(failed.stderr, /through the proxy http:\/\/\[REDACTED\]@127\.0\.0\.1:1/);
	assert.not.match(failed.stderr, /s3cret/);
});

children.run();
