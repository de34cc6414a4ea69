#!/usr/bin/env node
// Generates types/generated/method-routes.d.ts, the one generated piece of the TypeScript
// surface: every `namespace.method` of routes.json mapped to its route string, with the
// per-method JSDoc that editors need to strike deprecated and renamed methods through.
// The hand-written layer (types/rest.d.ts, types/openapi.d.ts) looks each route up in @octokit/openapi-types
// lazily, so this file holds names and routes only: no schemas, no conditional types.
//
//   node scripts/generate-method-types.mjs           write the file
//   node scripts/generate-method-types.mjs --check   fail if the committed file is stale
//
// Run it after scripts/generate-routes.mjs (`npm run routes:update` runs both), so that the
// table and the types can never drift. Plain Node ESM, deterministic output.

import { existsSync, readFileSync, writeFileSync, mkdirSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { operationTypes } from "./legacy-operation-types.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const ROUTES_FILE = join(ROOT, "routes.json");
const LEGACY_FILE = join(ROOT, "scripts", "legacy-routes.json");
const OUT_FILE = join(ROOT, "types", "generated", "method-routes.d.ts");
const LEGACY_OUT_FILE = join(ROOT, "types", "generated", "legacy-operations.d.ts");

const check = process.argv.includes("--check");

const table = JSON.parse(readFileSync(ROUTES_FILE, "utf8"));
// routes.json is the plain table: one `[route, decorations?]` row per method.
const routes = { methods: (namespace) => Object.keys(table.namespaces[namespace]), entry: (namespace, method) => table.namespaces[namespace][method] };
const legacy = JSON.parse(readFileSync(LEGACY_FILE, "utf8"));
const openapi = readOpenapiPaths();

/**
The `"VERB /path"` pairs that @octokit/openapi-types declares in its `paths` interface. Its
layout is stable generated code (`  "/path": {` then `    get: operations[...]`), so a line
scan is enough and keeps this script free of a TypeScript parse of a 5 MB file.
*/
function readOpenapiPaths() {
	const require = createRequire(join(ROOT, "package.json"));
	const packageFile = require.resolve("@octokit/openapi-types/package.json");
	const { version, octokit } = JSON.parse(readFileSync(packageFile, "utf8"));
	const source = readFileSync(join(dirname(packageFile), "types.d.ts"), "utf8");
	const start = source.indexOf("export interface paths {");
	const end = source.indexOf("\n}\n", start);
	if (start === -1 || end === -1) throw new Error("@octokit/openapi-types: no `paths` interface found in types.d.ts");
	const routes = new Set();
	let path;
	for (const line of source.slice(start, end).split("\n")) {
		const pathMatch = /^ {2}"([^"]+)": \{$/.exec(line);
		if (pathMatch) path = pathMatch[1];
		const verbMatch = /^ {4}(get|put|post|delete|patch|head): operations\[/.exec(line);
		if (verbMatch && path) routes.add(`${verbMatch[1].toUpperCase()} ${path}`);
	}
	if (routes.size < 500) throw new Error(`@octokit/openapi-types: only ${routes.size} routes read from \`paths\`; has its layout changed?`);
	return { routes, version, openapiVersion: octokit?.["openapi-version"] };
}

/**
What @octokit/rest 22.0.1 has, the type contract of a drop-in: the route of each of its methods
(from the endpoint table of its @octokit/plugin-rest-endpoint-methods), and the text of the
@octokit/openapi-types its methods are typed from (27.0.0, where integers are `number`). Both are
read from the devDependency, whose version is pinned exactly; a different one fails here rather
than changing the types unnoticed.
*/
async function readOctokitRest() {
	const rest = packageAt("@octokit/rest", ROOT);
	if (rest.version !== "22.0.1") throw new Error(`@octokit/rest ${rest.version} is installed; the types follow 22.0.1`);
	const plugin = packageAt("@octokit/plugin-rest-endpoint-methods", rest.dir);
	const { default: endpoints } = await import(pathToFileURL(join(plugin.dir, "dist-src", "generated", "endpoints.js")).href);
	const routes = new Set();
	for (const methods of Object.values(endpoints)) for (const [route] of Object.values(methods)) routes.add(openapiRoute(route));
	const types = packageAt("@octokit/openapi-types", packageAt("@octokit/types", plugin.dir).dir);
	if (types.version !== "27.0.0") throw new Error(`@octokit/rest 22.0.1 resolves @octokit/openapi-types ${types.version}; expected 27.0.0`);
	return { routes, plugin: `${plugin.name}@${plugin.version}`, openapiTypes: `${types.name}@${types.version}`, source: readFileSync(join(types.dir, "types.d.ts"), "utf8") };
}

/** The package `name` as Node resolves it from `from` (its package.json need not be exported). */
function packageAt(name, from) {
	for (let dir = from; ; dir = dirname(dir)) {
		const candidate = join(dir, "node_modules", name, "package.json");
		if (existsSync(candidate)) return { ...JSON.parse(readFileSync(candidate, "utf8")), dir: dirname(candidate) };
		if (dirname(dir) === dir) throw new Error(`${name} is not installed (from ${from})`);
	}
}

/** `"POST /x{?name,label}"` → `"POST /x"`: the key of the route in openapi-types `paths`. */
const openapiRoute = (route) => route.replace(/\{\?[^}]*\}$/, "");
const octokit = await readOctokitRest();

/** A JSDoc block, indented one level deeper than `indent`, or nothing. */
function jsdoc(lines, indent) {
	if (lines.length === 0) return "";
	const body = lines.flatMap((line) => line.split("\n")).map((line) => `${indent} * ${line.replaceAll("*/", "*\\/")}`.trimEnd());
	return `${indent}/**\n${body.join("\n")}\n${indent} */\n`;
}

const quote = (text) => JSON.stringify(text);
const key = (name) => (/^[A-Za-z_$][\w$]*$/.test(name) ? name : quote(name));

// The routes of methods that GitHub's current description dropped keep the types of the
// description they come from: @octokit/rest 22.0.1's, cut out into a file of their own.
const dropped = new Set();
for (const namespace of Object.keys(table.namespaces)) {
	for (const method of routes.methods(namespace)) {
		const route = openapiRoute(routes.entry(namespace, method)[0]);
		if (!openapi.routes.has(route)) dropped.add(route);
	}
}
const legacyOperations = operationTypes(octokit.source, dropped, [
	`// Generated by scripts/generate-method-types.mjs from ${octokit.openapiTypes}, the types ${octokit.plugin}`,
	"// (@octokit/rest 22.0.1) gives its methods. Do not edit: run `npm run routes:update`.",
	"//",
	"// The operations of the methods that GitHub's current description no longer has, and the",
	"// components they reference, as that description had them: types/openapi.d.ts looks a route",
	"// up here when @octokit/openapi-types (the current description) lacks it.",
	"",
]);
const typed = new Set([...openapi.routes, ...legacyOperations.found]);

const counts = { methods: 0, deprecated: 0, renamed: 0, legacy: 0, loose: 0 };
const out = [];
out.push(
	`// Generated by scripts/generate-method-types.mjs from routes.json (${table.source ?? "unknown source"}).`,
	`// Do not edit: run \`npm run routes:update\`. Request and response types come from`,
	`// @octokit/openapi-types ${openapi.version} (openapi ${openapi.openapiVersion ?? "?"}), looked up by route in types/openapi.d.ts.`,
	"",
	"/**",
	"Every method of `client.rest`, by namespace, mapped to its route. A method is typed from the",
	"route's operation in `@octokit/openapi-types`; a route that GitHub's current description lacks",
	"(a legacy method kept for compatibility) takes the path parameters of its route and is",
	"otherwise typed loosely. The JSDoc on a member is what editors show for",
	"`client.rest.<namespace>.<method>`.",
	"*/",
	"export interface MethodRoutes {",
);

for (const namespace of Object.keys(table.namespaces).sort()) {
	out.push(`\t${key(namespace)}: {`);
	for (const method of routes.methods(namespace).sort()) {
		const [route, decorations = {}] = routes.entry(namespace, method);
		const lines = [];
		const isLegacy = Object.hasOwn(legacy.namespaces?.[namespace] ?? {}, method);
		const isLoose = !typed.has(openapiRoute(route));
		counts.methods += 1;
		if (isLegacy) counts.legacy += 1;
		if (!isLoose && !openapi.routes.has(openapiRoute(route))) {
			lines.push(`\`${route}\` is not in GitHub's current API description: kept for compatibility, typed as ${octokit.openapiTypes} (@octokit/rest 22.0.1) describes it.`);
		}
		if (isLoose) {
			counts.loose += 1;
			lines.push(
				`\`${route}\` is not in GitHub's current API description: kept for compatibility. Its path parameters are read off the route; other parameters and the response are loosely typed.`,
			);
		}
		if (decorations.renamed) {
			counts.renamed += 1;
			const [newNamespace, newMethod] = decorations.renamed;
			// The same text the runtime warns with, as octokit words it.
			lines.push(`@deprecated octokit.rest.${namespace}.${method}() has been renamed to octokit.rest.${newNamespace}.${newMethod}()`);
		} else if (decorations.deprecated) {
			counts.deprecated += 1;
			lines.push(`@deprecated ${decorations.deprecated}`);
		}
		out.push(`${jsdoc(lines, "\t\t")}\t\t${key(method)}: ${quote(route)};`);
	}
	out.push("\t};");
}
out.push("}", "");

out.push(
	"/**",
	"Former namespace names, each mapped to its current name. `client.rest.gitdata` still works",
	"(it warns once) and is typed as `client.rest.git`.",
	"*/",
	"export interface RenamedNamespaces {",
);
for (const [from, to] of Object.entries(table.renamedNamespaces ?? {}).sort(([a], [b]) => a.localeCompare(b))) {
	out.push(`${jsdoc([`@deprecated octokit.${from}.* has been renamed to octokit.${to}.*`], "\t")}\t${key(from)}: ${quote(to)};`);
}
out.push("}", "");

out.push(
	"/**",
	`Every route that @octokit/openapi-types ${openapi.version} has, such as \`"GET /repos/{owner}/{repo}"\`, and the routes of`,
	"methods it dropped that types/generated/legacy-operations.d.ts types: the keys of",
	"`Endpoints`, and what editors complete in `client.request(…)`. Written out as literals because",
	"TypeScript builds a literal union far faster than it derives one from `paths` (40 ms against 300 ms).",
	"*/",
	"export type KnownRoute =",
	...[...typed].sort().map((route, index, all) => `\t| ${quote(route)}${index === all.length - 1 ? ";" : ""}`),
	"",
);

// Listed as the few routes octokit 22 lacks rather than the thousand it has: the types only ask
// which side a route is on, and the shorter list keeps the file small.
const newer = [...typed].filter((route) => !octokit.routes.has(route)).sort();
out.push(
	"/**",
	`The routes of \`KnownRoute\` that \`@octokit/rest\` 22.0.1 has no method for (${newer.length} of ${typed.size}). octokit 22's`,
	"types (from @octokit/openapi-types 27, integers as `number`) are the contract of a drop-in: every",
	"other route's integers are typed `number`, these keep the current description's `number | bigint`",
	"(see `HubletTypeOptions` in types/openapi.d.ts to type every one `number | bigint`).",
	"*/",
	"export type NewerRoute =",
	...newer.map((route, index, all) => `\t| ${quote(route)}${index === all.length - 1 ? ";" : ""}`),
	"",
);

const text = out.join("\n").replaceAll(/\n{3,}/g, "\n\n");
const files = [
	[OUT_FILE, text],
	[LEGACY_OUT_FILE, legacyOperations.text],
];

if (check) {
	for (const [file, expected] of files) {
		let current = "";
		try {
			current = readFileSync(file, "utf8");
		} catch {}
		if (current !== expected) {
			console.error(`${file} is out of date with routes.json: run \`node scripts/generate-method-types.mjs\``);
			process.exit(1);
		}
	}
	console.log("types/generated/ is up to date");
} else {
	mkdirSync(dirname(OUT_FILE), { recursive: true });
	for (const [file, contents] of files) writeFileSync(file, contents);
	console.log(`types/generated/legacy-operations.d.ts: ${legacyOperations.found.length} routes that the current description dropped, ${(legacyOperations.text.length / 1024).toFixed(0)} KB`);
	console.log(
		`types/generated/method-routes.d.ts: ${counts.methods} methods (${counts.renamed} renamed, ${counts.deprecated} deprecated, ` +
			`${counts.legacy} legacy names, ${counts.loose} loosely typed), ${openapi.routes.size} known routes, ${(text.length / 1024).toFixed(0)} KB`,
	);
}
