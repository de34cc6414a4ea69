// Heap (run with --expose-gc): `heapUsed` after import + construct + reading 50 methods, then its
// growth over 10,000 calls through a stub fetch spread over those methods. `--lib bare` gives
// the baseline; raw fetch has no methods to touch, so it reports only the growth of its calls.
import { args, loadClient, options, report, yieldToEventLoop } from "./clients.mjs";
import { METHODS_50, rawGet, stubFetch } from "./fixtures.mjs";

const { lib, calls = 10_000 } = args();
// Collect, then yield to a timer, four times: objects that a WeakRef or a FinalizationRegistry
// keeps (undici's Request does both for its AbortSignal) are only let go after the current job
// ends and the registry's cleanup task has run. Without the yields, a loop of awaited stub calls,
// which never leaves the microtask queue, would count them all as retained.
async function settle() {
	for (let index = 0; index < 4; index++) {
		globalThis.gc();
		await new Promise((resolve) => setTimeout(resolve, 10));
	}
	return process.memoryUsage().heapUsed;
}

if (lib === "bare") {
	// The same empty module file as the cold-start baseline (run.mjs passes it in BENCH_SHIM).
	if (process.env.BENCH_SHIM) await import(process.env.BENCH_SHIM);
	report({ heap: await settle() });
	process.exit(0);
}

const Client = await loadClient(lib);
let invoke;
if (Client) {
	const client = new Client(options({ fetch: stubFetch }));
	const methods = METHODS_50.map(([namespace, name]) => client.rest[namespace][name]);
	if (methods.some((method) => typeof method !== "function")) throw new Error("a method of METHODS_50 is missing");
	invoke = (index) => methods[index % 50](METHODS_50[index % 50][2]);
} else {
	invoke = (index) => rawGet(stubFetch, `https://api.github.com/x/${index % 50}`);
}
const heap = await settle();
for (let index = 0; index < calls; index++) {
	await invoke(index);
	if (index % 50 === 49) await yieldToEventLoop();
}
const after = await settle();
report({ heap: Client ? heap : null, growth: after - heap });
