/*
JSON with integers beyond 2^53, as @octokit/request 10 reads and writes them (GitHub ids and
database ids may outgrow a double). Both directions take the native path first: the slow path
runs only for a body that really holds such an integer, so a page of ordinary JSON costs one
regular-expression scan on top of `JSON.parse`.

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
// places an unsafe integer can be. A match inside a string costs the slow path, which is still exact.
const MAYBE_BIG = /(?:^|[:[,])\s*-?\d{16}/;

/**
`JSON.parse`, keeping integers beyond `Number.MAX_SAFE_INTEGER` exact as `BigInt`s, and refusing a
body nested deeper than `maxDepth` (MAX_JSON_DEPTH; a cache entry, which wraps a body one level
down, reads with one more).
*/
export function parseJson(text: string, maxDepth = MAX_JSON_DEPTH): unknown {
	const mark = MAYBE_BIG.test(text) ? uniqueMark(text) : undefined;
	const marked = mark === undefined ? text : markBigInts(text, mark);
	const value = JSON.parse(marked);
	// No body nests deeper than it has opening brackets: an ordinary one is not walked at all.
	if (marked !== text || opensMoreThan(text, maxDepth))
		return walk(value, marked === text ? undefined : mark, maxDepth);
	return value;
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
Walks a parsed value with a stack of its own, never by recursion: throws a `SyntaxError` past
`maxDepth`, and with a `mark`, turns the marked strings back into `BigInt`s in place.
*/
function walk(value: unknown, mark: string | undefined, maxDepth: number): unknown {
	// Each container and its depth, side by side, so that nothing is allocated per container.
	const containers: unknown[] = [value];
	const depths = [1];
	while (containers.length > 0) {
		const container = containers.pop();
		const depth = depths.pop()!;
		if (container === null || typeof container !== "object") continue;
		if (depth > maxDepth) throw new SyntaxError(`JSON nested deeper than ${maxDepth} levels`);
		// An array by index and an object by for…in (JSON.parse's inherit nothing enumerable): no
		// array of keys per object, so a page of 100 issues walks in under a tenth of its parse.
		if (Array.isArray(container)) {
			for (let index = 0; index < container.length; index++) {
				const item = container[index];
				if (item !== null && typeof item === "object") {
					containers.push(item);
					depths.push(depth + 1);
				} else if (mark !== undefined) container[index] = revive(item, mark);
			}
		} else {
			const object = container as Record<string, unknown>;
			for (const key in object) {
				const item = object[key];
				if (item !== null && typeof item === "object") {
					containers.push(item);
					depths.push(depth + 1);
				} else if (revive(item, mark) !== item) {
					// defineProperty: a key `__proto__` that JSON.parse made an own property stays one.
					Object.defineProperty(object, key, {
						value: revive(item, mark),
						writable: true,
						enumerable: true,
						configurable: true,
					});
				}
			}
		}
	}
	return revive(value, mark);
}

const revive = (item: unknown, mark: string | undefined) =>
	mark !== undefined && typeof item === "string" && item.startsWith(mark) ? BigInt(item.slice(mark.length)) : item;

/** `JSON.stringify`, writing `BigInt`s as plain JSON numbers. */
export function stringifyJson(value: unknown): string {
	try {
		return JSON.stringify(value);
	} catch (error) {
		if (!(error instanceof TypeError) || !/BigInt/i.test(error.message)) throw error;
	}
	const mark = uniqueMark("");
	const text = JSON.stringify(value, (_key, item) => (typeof item === "bigint" ? `${mark}${item}` : item));
	return text.replaceAll(new RegExp(`"${escapeRegExp(mark)}(-?\\d+)"`, "g"), "$1");
}

/**
Quotes every unsafe integer outside strings with `mark` (which the text does not contain), so
that `walk` can turn exactly those strings back into `BigInt`s. Strings are skipped by their
escapes, so a long digit run inside one is left alone. The text itself when there is none.
*/
function markBigInts(text: string, mark: string): string {
	let out = "";
	let last = 0;
	for (let index = 0; index < text.length; index++) {
		const char = text.charCodeAt(index);
		if (char === 0x22 /* " */) {
			index++;
			while (index < text.length && text.charCodeAt(index) !== 0x22) {
				if (text.charCodeAt(index) === 0x5c /* \ */) index++;
				index++;
			}
			continue;
		}
		if (char !== 0x2d /* - */ && (char < 0x30 || char > 0x39)) continue;
		let end = index + 1;
		while (end < text.length && /[\d.eE+-]/.test(text[end])) end++;
		const token = text.slice(index, end);
		if (/^-?\d{16,}$/.test(token) && !Number.isSafeInteger(Number(token))) {
			out += `${text.slice(last, index)}"${mark}${token}"`;
			last = end;
		}
		index = end - 1;
	}
	return last === 0 ? text : out + text.slice(last);
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
