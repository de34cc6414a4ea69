// GitHub App installation tokens across a fleet: @octokit/auth-app's own `cache: { get, set }`
// served from a Keyv store on a real redis-server, as the README shows. Two clients on two
// connections stand for two processes. Run: node test/fleet-tokens.test.js
import { generateKeyPairSync } from "node:crypto";
import { createAppAuth } from "@octokit/auth-app";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, rateLimit } from "../dist/index.js";
import { startLimitServer } from "./helpers/limit-server.js";
import { redisStore, startRedis } from "./helpers/redis.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit);

const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048, privateKeyEncoding: { type: "pkcs8", format: "pem" }, publicKeyEncoding: { type: "spki", format: "pem" } });

const tokensIn = (store) => ({
	get: (key) => store.get(`installation-token:${key}`),
	set: (key, value) => store.set(`installation-token:${key}`, value, 59 * 60_000),
});

test("two processes of one app on one Redis mint one installation token, and both use it", async () => {
	const redis = await startRedis();
	let minted = 0;
	const server = await startLimitServer({
		answer(request) {
			if (request.method !== "POST" || !request.url.startsWith("/app/installations/")) return undefined;
			minted += 1;
			return { status: 201, body: { token: `ghs_minted_${minted}`, expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: { metadata: "read" }, repository_selection: "all" } };
		},
	});
	const stores = [await redisStore(redis.url), await redisStore(redis.url)];
	const clients = stores.map(
		(store) => new Hublet({ baseUrl: server.baseUrl, authStrategy: createAppAuth, auth: { appId: 1, privateKey, installationId: 7, cache: tokensIn(store) }, cache: store, rateLimit: { store, writeInterval: 0 } }),
	);
	await clients[0].rest.repos.get({ owner: "o", repo: "r" });
	await clients[1].rest.repos.get({ owner: "o", repo: "r" });
	assert.is(minted, 1);
	const reads = server.records.filter((record) => record.method === "GET");
	assert.equal(reads.map((record) => record.token), ["token ghs_minted_1", "token ghs_minted_1"]);
	for (const store of stores) await store.disconnect();
	await server.close();
	await redis.stop();
});

test.run();
