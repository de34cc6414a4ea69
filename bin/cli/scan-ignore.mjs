// What `hublet routes --scan <folder>` leaves out: dependencies and build output, which call
// methods the program does not (a bundled copy of a library, compiled tests), and what the
// folder's own .gitignore lists, read as git reads it for the patterns people write.
import { readFileSync } from "node:fs";
import { join } from "node:path";

/** Folders skipped at any depth: dependencies, build output, and hidden folders (`.git`, `.next`). */
const SKIPPED = new Set(["node_modules", "dist", "out", "build"]);

/**
A `.gitignore` pattern as a regular expression over a path relative to the root, with `/`
between segments. `*` and `?` stay within a segment, `**` crosses them, `[…]` is a class.
A pattern with a `/` before its end is anchored at the root; one without matches at any depth.
*/
function patternToRegExp(pattern) {
	const anchored = pattern.includes("/");
	const body = pattern.replace(/^\//, "");
	let source = "";
	for (let index = 0; index < body.length; index++) {
		const char = body[index];
		if (body.startsWith("**/", index)) {
			source += "(?:.*/)?";
			index += 2;
		} else if (body.startsWith("/**", index) && index + 3 === body.length) {
			source += "/.*";
			index += 2;
		} else if (char === "*" && body[index + 1] === "*") {
			source += ".*";
			index += 1;
		} else if (char === "*") source += "[^/]*";
		else if (char === "?") source += "[^/]";
		else if (char === "[" && body.indexOf("]", index + 2) > index) {
			const end = body.indexOf("]", index + 2);
			source += `[${body.slice(index + 1, end).replace(/^!/, "^").replaceAll("\\", "\\\\")}]`;
			index = end;
		} else if (char === "\\" && index + 1 < body.length) source += body[++index].replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
		else source += char.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");
	}
	return new RegExp(`^${anchored ? "" : "(?:.*/)?"}${source}$`);
}

/** The rules of `<root>/.gitignore`, in order: `{ regexp, negated, directoryOnly }`. */
function readGitignore(root) {
	let text;
	try {
		text = readFileSync(join(root, ".gitignore"), "utf8");
	} catch {
		return [];
	}
	const rules = [];
	for (let line of text.split(/\r?\n/)) {
		line = line.replace(/(?<!\\)\s+$/, "");
		if (line === "" || line.startsWith("#")) continue;
		const negated = line.startsWith("!");
		if (negated) line = line.slice(1);
		const directoryOnly = line.endsWith("/");
		if (directoryOnly) line = line.slice(0, -1);
		if (line === "") continue;
		rules.push({ regexp: patternToRegExp(line), negated, directoryOnly });
	}
	return rules;
}

/**
A test for the entries under the scanned folder `root`: `ignored(relativePath, isDirectory)`,
with `/` between segments. The last .gitignore rule that matches decides, as in git; a folder
that is skipped is not entered, so nothing under it is read.
*/
export function scanFilter(root) {
	const rules = readGitignore(root);
	return (relativePath, isDirectory) => {
		const name = relativePath.slice(relativePath.lastIndexOf("/") + 1);
		if (name.startsWith(".") || (isDirectory && SKIPPED.has(name))) return true;
		let ignored = false;
		for (const { regexp, negated, directoryOnly } of rules) {
			if ((!directoryOnly || isDirectory) && regexp.test(relativePath)) ignored = !negated;
		}
		return ignored;
	};
}
