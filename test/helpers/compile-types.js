// Compiles one file of test/types/ alone, as a consumer's project would, and returns its
// diagnostics as "file:line TSxxxx message" lines. Used to compile octokit code twice: as it is,
// against octokit, and with its module name changed to Hublet's.
import { readFileSync } from "node:fs";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import * as assert from "uvu/assert";

export const TYPES = resolve(dirname(fileURLToPath(import.meta.url)), "..", "types");

/** A strict node16 project, as the README recommends. */
export const OPTIONS = {
	strict: true,
	noEmit: true,
	target: ts.ScriptTarget.ES2022,
	module: ts.ModuleKind.Node16,
	moduleResolution: ts.ModuleResolutionKind.Node16,
	lib: ["lib.es2022.d.ts", "lib.dom.d.ts", "lib.dom.iterable.d.ts"],
	types: ["node"],
	skipLibCheck: true,
};

/**
The diagnostics of `file` compiled alone, with `swap.from` replaced by `swap.to` when given (or
with each of a list of swaps).
The rewritten copy is served from memory at a path next to the original, so it resolves its
imports (node_modules, and "@hublet/rest" through the package's own `exports`) from there.
`options` are merged over OPTIONS; the packages named in `without` look uninstalled.
*/
// Parsed declaration files, shared by every compile of a test file: most of the time of one
// compile is parsing @octokit/openapi-types and the route types, which never change.
const parsed = new Map();

export function compile(file, swap, { without = [], ...options } = {}) {
	const compilerOptions = { ...OPTIONS, ...options };
	const original = join(TYPES, file);
	let source = readFileSync(original, "utf8");
	let root = original;
	for (const { from, to } of [swap ?? []].flat()) {
		assert.ok(source.includes(from), `${file} has ${from}`);
		source = source.replaceAll(from, to);
		root = join(TYPES, `.swapped-${file}`);
	}
	const hidden = without.map((name) => `${sep}node_modules${sep}${name}`);
	const isHidden = (path) => hidden.some((prefix) => path.includes(`${prefix}${sep}`) || path.endsWith(prefix));
	const host = ts.createCompilerHost(compilerOptions);
	const { fileExists, readFile, getSourceFile, directoryExists } = host;
	host.fileExists = (path) => path === root || (!isHidden(path) && fileExists.call(host, path));
	host.readFile = (path) => (path === root ? source : isHidden(path) ? undefined : readFile.call(host, path));
	host.directoryExists = (path) => !isHidden(path) && (directoryExists ? directoryExists.call(host, path) : true);
	host.getSourceFile = (path, language, ...rest) => {
		if (path === root) return ts.createSourceFile(path, source, language);
		const key = `${path}\0${JSON.stringify(language)}`;
		if (!parsed.has(key)) parsed.set(key, getSourceFile.call(host, path, language, ...rest));
		return parsed.get(key);
	};
	const program = ts.createProgram([root], compilerOptions, host);
	return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
		const where = diagnostic.file ? `${diagnostic.file.fileName.replace(`${TYPES}/`, "")}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1} ` : "";
		return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
	});
}
