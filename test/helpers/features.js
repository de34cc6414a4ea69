// The features as the build finds them: a folder of lib/features/ each, and for each with a body
// that loads at its first use, the file of dist/ it is built into (scripts/build.mjs derives the
// same list). The server tables' body rides in dist/servers/table-reader.js instead.
import { existsSync, readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";

const FEATURES = fileURLToPath(new URL("../../lib/features/", import.meta.url));

/** Every feature's folder name. */
export const FEATURE_FOLDERS = readdirSync(FEATURES, { withFileTypes: true })
	.filter((entry) => entry.isDirectory())
	.map((entry) => entry.name)
	.sort();

/** `feature-<folder>.js` for each feature whose body loads from a file of its own. */
export const BODY_FILES = FEATURE_FOLDERS.filter((name) => name !== "server-tables" && existsSync(`${FEATURES}${name}/body.ts`)).map((name) => `feature-${name}.js`);
