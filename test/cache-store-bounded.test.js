// A cache store whose set() never settles (Keyv over a Redis that is gone) costs a bounded amount
// of memory: the writes a client waits for are capped (the oldest let go), so 25,000 distinct
// URLs, in a child process run with --expose-gc, grow the heap after GC by less than a generous
// figure. Before the cap every key was kept: about 61 MB per 40,000 URLs, so about 38 MB at 25,000.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { heapGrowth } from "./helpers/heap-growth.js";

const URLS = 25_000;
const HEAP_LIMIT_MB = 8;

const bounded = suite("a cache store whose set() never settles");

bounded(`${URLS} distinct URLs: the heap after GC grows by less than ${HEAP_LIMIT_MB} MB`, async () => {
	const figures = await heapGrowth("store-set-never-settles", URLS);
	assert.ok(figures.growthMB < HEAP_LIMIT_MB, `the heap grew by ${figures.growthMB.toFixed(2)} MB`);
});

bounded.run();
