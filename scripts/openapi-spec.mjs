// The pinned OpenAPI description that every generator reads: GitHub's own, as published in
// the npm package @octokit/openapi (a 29 MB tarball, 400 MB unpacked, so never a dependency).
// The first run fetches it with `npm pack` (from the npm cache when it is there) and keeps the
// files the generators read in .tmp/openapi/<version>/ (git-ignored), so later runs download
// nothing: api.github.com.json (13 MB) and, beside it, each server GitHub sells (Enterprise Cloud,
// each supported Enterprise Server version), which `serverDescriptions` lists; the dereferenced
// copies (*.deref.json) are never extracted. HUBLET_OPENAPI_SPEC names an extracted
// api.github.com.json instead, with the servers' files beside it.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from "node:fs";
import { basename, dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const OPENAPI_PACKAGE = "@octokit/openapi";
export const OPENAPI_VERSION = "23.0.2";
const SPEC_FILE_IN_PACKAGE = "package/generated/api.github.com.json";
// "-servers": a cache from before the servers' descriptions were kept holds only api.github.com.json.
const CACHE = join(dirname(fileURLToPath(import.meta.url)), "..", ".tmp", "openapi", `${OPENAPI_VERSION}-servers`);
const CACHED = join(CACHE, "api.github.com.json");

/** The commands that fetch the package into `dir` and extract its descriptions. */
function fetchCommands(dir) {
	const spec = `${OPENAPI_PACKAGE}@${OPENAPI_VERSION}`;
	const tarball = join(dir, `${OPENAPI_PACKAGE.slice(1).replace("/", "-")}-${OPENAPI_VERSION}.tgz`);
	return [
		["npm", ["pack", spec, "--silent", "--prefer-offline", "--pack-destination", dir]],
		["tar", ["-xzf", tarball, "-C", dir, "--wildcards", "package/generated/*.json", "--exclude", "*.deref.json"]],
	];
}

/**
Fetches into a temporary folder beside `cache`, then moves the folder in, so a stopped run never
leaves half a file. `exec` runs one command: synchronous for the generators, asynchronous for
`npm test`, which keeps its workers running meanwhile. Processes may fill the cache at once (a
fresh clone's `npm test` fetches while a suite that reads the description starts): the first
rename wins, and a later one finds the cache there and uses it.
*/
export function fill(exec, cache = CACHE) {
	mkdirSync(dirname(cache), { recursive: true });
	const dir = mkdtempSync(join(dirname(cache), "download-"));
	const done = () => {
		// One rename: api.github.com.json appears together with the servers' descriptions.
		mkdirSync(dirname(cache), { recursive: true });
		try {
			renameSync(join(dir, dirname(SPEC_FILE_IN_PACKAGE)), cache);
		} catch (error) {
			if (!existsSync(join(cache, basename(SPEC_FILE_IN_PACKAGE)))) throw error;
		}
	};
	const clean = () => rmSync(dir, { recursive: true, force: true });
	const [pack, extract] = fetchCommands(dir).map(([command, args]) => () => exec(command, args, { cwd: dir }));
	const result = pack();
	if (!(result instanceof Promise)) {
		try {
			extract();
			return done();
		} finally {
			clean();
		}
	}
	return result.then(extract).then(done).finally(clean);
}

let pending;
/** The path of api.github.com.json, fetched on the first call; concurrent callers share one fetch. */
export function cachedSpec() {
	if (process.env.HUBLET_OPENAPI_SPEC) return Promise.resolve(process.env.HUBLET_OPENAPI_SPEC);
	if (existsSync(CACHED)) return Promise.resolve(CACHED);
	pending ??= fill(promisify(execFile)).then(() => CACHED);
	return pending;
}

/** Calls `fn(path)` with the path of api.github.com.json, fetching it when needed. */
export function withDownloadedSpec(fn) {
	if (process.env.HUBLET_OPENAPI_SPEC) return fn(process.env.HUBLET_OPENAPI_SPEC);
	if (!existsSync(CACHED)) fill((command, args, options) => execFileSync(command, args, { ...options, stdio: ["ignore", "ignore", "inherit"] }));
	return fn(CACHED);
}

/**
The other servers' descriptions beside `specPath` (api.github.com.json), as `[name, path]` sorted
by name: `ghec`, `ghes-3.17`, … — every one the pinned package ships.
*/
export function serverDescriptions(specPath) {
	const dir = dirname(specPath);
	return readdirSync(dir)
		.filter((file) => file.endsWith(".json") && !file.endsWith(".deref.json") && file !== basename(specPath))
		.map((file) => [file.slice(0, -".json".length), join(dir, file)])
		.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
