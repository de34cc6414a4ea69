import { node, ownPackageRoot, type Node } from "../../common/own-location.js";
import { programFile } from "../../common/optional-package.js";

// Which copy of a package was found (its folder and version), and where the program should install
// one for Hublet to find it: the proxy feature's words for undici, kept out of the kernel.

/** The folder and version of package `name`, whose file `file` is: the nearest package.json above it that names it. */
export function packageOf({ fs, path }: Node, file: string, name: string): { folder: string; version?: string } {
	for (let dir = path.dirname(file); path.dirname(dir) !== dir; dir = path.dirname(dir)) {
		try {
			const manifest = JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8"));
			const version = typeof manifest?.version === "string" ? (manifest.version as string) : undefined;
			if (manifest?.name === name) return { folder: dir, version };
		} catch {
			// No package.json here, or not one that parses: the folder above.
		}
	}
	return { folder: path.dirname(file) };
}

/**
Where a program installs a package for Hublet to find it (installHint): the program's package
folder (the nearest package.json above its main module); for Hublet's own command, and for code
with no file, the folder whose node_modules holds Hublet, which, without a package.json, is a
global install's (`npm install -g`).
*/
export function installFolder(): { folder: string; global: boolean } | undefined {
	const runtime = node();
	if (!runtime) return undefined;
	const { fs, path } = runtime;
	const program = programFile();
	const own = ownPackageRoot();
	const hasManifest = (dir: string) => fs.existsSync(path.join(dir, "package.json"));
	if (program && !(own && program.startsWith(own + path.sep))) {
		let dir = path.dirname(program);
		while (!hasManifest(dir) && path.dirname(dir) !== dir) dir = path.dirname(dir);
		return { folder: hasManifest(dir) ? dir : path.dirname(program), global: false };
	}
	if (!own) return undefined;
	let dir = own;
	while (path.basename(dir) !== "node_modules" && path.dirname(dir) !== dir) dir = path.dirname(dir);
	if (path.basename(dir) !== "node_modules") return { folder: own, global: false };
	const holder = path.dirname(dir);
	return { folder: holder, global: !hasManifest(holder) };
}

/** How to install `pkg` (`undici@7`) where Hublet finds it: a command, and the folder to run it in. */
export function installHint(pkg: string): string {
	const where = installFolder();
	if (!where) return `\`npm install ${pkg}\` beside your program`;
	return where.global ? `\`npm install -g ${pkg}\`` : `\`npm install ${pkg}\` in ${where.folder}`;
}
