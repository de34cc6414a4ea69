// Data goes to stdout: JSON indented for a person at a terminal, compact for a pipe or under
// --compact; text and binary bodies as they came.
import { once } from "node:events";
import { STATUS_CODES } from "node:http";

/** Indented on a terminal, compact otherwise or under --compact. */
export const wantsPretty = (options, stdout = process.stdout) => !options.compact && Boolean(stdout.isTTY);

export const toJson = (value, pretty) => JSON.stringify(value, null, pretty ? 2 : undefined);

/** Writes and, when the pipe is full, waits for it to drain: output never piles up in memory. */
export async function write(stream, chunk) {
	if (!stream.write(chunk)) await once(stream, "drain");
}

/** `HTTP/1.1 200 OK` and the headers, as `curl -i` shows them. */
export function statusAndHeaders(response) {
	const lines = [`HTTP/1.1 ${response.status} ${STATUS_CODES[response.status] ?? ""}`.trimEnd()];
	for (const [name, value] of Object.entries(response.headers)) lines.push(`${name}: ${value}`);
	return `${lines.join("\n")}\n\n`;
}

/**
The body of one response. `--ndjson` prints a list one item per line (anything else on one
line); a 204's empty body prints nothing.
*/
export async function printResponse(response, options, stdout = process.stdout) {
	if (options.include) await write(stdout, statusAndHeaders(response));
	const { data } = response;
	if (data instanceof ArrayBuffer) return write(stdout, Buffer.from(data));
	if (typeof data === "string") {
		if (data === "") return;
		return write(stdout, stdout.isTTY && !data.endsWith("\n") ? `${data}\n` : data);
	}
	if (options.ndjson) {
		const items = Array.isArray(data) ? data : [data];
		return write(stdout, items.map((item) => `${JSON.stringify(item)}\n`).join(""));
	}
	return write(stdout, `${toJson(data, wantsPretty(options, stdout))}\n`);
}
