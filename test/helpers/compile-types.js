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

// Parsed declaration files, shared by every program this process makes (npm test runs the
// TypeScript suites in one process): most of the time of one compile that is not checking is
// parsing and binding @octokit/openapi-types, @types/node, lib.dom and the route types, which
// never change while the tests run. A file's own code (a .ts or .js file) is read afresh.
const parsed = new Map();
const DECLARATION = /\.d\.[cm]?ts$/;

/**
A compiler host for `options` that reads every declaration file once per process, keyed by its
path and the parse settings TypeScript asks it with. (A SourceFile carries its path: a file read
through another path, such as a link kept by `preserveSymlinks`, is parsed again.)
*/
export function cachingHost(options) {
	const host = ts.createCompilerHost(options);
	const { getSourceFile } = host;
	host.getSourceFile = (path, language, ...rest) => {
		if (!DECLARATION.test(path)) return getSourceFile.call(host, path, language, ...rest);
		const key = `${path}\0${JSON.stringify(language)}`;
		if (!parsed.has(key)) parsed.set(key, getSourceFile.call(host, path, language, ...rest));
		return parsed.get(key);
	};
	return host;
}

/**
The diagnostics of `files` (one name or a list) compiled together as one project, with each
`swap.from` replaced by `swap.to` (a swap, or a list of them) in every file that has it. A
rewritten copy is served from memory at a path next to its original, so it resolves its imports
(node_modules, and "@hublet/rest" through the package's own `exports`) from there. `options` are
merged over OPTIONS; the packages named in `without` look uninstalled.
*/
export function compile(files, swap, { without = [], ...options } = {}) {
	return compileSources(Object.fromEntries(swappedSources(files, swap, ".swapped-")), { without, ...options });
}

/** `files` read from test/types/ with `swap` made in them, keyed by their names in a program. */
function swappedSources(files, swap, prefix) {
	const swaps = [swap ?? []].flat();
	const sources = new Map();
	const swapped = new Set();
	for (const file of [files].flat()) {
		let source = readFileSync(join(TYPES, file), "utf8");
		for (const { from, to } of swaps) {
			if (source.includes(from)) swapped.add(from);
			source = source.replaceAll(from, to);
		}
		sources.set(swaps.length > 0 ? `${prefix}${file}` : file, source);
	}
	for (const { from } of swaps) assert.ok(swapped.has(from), `a file has ${from}`);
	return sources;
}

/**
Whether a file can change what another file of its program sees: a script (its declarations are
global), or a module with a `declare global`, a `declare module "…"` (an augmentation of another
module) or an `export as namespace` (a global for scripts). Read from the syntax tree, so that a
comment naming them does not count. (They are allowed only at the top of a module or in an
ambient module's body: the search goes no deeper than module and namespace bodies.)
*/
export function addsToOthers(file) {
	if (!file.externalModuleIndicator) return true;
	const adds = (statements) =>
		statements.some((node) => {
			if (ts.isNamespaceExportDeclaration(node)) return true;
			if (!ts.isModuleDeclaration(node)) return false;
			if (ts.isStringLiteral(node.name) || (node.flags & ts.NodeFlags.GlobalAugmentation) !== 0) return true;
			let body = node.body;
			while (body && ts.isModuleDeclaration(body)) body = body.body;
			return body !== undefined && ts.isModuleBlock(body) && adds(body.statements);
		});
	return adds(file.statements);
}

/**
The options of a check of every declaration file (`skipLibCheck: false`) but TypeScript's own lib
files (lib.dom.d.ts, lib.es5.d.ts, …: skipDefaultLibCheck), whose check is most of its time and
not what such a check is for: a package's declarations. Their errors are the same with the
package's files or without them when each of those is a module that adds nothing for other files,
which assertAddsNothing asserts of the program it is used for.
*/
export const CHECK_DECLARATIONS = { skipLibCheck: false, skipDefaultLibCheck: true };

/** Asserts that the files of `program` that `own(fileName)` picks, some, are modules that add nothing for other files. */
export function assertAddsNothing(program, own) {
	const files = program.getSourceFiles().filter((file) => own(file.fileName));
	assert.ok(files.length > 0, "the program reads the package's files");
	for (const file of files) assert.not.ok(addsToOthers(file), `${file.fileName} is a module that adds nothing for other files`);
}

/** The package's own declaration files (types/), as a program of test/types/ reads them. */
const PACKAGE_TYPES = join(TYPES, "..", "..", "types", sep);

/** The declaration files a program reads, by name. */
const declarationsOf = (program) =>
	program
		.getSourceFiles()
		.filter((file) => file.isDeclarationFile)
		.map((file) => file.fileName);

/**
Asserts that the `parts` (lists of root file names) of `program`, a program of them all, see in it
what each sees in a program of its own (`alone(part)` makes that program): every root is a module
that adds nothing for other files, and so is every declaration file that the program of all reads
and a part alone does not (types/core.d.ts and types/index.d.ts, when one part imports
"@hublet/rest/core" and another "@hublet/rest"). Then every file's diagnostics are those it has in
its own part's program; a declaration file's count against every part that reads it.
*/
function assertApart(program, parts, alone) {
	for (const name of parts.flat()) assert.not.ok(addsToOthers(program.getSourceFile(name)), `${name} is a module that declares nothing for other files`);
	const all = declarationsOf(program);
	for (const part of parts) {
		const own = new Set(declarationsOf(alone(part)));
		for (const file of all.filter((name) => !own.has(name))) {
			assert.not.ok(addsToOthers(program.getSourceFile(file)), `${file}, read for another part than ${part}, is a module that adds nothing for other files`);
		}
	}
}

/**
What `jobs.map(({ files, swap }) => compile(files, swap, options))` gives, from one program that
holds a copy of each job's files: the checker then resolves the declarations they share (the
route types, the most of a compile's time) once rather than once per job. The answer is the same
only when no copy can change what another sees, which this asserts (assertApart). A diagnostic
outside the copies (a declaration file's) counts against every job, as it would appear in each
program alone.
*/
export function compileCopies(jobs, options = {}) {
	const copies = jobs.map(({ files, swap }, index) => new Map([...swappedSources(files, swap, "")].map(([name, source]) => [`.copy${index}-${name}`, source])));
	const compilerOptions = { ...OPTIONS, ...options };
	const all = Object.fromEntries(copies.flatMap((copy) => [...copy]));
	const { program, diagnostics } = programOf(all, compilerOptions);
	assertApart(
		program,
		copies.map((copy) => [...copy.keys()].map((name) => join(TYPES, name))),
		(part) => programOf(Object.fromEntries(part.map((path) => [path.slice(TYPES.length + 1), all[path.slice(TYPES.length + 1)]])), compilerOptions).program,
	);
	const lines = diagnostics.map((line) => ({ line, copy: /^\.copy(\d+)-/.exec(line)?.[1] }));
	return jobs.map(({ swap }, index) => {
		const prefix = [swap ?? []].flat().length > 0 ? ".swapped-" : "";
		return lines.filter(({ copy }) => copy === undefined || Number(copy) === index).map(({ line }) => line.replace(/^\.copy\d+-/, prefix));
	});
}

/**
The diagnostics of each of `roots` (files on disk) as a program of that file alone under `options`
gives them, from one program of all of them (see assertApart): each root's own, and those of
the declaration files and of no file, which count against every root that reads them. When
`options` leave TypeScript's lib files unchecked (CHECK_DECLARATIONS), `own(fileName)` picks the
package's files, of which assertAddsNothing asserts.
*/
export function checkApart(roots, options, own) {
	const program = ts.createProgram(roots, options, cachingHost(options));
	if (options.skipDefaultLibCheck) assertAddsNothing(program, own);
	const alone = new Map(roots.map((root) => [root, ts.createProgram([root], options, cachingHost(options))]));
	assertApart(program, roots.map((root) => [program.getSourceFile(root).fileName]), ([name]) => alone.get(roots.find((root) => program.getSourceFile(root).fileName === name)));
	const diagnostics = ts.getPreEmitDiagnostics(program);
	return roots.map((root) => {
		const own = alone.get(root);
		return diagnostics.filter(({ file }) => file === undefined || own.getSourceFile(file.fileName) !== undefined);
	});
}

/**
The diagnostics of files given as text, `{ "name.ts": source }`, compiled together as one
project from test/types/ (so "@hublet/rest" resolves as a consumer's import does).
*/
export function compileSources(files, { without = [], ...options } = {}) {
	return programOf(files, { ...OPTIONS, ...options }, without).diagnostics;
}

/** The program of files given as text (see compileSources), made, and its diagnostics, lazily. */
function programOf(files, compilerOptions, without = []) {
	const sources = new Map(Object.entries(files).map(([name, text]) => [join(TYPES, name), text]));
	const hidden = without.map((name) => `${sep}node_modules${sep}${name}`);
	const isHidden = (path) => hidden.some((prefix) => path.includes(`${prefix}${sep}`) || path.endsWith(prefix));
	const host = cachingHost(compilerOptions);
	const { fileExists, readFile, getSourceFile, directoryExists } = host;
	host.fileExists = (path) => sources.has(path) || (!isHidden(path) && fileExists.call(host, path));
	host.readFile = (path) => (sources.has(path) ? sources.get(path) : isHidden(path) ? undefined : readFile.call(host, path));
	host.directoryExists = (path) => !isHidden(path) && (directoryExists ? directoryExists.call(host, path) : true);
	host.getSourceFile = (path, language, ...rest) => (sources.has(path) ? ts.createSourceFile(path, sources.get(path), language) : getSourceFile.call(host, path, language, ...rest));
	const program = ts.createProgram([...sources.keys()], compilerOptions, host);
	// TypeScript's lib files go unchecked (CHECK_DECLARATIONS) only when the package's files cannot change their errors.
	if (compilerOptions.skipDefaultLibCheck) assertAddsNothing(program, (name) => name.startsWith(PACKAGE_TYPES));
	return {
		program,
		get diagnostics() {
			return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
				const where = diagnostic.file ? `${diagnostic.file.fileName.replace(`${TYPES}/`, "")}:${diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start).line + 1} ` : "";
				return `${where}TS${diagnostic.code} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, "\n")}`;
			});
		},
	};
}

/** A file of test/types/ as it is on disk. */
compile.source = (file) => readFileSync(join(TYPES, file), "utf8");
