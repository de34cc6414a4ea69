// The marker both directions of json.ts write a BigInt under. A module of its own, so that the
// files that read JSON (the transport, the cache) take it from dist/kernel.js, which writes JSON
// (stringifyJson), rather than each carrying a copy (scripts/kernel-imports.mjs).

/** A marker that `text` does not contain, so that no string of the caller's can be mistaken for one. */
export function uniqueMark(text: string): string {
	let mark: string;
	// Two random numbers (about 100 bits), their points made dashes by a string replace (no expression
	// to compile): only letters, digits, `~`, `-` and `:`, which a regular expression reads as themselves.
	do mark = `~bigint-${Math.random()}${Math.random()}:`.replaceAll(".", "-");
	while (text.includes(mark));
	return mark;
}
