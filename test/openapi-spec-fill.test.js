// The OpenAPI description's cache (scripts/openapi-spec.mjs) filled by two processes at once, as a
// fresh clone's `npm test` does (its fetch, and a suite that reads the description): the first
// rename wins and the later filler uses what it finds, instead of failing with ENOTEMPTY; a fetch
// that produced nothing still fails. The fetch commands are stood in for: nothing is downloaded.
// Run: node test/openapi-spec-fill.test.js
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { fill } from "../scripts/openapi-spec.mjs";

/** Stands in for `npm pack` and `tar`: the extraction writes the package's descriptions, each holding `text`. */
const extracting = (text) => (command, _args, { cwd }) => {
	if (command !== "tar") return;
	mkdirSync(join(cwd, "package", "generated"), { recursive: true });
	for (const name of ["api.github.com.json", "ghec.json"]) writeFileSync(join(cwd, "package", "generated", name), text);
};

const test = suite("filling the OpenAPI description's cache");
let root;
test.before.each(() => {
	root = mkdtempSync(join(tmpdir(), "hublet-openapi-"));
});
test.after.each(() => rmSync(root, { recursive: true, force: true }));

test("a second filler that finds the cache filled uses it, and leaves no download folder behind", () => {
	const cache = join(root, "openapi", "1.0.0-servers");
	fill(extracting("first"), cache);
	fill(extracting("second"), cache);
	assert.is(readFileSync(join(cache, "api.github.com.json"), "utf8"), "first");
	assert.equal(readdirSync(join(root, "openapi")), ["1.0.0-servers"]);
});

test("two asynchronous fillers at once: one wins, neither fails", async () => {
	const cache = join(root, "openapi", "1.0.0-servers");
	const later = (text) => (command, args, options) => new Promise((done) => setTimeout(() => done(extracting(text)(command, args, options)), 5));
	await Promise.all([fill(later("a"), cache), fill(later("b"), cache)]);
	assert.ok(["a", "b"].includes(readFileSync(join(cache, "api.github.com.json"), "utf8")));
});

test("a fetch that extracted nothing still fails, and the cache stays empty", () => {
	const cache = join(root, "openapi", "1.0.0-servers");
	assert.throws(() => fill(() => undefined, cache), /ENOENT/);
	assert.equal(readdirSync(join(root, "openapi")), []);
});

test.run();
