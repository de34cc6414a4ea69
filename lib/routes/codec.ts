import type { PlainRouteTable, RouteDecorations, RouteEntry, RouteTable } from "../../types/routes.js";
import { namespaceNames, type Routes } from "./routes.js";

/*
The one codec of the route table: `encodeRoutes` turns the plain table (routes.json as committed,
and the shape of a route subset) into the form the build ships, `readShippedRoutes` reads that
form a row at a time, and `decodeRoutes` gives the plain table back. The generator proves with
the last two that every row survives; the build, the client and `hublet routes` use them.

The shipped form of a namespace is one line of rows, `|<method> <verb><path>[ <required>][ <extra>]`:
- rows sorted by path, each path written as the count of leading characters it shares with the
  previous row's (one base-62 digit; none when it starts with "/") and the rest: 16.6 → 15.1 KB gzip;
- the verb as one letter (G, P, U for PUT, A for PATCH, D, H);
- a renamed method as `=<namespace>.<method>` of its successor, whose route and decorations it
  takes, with what it gives itself replacing theirs;
- `<required>` the comma-separated non-path required parameters, `<extra>` the other decorations
  as JSON with "'" for '"' (`encodeExtra`); `deprecated` keeps only what follows
  "octokit.rest.<namespace>.<method>() is deprecated", a docs path standing for ", see https://docs.github.com<path>".
The line holds no '"' and no "\": its source text is its value (see `lineOf`).
*/

/** The version of the shipped form, in its `format`. */
export const SHIPPED_FORMAT = 3;

const VERBS: Record<string, string> = { G: "GET", P: "POST", U: "PUT", A: "PATCH", D: "DELETE", H: "HEAD" };
const DIGITS = "0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz";
// Decorations in the order a plain row lists them.
const KEYS = ["baseUrl", "defaults", "deprecated", "mapToData", "renamed", "renamedParameters", "required"] as const;
const DOCS = ", see https://docs.github.com";

/** What the build ships for a table, before it wraps each namespace's line in a function. */
export interface EncodedRoutes {
	source?: string;
	namespaces: Record<string, string>;
	renamedNamespaces?: Record<string, string>;
}

/** The shipped lines of a plain table. Throws when a row cannot be written losslessly. */
export function encodeRoutes(table: PlainRouteTable): EncodedRoutes {
	const namespaces: Record<string, string> = {};
	for (const [namespace, rows] of Object.entries(table.namespaces)) {
		const successorOf = (method: string) => {
			const renamed = rows[method][1]?.renamed;
			const row = renamed && table.namespaces[renamed[0]]?.[renamed[1]];
			if (renamed && !row)
				throw new Error(`${namespace}.${method} is renamed to ${renamed.join(".")}, which the table lacks`);
			return row ? { renamed: renamed!, row } : undefined;
		};
		const order = Object.keys(rows).sort(
			(a, b) =>
				compare(sortKey(rows[a][0], successorOf(a)?.row[0]), sortKey(rows[b][0], successorOf(b)?.row[0])) ||
				compare(a, b),
		);
		let previous = "";
		let line = "";
		for (const method of order) {
			if (!/^[\w$]+$/.test(method)) throw new Error(`${namespace}.${method}: a method name is a word`);
			const [route, decorations = {}] = rows[method];
			const successor = successorOf(method);
			const inherited: RouteDecorations = successor ? (successor.row[1] ?? {}) : {};
			let head: string;
			if (successor) {
				if (successor.row[0] !== route)
					throw new Error(`${namespace}.${method}: a renamed method has its successor's route`);
				head = `=${successor.renamed.join(".")}`;
			} else {
				const space = route.indexOf(" ");
				// Found here rather than in a table made at import: only the build encodes, and a client
				// that imports the reader would build that table for nothing.
				const letter = Object.keys(VERBS).find((key) => VERBS[key] === route.slice(0, space));
				const path = route.slice(space + 1);
				if (!letter || !path.startsWith("/") || /[\s|"'\\]/.test(path))
					throw new Error(`${namespace}.${method}: bad route ${route}`);
				let shared = 0;
				while (shared < DIGITS.length - 1 && shared < path.length && path[shared] === previous[shared]) shared += 1;
				head = letter + (shared > 1 ? DIGITS[shared] + path.slice(shared) : path);
				previous = path;
			}
			const required = decorations.required ?? [];
			if (!same(required, inherited.required ?? [])) {
				if (required.length === 0 || required.some((name) => !/^[\w.-]+$/.test(name)))
					throw new Error(`${namespace}.${method}: required names are words`);
				head += ` ${required.join(",")}`;
			}
			const extra: Record<string, unknown> = {};
			for (const key of KEYS) {
				if (key === "renamed" || key === "required" || decorations[key] === undefined) continue;
				let value = decorations[key];
				let inheritedValue = inherited[key];
				if (key === "deprecated") {
					value = deprecationTail(namespace, method, value as string);
					if (inheritedValue !== undefined)
						inheritedValue = deprecationTail(...successor!.renamed, inheritedValue as string);
				}
				if (!same(value, inheritedValue)) extra[key] = value;
			}
			// A successor's decoration that the renamed row lacks cannot be written: it would inherit it.
			for (const key of KEYS) {
				if (key !== "renamed" && key !== "required" && inherited[key] !== undefined && decorations[key] === undefined) {
					throw new Error(`${namespace}.${method}: lacks its successor's ${key}`);
				}
			}
			if (Object.keys(extra).length > 0) {
				head += ` ${encodeExtra(namespace, method, JSON.stringify(extra))}`;
			}
			line += `|${method} ${head}`;
		}
		if (/["\\]/.test(line)) throw new Error(`${namespace}: a row holds a '"' or a "\\"`);
		namespaces[namespace] = line;
	}
	return { source: table.source, namespaces, renamedNamespaces: table.renamedNamespaces };
}

/** A namespace's line as the build ships it: a function that returns it, so that importing interns nothing. */
type Line = string | (() => string);

/** The shipped form (`ShippedRouteTable` in the public types, which keep it opaque). */
interface ShippedForm {
	source?: string;
	format: typeof SHIPPED_FORMAT;
	namespaces: Record<string, Line>;
	renamedNamespaces?: Record<string, string>;
}

/** Whether a table is in the shipped form rather than the plain one. */
export const isShipped = (table: RouteTable): boolean => (table as Partial<ShippedForm>).format === SHIPPED_FORMAT;

/**
The text of a namespace's line without running its function. A string in a function that never
ran is never interned: `String(fn)` is the function's source, a slice of the module's text that
V8 does not copy, so a namespace costs the heap nothing when its first method is read, and only
the rows asked for are decoded. A line holds no quote or backslash, so its source is its value;
when a tool has rewritten the function so that this does not hold, the function is called.
*/
function lineOf(line: Line): string {
	if (typeof line === "string") return line;
	const source = String(line);
	const open = source.search(/["'`]/);
	const close = source.lastIndexOf(source[open]);
	const text = open === -1 ? "" : source.slice(open + 1, close);
	return close > open && !text.includes(source[open]) && !text.includes("\\") && !text.includes("${") ? text : line();
}

/** Reads the shipped form: names at once, a row when it is asked for. */
export function readShippedRoutes(shippedTable: RouteTable): Routes {
	if (!isShipped(shippedTable)) throw new TypeError(`not a route table in the shipped form (format ${SHIPPED_FORMAT})`);
	const table = shippedTable as unknown as ShippedForm;
	const lines = new Map<string, string>();
	const known = (namespace: string) => Object.hasOwn(table.namespaces, namespace);
	const lineFor = (namespace: string) => {
		let text = lines.get(namespace);
		if (text === undefined) lines.set(namespace, (text = lineOf(table.namespaces[namespace])));
		return text;
	};
	// Where `method`'s row starts in its namespace's line, or -1.
	const find = (namespace: string, method: string) =>
		known(namespace) && /^[\w$]+$/.test(method) ? lineFor(namespace).indexOf(`|${method} `) : -1;
	const has = (namespace: string, method: string) => find(namespace, method) !== -1;

	// A row's route and decorations, its successor's folded in; `deprecated` is still the stored tail,
	// so that a renamed row's message names the row and not its successor.
	const unpack = (namespace: string, method: string): { route: string; decorations: RouteDecorations } => {
		const line = lineFor(namespace);
		const at = find(namespace, method);
		const end = line.indexOf("|", at + 1);
		const row = line.slice(at + method.length + 2, end === -1 ? undefined : end);
		const [head, required, extra] = splitRow(row);
		let route: string;
		let decorations: RouteDecorations;
		if (head[0] === "=") {
			const [successorNamespace, successor] = head.slice(1).split(".");
			if (!has(successorNamespace, successor))
				throw new Error(`${namespace}.${method} is renamed to ${head.slice(1)}, which the route table lacks`);
			({ route, decorations } = unpack(successorNamespace, successor));
			decorations = { ...decorations, renamed: [successorNamespace, successor] };
		} else {
			route = `${VERBS[head[0]]} ${pathAt(line, at)}`;
			decorations = {};
		}
		if (required) decorations.required = required.split(",");
		return { route, decorations: extra ? Object.assign(decorations, JSON.parse(decodeExtra(extra))) : decorations };
	};

	const entry = (namespace: string, method: string): RouteEntry | undefined => {
		if (!has(namespace, method)) return undefined;
		const { route, decorations } = unpack(namespace, method);
		const sorted: Record<string, unknown> = {};
		for (const key of KEYS) {
			if (decorations[key] === undefined) continue;
			sorted[key] =
				key === "deprecated" ? deprecationMessage(namespace, method, decorations.deprecated!) : decorations[key];
		}
		return Object.keys(sorted).length > 0 ? [route, sorted as RouteDecorations] : [route];
	};

	return {
		...namespaceNames(table),
		// Rows are in path order; names are listed sorted, as a plain table lists them.
		methods: (namespace) => [...lineFor(namespace).matchAll(/\|([\w$]+) /g)].map((match) => match[1]).sort(),
		has,
		entry,
	};
}

/**
The same table with every row's path written out whole, for a reader that decodes whole
namespaces (a server's table, lib/features/server-tables/table.ts): the row-at-a-time reader
walks back to the last whole path for each row, which over a namespace of 200 rows is 40 ms.
The lines become strings on the heap; the client's own table never goes through here.
*/
export function withWholePaths<Table extends RouteTable>(shippedTable: Table): Table {
	const table = shippedTable as unknown as ShippedForm;
	const namespaces: Record<string, string> = {};
	for (const [namespace, line] of Object.entries(table.namespaces)) {
		let previous = "";
		namespaces[namespace] = lineOf(line)
			.split("|")
			.map((row) => {
				const from = row.indexOf(" ") + 1;
				const head = headAt(row, 0);
				if (row === "" || head[0] === "=") return row;
				const path = head[1] === "/" ? head.slice(1) : previous.slice(0, DIGITS.indexOf(head[1])) + head.slice(2);
				previous = path;
				return `${row.slice(0, from)}${head[0]}${path}${row.slice(from + head.length)}`;
			})
			.join("|");
	}
	return { ...table, namespaces } as unknown as Table;
}

/**
The path of the row at `at`: its own text after the characters it shares with the row before,
which shares with the one before it, back to a row that starts with "/". Only heads are read on
the way, and only this row's path is kept.
*/
function pathAt(line: string, at: number): string {
	const heads: string[] = [];
	for (let start = at; start !== -1; start = start === 0 ? -1 : line.lastIndexOf("|", start - 1)) {
		const head = headAt(line, start);
		if (head[0] === "=") continue;
		heads.push(head.slice(1));
		if (head[1] === "/") break;
	}
	let path = "";
	for (const head of heads.reverse())
		path = head[0] === "/" ? head : path.slice(0, DIGITS.indexOf(head[0])) + head.slice(1);
	return path;
}

/** The head of the row that starts at `start`: from the space after its name to the next space or row. */
function headAt(line: string, start: number): string {
	const from = line.indexOf(" ", start) + 1;
	let to = from;
	while (to < line.length && line[to] !== " " && line[to] !== "|") to += 1;
	return line.slice(from, to);
}

/** A row's head, its required names and its extra JSON. */
function splitRow(row: string): [head: string, required: string | undefined, extra: string | undefined] {
	const brace = row.indexOf(" {");
	const extra = brace === -1 ? undefined : row.slice(brace + 1);
	const [head, required] = (brace === -1 ? row : row.slice(0, brace)).split(" ");
	return [head, required, extra];
}

/**
Every row of a table in the plain shape: what `hublet routes` writes a subset from. A plain table
is copied as it is.
*/
export function decodeRoutes(anyTable: RouteTable): PlainRouteTable {
	if (!isShipped(anyTable)) return structuredClone(anyTable as PlainRouteTable);
	const table = anyTable as unknown as ShippedForm;
	const routes = readShippedRoutes(anyTable);
	const namespaces: PlainRouteTable["namespaces"] = {};
	for (const namespace of routes.namespaces) {
		namespaces[namespace] = {};
		for (const method of routes.methods(namespace)) namespaces[namespace][method] = routes.entry(namespace, method)!;
	}
	return {
		...(table.source === undefined ? {} : { source: table.source }),
		namespaces,
		...(table.renamedNamespaces === undefined ? {} : { renamedNamespaces: { ...table.renamedNamespaces } }),
	};
}

// An extra's JSON with "'" for '"', so that the line needs no escape in a JavaScript string; a
// '"', "'", "|" or "%" inside a value is written %22, %27, %7C or %25.
const ESCAPES: Record<string, string> = { '\\"': "%22", "'": "%27", "|": "%7C", "%": "%25" };
function encodeExtra(namespace: string, method: string, json: string): string {
	const text = json.replace(/\\"|['|%]/g, (match) => ESCAPES[match]).replaceAll('"', "'");
	if (text.includes("\\")) throw new Error(`${namespace}.${method}: a decoration holds a "\\"`);
	return text;
}
const decodeExtra = (text: string) =>
	text
		.replaceAll("'", '"')
		.replace(/%(22|27|7C|25)/g, (_, hex: string) => (hex === "22" ? '\\"' : String.fromCharCode(parseInt(hex, 16))));

// Rows sort by path, a renamed row beside its successor; the verb and name break ties.
const sortKey = (route: string, successorRoute: string | undefined) => {
	const target = successorRoute ?? route;
	return `${target.slice(target.indexOf(" ") + 1)} ${target.slice(0, target.indexOf(" "))}${successorRoute ? " =" : ""}`;
};
const compare = (a: string, b: string) => (a < b ? -1 : Number(a > b));
const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

function deprecationTail(namespace: string, method: string, message: string): string {
	const prefix = `octokit.rest.${namespace}.${method}() is deprecated`;
	if (!message.startsWith(prefix))
		throw new Error(`${namespace}.${method}: a deprecation message starts with "${prefix}"`);
	const tail = message.slice(prefix.length);
	const docs = /^, see https:\/\/docs\.github\.com(\/\S*)$/.exec(tail);
	if (docs) return docs[1];
	if (tail.startsWith("/")) throw new Error(`${namespace}.${method}: a deprecation message may not go on with "/"`);
	return tail;
}

/** The message of a deprecated row from its stored tail: a docs path, or the rest of the text. */
function deprecationMessage(namespace: string, method: string, tail: string): string {
	return `octokit.rest.${namespace}.${method}() is deprecated${tail.startsWith("/") ? DOCS + tail : tail}`;
}
