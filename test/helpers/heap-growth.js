// Runs test/fixtures/heap-growth-run.js in a child process with --expose-gc, so that its heap is
// measured alone, and returns its figures ({ before, after, growthMB }).
import { execFile } from "node:child_process";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

const execFileAsync = promisify(execFile);
const RUN = fileURLToPath(new URL("../fixtures/heap-growth-run.js", import.meta.url));

export async function heapGrowth(name, count) {
	// Generous: the run takes about 30 s alone, and a loaded 2-core machine may take several times that.
	const { stdout } = await execFileAsync(process.execPath, ["--expose-gc", RUN, name, String(count)], { maxBuffer: 1 << 20, timeout: 400_000 });
	return JSON.parse(stdout.trim().split("\n").at(-1));
}
