// What the command prints that came from elsewhere (a server's answer, a file, an argument) is
// shown, never obeyed: a terminal acts on control characters (ESC sequences retitle the window,
// erase lines and move the cursor; CR returns to the start of a line, so the next text
// overwrites what was there), and a bidi override reorders what follows it on screen. Each such
// character is written as a visible escape instead.

// C0 controls, DEL and C1 controls; the bidi marks, embeddings, overrides and isolates
// (U+061C, U+200E–U+200F, U+202A–U+202E, U+2066–U+2069); and the line and paragraph
// separators, which some terminals and viewers break a line at.
const UNSAFE_CLASS = String.raw`\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069`;

const UNSAFE = new RegExp(`[${UNSAFE_CLASS}]`, "u");

/** Whether `text` holds a character that a terminal would act on or reorder. */
export const hasUnsafeCharacter = (text) => UNSAFE.test(text);

/**
`\xHH` for a character up to U+00FF (ESC is `\x1B`, a C1 CSI `\x9B`), `\u{HHHH}` above. A
backslash is doubled where it would otherwise read as the start of an escape (before `\`, `x`,
`u` or an escaped character), so the text can be read back exactly and a server cannot forge
an escape; anywhere else (`C:\path`, `tr -d '\n'`) it is left as it is.
*/
const escape = (char) => {
	const code = char.codePointAt(0);
	return code <= 0xff ? `\\x${code.toString(16).toUpperCase().padStart(2, "0")}` : `\\u{${code.toString(16).toUpperCase()}}`;
};

// One line: every unsafe character, LF, CR and tab included, so a message can never start a
// second line (a forged `hublet:` line) or overwrite its own.
const ONE_LINE = new RegExp(String.raw`[${UNSAFE_CLASS}]|\\(?=[\\xu${UNSAFE_CLASS}])`, "gu");
// Text of several lines (a text body, `describe`): LF and tab stay, and so does CR right before
// LF (a CRLF line end moves nowhere a line end does not); any other CR is escaped.
const LINE_UNSAFE = String.raw`[${UNSAFE_CLASS.replace(String.raw`\0-\x1f`, String.raw`\0-\x08\x0b\x0c\x0e-\x1f`)}]|\r(?!\n)`;
const LINES = new RegExp(String.raw`${LINE_UNSAFE}|\\(?=[\\xu]|${LINE_UNSAFE})`, "gu");

// A backslash is matched alone (the lookahead decides), and doubled.
const replacer = (match) => (match === "\\" ? "\\\\" : escape(match));

// An error's message as lines: a server's LF (or CRLF) is a line break, every line after the
// first indented, so that no line of the message starts where the command's own lines do (a
// forged `hublet:` line reads as part of the message); any other control character, a lone CR
// included, is escaped as on one line.
const MESSAGE_UNSAFE = UNSAFE_CLASS.replace(String.raw`\0-\x1f`, String.raw`\0-\x09\x0b-\x1f`);
const MESSAGE = new RegExp(String.raw`\r?\n|[${MESSAGE_UNSAFE}]|\\(?=[\\xu${MESSAGE_UNSAFE}])`, "gu");
/** How each line of a message after the first starts: inside the message, never at a line's start. */
export const CONTINUATION = "  ";

/** `text` as one line a terminal shows and never obeys. */
export const oneLine = (text) => String(text).replace(ONE_LINE, replacer);

/**
`text`, an error's message, as lines a terminal shows and never obeys: each LF or CRLF starts a
line indented by CONTINUATION; line breaks at its end are dropped, since they hold nothing.
*/
export function messageLines(text) {
	let message = String(text);
	// A loop, not /(\r?\n)+$/: that pattern takes quadratic time on a run of line breaks that does not end the text.
	while (message.endsWith("\n")) message = message.slice(0, message.endsWith("\r\n") ? -2 : -1);
	return message.replace(MESSAGE, (match) => (match.endsWith("\n") ? `\n${CONTINUATION}` : replacer(match)));
}

/** `text` as lines a terminal shows and never obeys: only LF, tab and CRLF are left to it. */
export const shownLines = (text) => String(text).replace(LINES, replacer);

// In the JSON that JSON.stringify writes these characters occur only within strings (C0
// controls it writes as `\u00XX` itself), where a `\uXXXX` escape is the same value: the JSON
// stays valid and parses to the same data. Only LF and tab are left, for indented JSON; a CR
// is whitespace in other JSON text, and escaped as well, for the terminal's sake.
const JSON_UNSAFE = new RegExp(`[${UNSAFE_CLASS.replace(String.raw`\0-\x1f`, String.raw`\0-\x08\x0b-\x1f`)}]`, "g");

/** JSON text for a terminal: every character a terminal would act on written as a JSON `\uXXXX` escape. */
export const jsonForTerminal = (json) => json.replace(JSON_UNSAFE, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, "0")}`);

/** Text that is already shown as it should be (the `--curl` command, which holds no unsafe character by construction). */
export const asIs = (text) => text;
