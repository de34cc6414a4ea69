// The hook chain the client composes (lib/http/chain-wraps.ts: the auth's hook, the features'
// wraps and guards, each given a request of octokit's shape) keeps nothing per request: 100,000
// requests through an octokit-shaped auth strategy, the request log and a server's route guard,
// each to its own path, leave the heap where it was. A closure or a shaped request kept per call
// would grow it by tens of MB.
// Run: node test/hook-chain-bounded.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { heapGrowth } from "./helpers/heap-growth.js";

const test = suite("the hook chain, bounded");

test("100,000 requests through the auth's hook, the request log and a server's guard grow the heap by less than 2 MB", async () => {
	const { growthMB } = await heapGrowth("hook-chain", 100_000);
	assert.ok(growthMB < 2, `the heap grew ${growthMB.toFixed(1)} MB`);
});

test.run();
