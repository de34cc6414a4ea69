import type { CompactRow, CompactRouteTable, RouteDecorations, RouteEntry } from "../../types/routes.js";
import { namespaceNames, type Routes } from "./routes.js";

// Decorations in the order routes.json always listed them.
const KEYS = ["baseUrl", "defaults", "deprecated", "mapToData", "renamed", "renamedParameters", "required"] as const;

/**
Reads routes.json's compact encoding (types/routes.d.ts, CompactRow): names at once, a row when
it is asked for, expanded into the plain `[route, decorations?]` shape with its successor's
route and decorations folded in and its deprecation message built from the template.
*/
export function readCompactTable(table: CompactRouteTable): Routes {
	const namespaces = table.namespaces;
	const texts = new Map<string, string>();
	const known = (namespace: string) => Object.hasOwn(namespaces, namespace);

	// A namespace as the build ships it: a function returning its rows, each `|<method> <head>`
	// and, when the row has one, ` <extra as JSON>`, with "~" for "/repos/{owner}/{repo}". A
	// method is found with one indexOf, so nothing of the namespace is read but the rows asked for.
	const textOf = (namespace: string, lines: () => string) => {
		let text = texts.get(namespace);
		if (text === undefined) texts.set(namespace, (text = lines()));
		return text;
	};
	const row = (namespace: string, method: string): CompactRow | undefined => {
		if (!known(namespace)) return undefined;
		const rows = namespaces[namespace];
		if (typeof rows !== "function") return Object.hasOwn(rows, method) ? rows[method] : undefined;
		// A name with a space or a bar in it would match inside a row: no method has one.
		if (!/^[\w$]+$/.test(method)) return undefined;
		const text = textOf(namespace, rows);
		const at = text.indexOf(`|${method} `);
		if (at === -1) return undefined;
		const end = text.indexOf("|", at + 1);
		const line = text.slice(at + method.length + 2, end === -1 ? undefined : end).replaceAll("~", "/repos/{owner}/{repo}");
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
		const compactRow = row(namespace, method)!;
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
		...namespaceNames(table),
		methods,
		has,
		entry: (namespace, method) => (has(namespace, method) ? expand(namespace, method) : undefined),
	};
}

/** The message of a deprecated row from its stored tail: a docs path, or the rest of the text. */
function deprecationMessage(namespace: string, method: string, tail: string): string {
	const rest = tail.startsWith("/") ? `, see https://docs.github.com${tail}` : tail;
	return `octokit.rest.${namespace}.${method}() is deprecated${rest}`;
}
