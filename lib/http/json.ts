/*
JSON with integers beyond 2^53, as @octokit/request 10 reads and writes them (GitHub ids and
database ids may outgrow a double). Both directions take the native path first: a body parses
once with `JSON.parse`, and only one that holds a long digit run outside its strings is parsed
again, with each unsafe integer quoted under a mark and revived as a `BigInt`. So a page of
ordinary JSON costs one regular-expression scan on top of `JSON.parse`.

A body nested deeper than MAX_JSON_DEPTH is refused as unparsable. V8's parser takes any depth,
but everything after it recurses (`JSON.stringify` in an error message, a cache entry, the
command's output, the caller's own logger, a `JSON.parse` reviver) and overflows the stack a few
thousand levels down. GitHub's deepest bodies are a dozen levels. The depth is read from the
parsed value by a loop, not from the text: on a page of 100 issues (200 KB, 3,000 objects) that
adds 8% to `JSON.parse`'s instructions, where a scan of the text that skips strings added 64%.
A body with fewer brackets than the limit is not walked at all.
*/

import { uniqueMark } from "./bigint-mark.js";

/** How deep arrays and objects may nest in a body Hublet reads: as deep as any tool downstream can recurse. */
export const MAX_JSON_DEPTH = 1000;

// A number of 16 or more digits after `:`, `[` or `,`, or a body that is one number: the only
// places an unsafe integer can be. A match inside a string costs the second parse, which is still exact.
const MAYBE_BIG = /(?:^|[:[,])\s*-?\d{16}/;

// A string (skipped whole, escapes and all) or a whole number token, in text that parsed as JSON.
const TOKENS = /"[^"\\]*(?:\\.[^"\\]*)*"|-?\d[\d.eE+-]*/g;

/**
`JSON.parse`, keeping integers beyond `Number.MAX_SAFE_INTEGER` exact as `BigInt`s, and refusing a
body nested deeper than `maxDepth` (MAX_JSON_DEPTH; a cache entry, which wraps a body one level
down, reads with one more).
*/
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
	const value = JSON.parse(text);
	// No body nests deeper than it has opening brackets (nor than half its length): an ordinary one
	// is not walked at all.
	if (text.length > 2 * maxDepth && opensMoreThan(text, maxDepth)) checkDepth(value, maxDepth);
	return MAYBE_BIG.test(text) ? parseBig(text) : value;
}

/**
The second parse, for text that may hold an unsafe integer: each one is quoted with a mark the
text does not contain, and the reviver turns exactly those strings back into `BigInt`s. A reviver
defines what it returns, so a key `__proto__` that JSON.parse made an own property stays one.
Runs after the depth check, since V8's reviver recurses.
*/
function parseBig(text: string): unknown {
	const mark = uniqueMark(text);
	const marked = text.replace(TOKENS, (token) =>
		/^-?\d+$/.test(token) && !Number.isSafeInteger(+token) ? `"${mark}${token}"` : token,
	);
	return JSON.parse(marked, (_key, item) =>
		typeof item === "string" && item.startsWith(mark) ? BigInt(item.slice(mark.length)) : item,
	);
}

/** Whether `text` holds more than `max` `{` and `[` (in strings too): one `indexOf` each, up to `max`. */
function opensMoreThan(text: string, max: number): boolean {
	let opens = 0;
	for (const bracket of ["{", "["]) {
		for (let at = text.indexOf(bracket); at !== -1 && opens <= max; at = text.indexOf(bracket, at + 1)) opens++;
	}
	return opens > max;
}

/**
Walks a parsed value with a stack of its own, never by recursion, and throws a `SyntaxError`
past `maxDepth`. Each container and its depth sit side by side in one array, so that nothing is
allocated per container; an array is read by index and an object by for…in (JSON.parse's inherit
nothing enumerable): no array of keys per object.
*/
function checkDepth(value: unknown, maxDepth: number): void {
	const stack: unknown[] = [value, 1];
	while (stack.length) {
		const depth = stack.pop() as number;
		const container = stack.pop() as Record<string, unknown>;
		if (depth > maxDepth) throw new SyntaxError(`JSON nested deeper than ${maxDepth} levels`);
		for (const key in container) {
			const item = container[key];
			if (item !== null && typeof item === "object") stack.push(item, depth + 1);
		}
	}
}

/** `JSON.stringify`, writing `BigInt`s as plain JSON numbers. */
export function stringifyJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch (error) {
		if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
	}
	// The mark is letters, digits, `~`, `-` and `:`: nothing a regular expression reads as special.
	const mark = uniqueMark("");
	const text = JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? `${mark}${item}` : item));
	return text.replace(new RegExp(`"${mark}(-?\\d+)"`, "g"), "$1");
}
