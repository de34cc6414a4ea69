// Loads the library under test. The harness installs each library fresh in its own folder and
// writes a one-line shim there (`export { Hublet as Client } from "@hublet/rest"`), whose path
// it passes in BENCH_SHIM, so each package resolves its dependencies exactly as a user's would.
import { OWNER, REPO, TOKEN } from "./fixtures.mjs";

export const LIBS = ["hublet", "octokit", "raw"];

/** `--name value` pairs from argv, with numbers parsed. */
export function args() {
	const result = {};
	const argv = process.argv.slice(2);
	for (let index = 0; index < argv.length; index += 2) {
		const value = argv[index + 1];
		result[argv[index].replace(/^--/, "")] = /^\d+(\.\d+)?$/.test(value) ? Number(value) : value;
	}
	return result;
}

/** The library's client class, or `null` for raw fetch. */
export async function loadClient(lib) {
	if (lib === "raw" || lib === "bare") return null;
	if (!process.env.BENCH_SHIM) throw new Error("BENCH_SHIM is not set: run the scenarios through bench/run.mjs");
	const { Client } = await import(process.env.BENCH_SHIM);
	return Client;
}

/** Default options, the same for both libraries: a token, and (when given) a base URL and a fetch. */
export function options({ baseUrl, fetch } = {}) {
	return {
		auth: TOKEN,
		...(baseUrl ? { baseUrl } : {}),
		...(fetch ? { request: { fetch } } : {}),
	};
}

export const repoParams = () => ({ owner: OWNER, repo: REPO });

/** Prints one result line for the harness. */
export function report(value) {
	process.stdout.write(`BENCH ${JSON.stringify(value)}\n`);
}

/**
A boundary for callgrind. The harness runs valgrind with --dump-before=uv_get_constrained_memory,
so each call writes the instructions counted since the previous boundary to a file of its own.
Node calls that libuv function once at start-up, and nothing else calls it afterwards.
*/
export const mark = () => process.constrainedMemory();

/**
Lets the event loop turn, as real I/O does between requests. A loop of awaited stub calls never
leaves the microtask queue, and until it does V8 keeps every WeakRef target made in the current
job alive (undici's Request makes one per AbortSignal): without a turn now and then, the heap
grows and GC swamps the per-call figures. The loops call this every 50 requests, for every library.
*/
export const yieldToEventLoop = () => new Promise((resolve) => setImmediate(resolve));
