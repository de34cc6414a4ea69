// `hublet graphql -f query='…' -F name=value`: one GraphQL query, as `gh api graphql` sends it.
// The answer is printed whole, as the server gave it; an answer with `errors` exits 1.
import { addParameter, notText, parseParameters, readParameterFile, textOrBytes } from "./args.mjs";
import { createClient, tokenFromEnv } from "./client.mjs";
import { capturingFetch, printCurl, printDryRun } from "./dry-run.mjs";
import { EXIT, UsageError, reportError } from "./errors.mjs";
import { printResponse } from "./output.mjs";
import { stderrMessage } from "./stderr.mjs";
import { ghesGraphqlUrl } from "#command-line";

const LABEL = "graphql";
// What the request carries beside `variables`; every other field is a variable, as in gh.
const TOP_LEVEL = new Set(["query", "operationName"]);
// Errors listed on stderr (all of them are on stdout), and the longest text shown of each.
const LISTED = 20;
const LONGEST = 500;

/**
`-F name=value`, gh's typed field: `true`, `false` and `null` are themselves, an integer a number,
`@file` the file's text (`@-` standard input), anything else a string.
*/
function typedField(name, value, files) {
	if (value === "true" || value === "false" || value === "null") return JSON.parse(value);
	// An integer that a double holds exactly; a longer run of digits stays a string, not a rounded number.
	if (/^-?(?:0|[1-9]\d{0,14})$/.test(value)) return Number(value);
	if (value.startsWith("@") && value.length > 1) {
		const path = value.slice(1);
		const text = textOrBytes(readParameterFile(path, name, files));
		if (typeof text !== "string") throw notText(name, path, "=");
		return text;
	}
	return value;
}

/**
The fields of `-f` (strings) and `-F` (typed), then the `name=value` words, as one object.
`readStdin()` gives standard input's bytes; a relative path is read from `cwd`.
*/
export function graphqlFields(options, words, { readStdin = () => Buffer.alloc(0), cwd } = {}) {
	let stdinRead = false;
	// `-F q=@-` and `q=@-` share one standard input.
	const readStdinOnce = () => {
		if (stdinRead) throw new UsageError("standard input (@-) can be read only once");
		stdinRead = true;
		return readStdin();
	};
	const fields = {};
	const split = (flag, field) => {
		const at = field.indexOf("=");
		if (at < 1) throw new UsageError(`${flag} takes name=value, got ${JSON.stringify(field)}`, "such as: hublet graphql -f query='{ viewer { login } }'");
		return [field.slice(0, at), field.slice(at + 1)];
	};
	for (const field of options["raw-field"] ?? []) addParameter(fields, ...split("-f", field));
	for (const field of options.field ?? []) {
		const [name, value] = split("-F", field);
		addParameter(fields, name, typedField(name, value, { readStdin: readStdinOnce, cwd }));
	}
	const { params, files } = parseParameters(words, { readStdin: readStdinOnce, cwd });
	// A GraphQL request is JSON: the bytes `data=@file` may send as a REST call's body have no place in it.
	const bytes = files.find((file) => typeof textOrBytes(file.bytes) !== "string");
	if (bytes) throw notText(bytes.name, bytes.path, "=");
	for (const [name, value] of Object.entries(params)) addParameter(fields, name, value);
	return fields;
}

/** `{ query, operationName?, variables? }` from the fields, or a usage error naming what is wrong. */
export function graphqlBody(fields) {
	const body = {};
	const variables = {};
	for (const [name, value] of Object.entries(fields)) addParameter(TOP_LEVEL.has(name) ? body : variables, name, value);
	if (typeof body.query !== "string" || body.query.trim() === "") {
		throw new UsageError(
			body.query === undefined ? "a query is needed" : "the query must be one non-empty string",
			"such as: hublet graphql -f query='query($owner: String!) { repositoryOwner(login: $owner) { login } }' -F owner=octokit",
		);
	}
	if (body.operationName !== undefined && typeof body.operationName !== "string") throw new UsageError("operationName must be one string");
	if (Object.keys(variables).length > 0) body.variables = variables;
	return body;
}

const isObject = (value) => value !== null && typeof value === "object" && !Array.isArray(value) && !(value instanceof ArrayBuffer);

/** Any value as short text: a string as it is, anything else as its JSON, clipped. */
function shortText(value) {
	let text;
	try {
		text = typeof value === "string" ? value : (JSON.stringify(value) ?? String(value));
	} catch {
		text = String(value);
	}
	return text.length > LONGEST ? `${text.slice(0, LONGEST)}…` : text;
}

/**
The `errors` of an answer as the lines of one message, or undefined when it has none (absent,
`null`, `false`, an empty list): each error's `message`, or its JSON when it has none, whatever
shape the server gave (a string, an object, a list of anything).
*/
export function errorsMessage(data) {
	if (!isObject(data) || !Object.hasOwn(data, "errors")) return undefined;
	const { errors } = data;
	if (!errors || (Array.isArray(errors) && errors.length === 0)) return undefined;
	const list = Array.isArray(errors) ? errors : [errors];
	const lines = list.slice(0, LISTED).map((entry) => shortText(isObject(entry) && typeof entry.message === "string" ? entry.message : entry));
	if (list.length === 1) return `GraphQL: ${lines[0]}`;
	if (list.length > LISTED) lines.push(`… and ${list.length - LISTED} more (all of them are on stdout)`);
	return `GraphQL: ${list.length} errors:\n${lines.map((line) => `- ${line}`).join("\n")}`;
}

/** Runs `hublet graphql …` with the command's `io` (main.mjs); resolves with the exit code. */
export async function runGraphql(words, options, { stdout, stderr, status, env, readStdin, cwd, closers }) {
	const offline = options["dry-run"] || options.curl;
	const capture = offline ? capturingFetch() : undefined;
	try {
		if (options.paginate) throw new UsageError("--paginate is not taken here", "ask for a page at a time with -F endCursor=… and the query's pageInfo { hasNextPage endCursor }");
		const body = graphqlBody(graphqlFields(options, words, { readStdin, cwd }));
		const client = createClient(options, status, { env, fetch: capture?.fetch, closers });
		const url = ghesGraphqlUrl(client.request.endpoint.DEFAULTS.baseUrl) ?? "/graphql";
		const response = await client.request({ method: "POST", url, ...body });
		if (capture) {
			if (options.curl) await printCurl(capture.captured, { token: tokenFromEnv(env) }, stdout);
			else await printDryRun(capture.captured, stdout);
			return EXIT.ok;
		}
		await printResponse(response, options, stdout);
		const errors = errorsMessage(response.data);
		if (errors === undefined) return EXIT.ok;
		// As `gh api graphql`: the answer is printed, and its errors make the command fail.
		stderr.write(`${stderrMessage(`hublet: ${LABEL}: ${errors}`)}\n`);
		return EXIT.request;
	} catch (error) {
		return reportError(error, { stderr, label: LABEL, options, stdout, env });
	}
}
