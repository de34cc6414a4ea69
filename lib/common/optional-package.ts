import { node, ownPackageRoot } from "./own-location.js";

/*
Optional packages the program may have (undici for the proxy feature, `@octokit/graphql` for its
error class), found where the program would find them: beside its main module, then beside this
package (own-location.ts); never in the working directory. Only the files loaded later use it (the
proxy's body, graphql's), so the kernel does not carry it: each of them holds its own copy, which
keeps no state.

The program's location is its main module, with its links followed (a global tool's `hublet` is a
link into the package): see programFile().
*/

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
