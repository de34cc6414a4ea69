// `hublet … --curl` prints a command that is safe to paste and sends what Hublet sends. Each
// case runs hublet for real against a server on 127.0.0.1, then runs the printed command with
// `sh -c` against the same server, and compares method, URL, headers and body byte for byte.
// Every value holds shell syntax that would run `touch` if anything were expanded: no file may appear.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./fixtures/cli-harness.js";
import { startServer } from "./helpers/loopback.js";

// A sandbox directory: the `touch` payloads below write here if a shell ever runs them.
const dir = mkdtempSync(join(tmpdir(), "hublet-curl-"));
const HOSTILE = `it's "q" $(touch p1) \`touch p2\` $HOME \${IFS} [1] {a,b} ~ * ? \\ ; | & ü € 😀`;
const TOKEN = "ghp_curltest0123456789";

// What curl and undici add on their own, which says nothing about the request's content.
// content-length is compared: GitHub answers 411 to a PUT without one.
const TRANSPORT = new Set(["host", "connection", "accept-encoding", "accept-language", "sec-fetch-mode"]);

let loop;
const received = [];
const curl = suite("hublet --curl");
curl.before(async () => {
	loop = await startServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		const headers = {};
		for (let index = 0; index < request.rawHeaders.length; index += 2) {
			const name = request.rawHeaders[index].toLowerCase();
			if (!TRANSPORT.has(name)) headers[name] = request.rawHeaders[index + 1];
		}
		received.push({ method: request.method, url: request.url, headers, body: Buffer.concat(chunks).toString("hex") });
		response.writeHead(200, { "content-type": "application/json" });
		response.end(request.method === "HEAD" ? undefined : "{}");
	});
});
curl.after(async () => {
	await loop.close();
	rmSync(dir, { recursive: true, force: true });
});
curl.before.each(() => {
	received.length = 0;
});

const run = (command, env) =>
	new Promise((resolve, reject) => {
		execFile("sh", ["-c", command], { cwd: dir, env: { PATH: process.env.PATH, HOME: dir, ...env } }, (error, stdout, stderr) =>
			error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(stdout),
		);
	});

function assertNoPayloadRan() {
	const files = readdirSync(dir).filter((name) => /^p\d$/.test(name));
	assert.equal(files, [], "a payload in the printed command ran");
}

/**
Sends `args` with hublet, then prints them with --curl and runs that: both requests must be the
same. `tokenEnv` is the environment both get (the token, for the `$GITHUB_TOKEN` case).
*/
async function sameRequest(args, { tokenEnv = {}, input, baseUrl = true } = {}) {
	const env = { ...tokenEnv, ...(baseUrl ? { GITHUB_API_URL: loop.baseUrl } : {}) };
	received.length = 0;
	const sent = await runCli(args, { env, input });
	assert.is(sent.code, 0, sent.stderr);
	assert.is(received.length, 1);
	const printed = await runCli([...args, "--curl"], { env, input });
	assert.is(printed.code, 0, printed.stderr);
	assert.is(received.length, 1, "--curl sent nothing itself");
	for (const secret of Object.values(tokenEnv)) assert.not.ok(printed.stdout.includes(secret), "the token is not printed");
	await run(`${printed.stdout.trimEnd()} --silent --output /dev/null`, tokenEnv);
	assertNoPayloadRan();
	assert.is(received.length, 2, printed.stdout);
	const [hublet, fromCurl] = received;
	assert.is(fromCurl.method, hublet.method);
	assert.is(fromCurl.url, hublet.url);
	assert.equal(fromCurl.headers, hublet.headers);
	assert.is(fromCurl.body, hublet.body, "the body, byte for byte");
	return { printed: printed.stdout, request: hublet };
}

curl("a path with quotes, $(…), backticks, $VAR, [ ], a leading @ and non-ASCII is sent as hublet sends it, with globbing off", async () => {
	const { printed, request } = await sameRequest(["GET", `/repos/o/r/contents/a[1].txt/${HOSTILE.replace(/[{}]/g, "")}/@x`]);
	assert.match(printed, /^curl -g /);
	assert.match(request.url, /^\/repos\/o\/r\/contents\/a\[1\]\.txt\//, request.url);
});

curl("a query from fields, with every kind of shell syntax, is sent as hublet sends it", async () => {
	const { request } = await sameRequest(["GET", "/search/issues", `q=${HOSTILE}\nline two`, "sort=\\@created", "page=[2]"]);
	assert.match(request.url, /^\/search\/issues\?q=/);
});

curl("header values from fields (quotes, $(…), backticks, $VAR, a leading @, an empty value) are single-quoted and sent as they are", async () => {
	const headers = { "x-hostile": HOSTILE.replace(/[^\x20-\x7e]/g, ""), "x-at": "@/etc/passwd", "x-empty": "", "x-quote": "'" };
	const { printed } = await sameRequest(["GET", "/repos/o/r", `headers:=${JSON.stringify(headers)}`]);
	assert.not.match(printed, /-H "(?!authorization: token \$GITHUB_TOKEN")/, "no double-quoted header but the token's");
});

curl("a JSON body from fields, with every kind of shell syntax, newlines and non-ASCII, is sent byte for byte", async () => {
	await sameRequest(["POST", "/repos/o/r/issues", `title=${HOSTILE}`, `body=${HOSTILE}\nsecond line\n`, "labels:=[\"@bug\", \"{x}\"]"]);
	await sameRequest(["issues.create", "owner=o", "repo=r", `title=${HOSTILE}`]);
});

curl("a body read with data=@file is printed as its bytes, never as @file, and sent byte for byte", async () => {
	const file = join(dir, "body.txt");
	writeFileSync(file, `@${HOSTILE}\nline two\n\ttabbed\n`);
	const { printed } = await sameRequest(["POST", "/markdown/raw", `data=@${file}`]);
	assert.not.ok(printed.includes(file), "the file is not named: curl would read the reader's own disk");
	// A file that curl could read, were the body passed as @file: it must not be what is sent.
	writeFileSync(join(dir, "secret.txt"), "secret");
	writeFileSync(file, "@secret.txt");
	await sameRequest(["POST", "/markdown/raw", `data=@${file}`]);
	await sameRequest(["POST", "/markdown/raw", "data=@-"], { input: Buffer.from(`@secret.txt ${HOSTILE}`) });
});

curl("a literal body that starts with @ (data=\\@…) is sent as itself", async () => {
	writeFileSync(join(dir, "literal"), "from disk");
	const { request } = await sameRequest(["POST", "/markdown/raw", "data=\\@literal"]);
	assert.is(Buffer.from(request.body, "hex").toString(), "@literal");
});

curl("--base-url with quotes, $(…) and brackets in its path is sent as hublet sends it", async () => {
	const base = `${loop.baseUrl}/api/it's/$(touch p3)/[v3]`;
	const { request } = await sameRequest(["repos.get", "owner=o", "repo=r", "--base-url", base], { baseUrl: false });
	assert.match(request.url, /^\/api\/it's\/\$\(touch%20p3\)\/\[v3\]\/repos\/o\/r$/);
});

curl("the token from GITHUB_TOKEN or GH_TOKEN is the one thing expanded, even when it holds shell syntax", async () => {
	for (const variable of ["GITHUB_TOKEN", "GH_TOKEN"]) {
		received.length = 0;
		const { printed } = await sameRequest(["POST", "/repos/o/r/issues", "title=t"], { tokenEnv: { [variable]: `${TOKEN}$(touch p4)\`touch p5\`` } });
		assert.ok(printed.includes(`-H "authorization: token $${variable}"`), printed);
		assert.is((printed.match(/\$/g) ?? []).length, 1, "one $ in the whole command");
	}
});

curl("a PUT or PATCH without a body is sent with content-length: 0 and fetch's content type, as hublet sends it", async () => {
	const { printed } = await sameRequest(["PUT", "/user/starred/o/r"]);
	assert.match(printed, /--data-raw ''\n$/);
	await sameRequest(["activity.starRepoForAuthenticatedUser", "owner=o", "repo=r"]);
	await sameRequest(["PATCH", "/repos/o/r/things/1"]);
});

curl("HEAD is sent as HEAD", async () => {
	const { request } = await sameRequest(["HEAD", "/repos/o/r"]);
	assert.is(request.method, "HEAD");
});

curl("credentials that did not come from GITHUB_TOKEN (an authorization header or cookie from a field, access_token in the query) are shown redacted, and a $(…) in them never runs", async () => {
	for (const value of ["$(touch p6) x", "`touch p7` ghp_fieldsecret123", "token ghp_fieldsecret123"]) {
		const args = ["GET", "/repos/o/r", `headers:=${JSON.stringify({ authorization: value, cookie: "session=s3cret" })}`, "access_token=ghp_fieldsecret123", "--curl"];
		const printed = await runCli(args, { env: { GITHUB_API_URL: loop.baseUrl } });
		assert.is(printed.code, 0, printed.stderr);
		assert.not.ok(printed.stdout.includes("ghp_fieldsecret123") || printed.stdout.includes("s3cret") || printed.stdout.includes("touch"), printed.stdout);
		assert.not.ok(printed.stdout.includes("$GITHUB_TOKEN"), "the token did not come from GITHUB_TOKEN");
		assert.match(printed.stdout, /-H 'authorization: (token )?\[REDACTED\]'/);
		assert.match(printed.stdout, /\?access_token=\[REDACTED\]'/);
		await run(`${printed.stdout.trimEnd()} --silent --output /dev/null`, {});
		assertNoPayloadRan();
	}
});

curl("what no quoted argument can carry exactly is refused with exit 2, and nothing is sent", async () => {
	const binary = join(dir, "binary.bin");
	writeFileSync(binary, Buffer.from([0x89, 0x50, 0x4e, 0x47, 0xff, 0x00]));
	const crlf = join(dir, "crlf.txt");
	writeFileSync(crlf, "line one\r\nline two\r\n");
	const escape = join(dir, "escape.txt");
	writeFileSync(escape, "colour \x1b[31mred\x1b[0m");
	for (const [args, reason] of [
		[["POST", "/markdown/raw", `data=@${binary}`], /its 6 bytes are not UTF-8 text/],
		[["POST", "/markdown/raw", `data=@${crlf}`], /control character/],
		[["POST", "/markdown/raw", `data=@${escape}`], /control character/],
		[["GET", "/repos/o/r", 'headers:={"x-name":"caf\u00e9"}'], /the x-name header .*not printable ASCII/],
	]) {
		const printed = await runCli([...args, "--curl"], { env: { GITHUB_API_URL: loop.baseUrl } });
		assert.is(printed.code, 2, printed.stderr);
		assert.is(printed.stdout, "");
		assert.match(printed.stderr, /--curl cannot print/);
		assert.match(printed.stderr, reason);
	}
	assert.is(received.length, 0);
	assert.not.ok(existsSync(join(dir, "p1")));
});

curl.run();
