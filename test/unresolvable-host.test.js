// A host name that does not resolve fails at once, while a temporary resolver failure and a
// dropped connection are retried. `.invalid` never resolves (RFC 2606); the custom fetch throws
// what Node's fetch (undici) throws: TypeError "fetch failed" with the system error as `cause`.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { RequestError } from "../dist/index.js";
import { testClient } from "./helpers/client.js";

function failingFetch(code, message) {
	const calls = [];
	const fetch = (url) => {
		calls.push(url);
		const cause = Object.assign(new Error(message), { code, syscall: "getaddrinfo", hostname: "api.github.invalid" });
		return Promise.reject(new TypeError("fetch failed", { cause }));
	};
	return { fetch, calls };
}

const hosts = suite("a host that does not resolve");

hosts("ENOTFOUND fails at once with a RequestError that names the host and the cause", async () => {
	const { fetch, calls } = failingFetch("ENOTFOUND", "getaddrinfo ENOTFOUND api.github.invalid");
	const { client } = testClient({ baseUrl: "https://api.github.invalid", request: { fetch } });
	const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.message, "api.github.invalid does not resolve (ENOTFOUND): check baseUrl");
	assert.is(error.status, 500);
	assert.is(error.code, "NETWORK_ERROR");
	assert.is(error.cause.cause.code, "ENOTFOUND");
	assert.is(calls.length, 1, "not retried");
});

hosts("ENOTFOUND for GitHub's own host (the default baseUrl, and uploads) names the network, not baseUrl", async () => {
	const { fetch, calls } = failingFetch("ENOTFOUND", "getaddrinfo ENOTFOUND api.github.com");
	const { client } = testClient({ request: { fetch } });
	const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.is(error.message, "api.github.com does not resolve (ENOTFOUND): check the network connection and DNS");
	assert.is(error.code, "NETWORK_ERROR");
	assert.is(calls.length, 1, "not retried");
	const upload = await client.rest.repos.uploadReleaseAsset({ owner: "o", repo: "r", release_id: 1, name: "a.txt", data: "a" }).catch((e) => e);
	assert.is(upload.message, "uploads.github.com does not resolve (ENOTFOUND): check the network connection and DNS");
});

hosts("EAI_AGAIN, a temporary resolver failure, is retried", async () => {
	const { fetch, calls } = failingFetch("EAI_AGAIN", "getaddrinfo EAI_AGAIN api.github.invalid");
	const { client } = testClient({ baseUrl: "https://api.github.invalid", request: { fetch } });
	const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.match(error.message, /EAI_AGAIN/);
	assert.is(calls.length, 4, "the first attempt and 3 retries");
});

hosts("a dropped connection (ECONNRESET) is retried", async () => {
	const { fetch, calls } = failingFetch("ECONNRESET", "read ECONNRESET");
	const { client } = testClient({ baseUrl: "https://api.github.invalid", request: { fetch } });
	const error = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((e) => e);
	assert.instance(error, RequestError);
	assert.match(error.message, /ECONNRESET/);
	assert.is(calls.length, 4, "the first attempt and 3 retries");
});

hosts.run();
