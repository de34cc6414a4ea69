// What dist/kernel.js leaves to the files loaded later: an unbundled program parses the kernel at
// start-up, so code it runs only at its first request (the failures of a sent request) or at a
// feature's first use (graphql's reading of an answer) lives in the file loaded then, and a helper
// that several files use is taken from the kernel, once.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";

const read = (file) => readFileSync(new URL(`../dist/${file}`, import.meta.url), "utf8");
const LATER = ["transport.js", "graphql.js", "feature-cache.js", "feature-paginate.js", "feature-proxy.js", "feature-rate-limits.js", "feature-request-log.js", "feature-retry.js"];

const leaves = suite("what the kernel leaves to the files loaded later");

leaves("a sent request's failures (blocked ports, proxy tunnels, unresolvable hosts) load with the transport; an abort before sending fails from the kernel", () => {
	const kernel = read("kernel.js");
	const transport = read("transport.js");
	// The failure builders, and the readers of a proxy's tunnel refusal and of a blocked port (code inside failureOf).
	for (const code of ["function failureOf(", "function invalidRequest(", "function responseFailure(", "Proxy response \\(", "fetch refuses port"]) {
		assert.not.ok(kernel.includes(code), `kernel.js holds ${code}`);
		assert.ok(transport.includes(code), `transport.js holds ${code}`);
	}
	assert.ok(kernel.includes("function abortFailure("));
});

leaves("graphql.js reads a query's answer, with the kernel's error classes", () => {
	assert.not.ok(read("kernel.js").includes("function answerOf("));
	const graphql = read("graphql.js");
	assert.ok(graphql.includes("function answerOf("));
	assert.match(graphql, /import\{[^}]*\b_?RequestError\b[^}]*\}from"\.\/kernel\.js"/);
	assert.match(graphql, /import\{[^}]*\b_?GraphqlResponseError\b[^}]*\}from"\.\/kernel\.js"/);
});

leaves("a helper of the kernel's that later files use is in one file only: the BigInt marker, the cause and loopback readers", () => {
	// The cause chain and the loopback host are read inside failureOf: its pattern of this machine's hosts.
	for (const code of ["function uniqueMark(", "function failureOf(", "localhost\\.?|"]) {
		const holders = ["kernel.js", ...LATER].filter((file) => read(file).includes(code));
		assert.is(holders.length, 1, `${code} is in ${holders.join(", ")}`);
	}
});

leaves("the kernel exports a shared helper under its own name, and the API's names alone with an underscore", () => {
	const exported = /export\{([^}]*)\};?\s*$/.exec(read("kernel.js"))[1].split(",").map((item) => item.trim().split(/\s+as\s+/).pop());
	assert.ok(exported.includes("loadLater") && exported.includes("redactText"));
	assert.not.ok(exported.includes("_loadLater"));
});

leaves("the pipeline is composed with the transport, through the doors the entry opened: the kernel keeps its slots and the doors, and imports none of the files loaded later", () => {
	const kernel = read("kernel.js");
	const transport = read("transport.js");
	for (const code of ["function composeSend(", "function readCall("]) {
		assert.not.ok(kernel.includes(code), `kernel.js holds ${code}`);
		assert.ok(transport.includes(code), `transport.js holds ${code}`);
	}
	assert.ok(kernel.includes("function openDoors(") && kernel.includes("STAGE_SLOTS="));
	// A bundler follows every import() in code it keeps: the kernel, which both forms share, has none.
	assert.not.ok(kernel.includes("import("), "kernel.js holds an import()");
	// lineLimit may break a string with a line continuation.
	const joined = (file) => read(file).replaceAll("\\\n", "");
	// The entries for Node load each at its first use; the one for bundlers imports each at once.
	for (const later of ["transport.js", "graphql.js", ...LATER.filter((file) => file.startsWith("feature-"))]) {
		for (const entry of ["core.js", "index.js"]) assert.ok(joined(entry).includes(`import("./${later}")`), `${entry} loads ${later}`);
		assert.ok(joined("core.module.js").includes(`from"./${later}"`), `core.module.js imports ${later}`);
	}
	assert.not.ok(read("core.module.js").includes("import("), "core.module.js holds an import()");
});

leaves("optional packages beside the program (undici, @octokit/graphql) are looked for by the files that load them, not the kernel", () => {
	const kernel = read("kernel.js");
	for (const code of ["function requireOptional(", "function programFile(", "function linkOctokitClass("]) {
		assert.not.ok(kernel.includes(code), `kernel.js holds ${code}`);
	}
	assert.ok(read("feature-proxy.js").includes("function requireOptional("));
	const graphql = read("graphql.js");
	assert.ok(graphql.includes("function linkOctokitClass(") && graphql.includes("function requireOptional("));
	// What server tables require at construction, and a file loaded again, stay in the kernel.
	assert.ok(kernel.includes("function ownPackageRoot(") && kernel.includes("function importOwnFile("));
});

leaves.run();
