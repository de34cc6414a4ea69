#!/usr/bin/env node
// Writes a route subset: the rows of routes.json for the methods a program uses, for
// `Hublet.withRoutes()` from "@hublet/rest/core". Names come from the arguments
// (`repos.get issues.listForRepo`) and from scanning files or folders given with --scan.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";

const table = JSON.parse(readFileSync(new URL("../routes.json", import.meta.url), "utf8"));
const usage = `Usage: hublet-routes [namespace.method …] [--scan <file-or-folder> …] [--out <file>]

Writes the rows of routes.json for the named methods (renamed namespaces such as gitdata
resolve) as JSON, to --out or standard output. --scan finds \`rest.<namespace>.<method>\`
and \`<client>.<namespace>.<method>\` in .js, .mjs, .cjs, .ts, .mts and .cts files.`;

const args = process.argv.slice(2);
if (args.length === 0 || args.includes("--help")) {
	console.log(usage);
	process.exit(args.length === 0 ? 1 : 0);
}

const names = new Set();
let out;
const SOURCE = /\.(?:[cm]?js|[cm]?ts)$/;
function scan(path) {
	if (statSync(path).isDirectory()) {
		for (const entry of readdirSync(path)) if (entry !== "node_modules" && !entry.startsWith(".")) scan(join(path, entry));
		return;
	}
	if (!SOURCE.test(path)) return;
	// A lookahead, so that `client.rest.pulls.list` is also read from `.pulls.list`.
	for (const [, namespace, method] of readFileSync(path, "utf8").matchAll(/\.(?=([a-zA-Z]+)\.([a-zA-Z]+)\b)/g)) {
		if (resolve(namespace, method)) names.add(`${namespace}.${method}`);
	}
}
function resolve(namespace, method) {
	const current = Object.hasOwn(table.namespaces, namespace) ? namespace : table.renamedNamespaces?.[namespace];
	return current && Object.hasOwn(table.namespaces[current], method) ? [current, method] : undefined;
}

for (let index = 0; index < args.length; index += 1) {
	if (args[index] === "--scan") scan(args[++index]);
	else if (args[index] === "--out") out = args[++index];
	else names.add(args[index]);
}

const subset = { source: `${table.source} (subset)`, namespaces: {} };
const unknown = [];
for (const name of [...names].sort()) {
	const [namespace, method] = name.split(".");
	const found = resolve(namespace, method);
	if (!found) {
		unknown.push(name);
		continue;
	}
	const [current] = found;
	const entry = table.namespaces[current][method];
	(subset.namespaces[current] ??= {})[method] = entry;
	// A renamed method's row names its successor, which the program may call next.
	const renamed = entry[1]?.renamed;
	if (renamed) (subset.namespaces[renamed[0]] ??= {})[renamed[1]] = table.namespaces[renamed[0]][renamed[1]];
	if (current !== namespace) (subset.renamedNamespaces ??= {})[namespace] = current;
}
if (unknown.length) {
	console.error(`hublet-routes: unknown methods: ${unknown.join(", ")}`);
	process.exit(1);
}
const json = `${JSON.stringify(subset)}\n`;
if (out) writeFileSync(out, json);
else process.stdout.write(json);
