// What import + construct + endpoint() set in motion (issue 12): debug only when DEBUG is set,
// and never from @hublet/rest/core; ky and p-retry (which read the fetch globals when they load)
// only at the first request.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";

const run = (env, entry = "../../dist/index.js") => {
	const { DEBUG, ...rest } = process.env;
	return JSON.parse(execFileSync(process.execPath, ["test/fixtures/loaded-modules.js", entry], { env: { ...rest, ...env }, encoding: "utf8" }));
};

const cold = suite("cold start");

cold("without DEBUG, debug is never loaded", () => {
	assert.is(run({}).debug, false);
});

cold("with DEBUG set, debug is loaded at start-up", () => {
	assert.is(run({ DEBUG: "hublet:*" }).debug, true);
});

cold("@hublet/rest/core never loads debug, even with DEBUG set", () => {
	assert.is(run({ DEBUG: "hublet:*" }, "../../dist/core.js").debug, false);
});

cold("import + construct + endpoint() read none of fetch, Request, Response and Headers", () => {
	assert.equal(run({}).fetch, []);
	assert.equal(run({ DEBUG: "hublet:*" }).fetch, []);
});

cold.run();
