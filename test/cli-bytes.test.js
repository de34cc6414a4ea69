// The command line sends what the user gave it: bytes that are not UTF-8 never become a
// serialized Buffer in a JSON body; they are refused before sending (exit 2, naming the field and
// how to send bytes), except as a raw body (`data=@…`), which is sent byte for byte. --dry-run
// and --curl show the body that would be sent (--curl only when an argument can carry it).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { runCli } from "./fixtures/cli-harness.js";
import { startServer } from "./helpers/loopback.js";

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0xff, 0xfe, 0x00, 0x80]);
const INVALID = {
	"a PNG header": PNG,
	"a lone continuation byte": Buffer.from("ok \x80 ok", "latin1"),
	"a truncated sequence": Buffer.from([0x68, 0x69, 0xe2, 0x82]),
	"an overlong encoding": Buffer.from([0xc0, 0xaf]),
	"a UTF-16 surrogate in UTF-8": Buffer.from([0xed, 0xa0, 0x80]),
};

let loop;
const received = [];
const cli = suite("hublet with bytes from a file or stdin");
cli.before(async () => {
	loop = await startServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		received.push({ method: request.method, url: request.url, type: request.headers["content-type"], bytes: Buffer.concat(chunks) });
		response.writeHead(request.url === "/markdown/raw" ? 200 : 201, { "content-type": "application/json" });
		response.end('{"ok":true}');
	});
});
cli.after(() => loop.close());

const env = () => ({ GITHUB_API_URL: loop.baseUrl, GITHUB_TOKEN: "ghp_clibytes0123456789" });
const dir = mkdtempSync(join(tmpdir(), "hublet-bytes-"));

for (const [kind, bytes] of Object.entries(INVALID)) {
	cli(`${kind} as a JSON field from stdin or a file, as text or JSON: exit 2 before sending, naming the field and how to send bytes`, async () => {
		const file = join(dir, "input.bin");
		writeFileSync(file, bytes);
		const cases = [
			[["issues.create", "owner=o", "repo=r", "title=t", "body=@-"], "body=@-", "standard input"],
			[["issues.create", "owner=o", "repo=r", "title=t", `body=@${file}`], `body=@${file}`, file],
			[["issues.create", "owner=o", "repo=r", "title=t", `labels:=@${file}`], `labels:=@${file}`, file],
			[["repos.createOrUpdateFileContents", "owner=o", "repo=r", "path=a.png", "message=m", `content=@${file}`], `content=@${file}`, file],
			[["POST", "/repos/o/r/issues", "title=t", "body=@-"], "body=@-", "standard input"],
		];
		for (const [index, [args, field, source]] of cases.entries()) {
			// --dry-run and --curl refuse as the call does (checked once per kind of bytes, for time).
			for (const flags of index === 0 ? [[], ["--dry-run"], ["--curl"]] : [[]]) {
				received.length = 0;
				const run = await runCli([...args, ...flags], { env: env(), input: bytes });
				assert.is(run.code, 2, `${args.join(" ")} ${flags}: ${run.stderr}`);
				assert.ok(run.stderr.includes(`${field}: ${source} is not UTF-8 text`), run.stderr);
				assert.match(run.stderr, /base64/);
				assert.match(run.stderr, /data=@/);
				assert.is(run.stdout, "");
				assert.is(received.length, 0, "nothing was sent");
			}
		}
	});
}

cli("a raw body (markdown.renderRaw data=@-, an upload data=@file) is sent byte for byte; --dry-run describes those bytes, and --curl, which cannot print them as an argument, refuses (exit 2)", async () => {
	const file = join(dir, "asset.bin");
	writeFileSync(file, PNG);
	for (const [args, input] of [
		[["markdown.renderRaw", "data=@-"], PNG],
		[["POST", "/repos/o/r/releases/1/assets", `data=@${file}`], undefined],
	]) {
		received.length = 0;
		const sent = await runCli(args, { env: env(), input });
		assert.is(sent.code, 0, sent.stderr);
		assert.is(received.length, 1);
		assert.ok(received[0].bytes.equals(PNG), `sent ${received[0].bytes.toString("hex")}`);
		const dryRun = await runCli([...args, "--dry-run"], { env: env(), input });
		assert.ok(dryRun.stdout.endsWith(`\n<${PNG.length} bytes of binary data>\n`), dryRun.stdout);
		const curl = await runCli([...args, "--curl"], { env: env(), input });
		assert.is(curl.code, 2);
		assert.is(curl.stdout, "");
		assert.match(curl.stderr, /--curl cannot print this body .*: its 12 bytes are not UTF-8 text\n/);
		assert.is(received.length, 1, "--dry-run and --curl sent nothing");
	}
});

cli("UTF-8 text from stdin, a file or a JSON file is sent as the string it is, and --dry-run shows that same body", async () => {
	const text = "caf\u00e9 \u{1F600}\nline two\n";
	const file = join(dir, "labels.json");
	writeFileSync(file, '["b\u00fcg"]');
	const args = ["issues.create", "owner=o", "repo=r", "title=t", "body=@-", `labels:=@${file}`];
	received.length = 0;
	const sent = await runCli(args, { env: env(), input: Buffer.from(text) });
	assert.is(sent.code, 0, sent.stderr);
	assert.equal(JSON.parse(received[0].bytes.toString("utf8")), { title: "t", body: text, labels: ["b\u00fcg"] });
	const dryRun = await runCli([...args, "--dry-run"], { env: env(), input: Buffer.from(text) });
	assert.ok(dryRun.stdout.endsWith(`\n\n${received[0].bytes.toString("utf8")}\n`), dryRun.stdout);
});

cli.run();
