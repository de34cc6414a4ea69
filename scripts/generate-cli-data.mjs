#!/usr/bin/env node
// Generates bin/cli-data.json: what only the `hublet` command needs about each method (its
// docs link, its one-line summary, whether it paginates), from GitHub's OpenAPI description.
// The library never reads it, so none of it enters a bundle.
//
//   node scripts/generate-cli-data.mjs             fetch the pinned description (or read HUBLET_OPENAPI_SPEC), write
//   node scripts/generate-cli-data.mjs --spec F    use an already extracted api.github.com.json
//   node scripts/generate-cli-data.mjs --check     generate in memory and fail if bin/cli-data.json differs
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

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "bin", "cli-data.json");
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

const parameterNames = (spec, operation) =>
	(operation.parameters ?? []).map((parameter) => {
		if (!parameter.$ref) return parameter.name;
		return parameter.$ref.split("/").reduce((node, key) => (key === "#" ? spec : node?.[key]), spec)?.name;
	});

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

/** One method per line: compact, and a regeneration diffs by method. */
export function serializeCliData(rows) {
	const lines = Object.entries(rows).map(([key, row]) => `${JSON.stringify(key)}:${JSON.stringify(row)}`);
	return `{"source":${JSON.stringify(`${OPENAPI_PACKAGE}@${OPENAPI_VERSION} api.github.com`)},"docs":${JSON.stringify(DOCS_BASE)},"methods":{\n${lines.join(",\n")}\n}}\n`;
}

function run(specPath, check) {
	const text = serializeCliData(buildCliData(JSON.parse(readFileSync(specPath, "utf8"))));
	if (check) {
		const current = existsSync(OUT) ? readFileSync(OUT, "utf8") : "";
		if (current !== text) {
			console.error(`${OUT} is out of date: run node scripts/generate-cli-data.mjs`);
			process.exitCode = 1;
		}
		return;
	}
	writeFileSync(OUT, text);
	console.error(`wrote ${OUT} (${Buffer.byteLength(text)} bytes)`);
}

if (import.meta.url === pathToFileURL(process.argv[1]).href) {
	const { values } = parseArgs({ options: { spec: { type: "string" }, check: { type: "boolean" } } });
	if (values.spec) run(resolve(values.spec), values.check);
	else withDownloadedSpec((specPath) => run(specPath, values.check));
}
