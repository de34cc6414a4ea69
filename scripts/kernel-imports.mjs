// The kernel once: the files built beside dist/kernel.js (the full entry, the features' bodies, the
// servers' table reader) take what they use of the kernel from dist/kernel.js instead of a copy of
// their own. One copy is one class for `instanceof`, one warn-once memory, one parse; and a bundler
// that follows a feature's import() sees the kernel once.
//
// How: dist/kernel.js is built once to learn which of lib/'s modules it holds, and what of them it
// keeps. Each later file is built with those modules replaced by a re-export from kernel.js of the
// names that file imports (read from its import statement) that kernel.js keeps already; a name it
// does not keep (a helper only a feature's body uses) is bundled into that file instead, so that
// kernel.js does not grow by it, unless its module holds state that must be one (hasState). dist/kernel.js is then built again, exporting each re-exported name
// under an alias: its name in the API when the API exports that very binding, else its own name, or
// `_graphql` where the API has that name for another; core.js re-exports the API alone.
import { readFileSync } from "node:fs";
import { dirname, isAbsolute, relative, resolve } from "node:path";

const IMPORT = /(import|export)\s+(type\s+)?\{([^}]*)\}\s*from\s*"([^"]+)"/g;

/** The names `importer` takes from `specifier`, as the module exports them, leaving types out. */
function namesImported(importer, specifier) {
	const names = [];
	let read = false;
	for (const [, , typeOnly, list, from] of readFileSync(importer, "utf8").matchAll(IMPORT)) {
		if (from !== specifier || typeOnly) continue;
		read = true;
		for (const part of list.split(",")) {
			const item = part.trim();
			if (!item || item.startsWith("type ")) continue;
			names.push(item.split(/\s+as\s+/)[0].trim());
		}
	}
	if (!read) {
		throw new Error(`${importer} imports ${specifier} in a form the kernel map does not read (named imports only)`);
	}
	return names;
}

/**
The module and name under which `name`, as the module at `path` exports it, is declared: followed
through `export { a as name } from`, and through an import the module exports again (`export { name }`),
so that one binding is one export of the kernel, whichever module a file imports it from.
*/
function originOf(path, name) {
	const text = readFileSync(path, "utf8");
	for (const [, kind, typeOnly, list, from] of text.matchAll(IMPORT)) {
		if (typeOnly || !from.startsWith(".")) continue;
		for (const part of list.split(",")) {
			const [imported, local = imported] = part.trim().split(/\s+as\s+/);
			if (local !== name) continue;
			if (kind === "export" || new RegExp(`^export \\{[^}]*\\b${name}\\b[^}]*\\};?$`, "m").test(text)) {
				return originOf(tsPath(path, from), imported);
			}
		}
	}
	return { path, name };
}

/**
Whether a module keeps something at its top level that every user must share (a `let`, a Map, Set,
WeakMap or WeakSet, a Symbol): a copy of it would be a second memory, as a WeakSet of marked errors
that the copy never sees. Every name of such a module comes from core.js.
*/
const hasState = (path) => /^(?:let |(?:export )?const \w+(?::[^=]+)? = (?:new (?:Weak)?(?:Map|Set)\b|Symbol\())/m.test(readFileSync(path, "utf8"));

/** The source file a relative import in `importer` names (`./x.js` is `./x.ts`), as an absolute path. */
export const tsPath = (importer, specifier) => resolve(dirname(importer), specifier).replace(/\.js$/, ".ts");

/**
The map's state: `held`, the absolute paths of the modules dist/kernel.js holds; `wanted`, each such
module's names that the later files import; `aliases`, the name kernel.js exports each one under.
*/
export function createKernelMap() {
	return { held: new Set(), kept: "", wanted: new Map(), aliases: new Map() };
}

/**
Records which of lib/'s modules a build of dist/kernel.js holds (its metafile's inputs), and, from the
first build, its text: names stay unminified in dist/, so a name the kernel keeps appears in it.
*/
export function learnHeld(map, metafile, text, output = "dist/kernel.js") {
	map.kept ||= text;
	map.held = new Set(
		Object.keys(metafile.outputs[output].inputs)
			.filter((path) => path.startsWith("lib/") && !path.endsWith("lib/kernel.ts"))
			.map((path) => resolve(path)),
	);
}

/**
The names lib/kernel.ts exports, the API of `@hublet/rest/core`: each by the module and name it comes
from (`/…/lib/features/cache/index.ts#cache`), or `""` for one lib/kernel.ts declares itself.
*/
export function publicNames() {
	const names = new Map();
	const source = readFileSync("lib/kernel.ts", "utf8");
	for (const [, name] of source.matchAll(/^export (?:const|function|class) (\w+)/gm)) names.set(name, "");
	for (const [, kind, , list, from] of source.matchAll(IMPORT)) {
		if (kind !== "export") continue;
		for (const part of list.split(",")) {
			if (!part.trim()) continue;
			const [name, alias = name] = part.trim().split(/\s+as\s+/);
			const origin = originOf(tsPath(resolve("lib/kernel.ts"), from), name);
			names.set(alias, `${origin.path}#${origin.name}`);
		}
	}
	return names;
}

/**
Gives every wanted name an alias, in a stable order: its name in the API when the API exports that
very binding under it (`cache`), else the name itself, or `_name` (then `_name2`) when the API or
another module takes it. Every program that loads the kernel parses the list, so no name is made
longer than it must be, and none is exported twice.
*/
export function assignAliases(map) {
	map.aliases = new Map();
	const api = publicNames();
	const taken = new Set(api.keys());
	for (const path of [...map.wanted.keys()].sort()) {
		for (const name of [...map.wanted.get(path)].sort()) {
			const key = `${path}#${name}`;
			if (api.get(name) === key) {
				map.aliases.set(key, name);
				continue;
			}
			let alias = taken.has(name) ? `_${name}` : name;
			for (let index = 2; taken.has(alias); index++) alias = `_${name}${index}`;
			taken.add(alias);
			map.aliases.set(key, alias);
		}
	}
}

/** The lines that make lib/kernel.ts export each wanted name under its alias. */
export function coreExports(map) {
	const lines = [];
	const api = publicNames();
	for (const [key, alias] of map.aliases) {
		const [path, name] = key.split("#");
		// lib/kernel.ts exports it under that name already.
		if (api.get(alias) === key) continue;
		lines.push(`export { ${name} as ${alias} } from ${JSON.stringify(`./${relative(resolve("lib"), path).replace(/\.ts$/, ".js")}`)};`);
	}
	return lines.join("\n");
}

/** A plugin that appends the aliased exports to lib/kernel.ts. */
export function coreWithAliases(map) {
	return {
		name: "core-with-aliases",
		setup(build) {
			build.onLoad({ filter: /[\\/]lib[\\/]kernel\.ts$/ }, ({ path }) => ({ contents: `${readFileSync(path, "utf8")}\n${coreExports(map)}\n`, loader: "ts" }));
		},
	};
}

/**
A plugin for a file built beside dist/kernel.js: an import of a module that kernel.js holds becomes an
import of the same names from `core` (the specifier of dist/kernel.js from the output's folder),
except for the modules in `keep`, which are bundled in. Names it has not seen yet are recorded in
`map.wanted`; `dryRun` builds only to record them.
*/
export function kernelFromCore(map, core, keep = new Set()) {
	return {
		name: "kernel-from-core",
		setup(build) {
			build.onResolve({ filter: /^\.\.?\//, namespace: "file" }, ({ path, importer, kind }) => {
				if (kind !== "import-statement" || !isAbsolute(importer) || !importer.endsWith(".ts")) return undefined;
				const target = tsPath(importer, path);
				if (!map.held.has(target) || keep.has(target)) return undefined;
				return { path: `${target}|${importer}|${path}`, namespace: "kernel" };
			});
			build.onResolve({ filter: /.*/, namespace: "kernel" }, ({ path }) => (path === core ? { path, external: true } : { path }));
			build.onLoad({ filter: /.*/, namespace: "kernel" }, ({ path }) => {
				const [target, importer, specifier] = path.split("|");
				const names = namesImported(importer, specifier);
				const shared = hasState(target);
				const kept = names.filter((name) => shared || new RegExp(`(?<![\\w$.])${name.replace(/\$/g, "\\$")}(?![\\w$])`).test(map.kept));
				const own = names.filter((name) => !kept.includes(name));
				const list = kept.map((name) => {
					const origin = originOf(target, name);
					const { path: from, name: declared } = map.held.has(origin.path) ? origin : { path: target, name };
					if (!map.wanted.has(from)) map.wanted.set(from, new Set());
					map.wanted.get(from).add(declared);
					return `${map.aliases.get(`${from}#${declared}`) ?? `_${declared}`} as ${name}`;
				});
				const lines = list.length > 0 ? [`export { ${list.join(", ")} } from ${JSON.stringify(core)};`] : [];
				if (own.length > 0) lines.push(`export { ${own.join(", ")} } from ${JSON.stringify(target)};`);
				return { contents: lines.join("\n"), loader: "js", resolveDir: dirname(target) };
			});
		},
	};
}
