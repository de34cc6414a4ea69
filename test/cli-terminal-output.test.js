// A server's bytes never drive the terminal: everything `hublet` writes that came from a server,
// a file or an argument is shown with its control and bidi characters escaped. stderr always
// (each message one line); stdout on a terminal (JSON with `\uXXXX` escapes, the same data),
// while a pipe gets the data byte for byte. Each case runs the command against a server on
// 127.0.0.1, piped and under a real pseudo-terminal (`script`).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Writable } from "node:stream";
import { BIN, createApiServer, renderScreen, runCli, underTerminal } from "./fixtures/cli-harness.js";
import { createClient } from "../bin/cli/client.mjs";
import { createStatus } from "../bin/cli/stderr.mjs";

const api = createApiServer();
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false", ...extra });

// What the issue saw: a window title, an erased line, a carriage return and a forged line; and
// the neighbours: C1 CSI, DEL, a bidi override and isolate, the line separator.
const HOSTILE = "Not Found\x1b]0;PWNED\x07\x1b[2K\rhublet: everything is fine\nhublet: forged line \x9b31m \x7f \u202eevil\u202c \u2066iso\u2069 \u2028 end";
// Every character a terminal acts on or reorders, which none of the command's output may hold
// unescaped (its own progress line's `\r` + `ESC [K` aside, which the screen below understands).
const UNSAFE = /[\0-\x08\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

// A terminal's output post-processing writes each LF as CRLF.
const screenText = (bytes) => bytes.replace(/\r*\n/g, "\n");
const shell = (words) => words.map((word) => `'${word.replaceAll("'", `'\\''`)}'`).join(" ");
const cli = (...words) => shell([process.execPath, BIN, ...words]);

const terminal = suite("hublet never lets a server's bytes drive the terminal");
terminal.before(api.start);
terminal.after(api.stop);

/** Whether each line of `stderr` after the first is the indented continuation of an error's message, never a `hublet:` line of its own. */
const continuesMessage = (stderr) => stderr.trimEnd().split("\n").slice(1).every((line) => line.startsWith("  "));

terminal("a 404 whose message holds a title change, an erase, CR and a forged hublet: line: escaped, its LF an indented line", async () => {
	api.reset({ "GET /repos/o/r": () => [404, { message: HOSTILE }] });
	const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(code, 1);
	assert.not.match(stderr.replaceAll("\n", ""), UNSAFE);
	assert.equal(stderr.split("\n"), [
		String.raw`hublet: repos.get: HTTP 404: Not Found\x1B]0;PWNED\x07\x1B[2K\x0Dhublet: everything is fine`,
		String.raw`  hublet: forged line \x9B31m \x7F \u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{2028} end`,
		"",
	]);
	// The body on a pipe is the data, as it came.
	assert.is(JSON.parse(stdout).message, HOSTILE);
});

terminal("the same 404 under a terminal: no title, no erase, no forged line, every character shown", async () => {
	api.reset({ "GET /repos/o/r": () => [404, { message: HOSTILE }] });
	const bytes = await underTerminal(`${cli("repos.get", "owner=o", "repo=r")}; true`, env());
	assert.not.match(screenText(bytes), UNSAFE);
	// renderScreen throws on any control sequence but `\r`, `\n` and `ESC [K`.
	const screen = renderScreen(bytes);
	assert.ok(screen.every((line) => !line.startsWith("hublet: forged") && !line.startsWith("hublet: everything")), screen.join("\n"));
	// The JSON on the terminal is the same data, its controls written as JSON escapes.
	const errorLine = screen.findIndex((line) => line.startsWith("hublet: repos.get: HTTP 404"));
	assert.is(JSON.parse(screen.slice(0, errorLine).join("\n")).message, HOSTILE);
	assert.ok(screen.some((line) => line.includes(String.raw`\u001b]0;PWNED\u0007`) && line.includes(String.raw`\u202eevil`)));
});

terminal("a 422's multi-line text reads as lines, not \\x0A; a lone CR and ESC in it stay escaped", async () => {
	const message = "Validation Failed\nbase: No commits between main and feature\r\nhead: invalid\rX\x1b[2K";
	api.reset({ "POST /repos/o/r/pulls": () => [422, { message, documentation_url: "https://docs.github.com/rest" }] });
	const { code, stderr } = await runCli(["pulls.create", "owner=o", "repo=r", "head=feature", "base=main"], { env: env() });
	assert.is(code, 1);
	assert.not.match(stderr, "\\x0A");
	assert.equal(stderr.split("\n"), [
		"hublet: pulls.create: HTTP 422: Validation Failed",
		"  base: No commits between main and feature",
		String.raw`  head: invalid\x0DX\x1B[2K - https://docs.github.com/rest`,
		"",
	]);
});

terminal("a 403 rate limit's message is escaped the same way", async () => {
	api.reset({
		"GET /repos/o/r": () => [403, { message: `API rate limit exceeded${HOSTILE}` }, { "x-ratelimit-remaining": "0", "x-ratelimit-reset": String(Math.floor(Date.now() / 1000) + 3600) }],
	});
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(code, 1);
	assert.not.match(stderr.replaceAll("\n", ""), UNSAFE);
	assert.is(stderr.trimEnd().split("\n").length, 2, stderr);
	assert.ok(continuesMessage(stderr), stderr);
	assert.match(stderr, String.raw`\x1B]0;PWNED\x07`);
});

terminal("a base URL that does not parse is named in the error, escaped", async () => {
	const { code, stderr } = await runCli(["repos.get", "owner=o", "repo=r", "--base-url", "http://exa\x1b]0;PWNED\x07\rhublet: forged"], { env: env() });
	assert.is(code, 2);
	assert.not.match(stderr, UNSAFE);
	assert.match(stderr, String.raw`exa\x1B]0;PWNED\x07\x0Dhublet: forged`);
	assert.ok(!stderr.split("\n").some((line) => line.startsWith("hublet: forged")));
});

terminal("a text body: byte for byte on a pipe, escaped on a terminal (CRLF line ends kept)", async () => {
	const text = `<h1>Bad gateway</h1>\r\n${HOSTILE}\r\n`;
	api.reset({ "GET /text": () => [200, text, { "content-type": "text/html" }] });
	const piped = await runCli(["GET", "/text"], { env: env() });
	assert.is(piped.code, 0);
	assert.is(piped.stdout, text);
	const bytes = await underTerminal(`${cli("GET", "/text")} 2>/dev/null`, env());
	assert.not.match(screenText(bytes), UNSAFE);
	assert.match(bytes, String.raw`PWNED\x07\x1B[2K\x0Dhublet: everything is fine`);
});

terminal("a JSON body with C1, DEL, bidi and separator characters: exact on a pipe, JSON escapes of the same data on a terminal", async () => {
	const data = { title: HOSTILE, [`key\u202e\x9b`]: ["\u061c\u200e\u200f"] };
	api.reset({ "GET /json": () => [200, data] });
	const piped = await runCli(["GET", "/json"], { env: env() });
	assert.is(piped.stdout, `${JSON.stringify(data)}\n`);
	for (const flags of [[], ["--compact"], ["--ndjson"]]) {
		const bytes = await underTerminal(`${cli("GET", "/json", ...flags)} 2>/dev/null`, env());
		const text = screenText(bytes);
		assert.not.match(text, UNSAFE);
		assert.equal(JSON.parse(text), data);
	}
});

terminal("a binary body: every byte on a pipe, a line saying what it is on a terminal", async () => {
	const bytes = Buffer.from([0x1b, 0x5d, 0x30, 0x3b, 0x50, 0x07, 0x9b, 0xff, 0x00]);
	api.reset({ "GET /asset": () => [200, bytes, { "content-type": "application/octet-stream" }] });
	const piped = await runCli(["GET", "/asset"], { env: env(), binary: true });
	assert.equal([...piped.stdout], [...bytes]);
	const shown = await underTerminal(`${cli("GET", "/asset")} 2>/dev/null`, env());
	assert.is(screenText(shown), "<9 bytes of binary data; redirect stdout to a file to save them>\n");
});

terminal("-i: each header stays one line, its value escaped, on a pipe and a terminal", async () => {
	api.reset({ "GET /json": () => [200, {}, { "x-note": "a\x9b2Jb \u00ff", link: "<http://x/?a=\x9b>; rel=next" }] });
	const piped = await runCli(["GET", "/json", "-i"], { env: env() });
	assert.match(piped.stdout, String.raw`x-note: a\x9B2Jb ÿ`);
	assert.not.match(piped.stdout, UNSAFE);
	const bytes = await underTerminal(`${cli("GET", "/json", "-i")} 2>/dev/null`, env());
	assert.not.match(screenText(bytes), UNSAFE);
	assert.match(bytes, String.raw`x-note: a\x9B2Jb`);
});

terminal("--paginate: a failing page's message is escaped, its LF an indented line, and the items on a terminal are JSON escapes", async () => {
	api.reset({
		"GET /repos/o/r/issues": ({ url }) =>
			url.searchParams.get("page") === "2"
				? [500, { message: HOSTILE }]
				: [200, [{ title: HOSTILE }], { link: `<${api.baseUrl}/repos/o/r/issues?page=2>; rel="next"` }],
	});
	const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: env() });
	assert.is(code, 1);
	assert.equal(JSON.parse(stdout), [{ title: HOSTILE }]);
	assert.not.match(stderr.replaceAll("\n", ""), UNSAFE);
	assert.is(stderr.trimEnd().split("\n").length, 2, stderr);
	assert.ok(continuesMessage(stderr), stderr);
	const bytes = await underTerminal(`${cli("issues.listForRepo", "owner=o", "repo=r", "--paginate")}; true`, env());
	const screen = renderScreen(bytes);
	assert.ok(screen.every((line) => !/^hublet: (forged|everything)/.test(line)), screen.join("\n"));
});

terminal("arguments echoed in usage errors and notices are escaped: a method, a namespace, an option, a find path, routes", async () => {
	const hostile = "x\x1b]0;PWNED\x07\r\nhublet: forged\u202e";
	for (const args of [[`repos.get${hostile}`], ["ls", hostile], ["describe", hostile], [`--${hostile}`], ["find", `/repos/${hostile}`], [hostile], ["routes", `--${hostile}`], ["routes", hostile], ["GET", `/repos/{owner${hostile}}`]]) {
		const { code, stdout, stderr } = await runCli(args, { env: env() });
		assert.ok(code === 1 || code === 2, `${JSON.stringify(args)}: exit ${code}`);
		assert.is(stdout, "");
		assert.not.match(stderr, UNSAFE, JSON.stringify(args));
		assert.ok(!stderr.split("\n").some((line) => line.startsWith("hublet: forged")), `${JSON.stringify(args)}: ${stderr}`);
	}
});

terminal("--dry-run on a terminal: a JSON body reads as the same JSON, a text body's controls are escaped", async () => {
	const title = `C:\\dir ${HOSTILE}`;
	const json = screenText(await underTerminal(`${cli("issues.create", "owner=o", "repo=r", `title=${title}`, "--dry-run")}`, env()));
	assert.not.match(json, UNSAFE);
	assert.equal(JSON.parse(json.slice(json.indexOf("\n\n") + 2)), { title });
	const text = screenText(await underTerminal(`${cli("POST", "/markdown/raw", `data=${HOSTILE}`, "headers:={\"content-type\":\"text/plain\"}", "--dry-run")}`, env()));
	assert.not.match(text, UNSAFE);
	assert.match(text, String.raw`Not Found\x1B]0;PWNED\x07`);
});

terminal("a file given as name=@file reaches a usage error's message escaped", async () => {
	const { code, stderr } = await runCli(["GET", "/json", "q:=@-"], { env: env(), input: `not json\x1b]0;PWNED\x07` });
	assert.is(code, 2);
	assert.not.match(stderr, UNSAFE);
});

terminal("DEBUG's stack trace keeps its frames' lines, each escaped, and its message is one line", async () => {
	api.reset({ "GET /repos/o/r": () => [404, { message: HOSTILE }] });
	const { stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ DEBUG: "x" }) });
	assert.not.match(stderr.replaceAll("\n", ""), UNSAFE);
	const lines = stderr.trimEnd().split("\n");
	assert.ok(lines.length > 4);
	// The message's two lines, then the trace, whose head is the message on one line.
	assert.match(lines[2], /^HttpError: Not Found\\x1B\]0;PWNED.* end$/);
	assert.ok(lines.slice(3).every((line) => line.startsWith("    at ")), stderr);
});

/** A stream that keeps what is written, as stderr, a terminal or not. */
function sink(isTTY = false) {
	const chunks = [];
	const stream = new Writable({
		write(chunk, _encoding, done) {
			chunks.push(chunk.toString());
			done();
		},
	});
	stream.isTTY = isTTY;
	return { stream, text: () => chunks.join("") };
}

const notices = suite("hublet's notices, warnings and progress line");

notices("a library warning (log.warn) and a retry notice are one escaped line", () => {
	const { stream, text } = sink();
	const status = createStatus(stream, sink().stream);
	const client = createClient({}, status, { env: {} });
	client.log.warn(`[hublet] deprecated ${HOSTILE}`);
	status.notice(`GET ${HOSTILE} - retry 1 of 3`);
	assert.not.match(text(), UNSAFE);
	assert.is(text().split("\n").length, 3);
	assert.ok(text().startsWith(String.raw`hublet: warning: [hublet] deprecated Not Found\x1B]0;PWNED`));
});

notices("the progress line and the summary are escaped, and only the command's own erase reaches the terminal", () => {
	const { stream, text } = sink(true);
	const status = createStatus(stream, sink().stream);
	status.progress(`1 page, rate limit: ${HOSTILE}`);
	status.notice("a notice");
	status.done(`done ${HOSTILE}`);
	const screen = renderScreen(text());
	assert.equal(screen.slice(0, 2), ["hublet: a notice", String.raw`hublet: done Not Found\x1B]0;PWNED\x07\x1B[2K\x0Dhublet: everything is fine\x0Ahublet: forged line \x9B31m \x7F \u{202E}evil\u{202C} \u{2066}iso\u{2069} \u{2028} end`]);
});

terminal.run();
notices.run();
