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

interface VarSpec {
	name: string;
	explode: boolean;
	prefix: number | undefined;
}

interface Operator {
	first: string;
	separator: string;
	named: boolean;
	ifEmpty: string;
	reserved: boolean;
	/** Form-style queries keep an empty slot for an undefined variable, as octokit does. */
	keepsSlots: boolean;
}

/** An expression's operator row (shared) and its variables: two fields, one hidden class. */
interface Expression {
	operator: Operator;
	vars: VarSpec[];
}

type Token = string | Expression;

// RFC 6570 appendix A, one row per operator, plus octokit's empty slots in form-style queries.
const row = (
	first: string,
	separator: string,
	named: boolean,
	ifEmpty: string,
	reserved: boolean,
	keepsSlots = false,
) => ({ first, separator, named, ifEmpty, reserved, keepsSlots });
const OPERATORS: Record<string, Operator> = {
	"": row("", ",", false, "", false),
	"+": row("", ",", false, "", true),
	"#": row("#", ",", false, "", true),
	".": row(".", ".", false, "", false),
	"/": row("/", "/", false, "", false),
	";": row(";", ";", true, "", false),
	"?": row("?", "&", true, "=", false, true),
	"&": row("&", "&", true, "=", false, true),
};

const UNRESERVED = /^[\w.~-]*$/;

/** Percent-encodes everything but the RFC 3986 unreserved set `A-Z a-z 0-9 - . _ ~`. */
function encodeUnreserved(value: string): string {
	// Most values (owners, repository names, numbers) need no encoding: one test instead of two passes.
	if (UNRESERVED.test(value)) return value;
	return encodeURIComponent(value).replace(/[!'()*]/g, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());
}

/** Keeps unreserved and reserved characters and existing `%XX` triplets; encodes the rest. */
function encodeReserved(value: string): string {
	return value.replace(/%[0-9A-Fa-f]{2}|[^A-Za-z0-9\-._~:/?#[\]@!$&'()*+,;=%]|%/gu, (match) =>
		match.length === 3 ? match : encodeURIComponent(match),
	);
}

function parseVarSpec(spec: string): VarSpec {
	const match = /^([^:*]*)(?::(\d+)|(\*))?$/.exec(spec);
	if (!match) return { name: spec, explode: false, prefix: undefined };
	return {
		name: match[1],
		explode: match[3] === "*",
		prefix: match[2] === undefined ? undefined : Number(match[2]),
	};
}

function tokenize(template: string): Token[] {
	const tokens: Token[] = [];
	const pattern = /\{([^{}]*)\}/g;
	let last = 0;
	for (let match = pattern.exec(template); match; match = pattern.exec(template)) {
		if (match.index > last) tokens.push(encodeLiteral(template.slice(last, match.index)));
		last = pattern.lastIndex;
		let body = match[1];
		const first = body.charAt(0);
		const operator = first !== "" && Object.hasOwn(OPERATORS, first) ? first : "";
		if (operator) body = body.slice(1);
		// map() sizes its array exactly and filter() does not; the parsed form of a route is kept.
		const specs = body.split(",").map(parseVarSpec);
		const vars = specs.some((spec) => spec.name === "") ? specs.filter((spec) => spec.name !== "") : specs;
		tokens.push({ operator: OPERATORS[operator], vars });
	}
	if (last < template.length) tokens.push(encodeLiteral(template.slice(last)));
	return tokens;
}

// A stray `{` or `}` is not an expression: it is encoded as a literal would be.
function encodeLiteral(literal: string): string {
	return encodeReserved(literal).replace(/[{}]/g, (brace) => (brace === "{" ? "%7B" : "%7D"));
}

type Scalar = string | number | boolean | bigint;

function isScalar(value: unknown): value is Scalar {
	const type = typeof value;
	return type === "string" || type === "number" || type === "boolean" || type === "bigint";
}

/**
Expands one expression, or returns `undefined` when all its variables are undefined (the
expression then vanishes, operator and all), except in a form-style query, which keeps an
empty slot for each of them.
*/
function expandExpression({ operator, vars }: Expression, context: Record<string, unknown>): string | undefined {
	const encode = operator.reserved ? encodeReserved : encodeUnreserved;
	const parts: string[] = [];

	for (const spec of vars) {
		try {
			expandVariable(operator, encode, spec, context, parts);
		} catch (error) {
			// A lone surrogate cannot be percent-encoded (URIError), and a member that is an
			// object without a prototype or with a throwing toString cannot be text: either way
			// the error names the parameter rather than passing on the engine's bare message.
			const reason = error instanceof Error ? error.message : String(error);
			throw new TypeError(
				`Expected URL parameter "${spec.name}" to be text, a number or a list or object of them that can be ` +
					`percent-encoded (${reason})`,
			);
		}
	}

	return parts.length === 0 ? undefined : operator.first + parts.join(operator.separator);
}

/** Appends one variable's expansion to `parts` (nothing for an undefined one outside a form-style query). */
function expandVariable(
	operator: Operator,
	encode: (value: string) => string,
	{ name, explode, prefix }: VarSpec,
	context: Record<string, unknown>,
	parts: string[],
): void {
	// Own properties only: `{constructor}` is not filled from Object.prototype.
	const value = ownValue(context, name);
	if (value === undefined || value === null) {
		if (operator.keepsSlots) parts.push("");
		return;
	}

	if (isScalar(value)) {
		let text = String(value);
		if (prefix !== undefined) text = Array.from(text).slice(0, prefix).join("");
		parts.push(named(operator, name, encode(text), text === ""));
		return;
	}

	// Lists and objects: undefined members are dropped, and an empty composite is undefined.
	const pairs: Array<[string, string]> = Array.isArray(value)
		? value.filter((item) => item !== undefined && item !== null).map((item) => ["", String(item)])
		: Object.keys(value as object)
				.filter((key) => (value as Record<string, unknown>)[key] != null)
				.map((key) => [key, String((value as Record<string, unknown>)[key])]);
	if (pairs.length === 0) {
		if (operator.keepsSlots) parts.push("");
		return;
	}
	const isList = Array.isArray(value);

	if (explode) {
		for (const [key, text] of pairs) {
			if (isList) parts.push(named(operator, name, encode(text), text === ""));
			else if (operator.named) parts.push(named(operator, encode(key), encode(text), text === ""));
			else parts.push(encode(key) + "=" + encode(text));
		}
	} else {
		const joined = pairs.map(([key, text]) => (isList ? encode(text) : encode(key) + "," + encode(text))).join(",");
		parts.push(operator.named ? name + "=" + joined : joined);
	}
}

function named(operator: Operator, name: string, encoded: string, empty: boolean): string {
	if (!operator.named) return encoded;
	return empty ? name + operator.ifEmpty : name + "=" + encoded;
}

const DOT_SEGMENT = /^(?:\.|%2e){1,2}$/i;
const MAYBE_DOTS = /^[.%2e]*$/i;

/**
Refuses an expansion that makes a path segment `.` or `..`.

WHATWG URL parsing (and so `fetch`) resolves such a segment, also in its `%2e` forms, and
would move the request to another endpoint: `DELETE /orgs/{org}/members/{username}` with
`username: ".."` would become `DELETE /orgs/{org}`. Encoding cannot prevent that, because the
URL Standard treats `%2e` as a dot too, so the only safe answer is to refuse. Values such as
`"../x"` are safe: simple expansion encodes `/`, so they stay inside their own segment.
*/
function assertNoDotSegments(url: string, ranges: Array<[number, number, VarSpec[]]>): void {
	const end = url.search(/[?#]/);
	const path = end === -1 ? url : url.slice(0, end);
	let start = 0;
	for (const segment of path.split("/")) {
		const stop = start + segment.length;
		if (DOT_SEGMENT.test(segment)) {
			const names = ranges
				.filter(([from, to]) => from < stop && to > start)
				.flatMap(([, , vars]) => vars.map((spec) => spec.name));
			if (names.length > 0) {
				throw new TypeError(
					`Expected URL parameter ${names.map((name) => `"${name}"`).join(", ")} not to make the path segment ` +
						`"${segment}": it would send the request to another path`,
				);
			}
		}
		start = stop + 1;
	}
}

function expandTokens(tokens: Token[], context: Record<string, unknown>): string {
	let url = "";
	const ranges: Array<[number, number, VarSpec[]]> = [];
	for (const token of tokens) {
		if (typeof token === "string") {
			url += token;
			continue;
		}
		const expanded = expandExpression(token, context);
		if (expanded === undefined) continue;
		// Only an expansion with a "/" or made of nothing but dot characters can take part in a
		// "." or ".." segment; skipping the rest keeps the check off the common path.
		if (expanded.includes("/") || MAYBE_DOTS.test(expanded)) {
			ranges.push([url.length, url.length + expanded.length, token.vars]);
		}
		url += expanded;
	}
	if (ranges.length > 0) assertNoDotSegments(url, ranges);
	return url;
}

const COLON_PLACEHOLDER = /:([a-z]\w+)/g;

/**
`/orgs/:org` is the old placeholder style; it becomes `/orgs/{org}`. Only in the path: unlike
octokit, a literal `:word` in a query (`?q=repo:octokit/rest.js` in a pagination link) stays.
`replacement` (a `String.prototype.replace` pattern, `$1` the name) lets a caller that wants the
colons kept say what to put in their place: the `hublet` command sends a typed path as typed.
*/
export function colonsToBraces(url: string, replacement = "{$1}"): string {
	if (!url.includes(":")) return url;
	const end = url.indexOf("?");
	if (end === -1) return url.replace(COLON_PLACEHOLDER, replacement);
	return url.slice(0, end).replace(COLON_PLACEHOLDER, replacement) + url.slice(end);
}

// Routes repeat, so their parsed form is kept. Unique URLs (pagination links) have no
// expressions and are never stored; the cap only guards against unbounded templates.
const cache = new Map<string, Token[]>();
const CACHE_LIMIT = 500;

function compile(template: string): Token[] {
	let tokens = cache.get(template);
	if (tokens) return tokens;
	tokens = tokenize(template);
	if (tokens.some((token) => typeof token !== "string")) {
		if (cache.size >= CACHE_LIMIT) cache.clear();
		cache.set(template, tokens);
	}
	return tokens;
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
	return { expand: (context) => expandTokens(tokens, context as Record<string, unknown>) };
}

/**
Expands an RFC 6570 template with `values`. `null` and `undefined` values, empty lists and
empty objects are undefined variables. Throws a `TypeError` when a value would make a path
segment `.` or `..`.
*/
export function expandTemplate(template: string, values: object): string {
	return expandTokens(compile(template), values as Record<string, unknown>);
}

/**
The variable names of a template, in order of first appearance, without operators or
modifiers: `"/repos/{owner}/{repo}{?name,label*}"` gives `["owner", "repo", "name", "label"]`.
With `pathOnly`, form-style query expressions (`{?a,b}`, `{&a}`) are left out: `["owner", "repo"]`.
The one parser of template variables: endpoint() and the method builder both use it.
*/
export function extractUrlVariableNames(url: string, pathOnly = false): string[] {
	const cache = pathOnly ? pathVariableNames : variableNames;
	let names = cache.get(url);
	if (!names) {
		names = collectNames(url, pathOnly);
		if (cache.size >= CACHE_LIMIT) cache.clear();
		cache.set(url, names);
	}
	return names;
}

// endpoint() asks for a route's names on every call, and request() for its path names; they are
// kept like its tokens.
const variableNames = new Map<string, string[]>();
const pathVariableNames = new Map<string, string[]>();

function collectNames(url: string, pathOnly: boolean): string[] {
	const names: string[] = [];
	for (const token of compile(url)) {
		if (typeof token === "string" || (pathOnly && token.operator.keepsSlots)) continue;
		for (const { name } of token.vars) if (!names.includes(name)) names.push(name);
	}
	return names;
}
