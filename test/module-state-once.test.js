// A module of lib/ that keeps state of its own (a top-level `let`, a Map, a Set, a list, a cache)
// is in one file of dist/ only: two copies would each keep their own (two warnings "once per
// process", two pools of proxy agents, a cache that misses what the other filled). State that
// must cross files is data under a key every copy shares (Symbol.for), as the DEBUG channels' and
// the proxies' are. The build writes which modules each file holds (.tmp/dist-modules.json).
// dist/index.module.js is dist/index.js for bundlers (the `module` condition): a program loads one.
// Run: npm run build && node test/module-state-once.test.js
import { readFileSync } from "node:fs";
import { suite } from "uvu";
import * as assert from "uvu/assert";

const ROOT = new URL("..", import.meta.url);
const holds = JSON.parse(readFileSync(new URL(".tmp/dist-modules.json", ROOT), "utf8"));
const ALTERNATIVES = new Set(["dist/index.module.js"]);

// State at the top of a module: a variable, or a constant that starts as an empty collection to
// fill (a table made full, `new Set(["GET", …])`, is a constant).
const STATE = /^(?:let|var)\s|^(?:export\s+)?const\s+\w+(?:\s*:[^=]+)?\s*=\s*(?:new\s+(?:Map|WeakMap|Set|WeakSet)\s*(?:<.*>)?\(\s*\)|\[\s*\]|\{\s*\}|createLru\b)/m;

const test = suite("module state in one file of dist/");

test("the detector sees each kind of top-level state, and not a function's own", () => {
	const state = ["let warned = false;", "const seen = new Map();", "const cache = new Map<string, Array<string>>();", "export const list = [];", "const agents = createLru(32);", "var x;"];
	for (const source of state) assert.ok(STATE.test(source), source);
	const constant = ["const LIMIT = 32;", "function f() {\n\tlet x = 1;\n}", 'const KEY = Symbol.for("hublet.x");', 'const IDEMPOTENT = new Set(["GET", "HEAD"]);'];
	for (const source of constant) assert.not.ok(STATE.test(source), source);
});

test("every module of lib/ with state of its own is in one file of dist/", () => {
	const files = new Map();
	for (const [output, inputs] of Object.entries(holds)) {
		if (ALTERNATIVES.has(output)) continue;
		for (const input of inputs) (files.get(input) ?? files.set(input, []).get(input)).push(output);
	}
	assert.ok(files.size > 50, "the build wrote which modules each file holds");
	const twice = [...files].filter(([module, outputs]) => outputs.length > 1 && STATE.test(readFileSync(new URL(module, ROOT), "utf8")));
	assert.equal(twice.map(([module, outputs]) => `${module}: ${outputs.join(", ")}`), []);
});

test.run();
