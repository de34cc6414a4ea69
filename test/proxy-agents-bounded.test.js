// Memory and sockets stay bounded however many proxy URLs a process goes through: 1,000 distinct
// proxy URLs (one user name each, all reaching one forward proxy on 127.0.0.1), 50 at a time, in
// a child process run with --expose-gc. The heap after GC, measured against the same process
// after 50 requests through one proxy, stays within a figure; the proxy ends up holding no more
// connections than Hublet keeps agents. The figures are written to .tmp/proxy-agents-heap.json.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

const URLS = 1000;
const AT_ONCE = 50;
// Agents kept by lib/features/proxy.ts, and the heap this test allows on top of the baseline.
const AGENTS = 32;
const HEAP_LIMIT_MB = 6;

const CHILD = `
import { Hublet as FullHublet, proxy as proxyFeature } from ${JSON.stringify(`${ROOT}dist/index.js`)};
import { sendJson, startServer } from ${JSON.stringify(`${ROOT}test/helpers/loopback.js`)};
import { startForwardProxy } from ${JSON.stringify(`${ROOT}test/helpers/forward-proxy.js`)};
import { setTimeout as sleep } from "node:timers/promises";

const target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
const proxy = await startForwardProxy();
const port = new URL(proxy.url).port;
const client = new (FullHublet.plugin(proxyFeature))({ baseUrl: "http://api.test:" + new URL(target.baseUrl).port, retry: false });
const heap = async () => {
	// What the test's own servers recorded is not Hublet's.
	target.requests.length = 0;
	proxy.seen.length = 0;
	proxy.authorizations.length = 0;
	for (let i = 0; i < 4; i++) { globalThis.gc(); await sleep(20); }
	return process.memoryUsage().heapUsed;
};
const through = (user, path) => client.request("GET " + path, { request: { proxy: "http://" + user + ":pw@127.0.0.1:" + port } });

for (let i = 0; i < 50; i++) await through("same", "/warm");
const baseline = await heap();
let ok = 0;
for (let start = 0; start < ${URLS}; start += ${AT_ONCE}) {
	const batch = [];
	for (let i = start; i < start + ${AT_ONCE}; i++) batch.push(through("user" + i, "/u" + i).then(({ data }) => data.path === "/u" + i && ok++));
	await Promise.all(batch);
}
// Agents dropped are closed a second after, gracefully.
await sleep(1500);
const after = await heap();
console.log(JSON.stringify({ ok, baseline, after, growthMB: (after - baseline) / 2 ** 20, openAtProxy: proxy.open() }));
await proxy.close();
await target.close();
process.exit(0);
`;

const bounded = suite("proxy agents");

bounded(`${URLS} distinct proxy URLs: every request arrives, the heap after GC grows by less than ${HEAP_LIMIT_MB} MB, the proxy holds at most ${AGENTS} connections`, async () => {
	const { stdout } = await execFileAsync(process.execPath, ["--expose-gc", "--input-type=module", "-e", CHILD], { cwd: ROOT, maxBuffer: 1 << 20, timeout: 120_000 });
	const figures = JSON.parse(stdout.trim().split("\n").at(-1));
	mkdirSync(`${ROOT}.tmp`, { recursive: true });
	writeFileSync(`${ROOT}.tmp/proxy-agents-heap.json`, `${JSON.stringify({ urls: URLS, atOnce: AT_ONCE, ...figures }, null, 2)}\n`);
	assert.is(figures.ok, URLS, "every request went through its proxy");
	assert.ok(figures.growthMB < HEAP_LIMIT_MB, `the heap grew by ${figures.growthMB.toFixed(2)} MB`);
	assert.ok(figures.openAtProxy <= AGENTS, `${figures.openAtProxy} connections still open at the proxy`);
});

bounded.run();
