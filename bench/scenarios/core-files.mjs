// Prints, as JSON, the files of @hublet/rest that an unbundled program which imports
// "@hublet/rest/core" and builds a client has loaded before its first request: what Node parses.
// argv[2] is the folder @hublet/rest is installed in.
import { readFileSync, statSync, writeFileSync } from "node:fs";
import { createRequire, register } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";

const log = join(tmpdir(), `hublet-core-files-${process.pid}.txt`);
writeFileSync(log, "");
// Module hooks run on their own thread: each load is appended to the log file as it happens.
const hooks = `import { appendFileSync } from "node:fs";
export async function load(url, context, nextLoad) { appendFileSync(${JSON.stringify(log)}, url + "\\n"); return nextLoad(url, context); }`;
register(`data:text/javascript,${encodeURIComponent(hooks)}`);

const entry = createRequire(join(process.argv[2], "package.json")).resolve("@hublet/rest/core");
const packageRoot = pathToFileURL(join(process.argv[2], "node_modules", "@hublet", "rest")).href;
const { Hublet } = await import(pathToFileURL(entry).href);
new Hublet({ auth: "ghp_x" });
await new Promise((resolve) => setTimeout(resolve, 50));
const files = readFileSync(log, "utf8")
	.split("\n")
	.filter((url) => url.startsWith(`${packageRoot}/`))
	.map((url) => ({ file: url.slice(packageRoot.length + 1), bytes: statSync(fileURLToPath(url)).size }));
console.log(JSON.stringify(files));
