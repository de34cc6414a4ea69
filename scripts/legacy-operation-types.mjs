// Cuts the operations of some routes, and every schema, parameter, response and header they
// reference (transitively), out of an @octokit/openapi-types `types.d.ts`. The route types use
// it for the methods GitHub's current description dropped (team discussions, the old billing
// endpoints, …): they keep the types of the description they come from, the one @octokit/rest
// 22.0.1 is typed from, without Hublet depending on a second copy of openapi-types (whose
// declarations tsc would parse beside the first).
//
// The file is generated code with a fixed layout (openapi-typescript): `export interface paths`,
// `components` and `operations` at the top level; a path or an operation is a block at two
// spaces of indentation, a component at four. A line scan reads it; a layout it does not know
// fails loudly rather than cutting a block in half.

const ENTRY = /^ {4}("[^"]+"|[A-Za-z_$][\w$]*)\??:( |$)/;
const BLOCK = /^ {2}"([^"]+)": \{$/;
const REFERENCE = /components\["(schemas|responses|parameters|headers|requestBodies)"\]\["([^"]+)"\]/g;
const COMMENT = /^\s*(\/\*\*.*|\*.*|\*\/)$/;

/** The lines of the top-level `export interface <name> {` … `}`. */
function topLevel(lines, name) {
	const start = lines.indexOf(`export interface ${name} {`);
	const end = lines.indexOf("}", start);
	if (start === -1 || end === -1) throw new Error(`openapi-types: no \`export interface ${name}\``);
	return lines.slice(start + 1, end);
}

/** `{ name: lines }` of the two-space blocks (`  "key": {` … `  };`) of a top-level interface. */
function blocks(lines) {
	const found = new Map();
	for (let at = 0; at < lines.length; at++) {
		const match = BLOCK.exec(lines[at]);
		if (!match) continue;
		const end = lines.indexOf("  };", at);
		if (end === -1) throw new Error(`openapi-types: block ${match[1]} does not end`);
		found.set(match[1], lines.slice(at, end + 1));
		at = end;
	}
	return found;
}

/** `{ section: { name: lines } }` of `components`: each entry runs to the next one, comments dropped. */
function components(lines) {
	const sections = new Map();
	let section;
	let entry;
	for (const line of lines) {
		const open = /^ {2}(\w+): \{$/.exec(line);
		if (open) {
			section = new Map();
			sections.set(open[1], section);
			entry = undefined;
			continue;
		}
		if (!section || /^ {2}\};?$/.test(line) || COMMENT.test(line)) continue;
		const match = ENTRY.exec(line);
		if (match) {
			entry = [];
			section.set(match[1].replace(/^"|"$/g, ""), entry);
		}
		if (!entry) throw new Error(`openapi-types: unexpected line in components: ${line}`);
		entry.push(line);
	}
	return sections;
}

const withoutComments = (lines) => lines.filter((line) => !COMMENT.test(line));

/**
A declaration file with `paths` and `operations` for `routes` (`"GET /path"`, as `paths` keys
them) and the components they need. Routes the source lacks are left out; `found` lists the rest.
*/
export function operationTypes(source, routes, header) {
	const lines = source.split("\n");
	const pathBlocks = blocks(topLevel(lines, "paths"));
	const operationBlocks = blocks(topLevel(lines, "operations"));
	const sections = components(topLevel(lines, "components"));

	const paths = new Map();
	for (const route of [...routes].sort()) {
		const [verb, path] = route.split(" ");
		const operation = pathBlocks.get(path)?.map((line) => new RegExp(`^ {4}${verb.toLowerCase()}: operations\\["([^"]+)"\\];$`).exec(line)?.[1]).find(Boolean);
		if (!operation) continue;
		if (!operationBlocks.has(operation)) throw new Error(`openapi-types: ${route} names the missing operation ${operation}`);
		if (!paths.has(path)) paths.set(path, []);
		paths.get(path).push([verb.toLowerCase(), operation]);
	}

	// Every component the operations reach, following references inside components too.
	const needed = new Map();
	const pending = [...paths.values()].flatMap((verbs) => verbs.map(([, operation]) => operationBlocks.get(operation).join("\n")));
	while (pending.length > 0) {
		for (const [, section, name] of pending.pop().matchAll(REFERENCE)) {
			const key = `${section}\0${name}`;
			if (needed.has(key)) continue;
			const entry = sections.get(section)?.get(name);
			if (!entry) throw new Error(`openapi-types: components["${section}"]["${name}"] is referenced but missing`);
			needed.set(key, [section, entry]);
			pending.push(entry.join("\n"));
		}
	}

	const out = [...header, "export interface paths {"];
	for (const [path, verbs] of paths) {
		out.push(`  ${JSON.stringify(path)}: {`, ...verbs.map(([verb, operation]) => `    ${verb}: operations[${JSON.stringify(operation)}];`), "  };");
	}
	out.push("}", "", "export interface operations {");
	for (const operation of new Set([...paths.values()].flatMap((verbs) => verbs.map(([, id]) => id)))) out.push(...withoutComments(operationBlocks.get(operation)));
	out.push("}", "", "interface components {");
	for (const section of ["schemas", "responses", "parameters", "requestBodies", "headers"]) {
		const entries = [...needed.values()].filter(([name]) => name === section).map(([, entry]) => entry);
		if (entries.length === 0) continue;
		entries.sort((a, b) => (a[0] < b[0] ? -1 : 1));
		out.push(`  ${section}: {`, ...entries.flat(), "  };");
	}
	out.push("}", "");
	return { text: out.join("\n"), found: [...paths].flatMap(([path, verbs]) => verbs.map(([verb]) => `${verb.toUpperCase()} ${path}`)) };
}
