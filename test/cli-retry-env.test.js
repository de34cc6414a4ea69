// HUBLET_RETRY gets the checks the library's `retry` option gets, before anything is sent: a
// usage error (exit 2) that names the variable and the value at fault.
// Run: node test/cli-retry-env.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const api = createApiServer();
const env = (value) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: value });

const checks = suite("HUBLET_RETRY values");
checks.before(() => api.start());
checks.after(() => api.stop());

for (const [value, message] of [
	['{"retries":"three"}', /HUBLET_RETRY: Expected `retry\.retries`.*"three"/],
	['{"retries":-1}', /HUBLET_RETRY: Expected `retry\.retries`.*-1/],
	['{"minTimeout":"1s"}', /HUBLET_RETRY: Expected `retry\.minTimeout`.*"1s"/],
	['{"retires":3}', /HUBLET_RETRY: .*`retires` is unknown/],
	["3", /HUBLET_RETRY must be false or an object.*got 3/],
]) {
	checks(`HUBLET_RETRY=${value}: a usage error naming it, and nothing sent`, async () => {
		const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env(value) });
		assert.is(code, 2);
		assert.match(stderr, message);
		assert.is(api.requests.length, 0);
	});
}

checks.run();
