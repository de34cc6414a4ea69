// `npm pack` and `npm publish` ship a package.json without `scripts`: `prepare` builds dist/
// on `npm ci` in a clone, but the tarball has no scripts/ folder, and npm warns about any
// lifecycle script a package carries. `prepack` builds, sets the file aside and writes it
// without `scripts`; `postpack` (which npm reads from the manifest it loaded before prepack)
// puts the file back byte for byte.
import { spawnSync } from "node:child_process";
import { existsSync, readFileSync, renameSync, writeFileSync } from "node:fs";

const MANIFEST = "package.json";
const SET_ASIDE = ".package.json.prepack";

const [step] = process.argv.slice(2);
if (step === "prepack") {
	// A pack interrupted before postpack left the original aside: that one is the real file.
	if (existsSync(SET_ASIDE)) renameSync(SET_ASIDE, MANIFEST);
	const build = spawnSync(process.execPath, ["scripts/build.mjs"], { stdio: "inherit" });
	if (build.status !== 0) process.exit(build.status ?? 1);
	const text = readFileSync(MANIFEST, "utf8");
	const shipped = JSON.parse(text);
	delete shipped.scripts;
	writeFileSync(SET_ASIDE, text);
	writeFileSync(MANIFEST, `${JSON.stringify(shipped, null, 2)}\n`);
} else if (step === "postpack") {
	if (existsSync(SET_ASIDE)) renameSync(SET_ASIDE, MANIFEST);
} else {
	console.error("usage: node scripts/pack-manifest.mjs prepack|postpack");
	process.exit(2);
}
