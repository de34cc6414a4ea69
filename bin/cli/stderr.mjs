// Everything that is not data goes to stderr through here: notices (retries, waits,
// deprecations) and, on a terminal, one progress line that notices never garble.
import { fstatSync } from "node:fs";
import { redactCredentials } from "./secrets.mjs";
import { messageLines, oneLine } from "./terminal.mjs";

/**
`text` as one line of stderr, however it was built (from a URL, a server's message, an
argument): shown, never obeyed, and without the command's credentials.
*/
export const stderrLine = (text) => oneLine(redactCredentials(String(text)));

/**
An error's message (or hint) for stderr: as stderrLine, but a line break in it stays one, with the
lines after the first indented (see messageLines), so a server's multi-line text reads as lines.
*/
export const stderrMessage = (text) => messageLines(redactCredentials(String(text)));

const shown = (text) => `hublet: ${stderrLine(text)}`;

/**
Whether two streams are the same terminal, as in an interactive shell where stdout and stderr
both reach the screen: then the progress line shares the screen with the data.
*/
function sameTerminal(a, b) {
	if (!a.isTTY || !b.isTTY) return false;
	try {
		return fstatSync(a.fd).rdev === fstatSync(b.fd).rdev;
	} catch {
		return true;
	}
}

export function createStatus(stream, output) {
	const live = Boolean(stream.isTTY);
	const sharedScreen = live && sameTerminal(stream, output);
	let progressLine = "";
	// Whether the data on the screen ends a line, so that a progress line drawn now can be
	// erased (`\r` + erase-line) without taking any data with it.
	let dataAtLineStart = true;
	const clear = () => {
		if (progressLine) stream.write("\r\x1b[K");
	};
	return {
		/** Whether progress is shown: only a terminal wants a line redrawn in place. */
		live,
		/** Whether a summary stays on the screen at the end; not when it would follow the data there. */
		keepsSummary: live && !sharedScreen,
		notice(message) {
			clear();
			stream.write(`${shown(message)}\n`);
			if (progressLine) stream.write(progressLine);
		},
		progress(text) {
			if (!live) return;
			clear();
			progressLine = "";
			if (sharedScreen && !dataAtLineStart) return;
			progressLine = shown(text);
			stream.write(progressLine);
		},
		/**
		Call before each write to stdout, with what is written: on a screen shared with the data,
		the progress line is erased first, so that it never lands inside the data.
		*/
		beforeData(chunk) {
			if (sharedScreen) {
				clear();
				progressLine = "";
			}
			if (chunk.length > 0) dataAtLineStart = typeof chunk === "string" ? chunk.endsWith("\n") : chunk.at(-1) === 0x0a;
		},
		/** Replaces the progress line with a final one that stays, unless the data shares the screen. */
		done(text) {
			if (!live) return;
			clear();
			progressLine = "";
			if (!sharedScreen) stream.write(`${shown(text)}\n`);
		},
	};
}
