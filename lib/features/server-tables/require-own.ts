import { node, ownFile, ownPackageRoot } from "../../common/own-location.js";

/*
A module of this package's dist/servers/, named by its public specifier
(`@hublet/rest/servers/<name>`), loaded from this package's own folder (common/own-location.ts):
never from the program's node_modules (another copy, another version) nor from the working
directory's (whatever a downloaded folder holds). The `server` option requires it at once
(require() of an ES module: Node 20.19 and later); `server: "auto"` imports it on the first
response. A program's bundle has no own folder: it imports its table and passes it to
`Hublet.withRoutes()`, and the message below says so.
*/

const PREFIX = "@hublet/rest/servers/";

/**
The path of `@hublet/rest/servers/<name>` in this package's own folder; throws in a bundle, or for a
name that is no file of it.
*/
export function ownServerFile(specifier: string): string {
	const name = specifier.slice(PREFIX.length);
	const path =
		specifier.startsWith(PREFIX) &&
		/^[a-z\d][\w.-]*$/i.test(name) &&
		!name.includes("..") &&
		ownFile(`dist/servers/${name}.js`);
	if (!path) throw new Error(`${specifier} is not a file beside this copy of @hublet/rest (a bundle?)`);
	return path;
}

/** require() of `@hublet/rest/servers/<name>` from this package's own folder. */
export function requireOwn<T>(specifier: string): T {
	const path = ownServerFile(specifier);
	return node()!.module.createRequire(path)(path) as T;
}

/** `ghes-3.17` → `ghes317`: the name an import of the table is given in a message. */
const bindingOf = (server: string) => server.replace(/[^a-z\d]/gi, "") || "table";

/** How a program gets the table of `server` without loading one: the import and the class. */
function advice(server: string): string {
	const binding = bindingOf(server);
	return `import ${binding} from "${PREFIX}${server}" and use Hublet.withRoutes(${binding})`;
}

/**
The TypeError for a `server` option whose files could not be loaded, in one sentence that names
the fix: in a bundle (no own folder), import the table; otherwise the loader's reason on one
line, with the Node that require() of an ES module needs where this one lacks it. A bundle's
error has no stack frames: Node prints the source line of an uncaught error's top frame, and in a
minified bundle that line is a screen of code.
*/
export function cannotLoad(server: string, error: unknown): TypeError {
	const limit = Error.stackTraceLimit;
	if (!ownPackageRoot()) Error.stackTraceLimit = 0;
	try {
		return new TypeError(cannotLoadProblem(server, error));
	} finally {
		Error.stackTraceLimit = limit;
	}
}

function cannotLoadProblem(server: string, error: unknown): string {
	const fix =
		server === "api.github.com" ? "leave the option out: the client's own table is api.github.com's" : advice(server);
	if (!ownPackageRoot()) return `A bundled @hublet/rest cannot load route tables for the "server" option: ${fix}.`;
	const old = (globalThis.process as { features?: { require_module?: boolean } }).features?.require_module
		? ""
		: "; it needs Node 20.19 or later";
	return (
		`The "server" option could not load @hublet/rest's route table of ${server} ` +
		`(${String((error as Error)?.message ?? error).split("\n")[0]}${old}): ${fix}.`
	);
}
