// With the network down, `hublet` says so: GitHub's own host not resolving names the network,
// and only a host the user chose (--base-url, GITHUB_API_URL) is named as the thing to check.
// Host lookups fail in the child through test/fixtures/no-dns.mjs, so nothing is sent anywhere.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { fileURLToPath } from "node:url";
import { runCli } from "./fixtures/cli-harness.js";

const NO_DNS = ["--import", fileURLToPath(new URL("./fixtures/no-dns.mjs", import.meta.url))];

const unreachable = suite("hublet with no DNS");

unreachable("the default host not resolving names the network, not baseUrl; exit 1 at once", async () => {
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { nodeOptions: NO_DNS });
	assert.is(code, 1);
	assert.is(stdout, "");
	assert.is(stderr, "hublet: repos.get: request failed: api.github.com does not resolve (ENOTFOUND): check the network connection and DNS\n");
});

unreachable("a host from --base-url or GITHUB_API_URL that does not resolve is named with baseUrl to check", async () => {
	const flag = await runCli(["repos.get", "owner=o", "repo=r", "--base-url", "https://ghe.example.invalid/api/v3"], { nodeOptions: NO_DNS });
	const variable = await runCli(["GET", "/repos/o/r"], { nodeOptions: NO_DNS, env: { GITHUB_API_URL: "https://ghe.example.invalid/api/v3" } });
	for (const { code, stderr } of [flag, variable]) {
		assert.is(code, 1);
		assert.match(stderr, /: request failed: ghe\.example\.invalid does not resolve \(ENOTFOUND\): check baseUrl\n$/);
	}
});

unreachable.run();
