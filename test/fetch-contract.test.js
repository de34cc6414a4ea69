// Issue 10, item 2: a custom `request.fetch` is called exactly as @octokit/request calls it,
// `fetch(url, { method, headers, body, redirect, signal, duplex? })`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createServer } from "node:http";
import { connect } from "node:net";
import { fetch as undiciFetch, ProxyAgent } from "undici";
import { Hublet } from "../dist/index.js";
import { readBody, sendJson, startServer } from "./helpers/loopback.js";

const INIT_KEYS = ["method", "headers", "body", "redirect", "signal", "duplex"];

/** A fetch that records what it is called with and answers JSON. */
function recordingFetch(respond = () => Response.json({ ok: true })) {
	const calls = [];
	const fetch = async (url, init) => {
		calls.push({ url, init });
		return respond(url, init);
	};
	return { fetch, calls };
}

const contract = suite("request.fetch(url, init)");

contract("gets a string url and an init with method, plain headers, body, redirect and signal", async () => {
	const { fetch, calls } = recordingFetch();
	const controller = new AbortController();
	const client = new Hublet({ auth: "ghp_contract", request: { fetch, redirect: "manual", signal: controller.signal } });
	await client.rest.issues.create({ owner: "o", repo: "r", title: "Bug", labels: ["bug"] });
	assert.is(calls.length, 1);
	const [{ url, init }] = calls;
	assert.type(url, "string");
	assert.is(url, "https://api.github.com/repos/o/r/issues");
	assert.ok(Object.keys(init).every((key) => INIT_KEYS.includes(key)), `only octokit's keys: ${Object.keys(init)}`);
	assert.is(init.method, "POST");
	assert.is(Object.getPrototypeOf(init.headers), Object.prototype, "headers is a plain object");
	assert.is(init.headers.authorization, "token ghp_contract");
	assert.is(init.headers["content-type"], "application/json; charset=utf-8");
	assert.is(init.headers.accept, "application/vnd.github.v3+json");
	assert.ok(Object.values(init.headers).every((value) => typeof value === "string"), "header values are strings");
	assert.ok(Object.keys(init.headers).every((name) => name === name.toLowerCase()), "header names are lowercase");
	assert.is(init.body, JSON.stringify({ title: "Bug", labels: ["bug"] }));
	assert.is(init.redirect, "manual");
	assert.is(init.signal, controller.signal, "the caller's own signal, when there is no timeout");
	assert.is(init.duplex, "half");
});

contract("a GET has no body and no duplex, and its query is in the url", async () => {
	const { fetch, calls } = recordingFetch(() => Response.json([]));
	await new Hublet({ request: { fetch } }).rest.issues.listForRepo({ owner: "o", repo: "r", per_page: 2 });
	const [{ url, init }] = calls;
	assert.is(url, "https://api.github.com/repos/o/r/issues?per_page=2");
	assert.is(init.method, "GET");
	assert.is(init.body, undefined);
	assert.not.ok("duplex" in init && init.duplex !== undefined);
});

contract("the body is what is sent: a string, a Buffer and a stream reach fetch as the same objects", async () => {
	const { fetch, calls } = recordingFetch(() => Response.json({}));
	const client = new Hublet({ request: { fetch } });
	const buffer = Buffer.from("binary data");
	const stream = new ReadableStream({ start: (controller) => controller.close() });
	await client.rest.repos.uploadReleaseAsset({ owner: "o", repo: "r", release_id: 1, name: "a.bin", data: buffer });
	await client.rest.repos.uploadReleaseAsset({ owner: "o", repo: "r", release_id: 1, name: "b.bin", data: stream });
	await client.request("POST /markdown/raw", { data: "# Hi", headers: { "content-type": "text/plain" } });
	assert.is(calls[0].init.body, buffer);
	// As octokit sends it: the unset `label` of `{?name,label}` leaves an empty slot.
	assert.is(calls[0].url, "https://uploads.github.com/repos/o/r/releases/1/assets?name=a.bin&");
	assert.is(calls[1].init.body, stream);
	assert.is(calls[1].init.duplex, "half");
	assert.is(calls[2].init.body, "# Hi");
});

contract("an empty PUT sends an empty body without duplex, as @octokit/request does", async () => {
	const { fetch, calls } = recordingFetch(() => new Response(null, { status: 204 }));
	await new Hublet({ request: { fetch } }).rest.activity.starRepoForAuthenticatedUser({ owner: "o", repo: "r" });
	assert.is(calls[0].init.method, "PUT");
	assert.is(calls[0].init.body, "");
	assert.is(calls[0].init.duplex, undefined);
});

contract("a fetch that reads init crashes no more: it is never given a Request", async () => {
	const fetch = async (url, init) => {
		assert.not.instance(url, Request);
		return Response.json({ method: init.method.toLowerCase(), accept: init.headers.accept });
	};
	const { data } = await new Hublet({ request: { fetch } }).rest.repos.get({ owner: "o", repo: "r" });
	assert.equal(data, { method: "get", accept: "application/vnd.github.v3+json" });
});

contract("the Response that fetch returns is used as it is", async () => {
	let handed;
	const fetch = async () => {
		handed = new Response('{"id":7}', { status: 201, headers: { "content-type": "application/json", "x-custom": "1" } });
		return handed;
	};
	const response = await new Hublet({ request: { fetch } }).rest.repos.createForAuthenticatedUser({ name: "x" });
	assert.is(response.status, 201);
	assert.equal(response.data, { id: 7 });
	assert.is(response.headers["x-custom"], "1");
	assert.ok(handed.bodyUsed, "its body was read, not a copy's");
});

contract("a fetch that answers synchronously, as test doubles do, is taken as it is typed: its Response, or its throw as a network failure", async () => {
	const { data } = await new Hublet({ request: { fetch: (url, init) => Response.json({ url, method: init.method }) } }).rest.repos.get({ owner: "o", repo: "r" });
	assert.equal(data, { url: "https://api.github.com/repos/o/r", method: "GET" });
	const failing = new Hublet({ retry: false, log: { debug() {}, info() {}, warn() {}, error() {} }, request: { fetch: () => { throw new TypeError("offline"); } } });
	const error = await failing.request("GET /user").then(() => undefined, (caught) => caught);
	assert.is(error.status, 500);
	assert.is(error.code, "NETWORK_ERROR");
});

contract("with a timeout, init.signal is a signal that follows the caller's while the request is under way", async () => {
	const controller = new AbortController();
	let signal;
	// The fetch aborts the caller's signal while it is answering: fetch's own signal follows at once.
	const fetch = async (url, init) => {
		signal = init.signal;
		assert.instance(signal, AbortSignal);
		assert.is.not(signal, controller.signal);
		controller.abort(new Error("shutting down"));
		assert.ok(signal.aborted, "aborting the caller's signal aborts fetch's");
		assert.is(signal.reason, controller.signal.reason);
		throw signal.reason;
	};
	try {
		await new Hublet({ request: { fetch }, retry: false }).request("GET /", { request: { signal: controller.signal, timeout: 5000 } });
		assert.unreachable("resolved");
	} catch (error) {
		assert.is(error.message, "shutting down");
	}
});

contract("once the request has ended, the caller's signal holds nothing of it: aborting it later leaves fetch's signal alone", async () => {
	const { fetch, calls } = recordingFetch();
	const controller = new AbortController();
	await new Hublet({ request: { fetch } }).request("GET /", { request: { signal: controller.signal, timeout: 5000 } });
	const { signal } = calls[0].init;
	controller.abort();
	assert.not.ok(signal.aborted, "the link outlived the request");
});

contract("a body handed over unread (parseSuccessResponseBody: false) stays under the caller's signal", async () => {
	const { fetch, calls } = recordingFetch(() => new Response("streamed", { headers: { "content-type": "text/plain" } }));
	const controller = new AbortController();
	const response = await new Hublet({ request: { fetch } }).request("GET /", { request: { signal: controller.signal, timeout: 5000, parseSuccessResponseBody: false } });
	assert.instance(response.data, ReadableStream);
	controller.abort();
	assert.ok(calls[0].init.signal.aborted);
});

contract.run();

// ---

const proxy = suite("the proxy recipe: (url, init) => fetch(url, { ...init, dispatcher: new ProxyAgent(…) })");

let target;
let forwardProxy;
let proxyUrl;
const tunnels = [];

proxy.before(async () => {
	target = await startServer(async (request, response) => {
		const body = await readBody(request);
		sendJson(response, 200, { method: request.method, path: request.url, authorization: request.headers.authorization, body });
	});
	// A forward proxy: it answers CONNECT by opening a tunnel to the host it names.
	forwardProxy = createServer((_request, response) => response.writeHead(405).end());
	forwardProxy.on("connect", (request, socket, head) => {
		tunnels.push(request.url);
		const [host, port] = request.url.split(":");
		const upstream = connect(Number(port), host, () => {
			socket.write("HTTP/1.1 200 Connection Established\r\n\r\n");
			upstream.write(head);
			upstream.pipe(socket);
			socket.pipe(upstream);
		});
		upstream.on("error", () => socket.destroy());
		socket.on("error", () => upstream.destroy());
	});
	await new Promise((resolve) => forwardProxy.listen(0, "127.0.0.1", resolve));
	proxyUrl = `http://127.0.0.1:${forwardProxy.address().port}`;
});

proxy.after(async () => {
	await target.close();
	forwardProxy.closeAllConnections();
	await new Promise((resolve) => forwardProxy.close(resolve));
});

proxy("GET and POST reach the server through the proxy, with the token", async () => {
	const dispatcher = new ProxyAgent(proxyUrl);
	const fetch = (url, init) => undiciFetch(url, { ...init, dispatcher });
	const client = new Hublet({ baseUrl: target.baseUrl, auth: "ghp_proxied", request: { fetch } });
	const got = await client.rest.repos.get({ owner: "o", repo: "r" });
	const created = await client.rest.issues.create({ owner: "o", repo: "r", title: "via proxy" });
	await dispatcher.close();
	const host = target.baseUrl.replace("http://", "");
	assert.ok(tunnels.length >= 1 && tunnels.every((tunnel) => tunnel === host), `tunnelled to ${host}: ${tunnels}`);
	assert.equal(got.data, { method: "GET", path: "/repos/o/r", authorization: "token ghp_proxied", body: "" });
	assert.equal(created.data.body, JSON.stringify({ title: "via proxy" }));
	assert.is(created.data.path, "/repos/o/r/issues");
});

proxy.run();
