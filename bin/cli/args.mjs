// argv in, a plain description of the command out: its options, its words, and the
// `name=value` parameters turned into values. Nothing here sends anything.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { UsageError } from "./errors.mjs";
import { closest } from "./suggest.mjs";

export const OPTIONS = {
	paginate: { type: "boolean" },
	ndjson: { type: "boolean" },
	"dry-run": { type: "boolean" },
	curl: { type: "boolean" },
	include: { type: "boolean", short: "i" },
	compact: { type: "boolean" },
	"base-url": { type: "string" },
	server: { type: "string" },
	// `gh api graphql`'s fields, taken by `hublet graphql` only: a string, and a typed value.
	"raw-field": { type: "string", short: "f", multiple: true },
	field: { type: "string", short: "F", multiple: true },
	help: { type: "boolean", short: "h" },
	version: { type: "boolean" },
};

/**
`{ options, words }`: the flags, and every other argument in order. `isParameter(name, words)`
tells whether an unknown `--name=value` or `--name value` names a parameter of the call the
words make, which then gets the hint to write it as `name=value`.
*/
export function parseCommandLine(argv, { isParameter = () => false } = {}) {
	let parsed;
	try {
		parsed = parseArgs({ args: argv, options: OPTIONS, allowPositionals: true, strict: true });
	} catch (error) {
		throw usageErrorFrom(error, error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION" ? parameterHint(argv, isParameter) : undefined);
	}
	const options = { ...parsed.values };
	// Fields are GraphQL's: a REST call takes name=value, and says so to a `gh api` user.
	if ((options.field || options["raw-field"]) && parsed.positionals[0] !== "graphql") throw ghFieldFlag(fieldFlagIn(argv, options));
	if (options["dry-run"] && options.curl) throw new UsageError("--dry-run and --curl each print the request: give one of them");
	if (options.include && options.paginate) throw new UsageError("--include cannot be combined with --paginate: the headers would break the JSON");
	return { options, words: parsed.positionals };
}

/**
`gh api` users write `--owner=o`: when every unknown `--name=value` (or `--name value`) is a
parameter of the call, "parameters are name=value: owner=o repo=r".
*/
function parameterHint(argv, isParameter) {
	const known = new Set(Object.keys(OPTIONS));
	const misplaced = [];
	const rest = [];
	for (let index = 0; index < argv.length; index++) {
		const match = /^--([^=]+)(?:=(.*))?$/s.exec(argv[index]);
		if (argv[index] === "--") {
			rest.push(...argv.slice(index));
			break;
		}
		if (!match || known.has(match[1])) {
			rest.push(argv[index]);
			continue;
		}
		let value = match[2];
		if (value === undefined && index + 1 < argv.length && !argv[index + 1].startsWith("-")) value = argv[++index];
		misplaced.push([match[1], value ?? ""]);
	}
	let words;
	try {
		words = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true, strict: true }).positionals;
	} catch {
		return undefined;
	}
	if (misplaced.length === 0 || !misplaced.every(([name]) => isParameter(name, words))) return undefined;
	const quoteForShell = (text) => (/^[\w@%+=:,./-]*$/.test(text) ? text : `'${text.replaceAll("'", `'\\''`)}'`);
	return `parameters are name=value: ${misplaced.map(([name, value]) => quoteForShell(`${name}=${value}`)).join(" ")}`;
}

const GH_FIELD_FLAGS = new Set(["-f", "-F", "--field", "--raw-field"]);

/**
The first field flag as typed (`-fname=value` and `--field=name=value` included), for the message;
one inside a group of short flags (`-iF`) is named by its letter.
*/
const fieldFlagIn = (argv, options) => {
	const end = argv.indexOf("--");
	const flag = (end === -1 ? argv : argv.slice(0, end)).find((word) => /^(?:-[fF]|--(?:raw-)?field(?:=|$))/.test(word));
	if (flag === undefined) return options["raw-field"] ? "-f" : "-F";
	return flag.startsWith("--") ? flag.split("=")[0] : flag.slice(0, 2);
};

const ghFieldFlag = (name) =>
	new UsageError(
		`unknown option ${name}`,
		"parameters take no flag here: gh api's -f name=value is name=value, and -F name=value is name:=json (or name=@file); -f and -F are hublet graphql's",
	);

// parseArgs names the problem in a sentence meant for programmers; a user wants the option
// and, for a typo, the option meant.
function usageErrorFrom(error, parameterHint) {
	const name = /'(-[^' ]+)/.exec(error.message)?.[1];
	if (error.code === "ERR_PARSE_ARGS_UNKNOWN_OPTION") {
		// A parameter written as an option: the hint says how to write it, not which option is closest.
		if (parameterHint) return new UsageError(`unknown option ${name}`, parameterHint);
		// `gh api`'s field flags, which hublet writes without a flag.
		if (GH_FIELD_FLAGS.has(name)) return ghFieldFlag(name);
		const known = Object.entries(OPTIONS).flatMap(([long, { short }]) => [`--${long}`, ...(short ? [`-${short}`] : [])]);
		const [suggestion] = closest(name ?? "", known);
		return new UsageError(`unknown option ${name}${suggestion ? ` (did you mean ${suggestion}?)` : ""}`);
	}
	if (error.code === "ERR_PARSE_ARGS_INVALID_OPTION_VALUE") {
		return new UsageError(/argument missing/.test(error.message) ? `${name} needs a value` : `${name} takes no value`);
	}
	return new UsageError(error.message);
}

/**
The parameters of a call, from `name=value` (a string), `name:=json` (any JSON value),
`name=@file` and `name:=@file` (a file; `@-` is standard input) and `name=\@text` (a
string that starts with @). A name given twice collects its values into an array.
`files` records what each file gave, so that an upload can take its content type from the file.
`readStdin()` gives standard input's bytes; a relative path is read from `cwd`.
*/
export function parseParameters(words, { readStdin = noStdin, cwd } = {}) {
	const params = {};
	const files = [];
	let stdinUsed = false;
	for (const word of words) {
		const match = /^([^=:]+)(:?=)(.*)$/s.exec(word);
		if (!match) throw new UsageError(`expected name=value, name:=json or name=@file, got "${word}"`);
		const [, name, operator, raw] = match;
		let value = raw;
		let bytes;
		if (raw.startsWith("@") && raw.length > 1) {
			const path = raw.slice(1);
			if (path === "-") {
				if (stdinUsed) throw new UsageError("standard input (@-) can be read only once");
				stdinUsed = true;
			}
			bytes = readParameterFile(path, name, { readStdin, cwd });
			files.push({ name, path, bytes });
			value = textOrBytes(bytes);
			// Bytes go only where they are sent as they are: `data`, a request's raw body. Anywhere
			// else they would sit in a JSON body, which holds text.
			if (typeof value !== "string" && (name !== "data" || operator === ":=")) throw notText(name, path, operator);
		} else if (raw.startsWith("\\@")) value = raw.slice(1);
		if (operator === ":=") value = parseJson(name, typeof value === "string" ? value : bytes.toString("utf8"));
		addParameter(params, name, value);
	}
	return { params, files };
}

/**
Sets `params[name]` to `value`, or, for a name given before, collects the values into an array.
Defined, not assigned: `__proto__=x` is a parameter like any other, never the object's prototype.
*/
export function addParameter(params, name, value) {
	Object.defineProperty(params, name, {
		value: Object.hasOwn(params, name) ? [].concat(params[name], [value]) : value,
		enumerable: true,
		writable: true,
		configurable: true,
	});
}

/** Standard input when none was given: empty, as for a command whose input is closed. */
const noStdin = () => Buffer.alloc(0);

/**
The bytes of `name=@path` (`@-`: standard input), or a usage error that names the field. A
relative path is `cwd`'s (the command's working directory), and is named as it was typed.
*/
export function readParameterFile(path, name, { readStdin = noStdin, cwd } = {}) {
	try {
		return path === "-" ? readStdin() : readFileSync(cwd === undefined ? path : resolve(cwd, path));
	} catch (error) {
		throw new UsageError(`${name}=@${path}: ${error.code === "ENOENT" ? "no such file" : error.message}`);
	}
}

// Text files become strings (so they can sit in a JSON body); anything else stays bytes,
// sent as they are, as a release asset must be.
export function textOrBytes(bytes) {
	try {
		return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
	} catch {
		return bytes;
	}
}

/** A file or stdin whose bytes are not UTF-8, given to a field of a JSON body: exit 2, saying how to send bytes. */
export function notText(name, path, operator) {
	const source = path === "-" ? "standard input" : path;
	const file = path === "-" ? "FILE" : path;
	return new UsageError(
		`${name}${operator}@${path}: ${source} is not UTF-8 text, and ${name} is a field of a JSON body, which holds text`,
		`To send bytes, encode them as base64, the form GitHub takes for binary content (such as content in repos.createOrUpdateFileContents): ${name}="$(base64 < ${file} | tr -d '\\n')"; or send them as the raw body with data=@${file}`,
	);
}

function parseJson(name, text) {
	try {
		return JSON.parse(text);
	} catch (error) {
		throw new UsageError(`${name}:= takes JSON: ${error.message}. Quote strings, as in ${name}:='"text"', or use ${name}=text`);
	}
}
