// DEBUG=hublet:* writes to stderr, which is often a terminal: what a server sent (a deprecation's
// date and link, a request id) is shown with every control character escaped, C1 ones (a CSI is
// U+009B) among them, and none is read as a format by debug.
// Run: node test/debug-terminal-bytes.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { spawn } from "node:child_process";
import { escapeControls } from "../dist/common/terminal-text.js";
import { sendJson, startServer } from "./helpers/loopback.js";

const TOKEN = "Zq7-token-Xw93kLm2Pq";
const RUNS = { numRuns: Number(process.env.RUNS ?? 500) };
// Every character a terminal acts on or reorders.
const DRIVING = /[\0-\x09\x0b-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/;

let server;
const debugLines = suite("DEBUG=hublet:* lines");
debugLines.before(async () => {
	server = await startServer((request, response) => {
		const credential = (request.headers.authorization ?? "").split(" ")[1];
		sendJson(response, 200, { ok: true }, {
			deprecation: "true",
			sunset: `Wed, 01 Jan 2031\x9b2J\x9d0;retitled\x9c %o %s \x85 for ${credential}`,
			link: `<https://docs.example/\x9b31m?access_token=${credential}>; rel="deprecation"`,
			"x-github-request-id": "ID\x9b1A",
		});
	});
});
debugLines.after(() => server.close());

debugLines("a deprecation's C1 bytes and a warning's control characters are escaped, a % left as written, the token redacted", async () => {
	const child = spawn(process.execPath, ["test/fixtures/debug-deprecation-run.js", server.baseUrl], {
		env: { ...process.env, DEBUG: "hublet:*", DEBUG_COLORS: "0" },
	});
	let stderr = "";
	child.stderr.setEncoding("utf8").on("data", (chunk) => (stderr += chunk));
	const code = await new Promise((resolve) => child.on("close", resolve));
	assert.is(code, 0, stderr);
	const deprecation = stderr.split("\n").find((line) => line.includes("hublet:deprecation"));
	assert.ok(deprecation, stderr);
	assert.match(deprecation, String.raw`Wed, 01 Jan 2031\x9B2J\x9D0;retitled\x9C %o %s \x85 for [REDACTED]`);
	assert.match(deprecation, String.raw`See https://docs.example/\x9B31m?access_token=[REDACTED]`);
	assert.ok(stderr.includes("hublet:request"), stderr);
	// A warning of Hublet's own that quotes the caller's text (an option's name) is escaped too.
	assert.match(stderr, String.raw`Unknown option "baseU\x1Brl": did you mean baseUrl?`);
	assert.match(stderr, String.raw`Unknown option "baseUr\x9B": did you mean baseUrl?`);
	assert.not.match(stderr, DRIVING);
	assert.not.ok(stderr.includes(TOKEN), stderr);
});

const escaping = suite("escapeControls");

escaping("property: no character that drives a terminal is left, and undoing the escapes gives the text back", () => {
	fc.assert(
		fc.property(fc.string({ unit: "binary", maxLength: 60 }).filter((text) => !text.includes("\\")), (text) => {
			const shown = escapeControls(text);
			const undone = shown.replace(/\\x([0-9A-F]{2})|\\u\{([0-9A-F]+)\}/g, (_, byte, code) => String.fromCodePoint(parseInt(byte ?? code, 16)));
			return !DRIVING.test(shown) && !shown.includes("\n") && undone === text;
		}),
		RUNS,
	);
});

escaping("the command line's notation: \\xHH up to U+00FF, \\u{HHHH} above", () => {
	assert.is(escapeControls("a\x1b[31mb\x9bc\nd\u202ee\u2028"), String.raw`a\x1B[31mb\x9Bc\x0Ad\u{202E}e\u{2028}`);
});

escaping("text without such characters is returned as it is", () => {
	for (const text of ["", "GET /repos/o/r - 200", "Ünïcödé ✓ 𝒳", String.raw`C:\path \x1B`]) assert.is(escapeControls(text), text);
});

debugLines.run();
escaping.run();
