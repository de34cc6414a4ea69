// The pinned OpenAPI description that every generator reads: GitHub's own, as published in
// the npm package @octokit/openapi (a 29 MB tarball, 400 MB unpacked, so never a dependency).
// The first run fetches it with `npm pack` (from the npm cache when it is there) and keeps the one
// file the generators read, api.github.com.json (13 MB), in .tmp/openapi/<version>/ (git-ignored),
// so later runs download nothing. HUBLET_OPENAPI_SPEC names an extracted api.github.com.json
// instead.
import { execFile, execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, renameSync, rmSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";

export const OPENAPI_PACKAGE = "@octokit/openapi";
export const OPENAPI_VERSION = "23.0.2";
const SPEC_FILE_IN_PACKAGE = "package/generated/api.github.com.json";
const CACHE = join(dirname(fileURLToPath(import.meta.url)), "..", ".tmp", "openapi", OPENAPI_VERSION);
const CACHED = join(CACHE, "api.github.com.json");

/** The commands that fetch the description into `dir` and extract the one file. */
function fetchCommands(dir) {
	const spec = `${OPENAPI_PACKAGE}@${OPENAPI_VERSION}`;
	const tarball = join(dir, `${OPENAPI_PACKAGE.slice(1).replace("/", "-")}-${OPENAPI_VERSION}.tgz`);
	return [
		["npm", ["pack", spec, "--silent", "--prefer-offline", "--pack-destination", dir]],
		["tar", ["-xzf", tarball, "-C", dir, SPEC_FILE_IN_PACKAGE]],
	];
}

/**
Fetches into a temporary folder beside the cache, then moves the file in, so a stopped run never
leaves half a file. `exec` runs one command: synchronous for the generators, asynchronous for
`npm test`, which keeps its workers running meanwhile.
*/
function fill(exec) {
	mkdirSync(dirname(CACHE), { recursive: true });
	const dir = mkdtempSync(join(dirname(CACHE), "download-"));
	const done = () => {
		mkdirSync(CACHE, { recursive: true });
		renameSync(join(dir, SPEC_FILE_IN_PACKAGE), CACHED);
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
