// The pinned OpenAPI description that every generator reads: GitHub's own, as published in
// the npm package @octokit/openapi (400 MB unpacked, so never a dependency). Generators
// fetch it into a temp folder when they run; HUBLET_OPENAPI_SPEC names an extracted
// api.github.com.json instead, so that several generators or checks in one run share one copy.
// The package also describes each server GitHub sells (Enterprise Cloud, each supported
// Enterprise Server version): those files are extracted beside api.github.com.json, and
// `serverDescriptions` lists them (the dereferenced copies, *.deref.json, are never extracted).
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { basename, dirname, join } from "node:path";

export const OPENAPI_PACKAGE = "@octokit/openapi";
export const OPENAPI_VERSION = "23.0.2";
const SPEC_FILE_IN_PACKAGE = "package/generated/api.github.com.json";

/** Calls `fn(path)` with the path of api.github.com.json, downloading it when needed; a download is removed once `fn` (or the promise it returns) is done. */
export function withDownloadedSpec(fn) {
	if (process.env.HUBLET_OPENAPI_SPEC) return fn(process.env.HUBLET_OPENAPI_SPEC);
	const dir = mkdtempSync(join(tmpdir(), "hublet-openapi-"));
	const cleanUp = () => rmSync(dir, { recursive: true, force: true });
	let result;
	try {
		const spec = `${OPENAPI_PACKAGE}@${OPENAPI_VERSION}`;
		const packed = execFileSync("npm", ["pack", spec, "--silent", "--pack-destination", dir], {
			cwd: dir,
			encoding: "utf8",
			stdio: ["ignore", "pipe", "inherit"],
		})
			.trim()
			.split("\n")
			.pop()
			.trim();
		const tarball = join(dir, packed);
		if (!existsSync(tarball)) throw new Error(`npm pack did not produce ${tarball}`);
		execFileSync("tar", ["-xzf", tarball, "-C", dir, "--wildcards", "package/generated/*.json", "--exclude", "*.deref.json"], { stdio: "inherit" });
		rmSync(tarball, { force: true });
		result = fn(join(dir, SPEC_FILE_IN_PACKAGE));
	} catch (error) {
		cleanUp();
		throw error;
	}
	if (typeof result?.finally === "function") return result.finally(cleanUp);
	cleanUp();
	return result;
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
