// What import + construct + endpoint() set in motion (issue 12): debug only when DEBUG is set,
// and never from @hublet/rest/core; which of the package's files an unbundled program loads, and
// when: the transport at the first request, p-retry at the first retry, graphql's body at its first call.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { BODY_FILES } from "./helpers/features.js";
import { budget, budgetText } from "./helpers/budgets.js";

const run = (env, entry = "../../dist/index.js", steps = "", features = "") => {
	const { DEBUG, ...rest } = process.env;
	return JSON.parse(execFileSync(process.execPath, ["test/fixtures/loaded-modules.js", entry, steps, features], { env: { ...rest, ...env }, encoding: "utf8" }));
};
const names = (files) => files.map(({ file }) => file);

// What an unbundled program on @hublet/rest/core parses before its first request: dist/core.js
// and the kernel, dist/kernel.js, with the features' fronts (each feature's body, and the
// transport, are files of their own, loaded at their first use). Its ceiling and DESIGN's target
// are budgets.json's "coreFiles", its history is in CHANGELOG.md.
const CORE_FILES = budget("coreFiles");

const cold = suite("cold start");

cold("without DEBUG, debug is never loaded", () => {
	assert.is(run({}).debug, false);
});

cold("with DEBUG set, debug is loaded at start-up", () => {
	const result = run({ DEBUG: "hublet:*" });
	assert.is(result.debug, true);
	assert.ok(names(result.later).includes("debug.js"));
});

cold("@hublet/rest/core never loads debug, even with DEBUG set", () => {
	const result = run({ DEBUG: "hublet:*" }, "../../dist/core.js", "request");
	assert.is(result.debug, false);
	assert.not.ok(names(result.later).includes("debug.js"));
});

cold("import + construct + endpoint() read none of fetch, Request, Response and Headers", () => {
	assert.equal(run({}).fetch, []);
	assert.equal(run({ DEBUG: "hublet:*" }).fetch, []);
});

cold("an unbundled program on @hublet/rest/core loads dist/core.js and the kernel alone until its first request, within budget", () => {
	const { files } = run({}, "../../dist/core.js");
	assert.equal(names(files), ["core.js", "kernel.js"], "the transport, the features' bodies, p-retry, graphql and debug are files of their own, not loaded at start-up");
	const bytes = files.reduce((sum, file) => sum + file.bytes, 0);
	console.log(`    core.js + kernel.js: ${bytes} B (${budgetText(CORE_FILES)})`);
	assert.ok(bytes <= CORE_FILES.ceiling, `dist/core.js and dist/kernel.js are ${bytes} B, over ${CORE_FILES.ceiling} B (budgets.json)`);
});

cold("a core feature's code loads at its first use: the request log and retries at the first request, paginate at its first call", () => {
	const added = run({}, "../../dist/core.js", "request,paginate", "paginate,requestLog,retry,proxy");
	assert.equal(names(added.files), ["core.js", "kernel.js"], "adding features loads nothing at start-up");
	assert.equal(names(added.afterRequest).sort(), ["core.js", "feature-request-log.js", "feature-retry.js", "kernel.js", "transport.js"]);
	// The proxy feature routes only what the global fetch sends: with a custom fetch its code never loads.
	assert.equal(names(added.later).sort(), ["core.js", "feature-paginate.js", "feature-request-log.js", "feature-retry.js", "kernel.js", "transport.js"]);
});

cold("every file loaded later links against the kernel and exports what its front imports", async () => {
	const bodies = {
		"feature-paginate.js": ["createPaginate"],
		"feature-cache.js": ["createCache"],
		"feature-proxy.js": ["createProxyRoute"],
		"feature-rate-limits.js": ["createRateLimits"],
		"feature-request-log.js": ["requestLogWrap"],
		"feature-retry.js": ["withRetries"],
		"transport.js": ["composeSend"],
		"servers/table-reader.js": ["serverTable", "serverParts"],
	};
	// Every body the build finds in lib/features/ is here, so a new feature cannot go unchecked.
	assert.equal(BODY_FILES.filter((file) => !(file in bodies)), []);
	for (const [file, exports] of Object.entries(bodies)) {
		const module = await import(`../dist/${file}`);
		for (const name of exports) assert.type(module[name], "function", `${file} exports ${name}`);
	}
});

cold("the transport loads at the first request, graphql's body at its first call, and the core client loads no p-retry", () => {
	const { files, later } = run({}, "../../dist/core.js", "request,graphql");
	assert.equal(names(files), ["core.js", "kernel.js"]);
	assert.equal(names(later), ["core.js", "kernel.js", "transport.js", "graphql.js"]);
});

cold("the full entry loads two files at start-up, and p-retry only at a first retry", () => {
	const plain = run({}, "../../dist/index.js", "request");
	assert.equal(names(plain.files), ["index.js", "kernel.js"]);
	assert.equal(names(plain.later), ["index.js", "kernel.js", "transport.js"]);
	const retried = run({}, "../../dist/index.js", "retry");
	assert.equal(names(retried.later), ["index.js", "kernel.js", "transport.js", "p-retry.js"]);
});

cold("the full entry carries the bodies its client runs at the first request; the cache's, added with Hublet.plugin(cache), loads only for a client that sets it", () => {
	assert.not.ok(names(run({}, "../../dist/index.js", "request").later).includes("feature-cache.js"));
	assert.not.ok(names(run({}, "../../dist/index.js", "request", "cache").later).includes("feature-cache.js"));
	const cached = run({}, "../../dist/index.js", "cache,request", "cache");
	assert.equal(names(cached.files), ["index.js", "kernel.js"]);
	assert.equal(names(cached.later).sort(), ["feature-cache.js", "index.js", "kernel.js", "transport.js"]);
});

cold.run();
