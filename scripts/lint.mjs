// The formatter and the linter over the hand-written source: prettier (.prettierrc.json) and eslint
// (eslint.config.js) over lib/ and types/, less what .prettierignore and the eslint config leave out
// (the generated types, before-after-hook's copied declarations). `npm run lint` and `npm test` run
// it; each file is one test per tool, and it ends with uvu's Total/Passed lines, which the test
// command counts. `npm run format` (`--write`) rewrites the files prettier would change instead.
import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { ESLint } from "eslint";
import * as prettier from "prettier";

const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..");
const FOLDERS = ["lib", "types"];
const EXTENSIONS = /\.(?:ts|mts|cts|js|mjs|cjs)$/;
const write = process.argv.includes("--write");

const walk = (folder) =>
	readdirSync(join(ROOT, folder), { withFileTypes: true }).flatMap((entry) => {
		const path = join(folder, entry.name);
		if (entry.isDirectory()) return walk(path);
		return EXTENSIONS.test(entry.name) ? [path] : [];
	});
const files = FOLDERS.flatMap(walk).sort();

let passed = 0;
let failed = 0;
const ignorePath = join(ROOT, ".prettierignore");
const unformatted = [];
for (const file of files) {
	const path = join(ROOT, file);
	if ((await prettier.getFileInfo(path, { ignorePath })).ignored) continue;
	const options = { ...(await prettier.resolveConfig(path)), filepath: path };
	const text = readFileSync(path, "utf8");
	if (write) {
		const formatted = await prettier.format(text, options);
		if (formatted !== text) writeFileSync(path, formatted);
	} else if (await prettier.check(text, options)) passed++;
	else unformatted.push(file);
}
if (write) process.exit(0);
failed += unformatted.length;
if (unformatted.length)
	console.log(`prettier would change ${unformatted.length} file(s) (npm run format):\n  ${unformatted.join("\n  ")}`);

// No cache: a stale cache entry could pass a file whose imports changed; a run takes a few seconds.
const eslint = new ESLint({ cwd: ROOT, cache: false, errorOnUnmatchedPattern: false });
const results = await eslint.lintFiles(FOLDERS);
for (const result of results) {
	if (result.errorCount + result.warningCount === 0) passed++;
	else failed++;
}
const report = await (await eslint.loadFormatter("stylish")).format(results);
if (report) console.log(report.replaceAll(`${ROOT}/`, ""));

const total = passed + failed;
console.log(`  Total:     ${total}\n  Passed:    ${passed}\n  Skipped:   0`);
process.exit(failed === 0 ? 0 : 1);
