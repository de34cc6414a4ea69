// What package.json's `files` ships, as paths from the package's root: each entry as written, and
// a pattern such as `dist/feature-*.js` (a `*` within one folder) as the files it matches now.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";

export function shippedFiles(root) {
	const { files } = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
	return files.flatMap((entry) => {
		if (!entry.includes("*")) return existsSync(join(root, entry)) ? [entry] : [];
		const folder = dirname(entry);
		const pattern = new RegExp(`^${entry.slice(folder.length + 1).replace(/[.+?^${}()|[\]\\]/g, "\\$&").replace("*", ".*")}$`);
		return readdirSync(join(root, folder))
			.filter((name) => pattern.test(name))
			.map((name) => `${folder}/${name}`);
	});
}
