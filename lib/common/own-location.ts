/*
Where Hublet's own files are, and where the program is: the two places Hublet loads anything
from by a path it computes (a server's route table, a file of dist/ loaded again after a failed
load, undici), so that nothing is ever resolved from the working directory, where a folder of
downloaded code may hold a planted `node_modules/`.

Hublet's own location is the file this code runs from, as V8 names it in a call site. Not
`import.meta.url`: babel-jest, which docs/testing.md gives for CommonJS test suites, cannot turn
a module that names `import.meta` into CommonJS (test/build.test.js holds the package to that).
That file is Hublet's own only when the nearest package.json above it is this package's: in a
program's bundle it is the bundle, whose folder holds none of Hublet's files, and then there is
no own location (a bundled program imports what it needs; docs/enterprise.md).

The program's location is its main module, with its links followed (a global tool's `hublet` is a
link into the package): see programFile().
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
	const E = Error as unknown as { prepareStackTrace?: unknown; stackTraceLimit: number; captureStackTrace(target: object): void };
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

/*
The program's file is its main module: what Node ran as the program. Node runs one from a file
only when it is given one: `node app.mjs`, where it makes `process.argv[1]` that file's absolute
path, and a CommonJS main module is `require.main` besides. Code given with `-e`/`--eval`,
`-p`/`--print`, or on stdin (`node - < app.mjs`, `node < app.mjs`) has no file: `process.argv[1]`
is then the first argument given to that code (`node -e '<app>' notes.txt`), or `-`, a path
relative to the working directory where a downloaded folder may hold a planted `node_modules/`.
Node marks such code with `process._eval` (its text) and leaves the flag in `process.execArgv`;
either says there is no program file. A path `process.argv[1]` holds that is not absolute was
not made by Node for a main module, so it is not taken either.
*/
const EVAL_FLAG = /^(-e|-p|-pe|-ep|--eval|--print)(=|$)/;

/** Whether the program is code with no file of its own: `-e`, `-p`, stdin, or a worker's eval. */
function evaluatedCode(process: NodeJS.Process): boolean {
	const own = process as NodeJS.Process & { _eval?: unknown };
	if (typeof own._eval === "string" || process.argv[1] === "-") return true;
	return (process.execArgv ?? []).some((flag) => EVAL_FLAG.test(flag));
}

/**
The program's main module, links followed (a global tool's `bin/` link points into its package):
`require.main`'s file, else `process.argv[1]` as Node made it. Undefined where the program has no
file: a REPL, `node -e`/`-p` (whatever arguments follow), code on stdin.
*/
export function programFile(): string | undefined {
	try {
		const { fs, path } = node()!;
		const process = globalThis.process;
		if (evaluatedCode(process)) return undefined;
		const main = (process as { mainModule?: { filename?: unknown } }).mainModule?.filename;
		const file = typeof main === "string" ? main : process.argv[1];
		return file && path.isAbsolute(file) ? fs.realpathSync(file) : undefined;
	} catch {
		return undefined;
	}
}

/** An optional package as requireOptional() found it. */
export interface Optional<T> {
	/** The package's module, where it was found and loaded. */
	module?: T;
	/** The folders looked in, in order. */
	places: string[];
	/** The file the package resolved to, where it was found. */
	file?: string;
	/** Why the package found did not load (it was found, so no other place was looked in). */
	error?: unknown;
}

/**
require() of an optional package the program may have (undici, `@octokit/graphql`), as the program
would resolve it: beside its main module, then beside this package; never from the working
directory. The first place that resolves it is the one: a copy there that does not load is
reported (`error`), not passed over for another. Gives the folders it looked in, for a message.
*/
export function requireOptional<T>(specifier: string): Optional<T> {
	const runtime = node();
	const places: string[] = [];
	const own = ownPackageRoot();
	for (const from of runtime ? [programFile(), own && runtime.path.join(own, "package.json")] : []) {
		if (!from) continue;
		places.push(runtime!.path.dirname(from));
		const require = runtime!.module.createRequire(from);
		let file: string;
		try {
			file = require.resolve(specifier);
		} catch {
			// Not installed there: the next place.
			continue;
		}
		try {
			return { module: require(file) as T, places, file };
		} catch (error) {
			return { places, file, error };
		}
	}
	return { places };
}

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
