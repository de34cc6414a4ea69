#!/usr/bin/env node
// Generates types/generated/servers/<name>.d.ts, the TypeScript surface of each other server's
// table (`@hublet/rest/servers/<name>`), as its difference from api.github.com's types: the
// names the server lacks and the methods it adds or routes otherwise, read from the committed
// differences (servers/<name>.json, which scripts/generate-routes.mjs writes). The hand-written
// types/servers.d.ts builds a server's `client.rest` from api.github.com's `RestEndpointMethods`
// and this difference, so the package grows by what differs, not by a copy of every method.
//
//   node scripts/generate-server-types.mjs           write the files
//   node scripts/generate-server-types.mjs --check   fail if a committed file is stale
import { mkdirSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { readAllTables } from "./server-tables.mjs";

const OUT = new URL("../types/generated/servers/", import.meta.url);
const check = process.argv.includes("--check");

const tables = readAllTables();
const base = tables["api.github.com"];
const title = (name) => (name === "ghec" ? "GitHub Enterprise Cloud" : `GitHub Enterprise Server ${name.slice("ghes-".length)}`);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : JSON.stringify(name));
const routeOf = (row) => row[0];

/** What `table` lacks and adds against api.github.com: `{ lacking: {ns: [methods]}, lackingNamespaces: [ns], added: {ns: {method: row}} }`. */
function differenceOf(table) {
	const lacking = {};
	const lackingNamespaces = [];
	for (const [namespace, rows] of Object.entries(base.namespaces)) {
		const own = table.namespaces[namespace];
		if (!own) {
			lackingNamespaces.push(namespace);
			continue;
		}
		const names = Object.keys(rows).filter((method) => !Object.hasOwn(own, method));
		if (names.length) lacking[namespace] = names;
	}
	const added = {};
	for (const [namespace, rows] of Object.entries(table.namespaces)) {
		const baseRows = base.namespaces[namespace] ?? {};
		// A row whose route is api.github.com's has api.github.com's types, whatever its decorations.
		for (const [method, row] of Object.entries(rows)) {
			if (!Object.hasOwn(baseRows, method) || routeOf(baseRows[method]) !== routeOf(row)) (added[namespace] ??= {})[method] = row;
		}
	}
	return { lacking, lackingNamespaces, added };
}

/** What every difference of `differences` has: the names all lack, the rows all add at the same route. */
function sharedOf(differences) {
	const [first, ...rest] = differences;
	const lacking = {};
	for (const [namespace, names] of Object.entries(first.lacking)) {
		const all = names.filter((method) => rest.every((other) => other.lacking[namespace]?.includes(method)));
		if (all.length) lacking[namespace] = all;
	}
	const lackingNamespaces = first.lackingNamespaces.filter((namespace) => rest.every((other) => other.lackingNamespaces.includes(namespace)));
	const added = {};
	for (const [namespace, rows] of Object.entries(first.added)) {
		for (const [method, row] of Object.entries(rows)) {
			if (rest.every((other) => other.added[namespace]?.[method] && routeOf(other.added[namespace][method]) === routeOf(row))) (added[namespace] ??= {})[method] = row;
		}
	}
	return { lacking, lackingNamespaces, added };
}

/** `difference` without what `shared` has. */
function without(difference, shared) {
	const lacking = {};
	for (const [namespace, names] of Object.entries(difference.lacking)) {
		const own = names.filter((method) => !shared.lacking[namespace]?.includes(method));
		if (own.length) lacking[namespace] = own;
	}
	const added = {};
	for (const [namespace, rows] of Object.entries(difference.added)) {
		for (const [method, row] of Object.entries(rows)) if (!shared.added[namespace]?.[method]) (added[namespace] ??= {})[method] = row;
	}
	return { lacking, lackingNamespaces: difference.lackingNamespaces.filter((namespace) => !shared.lackingNamespaces.includes(namespace)), added };
}

const union = (names) => names.map((name) => JSON.stringify(name)).join(" | ");

/** The members of a difference's interface; `shared` (the name of another interface) is merged in, namespace by namespace. */
function members(name, difference, shared) {
	const namespaces = (key) => [...new Set([...Object.keys(difference[key]), ...(shared ? Object.keys(shared.value[key]) : [])])].sort();
	const from = (key, namespace, present) => (shared && present(shared.value[key], namespace) ? [`${shared.name}["${key}"][${JSON.stringify(namespace)}]`] : []);
	const has = (object, namespace) => Object.hasOwn(object, namespace);
	const lacking = namespaces("lacking").map((namespace) => {
		const parts = [...from("lacking", namespace, has), ...(difference.lacking[namespace] ? [union(difference.lacking[namespace])] : [])];
		return `\t\t${key(namespace)}: ${parts.join(" | ")};`;
	});
	const added = namespaces("added").map((namespace) => {
		const rows = Object.entries(difference.added[namespace] ?? {});
		const own = rows.length
			? `{\n${rows
					.map(([method, row]) => {
						const deprecated = row[1]?.deprecated ?? (row[1]?.renamed && `${method} has been renamed to ${row[1].renamed.join(".")}`);
						return `${deprecated ? `\t\t\t/** @deprecated ${deprecated.replaceAll("*/", "*\\/")} */\n` : ""}\t\t\t${key(method)}: ${JSON.stringify(routeOf(row))};`;
					})
					.join("\n")}\n\t\t}`
			: undefined;
		return `\t\t${key(namespace)}: ${[...from("added", namespace, has), ...(own ? [own] : [])].join(" & ")};`;
	});
	const lackingNamespaces = [...(shared ? [`${shared.name}["lackingNamespaces"]`] : []), ...(difference.lackingNamespaces.length ? [union(difference.lackingNamespaces)] : [])];
	return `	/** api.github.com's methods that ${name} lacks, by namespace. */
	lacking: {
${lacking.join("\n")}
	};
	/** api.github.com's namespaces that ${name} lacks whole. */
	lackingNamespaces: ${lackingNamespaces.join(" | ") || "never"};
	/** The methods ${name} has that api.github.com lacks, or has at another route: method → route. */
	added: {
${added.join("\n")}
	};`;
}

const HEADER = (from) => `// Generated by scripts/generate-server-types.mjs from ${from} and routes.json.
// Do not edit: run \`npm run routes:update\`.`;

const files = {};
const names = Object.keys(tables).filter((name) => name !== "api.github.com");
const differences = Object.fromEntries(names.map((name) => [name, differenceOf(tables[name])]));
// What every Enterprise Server version shares is written once (most of each version's difference).
const ghes = names.filter((name) => name.startsWith("ghes-"));
const shared = sharedOf(ghes.map((name) => differences[name]));
files["enterprise-server.d.ts"] = `${HEADER("servers/ghes-*.json")}

/** What every GitHub Enterprise Server version whose table ships (${ghes.join(", ")}) lacks and adds against api.github.com. */
export interface EnterpriseServer {
${members("every Enterprise Server version", shared)}
}
`;
for (const name of names) {
	const isGhes = ghes.includes(name);
	const own = isGhes ? without(differences[name], shared) : differences[name];
	files[`${name}.d.ts`] = `${HEADER(`servers/${name}.json`)}
import type { ServerRouteTable } from "../../routes.js";
${isGhes ? 'import type { EnterpriseServer } from "./enterprise-server.js";\n' : ""}
/** ${title(name)}'s route table, for \`Hublet.withRoutes(table)\`: its client is typed for ${name}. */
declare const table: ServerRouteTable<${JSON.stringify(name)}>;
export default table;

/** ${title(name)}'s methods as a difference from api.github.com's (\`RestEndpointMethods\`). */
export interface Difference {
${members(name, own, isGhes ? { name: "EnterpriseServer", value: shared } : undefined)}
}
`;
}
files["index.d.ts"] = `// Generated by scripts/generate-server-types.mjs. Do not edit: run \`npm run routes:update\`.
${names.map((name, index) => `import type { Difference as Server${index} } from "./${name}.js";`).join("\n")}

/** Each server whose table the package ships, and its difference from api.github.com's methods. */
export interface ServerDifferences {
${names.map((name, index) => `\t${JSON.stringify(name)}: Server${index};`).join("\n")}
}
`;

if (check) {
	let stale = [];
	let present = [];
	try {
		present = readdirSync(OUT);
	} catch {}
	for (const [file, text] of Object.entries(files)) {
		let committed;
		try {
			committed = readFileSync(new URL(file, OUT), "utf8");
		} catch {}
		if (committed !== text) stale.push(file);
	}
	stale.push(...present.filter((file) => !Object.hasOwn(files, file)));
	if (stale.length) {
		console.error(`types/generated/servers/ is stale (${stale.join(", ")}): run node scripts/generate-server-types.mjs`);
		process.exit(1);
	}
	console.log(`types/generated/servers/: ${Object.keys(files).length} files match servers/*.json and routes.json`);
} else {
	rmSync(OUT, { recursive: true, force: true });
	mkdirSync(OUT, { recursive: true });
	for (const [file, text] of Object.entries(files)) writeFileSync(new URL(file, OUT), text);
	console.log(`wrote types/generated/servers/ (${Object.keys(files).length} files)`);
}
