// The cold-start programs that bench/run.mjs times and counts, and scenarios/first-request.mjs
// splits: written once here, so that both measure the same code.
import { OWNER, RAW_HEADERS, SINGLE_PAGE_REPO } from "../scenarios/fixtures.mjs";

/** The stub fetch: one small JSON response, no sockets. */
export const STUB = `async () => new Response('{"id":1}', { headers: { "content-type": "application/json" } })`;

/**
`node` arguments for import + construct + first `endpoint()` of the client a shim exports as
`Client` (and, with `request` or `marks`, + its first request through the stub fetch). With
`marks`, `process.constrainedMemory()` marks the end of each stretch (harness/callgrind.mjs
dumps the counts there).
*/
export function coldCode(shim, { request = false, marks = false, real = false } = {}) {
	const mark = marks ? "process.constrainedMemory();" : "";
	if (real) {
		// Node's own fetch, to the loopback server in BENCH_BASE (its repository "one" answers as the stub does).
		return [
			"--input-type=module",
			"-e",
			`const { Client } = await import(${JSON.stringify(shim)}); const client = new Client({ auth: "ghp_x", baseUrl: process.env.BENCH_BASE }); ` +
				`client.rest.repos.get.endpoint({ owner: "o", repo: "r" }); ${mark} await client.rest.repos.get({ owner: "${OWNER}", repo: "${SINGLE_PAGE_REPO}" }); ${mark}`,
		];
	}
	const construct = request || marks ? `new Client({ auth: "ghp_x", request: { fetch: ${STUB} } })` : `new Client({ auth: "ghp_x" })`;
	const first = request || marks ? `await client.rest.repos.get({ owner: "o", repo: "r" }); ${mark}` : "";
	return [
		"--input-type=module",
		"-e",
		`const { Client } = await import(${JSON.stringify(shim)}); const client = ${construct}; ` + `client.rest.repos.get.endpoint({ owner: "o", repo: "r" }); ${mark} ${first}`,
	];
}

/**
The bare baseline runs as an ES module too and imports an empty module file: Node's ESM loader
costs ~70 M instructions of its own, and its first file import ~35 M more, which belong to
neither library. With `request` it also calls the stub fetch once: the stub's `new Response`
wakes Node's fetch internals (~280 M), which every request pays. With `marks`, as coldCode.
*/
export function bareCode(emptyModule, { request = false, marks = false, real = false } = {}) {
	const mark = marks ? "process.constrainedMemory();" : "";
	if (real) {
		// The same request with fetch, reading the body as the clients do.
		const get = `await (await fetch(process.env.BENCH_BASE + "/repos/${OWNER}/${SINGLE_PAGE_REPO}", { headers: ${JSON.stringify(RAW_HEADERS)} })).json();`;
		return ["--input-type=module", "-e", `await import(${JSON.stringify(emptyModule)}); ${mark} ${get} ${mark}`];
	}
	const steps = [`await import(${JSON.stringify(emptyModule)});`, mark, request || marks ? `await (${STUB})();` : "", request || marks ? mark : ""];
	return ["--input-type=module", "-e", steps.filter(Boolean).join(" ")];
}
