#!/usr/bin/env node
// Generates bin/cli-data.json: what only the `hublet` command needs about each method (its
// docs link, its one-line summary, whether it paginates), and bin/cli-parameters.json: each
// method's query and body parameters with their types (for `hublet describe`), from GitHub's
// OpenAPI description. The library never reads them, so none of it enters a bundle.
//
//   node scripts/generate-cli-data.mjs             fetch the pinned description (or read HUBLET_OPENAPI_SPEC), write
//   node scripts/generate-cli-data.mjs --spec F    use an already extracted api.github.com.json
//   node scripts/generate-cli-data.mjs --check     generate in memory and fail if either file differs
//
// Methods are matched to operations through the public API (a method's `.route` against the
// description's verb and path), so this does not depend on how routes.json is encoded. It
// imports the built package: run `npm run build` first.
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { parseArgs } from "node:util";
import { Hublet } from "@hublet/rest";
import { OPENAPI_PACKAGE, OPENAPI_VERSION, withDownloadedSpec } from "./openapi-spec.mjs";
import { docsAnchor } from "../bin/cli/docs-anchor.mjs";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "bin", "cli-data.json");
const PARAMETERS_OUT = join(ROOT, "bin", "cli-parameters.json");
const DOCS_BASE = "https://docs.github.com/rest/";

// Methods that neither the description nor a successor explains: GitHub dropped them from
// api.github.com, but GitHub Enterprise Server still serves and documents them.
const NOT_IN_DESCRIPTION = {
	"repos.enableLfsForRepo": [
		"https://docs.github.com/enterprise-server@latest/rest/repos/lfs#enable-git-lfs-for-a-repository",
		"Enable Git LFS for a repository (GitHub Enterprise Server)",
	],
	"repos.disableLfsForRepo": [
		"https://docs.github.com/enterprise-server@latest/rest/repos/lfs#disable-git-lfs-for-a-repository",
		"Disable Git LFS for a repository (GitHub Enterprise Server)",
	],
};

/** `GET /repos/{owner}/{repo}` for each operation of the description. */
function operationsByRoute(spec) {
	const operations = new Map();
	for (const [path, item] of Object.entries(spec.paths)) {
		for (const [verb, operation] of Object.entries(item)) {
			if (operation?.operationId) operations.set(`${verb.toUpperCase()} ${path}`, operation);
		}
	}
	return operations;
}

/** A node with its `$ref` (`#/components/…`) followed, as often as it takes. */
const resolveRef = (spec, node) => {
	let current = node;
	for (let depth = 0; current?.$ref && depth < 10; depth++) current = current.$ref.split("/").reduce((found, key) => (key === "#" ? spec : found?.[key]), spec);
	return current;
};

const parameterNames = (spec, operation) => (operation.parameters ?? []).map((parameter) => resolveRef(spec, parameter)?.name);

// GitHub pages a list with `per_page` and `page` (or cursors) and links the next page: a GET
// that takes `per_page` is a list that `--paginate` can walk.
const paginates = (spec, verb, operation) => verb === "GET" && parameterNames(spec, operation).includes("per_page");

const oneLine = (text) => String(text ?? "").replace(/\s+/g, " ").trim();
const shortDocs = (url) => (url.startsWith(DOCS_BASE) ? url.slice(DOCS_BASE.length) : url);

/**
The rows of bin/cli-data.json, keyed `namespace.method`, in a stable order, for every
method of `client` (a route subset in tests).
*/
export function buildCliData(spec, client = new Hublet({ log: { warn() {} } })) {
	const operations = operationsByRoute(spec);
	const rows = {};
	const fallbacks = [];
	for (const namespace of Object.keys(client.rest).sort()) {
		for (const name of Object.keys(client.rest[namespace]).sort()) {
			const method = client.rest[namespace][name];
			// `{?name,label}` is how the table writes query parameters; the description has the bare path.
			const route = method.route.replace(/\{\?[^}]*\}$/, "");
			const operation = operations.get(route);
			if (operation) {
				const row = [shortDocs(operation.externalDocs?.url ?? ""), oneLine(operation.summary)];
				if (paginates(spec, route.split(" ")[0], operation)) row.push(1);
				rows[`${namespace}.${name}`] = row;
			} else fallbacks.push([namespace, name, method]);
		}
	}
	// A legacy method borrows from what replaced it: the link its deprecation message gives,
	// and the summary of the successor it names.
	for (const [namespace, name, method] of fallbacks) {
		const key = `${namespace}.${name}`;
		if (NOT_IN_DESCRIPTION[key]) {
			rows[key] = [shortDocs(NOT_IN_DESCRIPTION[key][0]), NOT_IN_DESCRIPTION[key][1]];
			continue;
		}
		const message = method.deprecated;
		if (!message) throw new Error(`${key} (${method.route}) is not in the description and has no fallback: add it to NOT_IN_DESCRIPTION`);
		const successor = /use octokit\.(?:rest\.)?(\w+)\.(\w+)\(\)/.exec(message);
		const link = /see (https:\/\/\S+?)[.,]?$/.exec(message)?.[1];
		const successorRow = successor && rows[`${successor[1]}.${successor[2]}`];
		// The message itself is shown beside the summary, so the summary keeps only its first clause.
		const reason = message.replace(/^.*?deprecated[,:]\s*/, "").split(/[;,] /)[0];
		const summary = successorRow ? `Deprecated: use ${successor[1]}.${successor[2]} (${successorRow[1]})` : `Deprecated: ${reason}`;
		const docs = link ?? successorRow?.[0];
		if (!docs) throw new Error(`${key}: no docs link in its deprecation message and no successor`);
		rows[key] = [shortDocs(docs), summary];
	}
	return Object.fromEntries(Object.entries(rows).sort(([a], [b]) => (a < b ? -1 : 1)));
}

// The body of a request that is not JSON: sent from `data` as it is.
const RAW_BODY_TYPES = ["text/plain", "text/x-markdown", "application/octet-stream"];

/**
A schema as a person reads its type: `string`, `integer`, `open | closed | all` for an enum,
`string or integer` for alternatives, `string[]` for a list, `string (date-time)` for a format.
*/
function typeText(spec, node, depth = 0) {
	const schema = resolveRef(spec, node) ?? {};
	if (depth > 3) return "any";
	if (Array.isArray(schema.enum)) return schema.enum.map((value) => (typeof value === "string" ? value : JSON.stringify(value))).join(" | ");
	const alternatives = schema.oneOf ?? schema.anyOf;
	if (alternatives) return [...new Set(alternatives.map((item) => typeText(spec, item, depth + 1)))].join(" or ");
	if (schema.allOf?.length === 1) return typeText(spec, schema.allOf[0], depth + 1);
	const types = (Array.isArray(schema.type) ? schema.type : [schema.type ?? (schema.properties ? "object" : "any")]).filter((type) => type !== "null");
	return types
		.map((type) => {
			if (type === "array") {
				const items = typeText(spec, schema.items, depth + 1);
				return /[ |]/.test(items) ? `(${items})[]` : `${items}[]`;
			}
			return schema.format && type === "string" && !/^(uri|email)$/.test(schema.format) ? `${type} (${schema.format})` : type;
		})
		.join(" or ");
}

/** A default worth showing beside a type: a short scalar. */
const defaultOf = (spec, node) => {
	const value = resolveRef(spec, node)?.default;
	return value !== undefined && value !== null && typeof value !== "object" && String(value).length <= 40 ? String(value) : undefined;
};

/** The top-level properties of a JSON body, with the names every alternative requires. */
function bodyProperties(spec, node) {
	const schema = resolveRef(spec, node) ?? {};
	const parts = [schema, ...(schema.allOf ?? []), ...(schema.oneOf ?? schema.anyOf ?? [])].map((part) => resolveRef(spec, part) ?? {});
	const properties = {};
	for (const part of parts) Object.assign(properties, part.properties ?? {});
	const required = new Set(schema.required ?? []);
	for (const part of schema.allOf ?? []) for (const name of resolveRef(spec, part)?.required ?? []) required.add(name);
	return { properties, required };
}

/**
One row per parameter that is neither in the path nor a header: `[name, "query" | "body", type,
required?, default?]`, where `required` is 1 or 0, and 0 is left out when nothing follows it.
*/
function operationParameters(spec, operation) {
	const rows = [];
	const row = (name, where, type, required, fallback) => rows.push(fallback !== undefined ? [name, where, type, required ? 1 : 0, fallback] : required ? [name, where, type, 1] : [name, where, type]);
	for (const parameter of (operation.parameters ?? []).map((item) => resolveRef(spec, item))) {
		if (parameter?.in === "query") row(parameter.name, "query", typeText(spec, parameter.schema), parameter.required === true, defaultOf(spec, parameter.schema));
	}
	const content = resolveRef(spec, operation.requestBody)?.content ?? {};
	if (content["application/json"]) {
		const { properties, required } = bodyProperties(spec, content["application/json"].schema);
		for (const [name, schema] of Object.entries(properties)) row(name, "body", typeText(spec, schema), required.has(name), defaultOf(spec, schema));
	} else {
		const raw = RAW_BODY_TYPES.find((type) => content[type]);
		if (raw) row("data", "body", `the raw body (${raw})`, resolveRef(spec, operation.requestBody)?.required === true);
	}
	return rows;
}

/** bin/cli-parameters.json's rows: each method's query and body parameters, keyed `namespace.method`. */
export function buildCliParameters(spec, client = new Hublet({ log: { warn() {} } })) {
	const operations = operationsByRoute(spec);
	const rows = {};
	for (const namespace of Object.keys(client.rest).sort()) {
		for (const name of Object.keys(client.rest[namespace]).sort()) {
			const operation = operations.get(client.rest[namespace][name].route.replace(/\{\?[^}]*\}$/, ""));
			const parameters = operation ? operationParameters(spec, operation) : [];
			if (parameters.length > 0) rows[`${namespace}.${name}`] = parameters;
		}
	}
	return rows;
}

/**
One method per line: compact, and a regeneration diffs by method. A docs link that ends with its
summary's anchor is written without it (`actions/artifacts#`): the command adds it back.
*/
export function serializeCliData(rows) {
	const short = ([link, summary, ...rest]) => {
		// A link that ends with "#" is how one without its anchor is written: an empty anchor could not be told from it.
		if (link.endsWith("#")) throw new Error(`a docs link with an empty anchor: ${link}`);
		return [link.endsWith(`#${docsAnchor(summary)}`) ? link.slice(0, link.lastIndexOf("#") + 1) : link, summary, ...rest];
	};
	const lines = Object.entries(rows).map(([key, row]) => `${JSON.stringify(key)}:${JSON.stringify(short(row))}`);
	return `{"source":${JSON.stringify(`${OPENAPI_PACKAGE}@${OPENAPI_VERSION} api.github.com`)},"docs":${JSON.stringify(DOCS_BASE)},"methods":{\n${lines.join(",\n")}\n}}\n`;
}

// A parameter row that many methods share (per_page, page, direction…) is written once, in
// `shared`, and each method names it by its index: a third of the file's bytes.
const SHARED_AT = 3;

/** bin/cli-parameters.json: `shared` rows, then one method per line, as bin/cli-data.json. */
export function serializeCliParameters(rows) {
	const counts = new Map();
	for (const parameters of Object.values(rows)) for (const row of parameters) counts.set(JSON.stringify(row), (counts.get(JSON.stringify(row)) ?? 0) + 1);
	const shared = [...counts]
		.filter(([, count]) => count >= SHARED_AT)
		.sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
		.map(([text]) => text);
	const index = new Map(shared.map((text, position) => [text, position]));
	const lines = Object.entries(rows).map(([key, parameters]) => `${JSON.stringify(key)}:[${parameters.map((row) => index.get(JSON.stringify(row)) ?? JSON.stringify(row)).join(",")}]`);
	return `{"source":${JSON.stringify(`${OPENAPI_PACKAGE}@${OPENAPI_VERSION} api.github.com`)},"shared":[\n${shared.join(",\n")}\n],"methods":{\n${lines.join(",\n")}\n}}\n`;
}

function run(specPath, check) {
	const spec = JSON.parse(readFileSync(specPath, "utf8"));
	for (const [out, text] of [
		[OUT, serializeCliData(buildCliData(spec))],
		[PARAMETERS_OUT, serializeCliParameters(buildCliParameters(spec))],
	]) {
		if (check) {
			const current = existsSync(out) ? readFileSync(out, "utf8") : "";
			if (current !== text) {
				console.error(`${out} is out of date: run node scripts/generate-cli-data.mjs`);
				process.exitCode = 1;
			}
			continue;
		}
		writeFileSync(out, text);
		console.error(`wrote ${out} (${Buffer.byteLength(text)} bytes)`);
	}
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
	const { values } = parseArgs({ options: { spec: { type: "string" }, check: { type: "boolean" } } });
	if (values.spec) run(resolve(values.spec), values.check);
	else withDownloadedSpec((specPath) => run(specPath, values.check));
}
