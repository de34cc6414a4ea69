// --dry-run and --curl: the request a call would send, built by the library itself (the
// same validation, defaults, renames and auth header) through a fetch that never sends.
import { write } from "./output.mjs";

/**
A `fetch` that keeps what it is given and answers 204 at once. It accepts both ways a
client may call fetch: a `Request`, or a URL and init (plain or `Headers` headers).
*/
export function capturingFetch() {
	const captured = {};
	const fetch = async (input, init = {}) => {
		const isRequest = typeof input === "object" && input !== null && typeof input.arrayBuffer === "function" && "method" in input;
		captured.method = (isRequest ? input.method : init.method ?? "GET").toUpperCase();
		captured.url = isRequest ? input.url : String(input);
		captured.headers = Object.fromEntries(new Headers(isRequest ? input.headers : init.headers ?? {}));
		captured.body = await bodyBytes(isRequest ? input : new Request(captured.url, { method: "POST", body: init.body ?? null, duplex: "half" }), captured.method);
		return new Response(null, { status: 204 });
	};
	return { fetch, captured };
}

async function bodyBytes(request, method) {
	if (method === "GET" || method === "HEAD" || request.body === null) return undefined;
	const bytes = Buffer.from(await request.arrayBuffer());
	return bytes.length > 0 ? bytes : undefined;
}

const isText = (bytes) => {
	try {
		new TextDecoder("utf-8", { fatal: true }).decode(bytes);
		return true;
	} catch {
		return false;
	}
};

/** `token ghp_…` → `token [REDACTED]`: the scheme tells which kind of credential it was. */
const redactAuthorization = (value) => value.replace(/^(\S+\s+)?.*$/, (_, scheme = "") => `${scheme}[REDACTED]`);

/** The request as an HTTP message: request line, headers (token redacted), blank line, body. */
export async function printDryRun(captured, stdout = process.stdout) {
	const lines = [`${captured.method} ${captured.url}`];
	for (const [name, value] of Object.entries(captured.headers)) {
		lines.push(`${name}: ${name === "authorization" ? redactAuthorization(value) : value}`);
	}
	let text = `${lines.join("\n")}\n`;
	if (captured.body) {
		text += `\n${isText(captured.body) ? captured.body.toString("utf8") : `<${captured.body.length} bytes of binary data>`}\n`;
	}
	await write(stdout, text);
}

// Single quotes keep everything literal in sh; a quote inside ends, escapes and reopens.
const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

/**
An equivalent `curl` command. The token is written as `$GITHUB_TOKEN` (or the variable it was
read from) inside double quotes, so the shell fills it in and the command holds no secret.
A body read from a file is passed as `@file`, as it was given.
*/
export async function printCurl(captured, { tokenVariable = "GITHUB_TOKEN", files = [] } = {}, stdout = process.stdout) {
	const parts = [`curl${captured.method === "GET" && !captured.body ? "" : ` -X ${captured.method}`} ${quote(captured.url)}`];
	for (const [name, value] of Object.entries(captured.headers)) {
		if (name === "authorization") {
			const scheme = /^(\S+)\s/.exec(value)?.[1] ?? "token";
			parts.push(`-H "authorization: ${scheme} $${tokenVariable}"`);
		} else parts.push(`-H ${quote(`${name}: ${value}`)}`);
	}
	if (captured.body) {
		const file = files.find(({ bytes }) => Buffer.compare(bytes, captured.body) === 0);
		if (file) parts.push(`--data-binary ${quote(`@${file.path}`)}`);
		else if (isText(captured.body)) parts.push(`--data-binary ${quote(captured.body.toString("utf8"))}`);
		else parts.push(`--data-binary @body.bin  # ${captured.body.length} bytes of binary data: save them as body.bin`);
	}
	await write(stdout, `${parts.join(" \\\n  ")}\n`);
}
