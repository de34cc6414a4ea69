// Gets each library the way a user gets it: Hublet is built from the working tree, packed
// with `npm pack` and installed from the tarball; @octokit/rest is installed from the registry
// at the exact version bench/package-lock.json pins. Each goes into its own empty folder, with
// no lockfile, so both resolve their dependencies fresh, and the folder's node_modules is then
// the install footprint.
import { existsSync, lstatSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { exec } from "./util.mjs";

const NPM_QUIET = ["--no-audit", "--no-fund", "--loglevel=error"];

/**
Packs the working tree as `npm publish` would: npm runs the package's `prepare` script
(scripts/build.mjs, the esbuild build of dist/) and takes the `files` list. Returns the tarball.
*/
export async function packHublet(root, work) {
	const manifest = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
	if (!existsSync(join(root, "node_modules", "esbuild"))) throw new Error("esbuild is missing: run `npm ci` in the repository root first");
	const { stdout } = await exec("npm", ["pack", root, "--pack-destination", work, "--json", "--loglevel=error"]);
	const [{ filename, size, unpackedSize, entryCount }] = JSON.parse(stdout.slice(stdout.indexOf("[")));
	return { tarball: join(work, filename), version: manifest.version, size, unpackedSize, entryCount };
}

/** A fresh install of `spec` (one or several) in `dir`, with a shim exporting `Client`. */
export async function install(dir, spec, shim) {
	mkdirSync(dir, { recursive: true });
	writeFileSync(join(dir, "package.json"), JSON.stringify({ name: "bench-install", private: true, type: "module" }));
	await exec("npm", ["install", ...NPM_QUIET, ...[spec].flat()], { cwd: dir });
	writeFileSync(join(dir, "client.mjs"), `${shim}\n`);
	return { dir, shim: pathToFileURL(join(dir, "client.mjs")).href, footprint: footprint(join(dir, "node_modules")) };
}

/**
Bytes (the sum of file sizes, as `du --apparent-size` counts them) and packages (folders with a
package.json directly under a node_modules, at any depth) of an install. npm's own
node_modules/.package-lock.json and .bin links are left out.
*/
export function footprint(modules) {
	let bytes = 0;
	let packages = 0;
	const names = [];
	const walk = (dir, inModules) => {
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (inModules && (entry.name === ".package-lock.json" || entry.name === ".bin")) continue;
			if (entry.isSymbolicLink()) continue;
			if (entry.isDirectory()) {
				if (inModules && entry.name.startsWith("@")) {
					walk(path, true);
					continue;
				}
				if (inModules && existsSync(join(path, "package.json"))) {
					packages++;
					names.push(path.slice(modules.length + 1));
				}
				walk(path, entry.name === "node_modules");
			} else {
				bytes += lstatSync(path).size;
			}
		}
	};
	walk(modules, true);
	return { bytes, packages, names: names.sort() };
}

/** The exact @octokit/rest version that bench/package-lock.json installed. */
export function octokitVersion(benchDir) {
	const manifest = join(benchDir, "node_modules", "@octokit", "rest", "package.json");
	if (!existsSync(manifest)) throw new Error("@octokit/rest is missing: run `npm ci` in bench/ first");
	return JSON.parse(readFileSync(manifest, "utf8")).version;
}

/** The anchor's plugins (@octokit/plugin-retry, @octokit/plugin-throttling) at the exact versions bench/package-lock.json installed. */
export function anchorSpecs(benchDir) {
	return ["@octokit/plugin-retry", "@octokit/plugin-throttling"].map((name) => {
		const manifest = join(benchDir, "node_modules", name, "package.json");
		if (!existsSync(manifest)) throw new Error(`${name} is missing: run \`npm ci\` in bench/ first`);
		return `${name}@${JSON.parse(readFileSync(manifest, "utf8")).version}`;
	});
}

/** Bytes per top-level package of an install, biggest first (for the notes). */
export function footprintByPackage(modules) {
	const sizes = {};
	const walk = (dir) => {
		let total = 0;
		for (const entry of readdirSync(dir, { withFileTypes: true })) {
			const path = join(dir, entry.name);
			if (entry.isSymbolicLink()) continue;
			total += entry.isDirectory() ? walk(path) : lstatSync(path).size;
		}
		return total;
	};
	for (const entry of readdirSync(modules, { withFileTypes: true })) {
		if (!entry.isDirectory() || entry.name === ".bin") continue;
		if (entry.name.startsWith("@")) {
			for (const scoped of readdirSync(join(modules, entry.name))) sizes[`${entry.name}/${scoped}`] = walk(join(modules, entry.name, scoped));
		} else sizes[entry.name] = walk(join(modules, entry.name));
	}
	return Object.entries(sizes).sort((a, b) => b[1] - a[1]);
}
