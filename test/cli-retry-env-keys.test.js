// Every key HUBLET_RETRY sets gets the library's check of the `retry` option, `onRetry` among
// them (JSON has no function, so an `onRetry` there is always refused): a usage error (exit 2)
// naming HUBLET_RETRY and the key, and nothing sent. The command's own retry notices still show
// for a good value.
// Run: node test/cli-retry-env-keys.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const api = createApiServer();
const env = (value) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: value });

const keys = suite("HUBLET_RETRY keys");
keys.before(() => api.start());
keys.after(() => api.stop());

for (const [value, message] of [
	['{"onRetry":"x"}', /HUBLET_RETRY: Expected `retry\.onRetry`.* a function, not "x"/],
	['{"onRetry":null}', /HUBLET_RETRY: Expected `retry\.onRetry`.* a function, not null/],
	['{"onRetry":{"call":1}}', /HUBLET_RETRY: Expected `retry\.onRetry`.* a function/],
	['{"retries":1,"onRetry":0}', /HUBLET_RETRY: Expected `retry\.onRetry`.* a function, not 0/],
	['{"__proto__":{"retries":1}}', /HUBLET_RETRY: .*`__proto__` is unknown/],
	['{"constructor":1}', /HUBLET_RETRY: .*`constructor` is unknown/],
]) {
	keys(`HUBLET_RETRY=${value}: a usage error naming it and the key, and nothing sent`, async () => {
		const before = api.requests.length;
		const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env(value) });
		assert.is(code, 2, stderr);
		assert.match(stderr, message);
		assert.is(api.requests.length, before);
	});
}

keys("a good HUBLET_RETRY is taken, and each retry is still shown", async () => {
	let answered = 0;
	api.reset({ "GET /repos/o/r": () => (answered++ === 0 ? [502, { message: "Bad Gateway" }] : [200, { id: 1 }]) });
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env('{"retries":1,"minTimeout":1,"randomize":false}') });
	assert.is(code, 0, stderr);
	assert.is(api.requests.length, 2);
	assert.match(stderr, /retry 1 of 1 after/);
});

keys.run();
