// --dry-run and --curl: the request a call would send, built by the library itself (the
// same validation, defaults, renames and auth header) through a fetch that never sends.
import { UsageError } from "./errors.mjs";
import { count, write } from "./output.mjs";
import { asIs, hasUnsafeCharacter, jsonForTerminal, oneLine, shownLines } from "./terminal.mjs";
import { isJson } from "./upload.mjs";

/**
A `fetch` that keeps what it is given and answers 204 at once. It accepts both ways a
client may call fetch: a `Request`, or a URL and init (plain or `Headers` headers). What it keeps
is the request as fetch builds it, with what fetch adds itself: a string body's
`content-type: text/plain;charset=UTF-8`, and an empty body (a PUT without one, which GitHub
wants sent with `content-length: 0`) as `emptyBody`.
*/
export function capturingFetch() {
	const captured = {};
	const fetch = async (input, init = {}) => {
		const isRequest = typeof input === "object" && input !== null && typeof input.arrayBuffer === "function" && "method" in input;
		const request = isRequest ? input : new Request(String(input), { ...init, duplex: "half" });
		captured.method = request.method.toUpperCase();
		captured.url = request.url;
		captured.headers = Object.fromEntries(request.headers);
		const bytes = request.body === null ? undefined : Buffer.from(await request.arrayBuffer());
		captured.body = bytes?.length > 0 ? bytes : undefined;
		captured.emptyBody = bytes?.length === 0;
		return new Response(null, { status: 204 });
	};
	return { fetch, captured };
}

const isText = (bytes) => {
	try {
		new TextDecoder("utf-8", { fatal: true }).decode(bytes);
		return true;
	} catch {
		return false;
	}
};

// The headers whose whole value is a credential, as the library's redaction rule names them.
const SECRET_HEADERS = new Set(["authorization", "proxy-authorization", "cookie"]);

// The query parameters whose values are credentials, as the same rule names them.
const SECRET_QUERY = /([?&;](?:client_secret|access_token)=)[^&#;]*/gi;
const redactQuery = (url) => url.replace(SECRET_QUERY, "$1[REDACTED]");

/** `token ghp_…` → `token [REDACTED]`: a scheme (letters only) tells which kind of credential it was. */
const redactCredential = (value) => `${/^([A-Za-z][\w-]*) +\S/.exec(value)?.[1].concat(" ") ?? ""}[REDACTED]`;

/** The request as an HTTP message: request line, headers (credentials redacted), blank line, body. */
export async function printDryRun(captured, stdout) {
	const lines = [`${captured.method} ${redactQuery(captured.url)}`];
	for (const [name, value] of Object.entries(captured.headers)) {
		lines.push(`${name}: ${SECRET_HEADERS.has(name) ? redactCredential(value) : value}`);
	}
	// Header values hold no control character (fetch refuses them); Latin-1 ones are escaped on a terminal.
	await write(stdout, `${lines.join("\n")}\n`, oneLineEach);
	if (!captured.body) return;
	const body = isText(captured.body) ? captured.body.toString("utf8") : undefined;
	if (body === undefined) return write(stdout, `\n<${captured.body.length} bytes of binary data>\n`);
	// A JSON body (what the library sends) is shown with JSON's escapes, so it reads as the same
	// JSON on a terminal; any other text as lines.
	await write(stdout, `\n${body}\n`, isJson(body) ? jsonForTerminal : shownLines);
}

const oneLineEach = (text) => text.split("\n").map(oneLine).join("\n");

// Single quotes keep every byte literal in a POSIX shell (no `$`, backtick, `\` or glob is
// read inside them); a quote inside ends the quoted run, is escaped, and a new run starts.
const quote = (text) => `'${text.replaceAll("'", `'\\''`)}'`;

// Control characters other than tab and newline are refused: a terminal acts on them when the
// command is shown or pasted (a pasted CR becomes LF), so the line would not send what Hublet
// sends. So are bidi controls, which make the command on screen read otherwise than it runs.
const unprintableBody = (text) => hasUnsafeCharacter(text.replace(/[\t\n]/g, ""));

/*
The largest command a shell can run. Linux takes at most 128 KiB in one argument
(MAX_ARG_STRLEN, 32 pages of 4 KiB, its terminating NUL included), whatever ARG_MAX is;
ARG_MAX (2 MiB on Linux with the default 8 MiB stack, 1 MiB on macOS) bounds every argument
and the environment together. A command past either fails with "Argument list too long"
before curl runs, so it is refused here instead: each argument within Linux's limit, and all
of them within half of macOS's ARG_MAX, which leaves the other half to the environment.
*/
export const ARGUMENT_LIMIT = 128 * 1024;
export const COMMAND_LIMIT = 512 * 1024;
// A header value is sent as Latin-1 bytes; only printable ASCII reads the same in UTF-8 output.
const NOT_PRINTABLE_ASCII = /[^\t\x20-\x7e]/;
const cannotPrint = (what, why) =>
	new UsageError(`--curl cannot print ${what} as a curl argument that sends the same bytes: ${why}`, "nothing was sent; --dry-run shows the request, or send it without --curl");

/**
An equivalent `curl` command, safe to paste: each argument is single-quoted, globbing is off
(`-g`, so `[` and `{` in a path stay literal) and the body is sent as the bytes themselves
(`--data-raw`, which never reads a file for a leading `@`). The one thing the shell expands is
the token, written as `"$GITHUB_TOKEN"` (or the variable it was read from) when it came from
that variable; any other credential is shown redacted. A body or header that no quoted argument
can carry exactly (bytes that are not text, control characters) is refused: exit 2.
*/
export async function printCurl(captured, { token } = {}, stdout) {
	// The URL as fetch serializes it (captured from its Request), which is what it sends.
	const url = redactQuery(captured.url);
	const method = captured.method === "HEAD" ? ["--head"] : captured.method === "GET" ? [] : ["-X", captured.method];
	const parts = [];
	// Beside each printed word, the arguments the shell passes to curl for it (the token
	// expanded), whose sizes decide whether a shell can run the command at all.
	const argv = [];
	const add = (printed, what, ...passed) => {
		parts.push(printed);
		argv.push(...passed.map((argument) => [argument, what]));
	};
	const printedMethod = method.map((word) => (/^[A-Za-z-]+$/.test(word) ? word : quote(word)));
	add(["curl", "-g", ...printedMethod, quote(url)].join(" "), "the URL", "curl", "-g", ...method, url);
	for (const [name, value] of Object.entries(captured.headers)) {
		if (NOT_PRINTABLE_ASCII.test(value)) throw cannotPrint(`the ${name} header`, "its value holds a character that is not printable ASCII (a control character, or a byte above 0x7E)");
		if (SECRET_HEADERS.has(name)) {
			// Named as `$VARIABLE` only when it is that variable's token, under a scheme of letters, and
			// the variable holds nothing else: one with whitespace around the token (which the command
			// trims) would expand to a header the shell and curl do not send as Hublet does.
			const scheme = /^([A-Za-z]+) /.exec(value)?.[1];
			const asVariable = token && token.raw === token.token;
			if (name === "authorization" && asVariable && scheme && value === `${scheme} ${token.token}`) add(`-H "${name}: ${scheme} $${token.variable}"`, `the ${name} header`, "-H", `${name}: ${value}`);
			else add(`-H ${quote(`${name}: ${redactCredential(value)}`)}`, `the ${name} header`, "-H", `${name}: ${redactCredential(value)}`);
		}
		// `name:` alone would make curl drop the header; `name;` sends it empty.
		else {
			const header = value === "" ? `${name};` : `${name}: ${value}`;
			add(`-H ${quote(header)}`, `the ${name} header`, "-H", header);
		}
	}
	// `--data-raw ''` makes curl send the `content-length: 0` that fetch sends for an empty body.
	if (captured.emptyBody) add("--data-raw ''", "the body", "--data-raw", "");
	if (captured.body) {
		if (!isText(captured.body)) throw cannotPrint("this body", `its ${captured.body.length} bytes are not UTF-8 text`);
		const text = captured.body.toString("utf8");
		if (unprintableBody(text)) throw cannotPrint("this body", "it holds a control character other than tab and newline (such as NUL, CR or ESC), or a bidi control");
		add(`--data-raw ${quote(text)}`, "the body", "--data-raw", text);
	}
	assertRunnable(argv);
	// Nothing in it for a terminal to act on (refused above), and escaping it would change what a paste sends.
	await write(stdout, `${parts.join(" \\\n  ")}\n`, asIs);
}

const bytesOf = (argument) => Buffer.byteLength(argument) + 1;

/** A usage error when a shell could not start the command whose arguments are `argv` (`[argument, what it is]`). */
function assertRunnable(argv) {
	const [largest, what] = argv.reduce((most, entry) => (bytesOf(entry[0]) > bytesOf(most[0]) ? entry : most));
	if (bytesOf(largest) > ARGUMENT_LIMIT) {
		throw cannotPrint("this request", `${what} would be one argument of ${count(bytesOf(largest))} bytes, and Linux runs no command with an argument over ${count(ARGUMENT_LIMIT)} bytes`);
	}
	const total = argv.reduce((sum, [argument]) => sum + bytesOf(argument), 0);
	if (total > COMMAND_LIMIT) {
		throw cannotPrint("this request", `its arguments would take ${count(total)} bytes, over the ${count(COMMAND_LIMIT)} a shell can be counted on to run with room for the environment`);
	}
}
