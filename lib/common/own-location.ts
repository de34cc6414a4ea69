/*
Where Hublet's own files are, and where the program is: the two places Hublet loads anything
from by a path it computes (a server's route table, a file of dist/ loaded again after a failed
load; undici and `@octokit/graphql` through optional-package.ts), so that nothing is ever resolved
from the working directory, where a folder of downloaded code may hold a planted `node_modules/`.

Hublet's own location is the file this code runs from, as V8 names it in a call site. Not
`import.meta.url`: babel-jest, which docs/testing.md gives for CommonJS test suites, cannot turn
a module that names `import.meta` into CommonJS (test/build.test.js holds the package to that).
That file is Hublet's own only when the nearest package.json above it is this package's: in a
program's bundle it is the bundle, whose folder holds none of Hublet's files, and then there is
no own location (a bundled program imports what it needs; docs/enterprise.md).

The program's location (optional-package.ts) is what only the files loaded later need: the
proxy's undici and graphql's error class look there, and the kernel does not.
*/

export type Node = {
	fs: typeof import("node:fs");
	path: typeof import("node:path");
	url: typeof import("node:url");
	module: typeof import("node:module");
};

/** Node's modules, where this runtime has `process.getBuiltinModule` (Node ≥ 20.16), else undefined. */
export function node(): Node | undefined {
	try {
		const get = globalThis.process.getBuiltinModule as (name: string) => any;
		return { fs: get("fs"), path: get("path"), url: get("url"), module: get("module") };
	} catch {
		return undefined;
	}
}

let root: string | undefined | null = null;

/**
The folder of this package (where its package.json is), when the code runs from the package's
own files; undefined in a program's bundle, or where Node's modules or V8's call sites (frozen
intrinsics) cannot be had.
*/
export function ownPackageRoot(): string | undefined {
	if (root !== null) return root;
	root = undefined;
	const E = Error as unknown as {
		prepareStackTrace?: unknown;
		stackTraceLimit: number;
		captureStackTrace(target: object): void;
	};
	const { prepareStackTrace, stackTraceLimit } = E;
	const frames: { stack?: any } = {};
	try {
		const { fs, path, url } = node()!;
		// The file of this function, as V8's call site names it: a path, or a `file:` URL for an ES module.
		E.prepareStackTrace = (_: unknown, sites: unknown) => sites;
		E.stackTraceLimit = 1;
		E.captureStackTrace(frames);
		const name: string = frames.stack[0].getFileName();
		let dir = path.dirname(name.startsWith("file:") ? url.fileURLToPath(name) : name);
		// The nearest package.json decides, as Node's own resolution does: a bundle's is the program's.
		while (!fs.existsSync(path.join(dir, "package.json")) && path.dirname(dir) !== dir) dir = path.dirname(dir);
		if (JSON.parse(fs.readFileSync(path.join(dir, "package.json"), "utf8")).name === "@hublet/rest") root = dir;
	} catch {
		// No Node, no call sites, no package.json: no own location.
	} finally {
		E.prepareStackTrace = prepareStackTrace;
		E.stackTraceLimit = stackTraceLimit;
	}
	return root;
}

/** The path of a file of this package (`dist/servers/ghes-3.17.js`), or undefined where ownPackageRoot() has none. */
export const ownFile = (file: string): string | undefined => ownPackageRoot() && node()!.path.join(root!, file);

/**
import() of `path`, a file of this package (with `query`, a URL of its own), through
dist/import-file.cjs; undefined where there is no own location (a program's bundle).
*/
export function importOwnFile<M>(path: string, query = ""): Promise<M> | undefined {
	const importer = ownFile("dist/import-file.cjs");
	if (!importer) return undefined;
	const runtime = node()!;
	const importFile = runtime.module.createRequire(importer)(importer) as (specifier: string) => Promise<M>;
	return importFile(`${runtime.url.pathToFileURL(path).href}${query}`);
}
