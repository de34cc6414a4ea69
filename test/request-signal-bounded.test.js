// One long-lived `request.signal` (an app's shutdown signal) with a `request.timeout` on every
// request holds nothing of a request once it has ended: 50,000 requests with a stub fetch, in a
// child process run with --expose-gc, grow the heap after GC by less than a generous figure. With
// AbortSignal.any() and AbortSignal.timeout() each request left a registration on the caller's
// signal and a timer for the whole timeout (about 2.8 MB per 50,000 requests).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { heapGrowth } from "./helpers/heap-growth.js";

const REQUESTS = 50_000;
const HEAP_LIMIT_MB = 1.5;

const bounded = suite("a long-lived request.signal with request.timeout");

bounded(`${REQUESTS} requests sharing one signal, each with a timeout: the heap after GC grows by less than ${HEAP_LIMIT_MB} MB`, async () => {
	const figures = await heapGrowth("signal-and-timeout", REQUESTS);
	assert.ok(figures.growthMB < HEAP_LIMIT_MB, `the heap grew by ${figures.growthMB.toFixed(2)} MB`);
});

bounded.run();
