#!/usr/bin/env node
// Generates routes.json, the runtime route table, from GitHub's OpenAPI
// description (npm package @octokit/openapi, file generated/api.github.com.json)
// merged with the hand-kept names in scripts/legacy-routes.json; and servers/<name>.json, the
// table of each other server the package describes (ghec.json, ghes-3.17.json, …), committed as
// its difference from routes.json (scripts/server-tables.mjs reads one back whole).
//
//   npm run routes:update                        fetch the pinned package into a temp folder, generate, clean up
//   node scripts/generate-routes.mjs --spec F    use an already extracted api.github.com.json
//   node scripts/generate-routes.mjs --check     generate in memory and fail if routes.json or a servers/ table differs
//   node scripts/generate-routes.mjs --out F     write somewhere other than <repo>/routes.json
//
// Plain Node ESM, node built-ins only. The output is deterministic: the same
// inputs always give the same bytes.

import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { OPENAPI_PACKAGE, OPENAPI_VERSION, serverDescriptions, withDownloadedSpec } from "./openapi-spec.mjs";
import { loadCodec } from "./route-reader.mjs";

const SOURCE = `${OPENAPI_PACKAGE}@${OPENAPI_VERSION} api.github.com`;

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const LEGACY_FILE = join(ROOT, "scripts", "legacy-routes.json");

const VERBS = ["get", "head", "post", "put", "patch", "delete"];
const DECORATION_KEYS = new Set([
	"baseUrl",
	"defaults",
	"deprecated",
	"mapToData",
	"renamed",
	"renamedParameters",
	"required",
]);
const DOCS_FALLBACK = "https://docs.github.com/rest";

class GeneratorError extends Error {}
const fail = (message) => {
	throw new GeneratorError(message);
};

// ---------------------------------------------------------------------------
// command line

function parseArgs(argv) {
	const args = { spec: null, out: join(ROOT, "routes.json"), check: false, quiet: false };
	for (let i = 0; i < argv.length; i++) {
		const a = argv[i];
		const value = () => {
			const v = a.includes("=") ? a.slice(a.indexOf("=") + 1) : argv[++i];
			if (!v) fail(`${a} needs a value`);
			return v;
		};
		if (a === "--spec" || a.startsWith("--spec=")) args.spec = resolve(value());
		else if (a === "--out" || a.startsWith("--out=")) args.out = resolve(value());
		else if (a === "--check") args.check = true;
		else if (a === "--quiet") args.quiet = true;
		else if (a === "--help" || a === "-h") {
			console.log(
				"usage: node scripts/generate-routes.mjs [--spec api.github.com.json] [--out routes.json] [--check] [--quiet]",
			);
			process.exit(0);
		} else fail(`unknown argument ${a}`);
	}
	return args;
}

// ---------------------------------------------------------------------------
// small helpers

const camelCase = (s) => s.replace(/[-_ ]+([a-zA-Z0-9])/g, (_, c) => c.toUpperCase());

function methodName(operationId) {
	const parts = operationId.split("/");
	if (parts.length !== 2) fail(`unexpected operationId ${operationId}`);
	return [camelCase(parts[0]), camelCase(parts[1])];
}

function sortKeysDeep(value) {
	if (Array.isArray(value)) return value.map(sortKeysDeep);
	if (value && typeof value === "object") {
		const out = {};
		for (const key of Object.keys(value).sort()) out[key] = sortKeysDeep(value[key]);
		return out;
	}
	return value;
}

const clone = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
const isPlainObject = (v) => v !== null && typeof v === "object" && !Array.isArray(v);

function deepMerge(base, extra) {
	const out = clone(base) ?? {};
	for (const [k, v] of Object.entries(extra)) {
		out[k] = isPlainObject(v) && isPlainObject(out[k]) ? deepMerge(out[k], v) : clone(v);
	}
	return out;
}

const deprecationMessage = (ns, method, url) =>
	`octokit.rest.${ns}.${method}() is deprecated, see ${url || DOCS_FALLBACK}`;

// ---------------------------------------------------------------------------
// reading the description

function makeResolver(doc) {
	const cache = new Map();
	const lookup = (ref) => {
		if (cache.has(ref)) return cache.get(ref);
		if (!ref.startsWith("#/")) fail(`external $ref not supported: ${ref}`);
		let node = doc;
		for (const raw of ref.slice(2).split("/")) {
			const key = raw.replace(/~1/g, "/").replace(/~0/g, "~");
			node = node?.[key];
		}
		if (node === undefined) fail(`dangling $ref ${ref}`);
		cache.set(ref, node);
		return node;
	};
	// Follows $ref chains; returns [node, refs followed].
	return (node) => {
		const refs = [];
		while (node && typeof node === "object" && typeof node.$ref === "string") {
			if (refs.includes(node.$ref)) fail(`$ref cycle at ${node.$ref}`);
			refs.push(node.$ref);
			node = lookup(node.$ref);
		}
		return [node, refs];
	};
}

// Names a body schema requires. A name with dots ("author.email") is required
// when its parent is given; through arrays it applies to each item
// ("output.annotations.path"). For oneOf/anyOf only names every alternative
// requires count; allOf unions its parts.
function requiredNames(schema, resolveRef, stack = [], depth = 0) {
	const [node, refs] = resolveRef(schema);
	if (!node || typeof node !== "object" || depth > 8) return [];
	if (refs.some((r) => stack.includes(r))) return [];
	const seen = stack.concat(refs);

	const alternatives = node.oneOf || node.anyOf;
	let names = new Set();
	if (alternatives) {
		const nonNull = alternatives.filter((alt) => resolveRef(alt)[0]?.type !== "null");
		const sets = nonNull.map((alt) => new Set(requiredNames(alt, resolveRef, seen, depth)));
		if (sets.length) names = new Set([...sets[0]].filter((n) => sets.every((s) => s.has(n))));
	}
	for (const part of node.allOf || []) {
		for (const n of requiredNames(part, resolveRef, seen, depth)) names.add(n);
	}
	for (const n of node.required || []) names.add(n);
	for (const [prop, propSchema] of Object.entries(node.properties || {})) {
		for (const nested of nestedRequired(propSchema, resolveRef, seen, depth + 1)) {
			names.add(`${prop}.${nested}`);
		}
	}
	return [...names];
}

// What a property's own value requires: through array items, into objects.
function nestedRequired(schema, resolveRef, stack, depth) {
	const [node, refs] = resolveRef(schema);
	if (!node || typeof node !== "object" || depth > 8) return [];
	if (refs.some((r) => stack.includes(r))) return [];
	const seen = stack.concat(refs);
	if (node.items && (node.type === "array" || node.type === undefined)) {
		return nestedRequired(node.items, resolveRef, seen, depth);
	}
	if (node.properties || node.oneOf || node.anyOf || node.allOf || node.required) {
		return requiredNames(node, resolveRef, seen, depth);
	}
	return [];
}

function buildOperation(doc, resolveRef, path, verb, op, warnings) {
	const [ns, method] = methodName(op.operationId);
	const xGithub = op["x-github"] || {};
	const parameters = (op.parameters || []).map((p) => resolveRef(p)[0]);

	const pathParams = new Set([...path.matchAll(/\{([^}]+)\}/g)].map((m) => m[1]));
	for (const name of pathParams) {
		if (!parameters.some((p) => p.in === "path" && p.name === name)) {
			warnings.push(`${ns}.${method}: path parameter {${name}} is not declared`);
		}
	}
	const query = parameters.filter((p) => p.in === "query");

	let route = `${verb.toUpperCase()} ${path}`;
	if (verb !== "get" && verb !== "head" && query.length) {
		route += `{?${query.map((p) => p.name).join(",")}}`;
	}

	const decorations = {};
	const required = new Set(query.filter((p) => p.required).map((p) => p.name));

	const mapToData = xGithub.requestBodyParameterName;
	if (mapToData) decorations.mapToData = mapToData;

	if (op.requestBody) {
		const [body] = resolveRef(op.requestBody);
		const contentTypes = Object.keys(body.content || {});
		const json = contentTypes.find((t) => t === "application/json" || /\+json$/.test(t));
		if (json && !mapToData) {
			for (const name of requiredNames(body.content[json].schema, resolveRef)) {
				if (pathParams.has(name.split(".")[0])) {
					warnings.push(`${ns}.${method}: body property ${name} shares its name with a path parameter`);
					continue;
				}
				required.add(name);
			}
		} else {
			// raw body: the caller passes it as `data` (mapToData moves it there first)
			if (body.required) required.add("data");
			const first = contentTypes[0];
			if (!json && first && first.startsWith("text/")) {
				decorations.defaults = { headers: { "content-type": `${first}; charset=utf-8` } };
			}
		}
	}
	if (required.size) decorations.required = [...required].sort();

	const server = op.servers?.[0]?.url;
	if (server && server !== (doc.servers?.[0]?.url ?? "https://api.github.com")) {
		decorations.baseUrl = server;
	}

	const docsUrl = op.externalDocs?.url;
	if (op.deprecated || xGithub.deprecationDate || xGithub.removalDate) {
		decorations.deprecated = deprecationMessage(ns, method, docsUrl);
	}

	const renamedParameters = {};
	const renames = [];
	for (const change of op["x-octokit"]?.changes || []) {
		if (change.type === "PARAMETER") {
			if (change.before?.name && change.parameter) renamedParameters[change.before.name] = change.parameter;
		} else if (change.type === "OPERATION") {
			if (change.before?.operationId) renames.push({ from: methodName(change.before.operationId), date: change.date });
		} else {
			warnings.push(`${ns}.${method}: ignored x-octokit change of type ${change.type}`);
		}
	}
	if (Object.keys(renamedParameters).length) decorations.renamedParameters = renamedParameters;

	return { ns, method, route, decorations, docsUrl, renames };
}

// ---------------------------------------------------------------------------
// the table

// `lenient` is for the other servers' tables: a hand-kept name whose target or route that server
// lacks is left out (repos.enableLfsForRepo, say, is a legacy row on api.github.com and the
// server's own method on Enterprise Server), where for api.github.com's table it is an error.
function generate(doc, legacy, log, { lenient = false } = {}) {
	const resolveRef = makeResolver(doc);
	const warnings = [];
	const table = {}; // ns -> method -> {route, decorations, origin}
	const docsUrls = new Map(); // "ns.method" -> url
	const get = (ns, m) => table[ns]?.[m];
	const put = (ns, m, entry) => {
		(table[ns] ||= {})[m] = entry;
	};
	const parseRef = (ref, where) => {
		const [ns, m, ...rest] = String(ref).split(".");
		if (!ns || !m || rest.length) fail(`${where}: "${ref}" is not "namespace.method"`);
		return [ns, m];
	};

	// 1. every operation in the description
	const operations = [];
	for (const [path, item] of Object.entries(doc.paths)) {
		for (const verb of VERBS) {
			const op = item[verb];
			if (!op) continue;
			if (!op.operationId) fail(`${verb.toUpperCase()} ${path} has no operationId`);
			const built = buildOperation(doc, resolveRef, path, verb, op, warnings);
			if (get(built.ns, built.method)) fail(`duplicate method ${built.ns}.${built.method}`);
			put(built.ns, built.method, { route: built.route, decorations: built.decorations, origin: "openapi" });
			docsUrls.set(`${built.ns}.${built.method}`, built.docsUrl);
			operations.push(built);
		}
	}
	const counts = {
		operations: operations.length,
		namespaces: Object.keys(table).length,
		deprecated: operations.filter((o) => o.decorations.deprecated).length,
	};
	counts.current = counts.operations - counts.deprecated;
	counts.currentNamespaces = new Set(operations.filter((o) => !o.decorations.deprecated).map((o) => o.ns)).size;

	// 2. patches: decorations merged into generated methods
	for (const [ns, methods] of Object.entries(legacy.patches || {})) {
		for (const [m, patch] of Object.entries(methods)) {
			const where = `legacy-routes.json patches.${ns}.${m}`;
			const entry = get(ns, m);
			if (lenient && !entry) continue;
			if (!entry || entry.origin !== "openapi") fail(`${where}: no generated method ${ns}.${m} to patch`);
			for (let [key, value] of Object.entries(patch)) {
				if (!DECORATION_KEYS.has(key)) fail(`${where}: unknown decoration ${key}`);
				// `"deprecated": true` stands for the usual message with the method's docs link
				if (key === "deprecated" && value === true) value = deprecationMessage(ns, m, docsUrls.get(`${ns}.${m}`));
				const current = entry.decorations[key];
				if (key === "required") {
					entry.decorations.required = [...new Set([...(current || []), ...value])].sort();
				} else if (key === "defaults" || key === "renamedParameters") {
					entry.decorations[key] = deepMerge(current || {}, value);
				} else if (current !== undefined && JSON.stringify(current) !== JSON.stringify(value)) {
					fail(`${where}: would replace ${key} ${JSON.stringify(current)} with ${JSON.stringify(value)}`);
				} else {
					entry.decorations[key] = clone(value);
				}
			}
		}
	}

	// An alias copies its target's route and decorations (a deprecated target
	// keeps the alias deprecated, with the alias's own name in the message).
	const aliasOf = (targetNs, targetM, aliasNs, aliasM, where) => {
		const target = get(targetNs, targetM);
		if (!target) fail(`${where}: target ${targetNs}.${targetM} does not exist`);
		if (target.decorations.renamed) fail(`${where}: target ${targetNs}.${targetM} is itself renamed`);
		const decorations = clone(target.decorations);
		if (decorations.deprecated) {
			decorations.deprecated = deprecationMessage(aliasNs, aliasM, docsUrls.get(`${targetNs}.${targetM}`));
		}
		return { route: target.route, decorations };
	};

	// 3. renames recorded by x-octokit (type OPERATION): the old name keeps working
	const claims = new Map(); // "ns.m" -> [[newNs, newM], ...]
	for (const op of operations) {
		for (const { from } of op.renames) {
			const key = from.join(".");
			if (!claims.has(key)) claims.set(key, []);
			claims.get(key).push([op.ns, op.method]);
		}
	}
	const legacyNames = new Set();
	for (const [ns, methods] of Object.entries(legacy.namespaces || {})) {
		for (const m of Object.keys(methods)) legacyNames.add(`${ns}.${m}`);
	}
	const renamedCount = { fromOpenapi: 0, ambiguous: [] };
	for (const key of [...claims.keys()].sort()) {
		const [oldNs, oldM] = key.split(".");
		const targets = claims.get(key);
		if (get(oldNs, oldM)) {
			warnings.push(`rename ${key} skipped: the name is a current method`);
			continue;
		}
		if (targets.length > 1) {
			// e.g. repos/download-archive became both tarball and zipball: the
			// legacy file must say what the old name does.
			if (!legacyNames.has(key)) {
				if (lenient) continue;
				fail(
					`${key} was renamed to ${targets.map((t) => t.join(".")).join(" and ")}; define it in scripts/legacy-routes.json`,
				);
			}
			renamedCount.ambiguous.push(key);
			continue;
		}
		const [newNs, newM] = targets[0];
		const alias = aliasOf(newNs, newM, oldNs, oldM, `rename ${key}`);
		alias.decorations.renamed = [newNs, newM];
		put(oldNs, oldM, { ...alias, origin: "x-octokit" });
		renamedCount.fromOpenapi++;
	}

	// 4. hand-kept legacy names
	let legacyRows = 0;
	for (const ns of Object.keys(legacy.namespaces || {}).sort()) {
		const methods = legacy.namespaces[ns];
		for (const m of Object.keys(methods).sort()) {
			const where = `legacy-routes.json namespaces.${ns}.${m}`;
			const spec = methods[m];
			const existing = get(ns, m);
			if (lenient && existing) continue;
			if (existing) fail(`${where}: would override the ${existing.origin} method ${ns}.${m}`);
			let entry;
			if (Array.isArray(spec)) {
				const [route, decorations = {}, ...rest] = spec;
				if (typeof route !== "string" || !isPlainObject(decorations) || rest.length) {
					fail(`${where}: expected [route] or [route, decorations]`);
				}
				if (lenient && !operations.some((op) => op.route.replace(/\{\?[^}]*\}$/, "") === route.replace(/\{\?[^}]*\}$/, ""))) continue;
				entry = { route, decorations: clone(decorations) };
			} else if (isPlainObject(spec)) {
				const { renamedTo, like, ...extra } = spec;
				if (!!renamedTo === !!like) fail(`${where}: give exactly one of "renamedTo" or "like"`);
				const [tNs, tM] = parseRef(renamedTo || like, where);
				if (lenient && (!get(tNs, tM) || get(tNs, tM).decorations.renamed)) continue;
				if (legacyNames.has(`${tNs}.${tM}`)) fail(`${where}: may only point at a generated method, not at the legacy row ${tNs}.${tM}`);
				entry = aliasOf(tNs, tM, ns, m, where);
				if (like) delete entry.decorations.deprecated;
				entry.decorations = deepMerge(entry.decorations, extra);
				if (renamedTo) entry.decorations.renamed = [tNs, tM];
			} else {
				fail(`${where}: expected an array or an object`);
			}
			for (const key of Object.keys(entry.decorations)) {
				if (!DECORATION_KEYS.has(key)) fail(`${where}: unknown decoration ${key}`);
			}
			put(ns, m, { ...entry, origin: "legacy" });
			legacyRows++;
		}
	}

	// 5. renamed namespaces
	const renamedNamespaces = {};
	for (const [from, to] of Object.entries(legacy.renamedNamespaces || {})) {
		if (table[from]) fail(`renamed namespace ${from} is also a current namespace`);
		if (!table[to]) fail(`renamed namespace ${from} points at missing namespace ${to}`);
		renamedNamespaces[from] = to;
	}

	// 6. invariants
	const ROUTE = /^(GET|POST|PUT|PATCH|DELETE|HEAD) \/[^\s]*$/;
	for (const [ns, methods] of Object.entries(table)) {
		for (const [m, entry] of Object.entries(methods)) {
			const where = `${ns}.${m}`;
			if (!ROUTE.test(entry.route)) fail(`${where}: bad route ${entry.route}`);
			const d = entry.decorations;
			if (d.renamed) {
				const target = get(d.renamed[0], d.renamed[1]);
				if (!target) fail(`${where}: renamed to missing ${d.renamed.join(".")}`);
				if (target.decorations.renamed) fail(`${where}: renamed to ${d.renamed.join(".")}, which is renamed too`);
			}
			if (d.required) {
				const pathParams = new Set([...entry.route.matchAll(/\{([^?}][^}]*)\}/g)].map((x) => x[1]));
				for (const r of d.required) {
					if (typeof r !== "string" || !r) fail(`${where}: bad required entry ${JSON.stringify(r)}`);
					if (pathParams.has(r)) fail(`${where}: path parameter ${r} listed in required`);
				}
			}
			if (d.deprecated !== undefined && typeof d.deprecated !== "string") fail(`${where}: deprecated must be a string`);
		}
	}

	for (const w of warnings) log(`warning: ${w}`);
	return { table, renamedNamespaces, counts, renamedCount, legacyRows };
}

// ---------------------------------------------------------------------------
// output

// routes.json is the plain table, the shape of a route subset: one `[route, decorations?]` row per
// line, namespaces and methods sorted, so that a regeneration diffs by method.
function plainTable(table, renamedNamespaces, source = SOURCE) {
	const namespaces = {};
	for (const ns of Object.keys(table).sort()) {
		namespaces[ns] = {};
		for (const m of Object.keys(table[ns]).sort()) {
			const { route, decorations } = table[ns][m];
			namespaces[ns][m] = Object.keys(decorations).length ? [route, sortKeysDeep(decorations)] : [route];
		}
	}
	return { source, namespaces, renamedNamespaces: sortKeysDeep(renamedNamespaces) };
}

function serialize(plain) {
	const lines = ["{", `  "source": ${JSON.stringify(plain.source)},`, `  "namespaces": {`];
	const namespaces = Object.keys(plain.namespaces);
	namespaces.forEach((ns, i) => {
		lines.push(`    ${JSON.stringify(ns)}: {`);
		const methods = Object.keys(plain.namespaces[ns]);
		methods.forEach((m, j) => {
			lines.push(`      ${JSON.stringify(m)}: ${JSON.stringify(plain.namespaces[ns][m])}${j < methods.length - 1 ? "," : ""}`);
		});
		lines.push(`    }${i < namespaces.length - 1 ? "," : ""}`);
	});
	lines.push("  },");
	lines.push(`  "renamedNamespaces": ${JSON.stringify(plain.renamedNamespaces)}`);
	lines.push("}");
	return lines.join("\n") + "\n";
}

// The shipped encoding must lose nothing: lib/routes/codec.ts encodes the table as the build
// does, reads every row back as the client does, and each must equal the row as generated.
async function checkRoundTrip(table, renamedNamespaces, source) {
	const { encodeRoutes, readShippedRoutes, SHIPPED_FORMAT } = await loadCodec();
	const plain = plainTable(table, renamedNamespaces, source);
	let encoded;
	try {
		encoded = encodeRoutes(plain);
	} catch (error) {
		fail(`the route codec cannot encode the table: ${error.message}`);
	}
	const routes = readShippedRoutes({ ...encoded, format: SHIPPED_FORMAT });
	if (!same(routes.namespaces, Object.keys(table).sort())) fail("round trip: the namespaces differ");
	for (const ns of routes.namespaces) {
		if (!same(routes.methods(ns).sort(), Object.keys(table[ns]).sort())) fail(`round trip: the methods of ${ns} differ`);
		for (const m of Object.keys(table[ns])) {
			const expected = plain.namespaces[ns][m];
			const actual = routes.entry(ns, m);
			if (!same(actual, expected)) fail(`round trip: ${ns}.${m} reads back as ${JSON.stringify(actual)}, not ${JSON.stringify(expected)}`);
		}
	}
	for (const [from, to] of Object.entries(renamedNamespaces)) {
		if (routes.canonical(from) !== to) fail(`round trip: namespace ${from} does not resolve to ${to}`);
	}
	return plain;
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

/*
A server's table (servers/<name>.json) is committed as its difference from routes.json: the rows it
adds or writes otherwise, and the names it lacks. That is what a reviewer reads when GitHub ships a
new version, and what the build merges back into the whole table before it encodes it.
*/
function serverDifference(base, plain, server) {
	const removed = {};
	const namespaces = {};
	for (const ns of Object.keys(base.namespaces)) {
		const gone = Object.keys(base.namespaces[ns]).filter((m) => !plain.namespaces[ns]?.[m]);
		if (gone.length) removed[ns] = gone;
	}
	for (const ns of Object.keys(plain.namespaces)) {
		for (const m of Object.keys(plain.namespaces[ns])) {
			const row = plain.namespaces[ns][m];
			if (!same(base.namespaces[ns]?.[m], row)) (namespaces[ns] ??= {})[m] = row;
		}
	}
	if (!same(base.renamedNamespaces, plain.renamedNamespaces)) fail(`${server}: its renamed namespaces differ from api.github.com's`);
	return { source: plain.source, server, base: base.source, removed, namespaces };
}

function serializeDifference(difference) {
	const lines = ["{"];
	for (const key of ["source", "server", "base"]) lines.push(`  ${JSON.stringify(key)}: ${JSON.stringify(difference[key])},`);
	lines.push(`  "removed": {`);
	const removed = Object.keys(difference.removed);
	removed.forEach((ns, i) => lines.push(`    ${JSON.stringify(ns)}: ${JSON.stringify(difference.removed[ns])}${i < removed.length - 1 ? "," : ""}`));
	lines.push("  },", `  "namespaces": {`);
	const namespaces = Object.keys(difference.namespaces);
	namespaces.forEach((ns, i) => {
		lines.push(`    ${JSON.stringify(ns)}: {`);
		const methods = Object.keys(difference.namespaces[ns]);
		methods.forEach((m, j) => {
			lines.push(`      ${JSON.stringify(m)}: ${JSON.stringify(difference.namespaces[ns][m])}${j < methods.length - 1 ? "," : ""}`);
		});
		lines.push(`    }${i < namespaces.length - 1 ? "," : ""}`);
	});
	lines.push("  }", "}");
	return lines.join("\n") + "\n";
}

/** Writes `text` to `file`, or with --check fails when the file differs. */
function writeOrCheck(file, text, args, log) {
	if (args.check) {
		const current = existsSync(file) ? readFileSync(file, "utf8") : "";
		if (current !== text) {
			console.error(`${file} is out of date: run npm run routes:update`);
			process.exitCode = 1;
		} else log(`${file} is up to date`);
		return;
	}
	mkdirSync(dirname(file), { recursive: true });
	writeFileSync(file, text);
	log(`wrote ${file} (${Buffer.byteLength(text)} bytes)`);
}

/**
A method, once in the table, stays: code calls it by name. When a new description drops an
operation (GitHub dropped team discussions, the old billing and Copilot metrics endpoints), the
generator stops here, naming each method, rather than writing a table without them; the fix is a
row for each in scripts/legacy-routes.json, with its route and a `deprecated` message that says
what replaces it, as the rows kept from @octokit/rest 22 have.
*/
function keepsEveryName(previous, table) {
	const dropped = [];
	for (const [ns, methods] of Object.entries(previous.namespaces ?? {})) {
		for (const [m, [route]] of Object.entries(methods)) if (!table[ns]?.[m]) dropped.push(`${ns}.${m} (${route})`);
	}
	if (dropped.length) {
		fail(
			`${dropped.length} method(s) of the committed routes.json are not in the new table: ${dropped.join(", ")}. ` +
				"Keep each as a row of scripts/legacy-routes.json, with its route and a `deprecated` message naming its successor.",
		);
	}
}

async function run(specPath, args) {
	const log = args.quiet ? () => {} : (m) => console.error(m);
	const doc = JSON.parse(readFileSync(specPath, "utf8"));
	if (doc.info?.version && doc.info.version !== OPENAPI_VERSION) {
		log(`warning: description is version ${doc.info.version}, expected ${OPENAPI_VERSION}`);
	}
	const legacy = JSON.parse(readFileSync(LEGACY_FILE, "utf8"));
	const { table, renamedNamespaces, counts, renamedCount, legacyRows } = generate(doc, legacy, log);
	if (existsSync(args.out)) keepsEveryName(JSON.parse(readFileSync(args.out, "utf8")), table);
	const text = serialize(await checkRoundTrip(table, renamedNamespaces));

	const all = Object.values(table).flatMap((ms) => Object.values(ms));
	log(
		[
			`operations: ${counts.operations} in ${counts.namespaces} namespaces ` +
				`(${counts.current} not deprecated, in ${counts.currentNamespaces} namespaces)`,
			`methods in routes.json: ${all.length} in ${Object.keys(table).length} namespaces; ` +
				`deprecated ${all.filter((e) => e.decorations.deprecated).length}, ` +
				`renamed ${all.filter((e) => e.decorations.renamed).length} ` +
				`(${renamedCount.fromOpenapi} from x-octokit), legacy rows ${legacyRows}`,
		].join("\n"),
	);

	writeOrCheck(args.out, text, args, log);

	// Every other server the pinned package describes: its own table, checked through the codec
	// the same way, committed as its difference from routes.json.
	const base = JSON.parse(text);
	const serversDir = join(dirname(args.out), "servers");
	const expected = new Set();
	for (const [server, path] of serverDescriptions(specPath)) {
		const serverDoc = JSON.parse(readFileSync(path, "utf8"));
		const serverWarnings = [];
		const generated = generate(serverDoc, legacy, (m) => serverWarnings.push(m), { lenient: true });
		const plain = await checkRoundTrip(generated.table, generated.renamedNamespaces, `${OPENAPI_PACKAGE}@${OPENAPI_VERSION} ${server}`);
		const difference = serverDifference(base, plain, server);
		const count = (rows) => Object.values(rows).reduce((sum, list) => sum + (Array.isArray(list) ? list.length : Object.keys(list).length), 0);
		log(`${server}: ${count(plain.namespaces)} methods; ${count(difference.namespaces)} rows differ from routes.json, ${count(difference.removed)} of its names absent (${serverWarnings.length} warnings)`);
		const file = join(serversDir, `${server}.json`);
		expected.add(`${server}.json`);
		writeOrCheck(file, serializeDifference(difference), args, log);
	}
	// A table whose description the package no longer ships must go too.
	for (const file of existsSync(serversDir) ? readdirSync(serversDir) : []) {
		if (!expected.has(file)) {
			console.error(`${join(serversDir, file)} has no description in ${OPENAPI_PACKAGE}@${OPENAPI_VERSION}: delete it`);
			process.exitCode = 1;
		}
	}
}

try {
	const args = parseArgs(process.argv.slice(2));
	// A downloaded copy is removed once run() is done: it reads the other servers' descriptions beside it.
	if (args.spec) await run(args.spec, args);
	else await withDownloadedSpec((specPath) => run(specPath, args));
} catch (error) {
	if (error instanceof GeneratorError) {
		console.error(`generate-routes: ${error.message}`);
		process.exit(1);
	}
	throw error;
}
