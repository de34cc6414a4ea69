/*
Text that Hublet writes where a terminal may read it (a `DEBUG=hublet:*` line on stderr, a warning
through `console.warn`) and that holds bytes from elsewhere (a server's header, a path): each
character a terminal acts on is written as a visible escape, so a server cannot move the cursor,
retitle the window, start a forged line or reorder what follows. The characters are the command
line's (bin/cli/terminal.mjs), in the same notation.
*/

/** `\xHH` up to U+00FF (ESC is `\x1B`, a C1 CSI `\x9B`), `\u{HHHH}` above. */
function escaped(char: string): string {
	const hex = char.codePointAt(0)!.toString(16).toUpperCase();
	return hex.length <= 2 ? `\\x${hex.padStart(2, "0")}` : `\\u{${hex}}`;
}

/**
`text` as one line a terminal shows and never obeys: newlines, CR and tabs are escaped too. A
backslash is left as it is: the line is read, not parsed back. The characters: C0 controls, DEL and
C1 controls (a server's obs-text bytes 0x80–0x9F arrive as U+0080–U+009F: U+009B is a CSI); the
bidi marks, embeddings, overrides and isolates; the line and paragraph separators, which some
terminals and viewers break a line at. (A literal here, not a constant: nothing runs at import.)
*/
export function escapeControls(text: string): string {
	return text.replace(/[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g, escaped);
}
