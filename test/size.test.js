// The byte budgets: esbuild bundles of (a) the full client and (b) a five-method route subset,
// minified for Node as a user's bundler would, and the package as npm installs it. Their ceilings
// and DESIGN's targets are in budgets.json (test/helpers/budgets.js reads it), their history in
// CHANGELOG.md; a ceiling sits just above today's size, so any growth is a decision made on purpose.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { gzipSync } from "node:zlib";
import { BUDGETS, budget, budgetText } from "./helpers/budgets.js";

const BUDGET = { full: budget("full"), subset: budget("subset"), package: budget("package") };
const SUBSET = ["repos.get", "issues.listForRepo", "issues.create", "pulls.list", "repos.listForOrg"];

const dir = mkdtempSync(join(tmpdir(), "hublet-size-"));
// Programs import the package by its name, as users do, so that the bundler resolves its exports
// as it would for them (the full entry's "module" condition, package.json).
mkdirSync(join(dir, "node_modules/@hublet"), { recursive: true });
symlinkSync(resolve("."), join(dir, "node_modules/@hublet/rest"));

async function bundle(name, source) {
	const entry = join(dir, `${name}.mjs`);
	writeFileSync(entry, source);
	const result = await build({ entryPoints: [entry], bundle: true, minify: true, platform: "node", write: false, logLevel: "silent" });
	const bytes = result.outputFiles[0].contents;
	return { min: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length, text: result.outputFiles[0].text };
}

const usage = () => `
const client = new Hublet({ auth: "x" });
client.rest.repos.get({ owner: "o", repo: "r" }).then(() => client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r" }));`;

const size = suite("bundle size budget");

size("(a) construct + repos.get + paginate stays within budget", async () => {
	const { min, gzip } = await bundle("full", `import { Hublet } from "@hublet/rest";${usage()}`);
	const { ceiling } = BUDGET.full;
	console.log(`    (a) full client: ${min} B min, ${gzip} B gzip (${budgetText(BUDGET.full)})`);
	assert.ok(gzip <= ceiling, `${gzip} B gzip is over the budget of ${ceiling} B (budgets.json)`);
});

size("(b) the same over a five-method route subset stays within budget", async () => {
	const table = join(dir, "routes.subset.json");
	execFileSync(process.execPath, ["bin/hublet-routes.mjs", ...SUBSET, "--out", table]);
	const { min, gzip, text } = await bundle(
		"subset",
		`import { Hublet as Core, paginate } from "@hublet/rest/core";
import routes from ${JSON.stringify(table)};
const Hublet = Core.plugin(paginate).withRoutes(routes);${usage()}`,
	);
	const { ceiling } = BUDGET.subset;
	console.log(`    (b) five-method subset: ${min} B min, ${gzip} B gzip (${budgetText(BUDGET.subset)})`);
	assert.ok(gzip <= ceiling, `${gzip} B gzip is over the budget of ${ceiling} B (budgets.json)`);
	// Features the program did not add stay out: the rate-limit store's keys, the cache's identity.
	assert.not.ok(text.includes("hublet:rate-limit"), "the rateLimit feature is in the subset bundle");
	assert.not.ok(text.includes("conditional-request cache identity"), "the cache feature is in the subset bundle");
});

size("the package unpacks within budget", () => {
	const [{ unpackedSize }] = JSON.parse(execFileSync("npm", ["pack", "--dry-run", "--json", "--ignore-scripts"], { encoding: "utf8", stdio: ["ignore", "pipe", "ignore"] }));
	const { ceiling } = BUDGET.package;
	console.log(`    package: ${unpackedSize} B unpacked (${budgetText(BUDGET.package)})`);
	assert.ok(unpackedSize <= ceiling, `${unpackedSize} B unpacked is over the budget of ${ceiling} B (budgets.json)`);
});

size("a core bundle carries graphql, as @octokit/core does, and no retries (p-retry) nor debug unless it adds them", async () => {
	const result = await build({
		stdin: { contents: `import { Hublet, paginate } from "@hublet/rest/core"; export default new (Hublet.plugin(paginate))();`, resolveDir: dir },
		bundle: true,
		minify: true,
		platform: "node",
		write: false,
		logLevel: "silent",
	});
	const text = result.outputFiles[0].text;
	assert.ok(text.includes("following response errors"), "graphql is built into every client");
	assert.not.ok(text.includes("Expected `retries` to be"), "p-retry is in a core bundle without the retry feature");
	assert.not.ok(/ - retry \$\{/.test(text), "the retry stage is in a core bundle without the retry feature");
	// debug's own code: its `humanize` of a duration, and the environment variable it reads.
	assert.not.ok(/humanize|DEBUG_COLORS/.test(text), "debug is in a core bundle");
	// The transport and the bodies are the code itself: no import() is left, nor a lazy module (esbuild's __esm).
	assert.not.ok(/\bimport\(/.test(text), "a core bundle holds an import()");
	assert.not.ok(text.includes("LOAD_FAILED"), "a core bundle holds the loader of files loaded later");
});

size("the subset bundle carries no rows outside its table", async () => {
	const table = join(dir, "routes.small.json");
	execFileSync(process.execPath, ["bin/hublet-routes.mjs", "repos.get", "--out", table]);
	const result = await build({
		stdin: { contents: `import { Hublet } from "@hublet/rest/core"; import r from ${JSON.stringify(table)}; export default Hublet.withRoutes(r);`, resolveDir: dir },
		bundle: true,
		minify: true,
		platform: "node",
		write: false,
		logLevel: "silent",
	});
	const text = result.outputFiles[0].text;
	assert.ok(text.includes("/repos/{owner}/{repo}"));
	assert.not.ok(text.includes("/repos/{owner}/{repo}/issues"), "no other route leaked in");
});

size("every budget in budgets.json is checked by a test and carries DESIGN's target beside its ceiling", () => {
	assert.equal(Object.keys(BUDGETS).sort(), ["coreFiles", "full", "package", "subset"]);
	for (const [name, entry] of Object.entries(BUDGETS)) {
		assert.type(entry.target, "string", `${name}: DESIGN's target`);
		assert.ok(entry.targetBytes === null || Number.isSafeInteger(entry.targetBytes), `${name}: targetBytes`);
		assert.ok(["test/size.test.js", "test/cold-start.test.js"].includes(entry.test), `${name}: its test`);
	}
});

size.run();
