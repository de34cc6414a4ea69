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

// The values that expand as text; a symbol, like a function, is taken as a composite without members.
const TEXT_TYPES = ["string", "number", "boolean", "bigint"];

/** Percent-encodes everything but the RFC 3986 unreserved set `A-Z a-z 0-9 - . _ ~`. */
const encodeUnreserved = (value: string) =>
	// Most values (owners, repository names, numbers) need no encoding: one test instead of two passes.
	/^[\w.~-]*$/.test(value)
		? value
		: encodeURIComponent(value).replace(/[!'()*]/g, (char) => "%" + char.charCodeAt(0).toString(16).toUpperCase());

/**
Keeps unreserved and reserved characters and existing `%XX` triplets; encodes the rest. encodeURI
keeps all of them but `[`, `]` and the `%` of a triplet, which decodeURI gives back: text it left
without a `%` (a route's literal parts) needs no second pass.
*/
const encodeReserved = (value: string) => {
	const encoded = encodeURI(value);
	return encoded.includes("%") ? encoded.replace(/%5B|%5D|%25(?=[\dA-Fa-f]{2})/g, decodeURI) : encoded;
};

/** A variable of an expression: its name, whether it is exploded (`*`), and its `:n` prefix. */
type Spec = [name: string, explode: boolean, prefix?: string];

/** A template's parts: literals, already encoded, and expressions as their operator and variables. */
type Part = string | [operator: string, specs: Spec[]];

// Routes repeat, so each template is read once. A template without expressions (a pagination
// link) is not kept; the cap only guards against unbounded templates.
const templates = new Map<string, Part[]>();

function readTemplate(template: string): Part[] {
	let parts = templates.get(template);
	if (parts) return parts;
	// Literals at even places, expression bodies at odd ones. A stray `{` or `}` is no expression:
	// the literal's encoding writes it as `%7B` or `%7D`.
	parts = template.split(/\{([^{}]*)\}/).map((body, index) => {
		if (index % 2 === 0) return encodeReserved(body);
		// The operator (RFC 6570 appendix A; "" for simple expansion: body[0] of "" is undefined, which
		// no operator is), then `name`, `name:n` or `name*`; a spec that is none of them is a name as it is.
		const operator = "+#./;?&".includes(body[0]) ? body[0] : "";
		const specs: Spec[] = [];
		for (const spec of body.slice(operator.length).split(",")) {
			// A plain name (most are) is its own match: no regular expression to compile for it.
			const match = spec.includes(":") || spec.includes("*") ? /^([^:*]*)(?::(\d+)|(\*))?$/.exec(spec) : [spec, spec];
			const name = match ? match[1] : spec;
			if (name) specs.push([name, !!match?.[3], match?.[2]]);
		}
		return [operator, specs];
	});
	if (parts.length > 1) {
		if (templates.size >= 500) templates.clear();
		templates.set(template, parts);
	}
	return parts;
}

/**
Expands an RFC 6570 template with `values`. `null` and `undefined` values, empty lists and
empty objects are undefined variables. Throws a `TypeError` when a value would make a path
segment `.` or `..`. Each variable name read is pushed to `names` when given: parse takes the
other parameters as the query or the body.

What a first request runs is kept in this function; lists, objects and failures each have their
own, which V8 compiles only when one comes.
*/
export function expandTemplate(template: string, values: object, names?: string[]): string {
	let url = "";
	// Where expansions that may make a "." or ".." segment landed, and the variables behind them.
	let ranges: [number, number, Spec[]][] | undefined;
	for (const part of readTemplate(template)) {
		if (typeof part === "string") {
			url += part;
			continue;
		}
		const [operator, specs] = part;
		const form = operator === "?" || operator === "&";
		const named = form || operator === ";";
		const encode = operator === "+" || operator === "#" ? encodeReserved : encodeUnreserved;
		const expanded: string[] = [];
		for (const [name, explode, prefix] of specs) {
			names?.push(name);
			const before = expanded.length;
			// Own properties only: `{constructor}` is not filled from Object.prototype.
			const value = ownValue(values, name);
			try {
				if (TEXT_TYPES.includes(typeof value)) {
					const text = String(value);
					const shown = encode(prefix ? [...text].slice(0, +prefix).join("") : text);
					// `name=text`, or the name alone under `;` when the text is empty.
					expanded.push(named ? name + (shown || form ? "=" + shown : "") : shown);
				} else if (value != null) {
					expandComposite(expanded, value, name, explode, encode, named, form);
				}
			} catch (error) {
				throw parameterError(name, error);
			}

			// An undefined variable keeps its empty slot in a form-style query (as octokit writes it).
			if (form && expanded.length === before) expanded.push("");
		}
		// An expression whose variables are all undefined vanishes, operator and all.
		if (expanded.length === 0) continue;
		const text =
			(operator === "+" ? "" : operator) +
			expanded.join(form ? "&" : (operator && "./;".includes(operator) && operator) || ",");
		// Only an expansion with a "/" or made of nothing but dot characters can take part in a
		// "." or ".." segment; skipping the rest keeps the check off the common path.
		if (text.includes("/") || /^[.%2eE]*$/.test(text))
			(ranges ??= []).push([url.length, url.length + text.length, specs]);
		url += text;
	}
	if (ranges) refuseDotSegments(url, ranges);
	return url;
}

/**
Appends a list's or an object's expansion to `expanded`: undefined members are dropped, and an
empty composite is undefined. A list's holes are undefined members; its own keys beyond the
indices are not members.
*/
function expandComposite(
	expanded: string[],
	value: object,
	name: string,
	explode: boolean,
	encode: (text: string) => string,
	named: boolean,
	form: boolean,
): void {
	const isList = Array.isArray(value);
	// One walk: an undefined member gives no pair.
	const pairs = Object.entries(isList ? [...value] : value).flatMap(([key, member]) =>
		member == null ? [] : [[isList ? name : encode(key), encode(String(member))]],
	);
	if (pairs.length === 0) return;
	if (explode) {
		// `key=text`, or the key alone under `;` when the text is empty; a list's members unnamed
		// where the operator names nothing.
		for (const [key, shown] of pairs) {
			expanded.push(isList && !named ? shown : key + (shown || form || !named ? "=" + shown : ""));
		}
	} else {
		const joined = pairs.map(([key, shown]) => (isList ? shown : key + "," + shown)).join(",");
		expanded.push(named ? name + "=" + joined : joined);
	}
}

/**
A lone surrogate cannot be percent-encoded (URIError), and a member that is an object without a
prototype or with a throwing toString cannot be text: either way the error names the parameter
rather than passing on the engine's bare message.
*/
function parameterError(name: string, error: unknown): TypeError {
	const reason = error instanceof Error ? error.message : String(error);
	return new TypeError(
		`Expected URL parameter "${name}" to be text, a number, or a list or object of them (${reason})`,
	);
}

/**
Refuses an expansion that makes a path segment `.` or `..`.

WHATWG URL parsing (and so `fetch`) resolves such a segment, also in its `%2e` forms, and
would move the request to another endpoint: `DELETE /orgs/{org}/members/{username}` with
`username: ".."` would become `DELETE /orgs/{org}`. Encoding cannot prevent that, because the
URL Standard treats `%2e` as a dot too, so the only safe answer is to refuse. Values such as
`"../x"` are safe: simple expansion encodes `/`, so they stay inside their own segment.
*/
function refuseDotSegments(url: string, ranges: [number, number, Spec[]][]): void {
	let start = 0;
	for (const segment of url.split(/[?#]/)[0].split("/")) {
		const stop = start + segment.length;
		// The variables of the expressions that made the segment, in one walk.
		const names = ranges.flatMap(([from, to, specs]) =>
			from < stop && to > start ? specs.map((spec) => spec[0]) : [],
		);
		if (names.length > 0 && /^(?:\.|%2[eE]){1,2}$/.test(segment)) {
			throw new TypeError(
				`Expected URL parameter "${names.join('", "')}" not to make the path segment "${segment}", ` +
					"which leads to another path",
			);
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
	// The path ends at the first "?", or with the URL.
	const end = (url + "?").indexOf("?");
	return url.slice(0, end).replace(/:([a-z]\w+)/g, replacement) + url.slice(end);
}

/**
Parses a template for repeated expansion.

@example
```js
parseUrl("/repos/{owner}/{repo}{?page}").expand({ owner: "octokit", repo: "rest.js", page: 2 });
//=> "/repos/octokit/rest.js?page=2"
```
*/
export function parseUrl(template: string): { expand(context: object): string } {
	return { expand: (context) => expandTemplate(template, context) };
}

/**
The variable names of a template, in order of first appearance, without operators or
modifiers: `"/repos/{owner}/{repo}{?name,label*}"` gives `["owner", "repo", "name", "label"]`.
With `pathOnly`, form-style query expressions (`{?a,b}`, `{&a}`) are left out: `["owner", "repo"]`.
The one parser of template variables: endpoint() and the method builder both use it.
*/
export function extractUrlVariableNames(url: string, pathOnly = false): string[] {
	const names: string[] = [];
	for (const part of readTemplate(url)) {
		if (typeof part === "string" || (pathOnly && (part[0] === "?" || part[0] === "&"))) continue;
		for (const [name] of part[1]) if (!names.includes(name)) names.push(name);
	}
	return names;
}
