// Properties of the command line's parsers and encoders that take hostile input, each stated as
// its guarantee and checked with fast-check on generated values:
// - terminal escaping: the escaped text holds no control or bidi character, and reading it back
//   gives every original character;
// - credential redaction: nothing of the secret survives, in any form it is written in;
// - `--curl` quoting: a POSIX shell (dash and bash) given the printed command passes exactly
//   these argument bytes, or the command exits 2;
// - the argument parser: it never throws anything but a usage error, and name=value,
//   name:=json and repeated names read back what was written;
// - the edit distance: bounded, it is the exact distance up to the bound.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import fc from "fast-check";

// The test process's own token, if any, must not be redacted out of the printed commands.
delete process.env.GITHUB_TOKEN;
delete process.env.GH_TOKEN;

const { messageLines, oneLine, shownLines, jsonForTerminal } = await import("../bin/cli/terminal.mjs");
const { redactor, formsOf, credentialsFrom } = await import("../bin/cli/secrets.mjs");
const { printCurl } = await import("../bin/cli/dry-run.mjs");
const { parseCommandLine, parseParameters } = await import("../bin/cli/args.mjs");
const { UsageError } = await import("../bin/cli/errors.mjs");
const { distance } = await import("../dist/command-line.js");

const UNSAFE = /[\0-\x1f\x7f-\x9f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/u;

/** Strings rich in what matters here: controls, bidi, backslashes and the letters of an escape, and any code point. */
const hostileText = fc.oneof(
	fc.string({ unit: "binary", maxLength: 40 }),
	fc.string({
		unit: fc.constantFrom("\x1b", "\x07", "\r", "\n", "\t", "\0", "\x7f", "\x9b", "\x85", "\u202e", "\u2066", "\u2028", "\u061c", "\\", "x", "u", "{", "}", "1", "B", "a", "é", "😀", "]", "["),
		maxLength: 40,
	}),
);

/** The reader's side of the escaping: `\\`, `\xHH` and `\u{H…}` are what they say; any other backslash is itself. */
function unescape(text) {
	return text.replace(/\\(?:\\|x([0-9A-F]{2})|u\{([0-9A-F]+)\})|\\/g, (match, hex, code) =>
		match === "\\\\" ? "\\" : hex ? String.fromCodePoint(Number.parseInt(hex, 16)) : code ? String.fromCodePoint(Number.parseInt(code, 16)) : "\\",
	);
}

const escaping = suite("terminal escaping");

escaping("one line: no control or bidi character, LF and CR included, and reading it back gives the original", () => {
	fc.assert(
		fc.property(hostileText, (text) => {
			const shown = oneLine(text);
			assert.not.match(shown, UNSAFE);
			assert.is(unescape(shown), text);
		}),
		{ numRuns: 2000 },
	);
});

escaping("an error's message: only LF is left, each line after it indented, and reading it back gives the original", () => {
	fc.assert(
		fc.property(hostileText, (text) => {
			const shown = messageLines(text);
			const [first, ...rest] = shown.split("\n");
			assert.ok(rest.every((line) => line.startsWith("  ")), JSON.stringify(shown));
			const joined = [first, ...rest.map((line) => line.slice(2))];
			for (const line of joined) assert.not.match(line, UNSAFE);
			// Line breaks at the end are dropped, and a CRLF reads as a line break.
			assert.is(joined.map(unescape).join("\n"), text.replace(/(\r?\n)+$/, "").replaceAll("\r\n", "\n"));
		}),
		{ numRuns: 2000 },
	);
});

escaping("lines: only LF, tab and CR before LF are left, and reading it back gives the original", () => {
	fc.assert(
		fc.property(hostileText, (text) => {
			const shown = shownLines(text);
			assert.not.match(shown.replaceAll("\r\n", "").replace(/[\n\t]/g, ""), UNSAFE);
			assert.is(unescape(shown), text);
		}),
		{ numRuns: 2000 },
	);
});

escaping("JSON for a terminal: no control or bidi character, and it parses to the same data", () => {
	fc.assert(
		fc.property(fc.jsonValue(), hostileText, (value, text) => {
			const data = { [text]: [value, text] };
			for (const json of [JSON.stringify(data), JSON.stringify(data, null, 2)]) {
				const shown = jsonForTerminal(json);
				assert.not.match(shown.replace(/\n/g, ""), UNSAFE);
				assert.equal(JSON.parse(shown), JSON.parse(json));
			}
		}),
		{ numRuns: 1000 },
	);
});

// The characters of the tokens a server can be sent in a header: printable ASCII but space.
const tokenText = (minLength) =>
	fc
		.string({ unit: fc.integer({ min: 0x21, max: 0x7e }).map((code) => String.fromCharCode(code)), minLength, maxLength: 48 })
		// A "secret" that is part of the marker itself would be found again in it.
		.filter((token) => !"[REDACTED]".includes(token));

const redaction = suite("credential redaction");

redaction("nothing of the secret survives, as it is, JSON-escaped (once or twice), percent- or form-encoded", () => {
	fc.assert(
		fc.property(tokenText(4), hostileText, hostileText, fc.integer({ min: 0, max: 5 }), (token, before, after, which) => {
			const percent = encodeURIComponent(token);
			const json = JSON.stringify(token).slice(1, -1);
			const form = [token, json, JSON.stringify(json).slice(1, -1), percent, percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()), JSON.stringify(JSON.stringify({ token })).slice(1, -1)][which];
			const redacted = redactor([token])(`${before}${form}${after}`);
			assert.not.ok(redacted.includes(form), `${JSON.stringify(form)} survives in ${JSON.stringify(redacted)}`);
		}),
		{ numRuns: 1500 },
	);
});

redaction("in base64 inside basic auth, after a user name of any length, the token cannot be decoded back", () => {
	fc.assert(
		fc.property(tokenText(8), fc.string({ maxLength: 20 }), fc.boolean(), (token, user, urlSafe) => {
			let encoded = Buffer.from(`${user}:${token}`).toString("base64");
			if (urlSafe) encoded = encoded.replaceAll("+", "-").replaceAll("/", "_");
			const redacted = redactor([token])(`authorization: Basic ${encoded}`);
			const decoded = Buffer.from(redacted.slice("authorization: Basic ".length).replace(/\[REDACTED\]/g, ""), urlSafe ? "base64url" : "base64");
			assert.not.ok(decoded.includes(token), `${token} decodes back from ${redacted}`);
		}),
		{ numRuns: 1500 },
	);
});

redaction("bytes: a Buffer holding the secret's UTF-8 bytes is redacted, any other is returned as it was", () => {
	fc.assert(
		fc.property(tokenText(4), fc.uint8Array({ maxLength: 64 }), fc.uint8Array({ maxLength: 64 }), (token, before, after) => {
			const holding = Buffer.concat([before, Buffer.from(token), after]);
			assert.not.ok(redactor([token])(holding).includes(token));
			const plain = Buffer.concat([before, after]);
			if (!plain.includes(token)) assert.is(redactor([token])(plain), plain);
		}),
	);
});

redaction("the credentials come from GITHUB_TOKEN, GH_TOKEN and the passwords of the Redis and proxy URLs", () => {
	const secrets = credentialsFrom({
		GITHUB_TOKEN: "ghp_one",
		GH_TOKEN: "gho_two",
		HUBLET_REDIS_URL: "redis://default:p%40ss%2Fword@127.0.0.1:6379",
		HTTPS_PROXY: "http://user:pr/xy#pass@proxy:8080",
		http_proxy: "http://nopassword@proxy",
		HTTP_PROXY: "http://u:ab@proxy",
	});
	assert.equal(secrets, ["ghp_one", "gho_two", "p%40ss%2Fword", "p@ss/word", "pr/xy#pass", "pr/xy#pass"]);
	// Too short to tell from ordinary words: left alone.
	assert.not.ok(secrets.includes("ab"));
	assert.ok(formsOf("p@ss/word").includes("p%40ss%2Fword"));
});

/** Runs the printed command with `printf '%s\0'` in place of curl, under `shell`; resolves with the arguments it got. */
const argumentsUnder = (shell, command) =>
	new Promise((resolve, reject) => {
		execFile(shell, ["-c", command.replace(/^curl /, `printf '%s\\0' `)], { encoding: "buffer" }, (error, stdout) => {
			if (error) return reject(error);
			const text = stdout.toString("utf8");
			resolve(text.slice(0, -1).split("\0"));
		});
	});

/** printCurl's output, or the error it threw. */
async function printed(captured, token) {
	let text = "";
	const stdout = { isTTY: false, write: (chunk) => ((text += chunk), true) };
	try {
		await printCurl(captured, { token }, stdout);
		return { text };
	} catch (error) {
		return { error, text };
	}
}

const printableAscii = fc.string({ unit: fc.integer({ min: 0x20, max: 0x7e }).map((code) => String.fromCharCode(code)), maxLength: 30 });
const headerName = fc.stringMatching(/^[a-z][a-z0-9-]{0,15}$/).filter((name) => !["authorization", "proxy-authorization", "cookie"].includes(name));
const bodyText = fc.oneof(fc.string({ unit: "binary", maxLength: 60 }), fc.string({ unit: fc.constantFrom("'", '"', "$", "`", "\\", "!", "*", "?", "[", "]", "{", "}", "~", "\n", "\t", " ", "é", "😀", "$(", ";", "&", "|", "%", "\u202e", "\u2066", "\x1b", "\r", "\x9b"), maxLength: 40 }));
const captured = fc.record({
	method: fc.constantFrom("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"),
	url: fc.webUrl({ withQueryParameters: true, withFragments: false }),
	headers: fc.dictionary(headerName, printableAscii, { maxKeys: 4 }),
	body: fc.option(bodyText.map((text) => Buffer.from(text)), { nil: undefined }),
});

const expectedArguments = (request) => [
	"-g",
	...(request.method === "HEAD" ? ["--head"] : request.method === "GET" ? [] : ["-X", request.method]),
	request.url,
	...Object.entries(request.headers).flatMap(([name, value]) => ["-H", value === "" ? `${name};` : `${name}: ${value}`]),
	...(request.body?.length ? ["--data-raw", request.body.toString("utf8")] : []),
];

const quoting = suite("--curl quoting");

quoting("dash and bash, given the printed command, pass exactly the request's argument bytes, or the command exits 2", async () => {
	await fc.assert(
		fc.asyncProperty(captured, async (request) => {
			const { text, error } = await printed({ ...request, body: request.body?.length ? request.body : undefined });
			const body = request.body?.toString("utf8") ?? "";
			const printable = !UNSAFE.test(body.replace(/[\t\n]/g, "")) && !body.includes("\ufffd");
			if (!printable) {
				// A body a terminal would act on, or bytes that are not UTF-8: refused, nothing printed.
				assert.instance(error, UsageError);
				assert.is(text, "");
				return;
			}
			assert.is(error, undefined);
			for (const shell of ["dash", "bash"]) assert.equal(await argumentsUnder(shell, text), expectedArguments(request), shell);
		}),
		{ numRuns: 150 },
	);
});

quoting("the token's header is written as the variable, which the shell expands to the token itself", async () => {
	await fc.assert(
		fc.asyncProperty(tokenText(4), fc.constantFrom("token", "bearer", "Bearer"), async (token, scheme) => {
			const { text } = await printed({ method: "GET", url: "https://api.github.com/user", headers: { authorization: `${scheme} ${token}` } }, { token, variable: "GITHUB_TOKEN", raw: token });
			assert.not.ok(text.includes(token));
			const args = await new Promise((resolve, reject) =>
				execFile("sh", ["-c", text.replace(/^curl /, `printf '%s\\0' `)], { env: { ...process.env, GITHUB_TOKEN: token } }, (error, stdout) => (error ? reject(error) : resolve(stdout.slice(0, -1).split("\0")))),
			);
			assert.equal(args, ["-g", "https://api.github.com/user", "-H", `authorization: ${scheme} ${token}`]);
		}),
		{ numRuns: 40 },
	);
});

const parsing = suite("the argument parser");

const word = fc.oneof(
	fc.string({ maxLength: 12 }),
	fc.constantFrom("-", "--", "-i", "-h", "-f", "-F", "--paginate", "--base-url", "--base-url=", "--server", "--curl", "--dry-run", "--include", "--x=1", "--owner=o", "-xyz", "=", ":=", "a=", "a:=", "a=@", "__proto__=1", "constructor:={}", "--__proto__", "--toString"),
);

parsing("any argv: the parser returns, or throws a usage error (exit 2), never anything else", () => {
	fc.assert(
		fc.property(fc.array(word, { maxLength: 8 }), (argv) => {
			try {
				const { options, words } = parseCommandLine(argv, { isParameter: (name) => name === "owner" });
				assert.ok(Array.isArray(words));
				assert.type(options, "object");
			} catch (error) {
				assert.instance(error, UsageError, `${JSON.stringify(argv)}: ${error}`);
			}
		}),
		{ numRuns: 3000 },
	);
});

parsing("any parameter words: parseParameters returns, or throws a usage error, never anything else", () => {
	fc.assert(
		fc.property(fc.array(word, { maxLength: 6 }), (words) => {
			try {
				parseParameters(words, { readStdin: () => Buffer.from("{}") });
			} catch (error) {
				assert.instance(error, UsageError, `${JSON.stringify(words)}: ${error}`);
			}
		}),
		{ numRuns: 3000 },
	);
});

// A name is anything without `=` or `:` (prototype names included); a plain value does not start with `@` or `\@`.
const parameterName = fc.oneof(fc.string({ minLength: 1, maxLength: 12 }).filter((name) => !/[=:]/.test(name)), fc.constantFrom("__proto__", "constructor", "toString", "hasOwnProperty"));
const plainValue = hostileText.filter((value) => !value.startsWith("@") && !value.startsWith("\\@"));

parsing("name=value, name:=json and name=\\@text round-trip, as own properties, a repeated name collecting an array", () => {
	fc.assert(
		fc.property(parameterName, plainValue, fc.jsonValue(), plainValue, (name, value, json, text) => {
			const given = (words) => parseParameters(words).params;
			const string = given([`${name}=${value}`]);
			assert.ok(Object.hasOwn(string, name));
			assert.is(string[name], value);
			const parsedJson = given([`${name}:=${JSON.stringify(json)}`]);
			assert.is(JSON.stringify(parsedJson[name]), JSON.stringify(json));
			assert.is(given([`${name}=\\@${text}`])[name], `@${text}`);
			assert.equal(given([`${name}=${value}`, `${name}=${text}`])[name], [value, text]);
			assert.equal(Object.keys(given([`${name}=${value}`])), [name]);
		}),
		{ numRuns: 1500 },
	);
});

parsing("gh's -f and -F are not hublet's: a usage error that names the option and says how hublet writes a field", () => {
	for (const argv of [["-f", "owner=o"], ["-F", "per_page=1"], ["--field", "a=b"], ["--raw-field=a=b"]]) {
		assert.throws(
			() => parseCommandLine(["repos.get", ...argv]),
			(error) => error instanceof UsageError && error.message.startsWith(`unknown option ${argv[0].split("=")[0]}`) && /-f name=value is name=value/.test(error.hint),
		);
	}
});

/** The plain edit distance (substitution, insertion, deletion, adjacent swap), the full table: the oracle. */
function fullDistance(a, b) {
	a = a.toLowerCase();
	b = b.toLowerCase();
	const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
	for (let j = 1; j <= b.length; j++) rows[0][j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			rows[i][j] = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) rows[i][j] = Math.min(rows[i][j], rows[i - 2][j - 2] + 1);
		}
	}
	return rows[a.length][b.length];
}

const spelling = suite("the bounded edit distance");

spelling("with a bound, the distance is exact up to it and bound + 1 beyond; without, exact", () => {
	const name = fc.string({ unit: fc.constantFrom("a", "b", "c", "A", "."), maxLength: 12 });
	fc.assert(
		fc.property(name, name, fc.integer({ min: 0, max: 8 }), (a, b, most) => {
			const exact = fullDistance(a, b);
			assert.is(distance(a, b), exact);
			assert.is(distance(a, b, most), Math.min(exact, most + 1));
			assert.is(distance(b, a, most), distance(a, b, most));
		}),
		{ numRuns: 5000 },
	);
});

escaping.run();
redaction.run();
quoting.run();
parsing.run();
spelling.run();
