// Issue 11, item 10: 10,000 requests at concurrency 50 over loopback. The run happens in its
// own process (test/fixtures/load-run.js, with --expose-gc) so that its heap is measured alone.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";

const load = suite("under load");

load("10,000 requests at concurrency 50: all succeed, nothing unhandled, heap within 1 MB, handles back within 3 s", async () => {
	const report = await new Promise((resolve, reject) => {
		const child = spawn(process.execPath, ["--expose-gc", "test/fixtures/load-run.js", "10000"], { stdio: ["ignore", "pipe", "inherit"] });
		let out = "";
		child.stdout.on("data", (chunk) => (out += chunk));
		// A bound on the run, so that a hang fails rather than stalls the suite; not a speed target.
		const timer = setTimeout(() => child.kill(), 240_000);
		child.on("close", (status) => {
			clearTimeout(timer);
			if (status === 0) resolve(JSON.parse(out));
			else reject(new Error(`load run exited with ${status}: ${out}`));
		});
	});
	assert.is(report.succeeded, 10_000);
	assert.is(report.failed, 0);
	assert.equal(report.unhandled, []);
	const grewBy = report.heapAfter - report.heapBefore;
	assert.ok(grewBy < 1024 * 1024, `heap grew by ${(grewBy / 1024).toFixed(0)} kB`);
	assert.ok(report.handlesAfter <= report.handlesBefore, `open handles: ${report.handlesBefore} before, ${report.handlesAfter} after ${report.handlesMs}ms`);
});

load.run();
