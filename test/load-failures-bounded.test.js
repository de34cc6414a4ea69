// A file of dist/ that keeps failing to load (a truncated transport.js, or EMFILE on every open):
// each load after a failure imports the file under a URL of its own, which Node keeps for the life
// of the process, so the loads must be bounded, or the heap grows with every call. At most 10
// reloads per file, the first at the next call and each later one after a wait that doubles from
// 1 s; a call inside the wait fails at once, saying when the file loads again; once the reloads are
// spent, each call says to restart the process. Each case runs in a child with --expose-gc and a
// module hook (test/fixtures/load-fails.mjs).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const run = promisify(execFile);
const RUNNER = fileURLToPath(new URL("./fixtures/load-fails-run.js", import.meta.url));
const TRANSPORT = new URL("../dist/transport.js", import.meta.url).href;
// The first URL and the 10 reloads' ones.
const ALL_URLS = [TRANSPORT, ...Array.from({ length: 10 }, (_, index) => `${TRANSPORT}?retry=${index + 1}`)];
const CALLS = 3000;
// Before the bound: +46.7 MB per 3,000 calls for a truncated file, +8 MB on EMFILE.
const MAX_GROWTH_MB = 2;

const test = suite("a file that keeps failing to load: bounded reloads, bounded heap");

let workDir;
let runs = 0;
test.before(() => {
	workDir = mkdtempSync(join(tmpdir(), "hublet-load-fails-"));
});
test.after(() => rmSync(workDir, { recursive: true, force: true }));

async function scenario(name, { mode = "truncated", times, count = CALLS } = {}) {
	const env = { ...process.env, LOAD_FAIL_FILE: "transport.js", LOAD_FAIL_MODE: mode, LOADS_LOG: join(workDir, `loads-${++runs}.log`) };
	if (times !== undefined) env.LOAD_FAIL_TIMES = String(times);
	const { stdout } = await run(process.execPath, ["--expose-gc", RUNNER, name, String(count)], { env, timeout: 400_000, maxBuffer: 1 << 24 });
	return JSON.parse(stdout.trim().split("\n").at(-1));
}

const failure = (reason, next) => new RegExp(`^LOAD_FAILED: @hublet/rest could not load its file dist/transport\\.js \\(${reason}[^)]*\\): the call stopped there${next}$`);
const SYNTAX = "SyntaxError|Unexpected|missing|Invalid";

test(`a truncated file, ${CALLS} calls one after the other: two loads in all, each call failing at once, and the heap does not grow`, async () => {
	const { outcomes, urls, growthMB } = await scenario("hot");
	assert.ok(growthMB < MAX_GROWTH_MB, `the heap grew ${growthMB.toFixed(1)} MB over ${CALLS} calls`);
	assert.equal(urls, ALL_URLS.slice(0, 2));
	assert.match(outcomes[0], /^LOAD_FAILED: .*, and the next call loads it again$/);
	assert.match(outcomes[1], /^LOAD_FAILED: .*, and a call 1 s from now loads it again$/);
	assert.match(outcomes.at(-1), /^LOAD_FAILED: .*, and a call 1 s from now loads it again$/);
	assert.ok(growthMB < MAX_GROWTH_MB, `the heap grew ${growthMB.toFixed(1)} MB over ${CALLS} calls`);
});

for (const mode of ["truncated", "emfile"]) {
	test(`${mode === "emfile" ? "EMFILE on every load" : "a truncated file"}, ${CALLS} calls 10 minutes apart: 10 reloads, then each call says to restart, and the heap does not grow`, async () => {
		const { outcomes, urls, growthMB } = await scenario("patient", { mode });
		assert.ok(growthMB < MAX_GROWTH_MB, `the heap grew ${growthMB.toFixed(1)} MB over ${CALLS} calls`);
		assert.equal(urls, ALL_URLS);
		const reason = mode === "emfile" ? "EMFILE: too many open files" : SYNTAX;
		assert.match(outcomes[0], failure(reason, ", and the next call loads it again"));
		assert.match(outcomes.at(-1), failure(reason, "; it failed to load 11 times, so this process loads it no more: restart it"));
	});
}

test("a file that loads on its fourth try: a call inside a wait fails at once without loading, and the call after the wait loads it", async () => {
	const { outcomes, urls } = await scenario("recover", { mode: "emfile", times: 3 });
	assert.equal(
		outcomes.map((outcome) => outcome.replace(/^LOAD_FAILED: .*the call stopped there/, "")),
		[
			", and the next call loads it again",
			", and a call 1 s from now loads it again",
			", and a call 1 s from now loads it again",
			", and a call 2 s from now loads it again",
			", and a call 2 s from now loads it again",
			"ok",
			"ok",
		],
	);
	assert.equal(urls, ALL_URLS.slice(0, 4));
});

test.run();
