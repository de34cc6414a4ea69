// The features' bodies as lib/features/ gives them: each folder with a body.ts is a feature whose
// body loads at its first use, built into dist/feature-<folder>.js. The build (scripts/build.mjs)
// and the tests (test/helpers/features.js) read this one list, never a list kept by hand. The
// server tables' body is needed while a client is built, so it rides in dist/servers/table-reader.js
// (required at once), which every table imports, rather than in a file of its own.
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";

/** `{ folder, source, file }` for each feature with a body of its own: `source` relative to `root`, `file` the name in dist/ without `.js`. */
export function featureBodies(root) {
	return readdirSync(join(root, "lib/features"), { withFileTypes: true })
		.filter((entry) => entry.isDirectory() && entry.name !== "server-tables" && existsSync(join(root, "lib/features", entry.name, "body.ts")))
		.map(({ name }) => ({ folder: name, source: `lib/features/${name}/body.ts`, file: `feature-${name}` }))
		.sort((a, b) => a.folder.localeCompare(b.folder));
}
