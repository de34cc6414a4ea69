// Data goes to stdout: JSON indented for a person at a terminal, compact for a pipe or under
// --compact; text and binary bodies as they came to a pipe, shown (never obeyed) on a terminal.
// Every write goes through `write`, which redacts the command's credentials.
import { once } from "node:events";
import { STATUS_CODES } from "node:http";
import { redactCredentials } from "./secrets.mjs";
import { asIs, jsonForTerminal, oneLine, shownLines } from "./terminal.mjs";

/** A count as a person reads it: `200,001`. */
export const count = (n) => n.toLocaleString("en-US");

/** Indented on a terminal, compact otherwise or under --compact. */
export const wantsPretty = (options, stdout) => !options.compact && Boolean(stdout.isTTY);

export const toJson = (value, pretty) => JSON.stringify(value, null, pretty ? 2 : undefined);

/**
Writes `chunk` with the command's credentials redacted (on a pipe too: the one change piped data
can see) and, on a terminal, as `forTerminal` shows it: by default every control and bidi
character escaped but LF, tab and CRLF. Waits for a full pipe to drain: output never piles up
in memory.
*/
export async function write(stream, chunk, forTerminal = shownLines) {
	let out = redactCredentials(chunk);
	if (stream.isTTY && typeof out === "string") out = forTerminal(out);
	if (!stream.write(out)) await once(stream, "drain");
}

/** JSON text: on a terminal, the characters a terminal acts on are `\uXXXX` escapes, the same value. */
export const writeJson = (stream, json) => write(stream, json, jsonForTerminal);

/**
`HTTP/1.1 200 OK` and the headers, as `curl -i` shows them. A header value is the server's: it
is escaped to one line, on a pipe as on a terminal, so that each header stays one line.
*/
export function statusAndHeaders(response) {
	const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`.trimEnd()];
	for (const [name, value] of Object.entries(response.headers)) lines.push(`${oneLine(name)}: ${oneLine(value)}`);
	return `${lines.join("\n")}\n\n`;
}

/**
The body of one response. `--ndjson` prints a list one item per line (anything else on one
line); a 204's empty body prints nothing.
*/
export async function printResponse(response, options, stdout) {
	// Already one line each: escaping them again would double their backslashes.
	if (options.include) await write(stdout, statusAndHeaders(response), asIs);
	const { data } = response;
	if (data instanceof ArrayBuffer) {
		// Bytes to a terminal would be read as its commands; a pipe or a file gets them all.
		if (stdout.isTTY) return write(stdout, `<${count(data.byteLength)} bytes of binary data; redirect stdout to a file to save them>\n`);
		return write(stdout, Buffer.from(data));
	}
	if (typeof data === "string") {
		if (data === "") return;
		return write(stdout, stdout.isTTY && !data.endsWith("\n") ? `${data}\n` : data);
	}
	if (options.ndjson) {
		const items = Array.isArray(data) ? data : [data];
		return writeJson(stdout, items.map((item) => `${JSON.stringify(item)}\n`).join(""));
	}
	return writeJson(stdout, `${toJson(data, wantsPretty(options, stdout))}\n`);
}
