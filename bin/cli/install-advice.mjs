// Where a package the command can use (undici, for a proxy) must be installed for it to load:
// the library looks beside the program and beside @hublet/rest, so that is the folder of the
// project that installed hublet, or npm's global folder for a global hublet. "npm install undici"
// run in another folder (the one the user stands in) installs it where hublet never looks.
import { existsSync, realpathSync } from "node:fs";
import { basename, dirname, join, sep } from "node:path";
import { fileURLToPath } from "node:url";

/** This package's root, links followed, as the library resolves the program: `…/@hublet/rest`. */
const ownRoot = () => realpathSync(fileURLToPath(new URL("../..", import.meta.url)));

/** A path as one POSIX shell word. */
const shellWord = (text) => (/^[\w@%+=:,./-]+$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);

/**
`{ global, folder, command }` for installing `name` where this package loads it from. The folder
that holds the `node_modules` this package sits in is a project, with its package.json, or npm's
global prefix (`<prefix>/lib/node_modules`, `<prefix>\node_modules` on Windows), which has none.
A package outside any node_modules (a checkout) loads from its own folder.
*/
export function installAdvice(name, root = ownRoot()) {
	const parts = root.split(sep);
	const modules = parts.lastIndexOf("node_modules");
	if (modules <= 0) return { global: false, folder: root, command: `npm install ${name} --prefix ${shellWord(root)}` };
	const holder = parts.slice(0, modules).join(sep) || sep;
	if (!existsSync(join(holder, "package.json")) && (basename(holder) === "lib" || process.platform === "win32")) {
		return { global: true, folder: join(holder, "node_modules"), command: `npm i -g ${name}` };
	}
	return { global: false, folder: holder, command: `npm install ${name} --prefix ${shellWord(holder)}` };
}

/** The advice as the end of a sentence: "install it with `npm i -g undici` (hublet is installed globally)". */
export function installAdviceText(name, root) {
	const { global, folder, command } = installAdvice(name, root);
	return `install it with \`${command}\` (${global ? "hublet is installed globally" : `where hublet loads packages from: ${folder}`})`;
}

/**
A library warning, with its advice for a missing `undici` made exact where it is the bare `npm
install undici`, which run in another folder installs it where hublet never looks. Advice that
already names a command and a folder is the library's own, and left as it is.
*/
export function withInstallAdvice(message, root) {
	const generic = /install it with `npm install undici`(?! in )/;
	return generic.test(message) ? message.replace(generic, installAdviceText("undici", root)) : message;
}
