/*
JSON with integers beyond 2^53, as @octokit/request 10 reads and writes them (GitHub ids and
database ids may outgrow a double). Both directions take the native path first: a body parses
once with `JSON.parse`, and only one that holds a number beyond 2^53 is parsed again, with each
unsafe integer quoted under a mark and revived as a `BigInt`.

A body nested deeper than MAX_JSON_DEPTH is refused as unparsable. V8's parser takes any depth,
but everything after it recurses (`JSON.stringify` in an error message, a cache entry, the
command's output, the caller's own logger, a `JSON.parse` reviver) and overflows the stack a few
thousand levels down. GitHub's deepest bodies are a dozen levels.

Both are read from the parsed value by one loop, not from the text: on a repository's body
(6 KB) the loop adds 29% to `JSON.parse`'s instructions, and 25% on a page of 100 of them, where a
regular expression that looked for 16 digits in the text, with a count of its brackets, added 75%
and 100%.
*/

import { uniqueMark } from "./bigint-mark.js";

/** How deep arrays and objects may nest in a body Hublet reads: as deep as any tool downstream can recurse. */
export const MAX_JSON_DEPTH = 1000;

/**
`JSON.parse`, keeping integers beyond `Number.MAX_SAFE_INTEGER` exact as `BigInt`s, and refusing a
body nested deeper than `maxDepth` (MAX_JSON_DEPTH; a cache entry, which wraps a body one level
down, reads with one more).

The parsed value is walked for a number beyond 2^53 with a stack of its own, never by recursion,
and a `SyntaxError` past `maxDepth`. Each container and its depth sit side by side in one array,
and an object's values are read with `Object.values` (JSON.parse's inherit nothing enumerable, and
a key `__proto__` is an own one).
*/
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
	const value = JSON.parse(text);
	let unsafe = false;
	const stack: unknown[] = [[value], 0];
	while (stack.length) {
		const depth = stack.pop() as number;
		const container = stack.pop() as object;
		if (depth > maxDepth) throw new SyntaxError(`JSON nested deeper than ${maxDepth} levels`);
		// An indexed loop: the first request runs it in the interpreter, where for…of pays for an iterator.
		const items: unknown[] = Array.isArray(container) ? container : Object.values(container);
		for (let index = 0; index < items.length; index++) {
			const item = items[index];
			if (item && typeof item === "object") stack.push(item, depth + 1);
			// Every integer JSON.parse reads beyond Number.MAX_SAFE_INTEGER is a double of 2^53 or more.
			else if (typeof item === "number" && Math.abs(item) >= 2 ** 53) unsafe = true;
		}
	}
	return unsafe ? parseBig(text) : value;
}

/**
The second parse, for text that holds a number beyond 2^53: each unsafe integer is quoted with a
mark the text does not contain, and the reviver turns exactly those strings back into `BigInt`s (a
larger number written with a fraction or an exponent stays the double it is). A reviver defines
what it returns, so a key `__proto__` that JSON.parse made an own property stays one. It runs after
the depth check, since V8's reviver recurses.
*/
function parseBig(text: string): unknown {
	const mark = uniqueMark(text);
	// A string (skipped whole, escapes and all) or a whole number token, in text that parsed as JSON.
	const marked = text.replace(/"[^"\\]*(?:\\.[^"\\]*)*"|-?\d[\d.eE+-]*/g, (token) =>
		/^-?\d+$/.test(token) && !Number.isSafeInteger(+token) ? `"${mark}${token}"` : token,
	);
	return JSON.parse(marked, (_key, item) =>
		typeof item === "string" && item.startsWith(mark) ? BigInt(item.slice(mark.length)) : item,
	);
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
