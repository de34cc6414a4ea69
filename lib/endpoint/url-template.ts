import { ownValue } from "../common/objects.js";

/*
RFC 6570 URI templates, levels 1–4: the operators `+ # . / ; ? &`, the explode modifier `*`
on lists and objects, and `:n` prefixes. GitHub's routes use `{x}` and `{?a,b}`; the rest is
here because pagination links, hypermedia fields (`upload_url`) and users' own routes may
carry them.

One rule follows @octokit/endpoint instead of the RFC, because routes use it and users' mocks
(nock, fetch-mock) pin the URLs octokit sends: in a form-style query (`{?a,b}`, `{&a,b}`) an
undefined variable keeps its empty slot, and the operator is always written. So
`{?name,label}` with only `name` gives `?name=x&`, and with neither `?&` (the RFC says
`?name=x` and nothing). GitHub ignores the empty pairs.

Elsewhere, where octokit's expander differs from the RFC, this one follows the RFC (no route
uses these forms):
- an undefined variable in any other expression is skipped with its separator
  (`{x,undef}` gives `x`, not `x,`);
- exploded lists and objects in `{?x*}` are joined by `&` (`?a=1&a=2`, not `?a=1,a=2`);
- an empty list or object in `{?x}` is an undefined variable (octokit writes `x=`);
- `:n` counts characters (code points), not UTF-16 units.
*/

/** A variable: its name, whether it is exploded (`*`), and its `:n` prefix. */
type VarSpec = [name: string, explode: boolean, prefix?: number];

/**
An expression: its operator (RFC 6570 appendix A, read from the character once when the template
is compiled) and its variables. `form` is a form-style query, which keeps an empty slot for an
undefined variable, as octokit does.
*/
interface Expression {
	first: string;
	separator: string;
	named: boolean;
	form: boolean;
	encode: (value: string) => string;
	vars: VarSpec[];
}

// Literals between expressions (already encoded) and expressions, alternating.
type Token = string | Expression;

// Module constants: a regular expression literal in a function is a new object at each evaluation.
const UNRESERVED = /^[\w.~-]*$/;
const MAYBE_DOTS = /^[.%2eE]*$/;

/** Percent-encodes everything but the RFC 3986 unreserved set `A-Z a-z 0-9 - . _ ~`. */
function encodeUnreserved(value: string): string {
	// Most values (owners, repository names, numbers) need no encoding: one test instead of two passes.
	if (UNRESERVED.test(value)) return value;
	return encodeURIComponent(value).replace(/[!'()*]/g, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());
}

/** Keeps unreserved and reserved characters and existing `%XX` triplets; encodes the rest. */
function encodeReserved(value: string): string {
	return value.replace(/%[\dA-Fa-f]{2}|[^\w\-.~:/?#[\]@!$&'()*+,;=%]|%/gu, (match) =>
		match.length === 3 ? match : encodeURIComponent(match),
	);
}

const SEPARATORS: Record<string, string> = { ".": ".", "/": "/", ";": ";", "?": "&", "&": "&" };

function compileExpression(body: string): Expression {
	const operator = body !== "" && "+#./;?&".includes(body[0]) ? body[0] : "";
	const vars: VarSpec[] = [];
	for (const spec of body.slice(operator.length).split(",")) {
		const match = /^([^:*]*)(?::(\d+)|(\*))?$/.exec(spec);
		// A spec that is not `name`, `name:n` or `name*` is a name as it is (never empty: "" matches).
		if (!match) vars.push([spec, false]);
		else if (match[1] !== "") vars.push([match[1], match[3] === "*", match[2] === undefined ? undefined : +match[2]]);
	}
	const form = operator === "?" || operator === "&";
	return {
		first: operator === "+" ? "" : operator,
		separator: SEPARATORS[operator] ?? ",",
		named: form || operator === ";",
		form,
		encode: operator === "+" || operator === "#" ? encodeReserved : encodeUnreserved,
		vars,
	};
}

// Routes repeat, so their compiled form is kept. Unique URLs (pagination links) have no
// expressions and are never stored; the cap only guards against unbounded templates.
const cache = new Map<string, Token[]>();
const CACHE_LIMIT = 500;

function compile(template: string): Token[] {
	let tokens = cache.get(template);
	if (tokens) return tokens;
	// Split on expressions: literals at even places, expression bodies at odd ones. A stray `{` or
	// `}` is no expression: the literal's encoding writes it as `%7B` or `%7D`.
	tokens = template
		.split(/\{([^{}]*)\}/)
		.map((part, index) => (index % 2 ? compileExpression(part) : encodeReserved(part)))
		.filter((token) => token !== "");
	if (tokens.some((token) => typeof token !== "string")) {
		if (cache.size >= CACHE_LIMIT) cache.clear();
		cache.set(template, tokens);
	}
	return tokens;
}

/** `name=value` in a named expression (`name` alone under `;` when the value is empty), else the value. */
function named(expression: Expression, name: string, encoded: string): string {
	if (!expression.named) return encoded;
	return encoded || expression.form ? name + "=" + encoded : name;
}

/** Appends one variable's expansion to `parts` (nothing for an undefined one outside a form-style query). */
function expandVariable(expression: Expression, spec: VarSpec, context: object, parts: string[]) {
	// Indexes rather than destructuring, which would walk the spec's iterator on every call.
	const name = spec[0];
	const prefix = spec[2];
	const { encode } = expression;
	// Own properties only: `{constructor}` is not filled from Object.prototype.
	const value = ownValue(context, name);
	const type = typeof value;
	if (type === "string" || type === "number" || type === "boolean" || type === "bigint") {
		const text = String(value);
		parts.push(named(expression, name, encode(prefix === undefined ? text : [...text].slice(0, prefix).join(""))));
		return;
	}
	// Lists and objects: undefined members are dropped, and an empty composite is undefined.
	const isList = Array.isArray(value);
	const pairs: string[][] = [];
	if (value != null) {
		// A list's holes are undefined members; its own keys beyond the indices are not members.
		for (const [key, member] of isList ? value.entries() : Object.entries(value)) {
			if (member != null) pairs.push([key as string, String(member)]);
		}
	}
	if (pairs.length === 0) {
		if (expression.form) parts.push("");
		return;
	}
	if (!spec[1]) {
		const joined = pairs.map(([key, text]) => (isList ? "" : encode(key) + ",") + encode(text)).join(",");
		parts.push(expression.named ? name + "=" + joined : joined);
		return;
	}
	for (const [key, text] of pairs) {
		if (isList) parts.push(named(expression, name, encode(text)));
		else if (expression.named) parts.push(named(expression, encode(key), encode(text)));
		else parts.push(encode(key) + "=" + encode(text));
	}
}

function expandTokens(tokens: Token[], context: object): string {
	let url = "";
	let ranges: Array<[number, number, VarSpec[]]> | undefined;
	for (const token of tokens) {
		if (typeof token === "string") {
			url += token;
			continue;
		}
		const parts: string[] = [];
		for (const spec of token.vars) {
			try {
				expandVariable(token, spec, context, parts);
			} catch (error) {
				// A lone surrogate cannot be percent-encoded (URIError), and a member that is an
				// object without a prototype or with a throwing toString cannot be text: either way
				// the error names the parameter rather than passing on the engine's bare message.
				const reason = error instanceof Error ? error.message : String(error);
				const expected = `text, a number, or a list or object of them (${reason})`;
				throw new TypeError(`Expected URL parameter "${spec[0]}" to be ${expected}`);
			}
		}
		// An expression whose variables are all undefined vanishes, operator and all.
		if (parts.length === 0) continue;
		const expanded = token.first + parts.join(token.separator);
		// Only an expansion with a "/" or made of nothing but dot characters can take part in a
		// "." or ".." segment; skipping the rest keeps the check off the common path.
		if (expanded.includes("/") || MAYBE_DOTS.test(expanded)) {
			(ranges ??= []).push([url.length, url.length + expanded.length, token.vars]);
		}
		url += expanded;
	}
	if (ranges) assertNoDotSegments(url, ranges);
	return url;
}

/**
Refuses an expansion that makes a path segment `.` or `..`.

WHATWG URL parsing (and so `fetch`) resolves such a segment, also in its `%2e` forms, and
would move the request to another endpoint: `DELETE /orgs/{org}/members/{username}` with
`username: ".."` would become `DELETE /orgs/{org}`. Encoding cannot prevent that, because the
URL Standard treats `%2e` as a dot too, so the only safe answer is to refuse. Values such as
`"../x"` are safe: simple expansion encodes `/`, so they stay inside their own segment.
*/
function assertNoDotSegments(url: string, ranges: Array<[number, number, VarSpec[]]>): void {
	let start = 0;
	for (const segment of url.split(/[?#]/)[0].split("/")) {
		const stop = start + segment.length;
		if (/^(?:\.|%2[eE]){1,2}$/.test(segment)) {
			const names = ranges
				.filter(([from, to]) => from < stop && to > start)
				.flatMap(([, , vars]) => vars.map(([name]) => `"${name}"`));
			if (names.length > 0) {
				const what = `the path segment "${segment}", which leads to another path`;
				throw new TypeError(`Expected URL parameter ${names.join(", ")} not to make ${what}`);
			}
		}
		start = stop + 1;
	}
}

/**
`/orgs/:org` is the old placeholder style; it becomes `/orgs/{org}`. Only in the path: unlike
octokit, a literal `:word` in a query (`?q=repo:octokit/rest.js` in a pagination link) stays.
`replacement` (a `String.prototype.replace` pattern, `$1` the name) lets a caller that wants the
colons kept say what to put in their place: the `hublet` command sends a typed path as typed.
*/
export function colonsToBraces(url: string, replacement = "{$1}"): string {
	if (!url.includes(":")) return url;
	const end = url.includes("?") ? url.indexOf("?") : url.length;
	return url.slice(0, end).replace(/:([a-z]\w+)/g, replacement) + url.slice(end);
}

/**
Parses a template once for repeated expansion.

@example
```js
parseUrl("/repos/{owner}/{repo}{?page}").expand({ owner: "octokit", repo: "rest.js", page: 2 });
//=> "/repos/octokit/rest.js?page=2"
```
*/
export function parseUrl(template: string): { expand(context: object): string } {
	const tokens = compile(template);
	return { expand: (context) => expandTokens(tokens, context) };
}

/**
Expands an RFC 6570 template with `values`. `null` and `undefined` values, empty lists and
empty objects are undefined variables. Throws a `TypeError` when a value would make a path
segment `.` or `..`.
*/
export function expandTemplate(template: string, values: object): string {
	return expandTokens(compile(template), values);
}

// endpoint() asks for a route's names on every call, and request() for its path names; they are
// kept like its tokens.
const variableNames = new Map<string, string[]>();
const pathVariableNames = new Map<string, string[]>();

/**
The variable names of a template, in order of first appearance, without operators or
modifiers: `"/repos/{owner}/{repo}{?name,label*}"` gives `["owner", "repo", "name", "label"]`.
With `pathOnly`, form-style query expressions (`{?a,b}`, `{&a}`) are left out: `["owner", "repo"]`.
The one parser of template variables: endpoint() and the method builder both use it.
*/
export function extractUrlVariableNames(url: string, pathOnly = false): string[] {
	const known = pathOnly ? pathVariableNames : variableNames;
	let names = known.get(url);
	if (!names) {
		names = [];
		for (const token of compile(url)) {
			if (typeof token === "string" || (pathOnly && token.form)) continue;
			for (const [name] of token.vars) if (!names.includes(name)) names.push(name);
		}
		if (known.size >= CACHE_LIMIT) known.clear();
		known.set(url, names);
	}
	return names;
}
