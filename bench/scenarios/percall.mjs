// Cost per call, in one process: `endpoint()` (no I/O), a request through a stub `fetch`
// (no sockets), or (`--mode loopback --base URL`) a request with Node's fetch to the loopback server. With `--time 1` it prints ops/s over `--n` calls after `--warmup` calls. With
// `--marks 1` (under callgrind) it runs warm-up, N calls, then N more, marking each boundary, so
// the harness reads the instructions of the second N calls alone: the Ir of 2N calls minus those
// of N, in one process.
import { args, loadClient, mark, options, repoParams, report, yieldToEventLoop } from "./clients.mjs";
import { OWNER, REPO, rawGet, stubFetch } from "./fixtures.mjs";

const { lib, mode, n, warmup = 0, time = 0, marks = 0, base } = args();
const Client = await loadClient(lib);
const params = repoParams();
const url = `https://api.github.com/repos/${OWNER}/${REPO}`;

let call;
if (mode === "endpoint") {
	if (!Client) throw new Error("endpoint() has no raw-fetch counterpart");
	const client = new Client(options());
	let sink = 0;
	call = () => {
		sink += client.rest.repos.get.endpoint(params).url.length;
	};
	process.on("exit", () => sink < 0 && console.log(sink));
} else if (mode === "stub") {
	const client = Client && new Client(options({ fetch: stubFetch }));
	call = Client ? () => client.rest.repos.get(params) : () => rawGet(stubFetch, url);
} else if (mode === "loopback") {
	const client = Client && new Client(options({ baseUrl: base }));
	call = Client ? () => client.rest.repos.get(params) : () => rawGet(fetch, `${base}/repos/${OWNER}/${REPO}`);
} else {
	throw new Error(`unknown mode ${mode}`);
}

const sync = mode === "endpoint";
async function loop(count) {
	if (sync) for (let index = 0; index < count; index++) call();
	else {
		for (let index = 0; index < count; index++) {
			await call();
			if (index % 50 === 49) await yieldToEventLoop();
		}
	}
}

await loop(warmup);
if (marks) {
	mark();
	await loop(n);
	mark();
	await loop(n);
	mark();
} else {
	const start = performance.now();
	await loop(n);
	const ms = performance.now() - start;
	if (time) report({ opsPerSec: (n / ms) * 1000 });
}
