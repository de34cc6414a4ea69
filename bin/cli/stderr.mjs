// Everything that is not data goes to stderr through here: notices (retries, waits,
// deprecations) and, on a terminal, one progress line that notices never garble.

export function createStatus(stream = process.stderr) {
	const live = Boolean(stream.isTTY);
	let progressLine = "";
	const clear = () => {
		if (progressLine) stream.write("\r\x1b[K");
	};
	return {
		/** Whether progress is shown: only a terminal wants a line redrawn in place. */
		live,
		notice(message) {
			clear();
			stream.write(`hublet: ${message}\n`);
			if (progressLine) stream.write(progressLine);
		},
		progress(text) {
			if (!live) return;
			clear();
			progressLine = `hublet: ${text}`;
			stream.write(progressLine);
		},
		/** Replaces the progress line with a final one that stays. */
		done(text) {
			if (!live) return;
			clear();
			progressLine = "";
			stream.write(`hublet: ${text}\n`);
		},
	};
}
