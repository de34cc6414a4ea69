// The route generator never drops a method: when GitHub's description no longer has an
// operation that the committed routes.json has, `npm run routes:update` fails and names the
// method, instead of writing a table without it (which is how @octokit/rest 22's team discussion
// and billing methods went missing once). The fix it asks for is a row in
// scripts/legacy-routes.json.
// Run: node test/generate-routes-keeps-names.test.js
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cachedSpec } from "../scripts/openapi-spec.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const GENERATOR = join(ROOT, "scripts", "generate-routes.mjs");

const test = suite("the route generator keeps every name of the committed table");
let spec;
let dir;
test.before(async () => {
	spec = await cachedSpec();
	dir = mkdtempSync(join(tmpdir(), "hublet-routes-"));
});
test.after(() => rmSync(dir, { recursive: true, force: true }));

const generate = (out) => spawnSync(process.execPath, [GENERATOR, "--spec", spec, "--out", out, "--quiet"], { encoding: "utf8" });

test("a table whose methods the description still has (or legacy rows keep) regenerates", () => {
	const out = join(dir, "routes.json");
	writeFileSync(out, readFileSync(join(ROOT, "routes.json")));
	const result = generate(out);
	assert.is(result.status, 0, result.stderr);
	assert.is(readFileSync(out, "utf8"), readFileSync(join(ROOT, "routes.json"), "utf8"));
});

test("a method the description dropped and no legacy row keeps stops the generator, named with its route", () => {
	const out = join(dir, "dropped.json");
	const table = JSON.parse(readFileSync(join(ROOT, "routes.json"), "utf8"));
	table.namespaces.teams.listDiscussionsLegacyGone = ["GET /teams/{team_id}/discussions"];
	table.namespaces.gone = { method: ["GET /gone"] };
	const before = JSON.stringify(table);
	writeFileSync(out, before);
	const result = generate(out);
	assert.is(result.status, 1);
	assert.match(result.stderr, "2 method(s) of the committed routes.json are not in the new table");
	assert.match(result.stderr, "teams.listDiscussionsLegacyGone (GET /teams/{team_id}/discussions)");
	assert.match(result.stderr, "gone.method (GET /gone)");
	assert.match(result.stderr, "scripts/legacy-routes.json");
	assert.is(readFileSync(out, "utf8"), before, "the committed table is left as it was");
});

test.run();
