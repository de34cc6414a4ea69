// A folder laid out as an app's: files written from a { path: text } map, and @hublet/rest as it
// ships (its dist/ files and package.json) in the app's node_modules, with its one external
// import (@octokit/request-error) linked, and nothing else installed.
import { cpSync, mkdirSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { shippedFiles } from "./shipped-files.js";

export const ROOT = fileURLToPath(new URL("../..", import.meta.url));

/** Writes `files` ({ relative path: text }) under `dir`. */
export function write(dir, files) {
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, ".."), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
}

/**
The package as it ships, in `dir`/node_modules/@hublet/rest; gives that folder. Its dist/ files,
or with `whole` every file it ships (bin/ and types/ too), as npm installs it.
*/
export function installHublet(dir, { whole = false } = {}) {
	const pkg = join(dir, "node_modules/@hublet/rest");
	const files = shippedFiles(ROOT).filter((file) => whole || file.startsWith("dist"));
	for (const file of [...files, "package.json"]) cpSync(join(ROOT, file), join(pkg, file), { recursive: true });
	mkdirSync(join(dir, "node_modules/@octokit"), { recursive: true });
	symlinkSync(join(ROOT, "node_modules/@octokit/request-error"), join(dir, "node_modules/@octokit/request-error"));
	return pkg;
}

/** A file of the real undici, for a planted copy that hands it over. */
export const REAL_UNDICI = join(ROOT, "node_modules/undici/index.js");
