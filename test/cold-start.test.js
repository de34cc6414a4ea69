// What import + construct loads: debug only when DEBUG is set (it costs half the start-up).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";

const run = (env) => {
	const { DEBUG, ...rest } = process.env;
	return JSON.parse(execFileSync(process.execPath, ["test/fixtures/loaded-modules.js"], { env: { ...rest, ...env }, encoding: "utf8" }));
};

const cold = suite("cold start");

cold("without DEBUG, debug is never loaded", () => {
	assert.equal(run({}), { debug: false });
});

cold("with DEBUG set, debug is loaded at start-up", () => {
	assert.equal(run({ DEBUG: "hublet:*" }), { debug: true });
});

cold.run();
