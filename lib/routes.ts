import type { CompactRow, CompactRouteTable, RouteDecorations, RouteEntry, RouteTable } from "../types/routes.js";
import type { RequestMethod } from "../types/endpoint.js";

/** Splits `"GET /repos/{owner}/{repo}"` into its verb and URL template. */
export function splitRoute(route: string): { method: RequestMethod; url: string } {
	const space = route.indexOf(" ");
	return { method: route.slice(0, space) as RequestMethod, url: route.slice(space + 1) };
}

/**
The names of a URL template's path variables. Query expressions (`{?a,b}`, `{&a}`) are
left out: those parameters are optional unless the table says otherwise.
*/
export function pathParameters(url: string): string[] {
	const names: string[] = [];
	for (const [, expression] of url.matchAll(/\{([^}]+)\}/g)) {
		if (expression[0] === "?" || expression[0] === "&") continue;
		for (const name of expression.replace(/^[+#./;]/, "").split(",")) {
			names.push(name.replace(/(\*|:\d+)$/, ""));
		}
	}
	return names;
}

export function decorationsOf(entry: RouteEntry): RouteDecorations {
	return entry[1] ?? {};
}

/** A route table as the client reads it: names at once, rows when they are asked for. */
export interface Routes {
	/** The current namespace names, in table order. */
	readonly namespaces: string[];
	/** The current name of a namespace, following a rename such as `gitdata` → `git`. */
	canonical(name: string): string | undefined;
	/** A namespace's method names, in table order. */
	methods(namespace: string): string[];
	/** Whether a (canonical) namespace has a method; never true for inherited names such as `toString`. */
	has(namespace: string, method: string): boolean;
	/** A method's row as `[route, decorations?]`, or `undefined` for an unknown name. */
	entry(namespace: string, method: string): RouteEntry | undefined;
}

// Decorations in the order routes.json always listed them.
const KEYS = ["baseUrl", "defaults", "deprecated", "mapToData", "renamed", "renamedParameters", "required"] as const;

const readers = new WeakMap<RouteTable, Routes>();

/**
Reads a table in either shape: a plain one (a route subset), or routes.json's compact one, of
which a namespace is parsed on its first read and a row is expanded when it is asked for. One
reader per table, shared by every client of the class.
*/
export function readRoutes(table: RouteTable): Routes {
	let routes = readers.get(table);
	if (!routes) readers.set(table, (routes = createReader(table)));
	return routes;
}

function createReader(table: RouteTable): Routes {
	const compact = (table as CompactRouteTable).format === 2;
	const namespaces = table.namespaces as Record<string, Record<string, CompactRow | RouteEntry> | (() => string)>;
	const renamed = table.renamedNamespaces ?? {};
	const texts = new Map<string, string>();
	const known = (namespace: string) => Object.hasOwn(namespaces, namespace);

	// A namespace as the build ships it: a function returning its rows, each `|<method> <head>`
	// and, when the row has one, ` <extra as JSON>`. A method is found with one indexOf, so
	// nothing of the namespace is parsed but the rows that are asked for.
	const textOf = (namespace: string, lines: () => string) => {
		let text = texts.get(namespace);
		if (text === undefined) texts.set(namespace, (text = lines()));
		return text;
	};
	const row = (namespace: string, method: string): CompactRow | RouteEntry | undefined => {
		if (!known(namespace)) return undefined;
		const rows = namespaces[namespace];
		if (typeof rows !== "function") return Object.hasOwn(rows, method) ? rows[method] : undefined;
		// A name with a space or a bar in it would match inside a row: no method has one.
		if (!/^[\w$]+$/.test(method)) return undefined;
		const text = textOf(namespace, rows);
		const at = text.indexOf(`|${method} `);
		if (at === -1) return undefined;
		const end = text.indexOf("|", at + 1);
		const line = text.slice(at + method.length + 2, end === -1 ? undefined : end);
		const brace = line.indexOf(" {");
		return brace === -1 ? line : [line.slice(0, brace), JSON.parse(line.slice(brace + 1))];
	};
	const methods = (namespace: string) => {
		const rows = namespaces[namespace];
		if (typeof rows !== "function") return Object.keys(rows);
		return textOf(namespace, rows)
			.slice(1)
			.split("|")
			.map((line) => line.slice(0, line.indexOf(" ")));
	};
	const has = (namespace: string, method: string) => row(namespace, method) !== undefined;

	// A compact row's route and decorations, its successor's folded in; `deprecated` is still the
	// stored tail, so that a renamed row's message names the row and not its successor.
	const unpack = (namespace: string, method: string): { route: string; decorations: RouteDecorations } => {
		const compactRow = row(namespace, method) as CompactRow;
		const [head, extra] = typeof compactRow === "string" ? [compactRow] : compactRow;
		const tokens = head.split(" ");
		let route: string;
		let decorations: RouteDecorations;
		let required: string | undefined;
		if (/^[A-Z]/.test(head)) {
			route = `${tokens[0]} ${tokens[1]}`;
			decorations = {};
			required = tokens[2];
		} else {
			const [successorNamespace, successor] = tokens[0].split(".");
			if (!has(successorNamespace, successor)) throw new Error(`${namespace}.${method} is renamed to ${tokens[0]}, which the route table lacks`);
			({ route, decorations } = unpack(successorNamespace, successor));
			decorations = { ...decorations, renamed: [successorNamespace, successor] };
			required = tokens[1];
		}
		if (required) decorations.required = required.split(",");
		return { route, decorations: Object.assign(decorations, extra) };
	};

	const expand = (namespace: string, method: string): RouteEntry => {
		const { route, decorations } = unpack(namespace, method);
		const sorted: Record<string, unknown> = {};
		for (const key of KEYS) {
			if (decorations[key] === undefined) continue;
			sorted[key] = key === "deprecated" ? deprecationMessage(namespace, method, decorations.deprecated!) : decorations[key];
		}
		return Object.keys(sorted).length > 0 ? [route, sorted as RouteDecorations] : [route];
	};

	return {
		namespaces: Object.keys(namespaces),
		canonical: (name) => (known(name) ? name : Object.hasOwn(renamed, name) && known(renamed[name]) ? renamed[name] : undefined),
		methods,
		has,
		entry: (namespace, method) => {
			if (!has(namespace, method)) return undefined;
			return compact ? expand(namespace, method) : (row(namespace, method) as RouteEntry);
		},
	};
}

/** The message of a deprecated row from its stored tail: a docs path, or the rest of the text. */
function deprecationMessage(namespace: string, method: string, tail: string): string {
	const rest = tail.startsWith("/") ? `, see https://docs.github.com${tail}` : tail;
	return `octokit.rest.${namespace}.${method}() is deprecated${rest}`;
}
