// `hublet` with HUBLET_REDIS_URL: the command's cache and rate limits live in a real redis-server
// (started here), so separate runs, and library clients on the same token, share them.
// Run: node test/cli-redis.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hublet as FullHublet, rateLimit } from "../dist/index.js";
import { runCli } from "./fixtures/cli-harness.js";
import { startEtagServer } from "./helpers/etag-server.js";
import { redisStore, startRedis } from "./helpers/redis.js";
import { installHublet } from "./helpers/installed-copy.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(rateLimit);

const TOKEN = "ghp_clirediss3cret";
const SECONDARY = "You have exceeded a secondary rate limit. Please wait a few minutes before you try again.";

const shared = suite("hublet with HUBLET_REDIS_URL");
let redis;
const stores = [];
shared.before(async () => {
	redis = await startRedis();
});
shared.after(async () => {
	for (const store of stores) await store.disconnect().catch(() => {});
	await redis.stop();
});

const env = (api) => ({ GITHUB_TOKEN: TOKEN, GITHUB_API_URL: api.baseUrl, HUBLET_REDIS_URL: redis.url });

shared("a second run revalidates what the first stored in Redis, and GitHub answers 304", async () => {
	const api = await startEtagServer({ "/repos/o/r": { body: { id: 1, full_name: "o/r" } } });
	try {
		const first = await runCli(["repos.get", "owner=o", "repo=r"], { env: env(api) });
		const second = await runCli(["repos.get", "owner=o", "repo=r"], { env: env(api) });
		assert.is(first.code, 0, first.stderr);
		assert.is(second.code, 0, second.stderr);
		assert.is(second.stdout, first.stdout);
		assert.equal(JSON.parse(second.stdout), { id: 1, full_name: "o/r" });
		assert.equal(api.requestsTo("/repos/o/r").map((request) => request.headers["if-none-match"] !== undefined), [false, true]);
		assert.is(first.stderr + second.stderr, "");
	} finally {
		await api.close();
	}
});

shared("a pause a library client learned through Redis stops the command before it sends anything", async () => {
	const api = await startEtagServer({ "/repos/o/r": { body: { id: 1 } } });
	try {
		const store = await redisStore(redis.url);
		stores.push(store);
		const quiet = { debug() {}, info() {}, warn() {}, error() {} };
		const library = new Hublet({ auth: TOKEN, baseUrl: api.baseUrl, rateLimit: { store }, retry: { maxWait: 1000 }, log: quiet });
		api.failNext("/repos/o/r", 403, { "retry-after": "120" }, SECONDARY);
		const learned = await library.rest.repos.get({ owner: "o", repo: "r" }).catch((error) => error);
		assert.is(learned.code, "RATE_LIMITED");
		// The client publishes the pause without waiting: the test waits until Redis has it.
		for (let tries = 0; tries < 100 && !(await pauseStored(store)); tries++) await new Promise((done) => setTimeout(done, 20));
		assert.ok(await pauseStored(store), "the pause reached Redis");

		// The command's retry.maxWait is the library's 60 s, shorter than the 120 s pause.
		const run = await runCli(["repos.get", "owner=o", "repo=r"], { env: env(api) });
		assert.is(run.code, 1);
		assert.match(run.stderr, /was not sent: GitHub asked this token to pause \(secondary rate limit\) until .*longer than retry\.maxWait/);
		assert.not.match(run.stderr, new RegExp(TOKEN));
		assert.is(api.requestsTo("/repos/o/r").length, 1);
	} finally {
		await api.close();
	}
});

shared.run();

/** Whether the store holds a rate-limit ledger with a pause still running. */
async function pauseStored(store) {
	for await (const [key, value] of store.iterator()) {
		if (!key.startsWith("hublet:rate-limit:v1:") || key.endsWith(":lock")) continue;
		if (JSON.parse(value).pauseUntil > Date.now()) return true;
	}
	return false;
}

// ---

const missing = suite("hublet with HUBLET_REDIS_URL but without keyv");

/**
The package as npm installs it, with its peer dependency and without keyv or @keyv/redis: a
temporary node_modules that no parent folder's node_modules can fill in.
*/
function installWithoutKeyv() {
	const root = mkdtempSync(join(tmpdir(), "hublet-no-keyv-"));
	// What package.json's `files` ships, as npm would install it.
	return { root, bin: join(installHublet(root, { whole: true }), "bin", "hublet.mjs") };
}

missing("a call stops at once with exit 2, one line naming the packages, and nothing sent; --dry-run works", async () => {
	const api = await startEtagServer({ "/repos/o/r": { body: { id: 1 } } });
	const install = installWithoutKeyv();
	try {
		// Not spawnSync: the server answering the command runs in this process.
		const run = (args) =>
			new Promise((done) => {
				const env = { PATH: process.env.PATH, GITHUB_TOKEN: TOKEN, GITHUB_API_URL: api.baseUrl, HUBLET_REDIS_URL: "redis://127.0.0.1:1" };
				execFile(process.execPath, [install.bin, ...args], { cwd: install.root, env }, (error, stdout, stderr) => done({ status: error ? error.code : 0, stdout, stderr }));
			});
		const call = await run(["repos.get", "owner=o", "repo=r"]);
		assert.is(call.status, 2, call.stderr);
		assert.is(call.stderr, "hublet: repos.get: HUBLET_REDIS_URL needs the packages keyv and @keyv/redis where hublet runs; nothing was sent\nnpm install keyv @keyv/redis\n");
		assert.is(call.stdout, "");
		assert.is(api.requestsTo("/repos/o/r").length, 0);
		// Nothing is sent under --dry-run, so nothing is shared and no package is needed.
		const dryRun = await run(["repos.get", "owner=o", "repo=r", "--dry-run"]);
		assert.is(dryRun.status, 0, dryRun.stderr);
		assert.match(dryRun.stdout, /^GET .*\/repos\/o\/r/);
	} finally {
		rmSync(install.root, { recursive: true, force: true });
		await api.close();
	}
});

missing.run();
