// Runs several uvu suite files of test/ in this one process, one after another, with one summary
// (`Total:`, `Passed:`) at the end, as uvu's own command does: `node scripts/test-together.mjs
// a.test.js b.test.js`. scripts/test.mjs runs the TypeScript suites this way, so that the
// declaration files they all compile against are parsed once (test/helpers/compile-types.js
// keeps them) and TypeScript's compiler is warm after the first file, rather than once per file.
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { run } from "uvu/run";

const TEST = fileURLToPath(new URL("../test/", import.meta.url));
const files = process.argv.slice(2);
if (files.length === 0) {
	console.error("usage: node scripts/test-together.mjs <file in test/>...");
	process.exit(2);
}
await run(files.map((name) => ({ name, file: join(TEST, name) })));
