/*
JSON with integers beyond 2^53, as @octokit/request 10 reads and writes them (GitHub ids and
database ids may outgrow a double). Both directions take the native path first: the slow path
runs only for a body that really holds such an integer, so a page of ordinary JSON costs one
regular-expression scan on top of `JSON.parse`.

A body nested deeper than MAX_JSON_DEPTH is refused as unparsable. V8's parser would take it,
but everything after it recurses (`JSON.stringify` in an error message, a cache entry, the
command's output, the caller's own logger) and overflows the stack a few thousand levels
down. GitHub's deepest bodies are a dozen levels.
*/

/** How deep arrays and objects may nest in a body Hublet reads: as deep as any tool downstream can recurse. */
export const MAX_JSON_DEPTH = 1000;

// A number of 16 or more digits after `:`, `[` or `,`: the only place an unsafe integer can be.
// A match inside a string costs the slow path, which is still exact.
const MAYBE_BIG = /[:[,]\s*-?\d{16}/;

/** `JSON.parse`, keeping integers beyond `Number.MAX_SAFE_INTEGER` exact as `BigInt`s. */
export function parseJson(text: string): unknown {
	if (nestsDeeperThan(text, MAX_JSON_DEPTH)) throw new SyntaxError(`JSON nested deeper than ${MAX_JSON_DEPTH} levels`);
	return MAYBE_BIG.test(text) ? parseWithBigInts(text) : JSON.parse(text);
}

/**
Whether `text` opens more than `max` arrays or objects inside one another, brackets inside
strings not counted. No body can nest deeper than it has opening brackets, so an ordinary body
costs one `indexOf` per `{` and `[` up to `max`; only a larger one is scanned.
*/
function nestsDeeperThan(text: string, max: number): boolean {
	let opens = 0;
	for (const bracket of ["{", "["]) {
		for (let at = text.indexOf(bracket); at !== -1 && opens <= max; at = text.indexOf(bracket, at + 1)) opens++;
	}
	if (opens <= max) return false;
	const structure = /[[\]{}"]/g;
	let depth = 0;
	for (let match = structure.exec(text); match; match = structure.exec(text)) {
		const char = match[0];
		if (char === '"') {
			// To the closing quote: one not escaped by an odd run of backslashes.
			let end = match.index;
			do {
				end = text.indexOf('"', end + 1);
				if (end === -1) return false;
			} while (escaped(text, end));
			structure.lastIndex = end + 1;
		} else if (char === "[" || char === "{") {
			if (++depth > max) return true;
		} else depth--;
	}
	return false;
}

function escaped(text: string, quote: number): boolean {
	let backslashes = 0;
	while (text.charCodeAt(quote - 1 - backslashes) === 0x5c /* \ */) backslashes++;
	return backslashes % 2 === 1;
}

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
Quotes every unsafe integer outside strings with a mark the text does not contain, then
lets `JSON.parse` turn exactly those strings back into `BigInt`s. Strings are skipped by
their escapes, so a long digit run inside one is left alone.
*/
function parseWithBigInts(text: string): unknown {
	const mark = uniqueMark(text);
	let out = "";
	let last = 0;
	let found = false;
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
			found = true;
		}
		index = end - 1;
	}
	if (!found) return JSON.parse(text);
	out += text.slice(last);
	// The reviver recurses, but never deeper than MAX_JSON_DEPTH, checked before.
	return JSON.parse(out, (_key, value) =>
		typeof value === "string" && value.startsWith(mark) ? BigInt(value.slice(mark.length)) : value,
	);
}

/** A marker that `text` does not contain, so that no string of the caller's can be mistaken for one. */
function uniqueMark(text: string): string {
	let mark: string;
	do mark = `~bigint-${Math.random().toString(36).slice(2)}${Math.random().toString(36).slice(2)}:`;
	while (text.includes(mark));
	return mark;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
