// The command's own limits. `--curl` prints no command that a shell cannot start: an argument
// over Linux's 128 KiB (MAX_ARG_STRLEN), or arguments over 512 KiB together, exit 2 instead of
// "Argument list too long". And a hostile name of any length (describe, an unknown command, a
// namespace, an option) gets its answer from a bounded edit distance.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { ARGUMENT_LIMIT, COMMAND_LIMIT } from "../bin/cli/dry-run.mjs";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const dir = mkdtempSync(join(tmpdir(), "hublet-limits-"));
const api = createApiServer();
const env = () => ({ GITHUB_API_URL: api.baseUrl });

/** Runs a printed command from a script file (a command line of this size cannot be one `sh -c` argument). */
const runScript = (text) =>
	new Promise((resolve) => {
		const file = join(dir, "command.sh");
		writeFileSync(file, text);
		execFile("sh", [file], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) => resolve({ error, stdout, stderr }));
	});

const curl = suite("--curl within what a shell can run");
curl.before(api.start);
curl.after(async () => {
	await api.stop();
	rmSync(dir, { recursive: true, force: true });
});

curl("the limit is Linux's: an argument of 128 KiB with its NUL starts a program, one byte more does not", () => {
	execFileSync("/bin/true", ["a".repeat(ARGUMENT_LIMIT - 1)]);
	assert.throws(() => execFileSync("/bin/true", ["a".repeat(ARGUMENT_LIMIT)]), (error) => error.code === "E2BIG");
});

curl("a 200 kB body exits 2 with what is too long and by how much, and prints nothing", async () => {
	const file = join(dir, "body.txt");
	writeFileSync(file, "x".repeat(200_000));
	const { code, stdout, stderr } = await runCli(["POST", "/markdown/raw", `data=@${file}`, "--curl"], { env: env() });
	assert.is(code, 2);
	assert.is(stdout, "");
	assert.match(stderr, "--curl cannot print this request");
	assert.match(stderr, "the body would be one argument of 200,001 bytes");
	assert.match(stderr, "131,072 bytes");
	assert.match(stderr, "nothing was sent");
});

curl("a body at the limit prints a command that runs and sends every byte; one byte more exits 2", async () => {
	const file = join(dir, "edge.txt");
	writeFileSync(file, "y".repeat(ARGUMENT_LIMIT - 1));
	api.reset({ "POST /markdown/raw": () => [200, {}] });
	const { code, stdout, stderr } = await runCli(["POST", "/markdown/raw", `data=@${file}`, "--curl"], { env: env() });
	assert.is(code, 0, stderr);
	const ran = await runScript(`${stdout.trimEnd()} -s -o /dev/null\n`);
	assert.is(ran.error, null, ran.stderr);
	assert.is(api.requests.length, 1);
	assert.is(api.requests[0].body.length, ARGUMENT_LIMIT - 1);

	writeFileSync(file, "y".repeat(ARGUMENT_LIMIT));
	const over = await runCli(["POST", "/markdown/raw", `data=@${file}`, "--curl"], { env: env() });
	assert.is(over.code, 2);
	assert.is(over.stdout, "");
});

curl("a URL or a header over the limit exits 2, naming it", async () => {
	// The values come from files: hublet itself takes no argument that long.
	const query = join(dir, "query.txt");
	writeFileSync(query, "z".repeat(ARGUMENT_LIMIT));
	const url = await runCli(["GET", "/search/code", `q=@${query}`, "--curl"], { env: env() });
	assert.is(url.code, 2);
	assert.match(url.stderr, "the URL would be one argument of");
	const big = join(dir, "header.json");
	writeFileSync(big, JSON.stringify({ "x-big": "h".repeat(ARGUMENT_LIMIT) }));
	const header = await runCli(["GET", "/x", `headers:=@${big}`, "--curl"], { env: env() });
	assert.is(header.code, 2);
	assert.match(header.stderr, "the x-big header would be one argument of");
});

curl("arguments each within the limit but over 512 KiB together exit 2; under it, the command runs", async () => {
	const headers = (count) => {
		const file = join(dir, `headers-${count}.json`);
		writeFileSync(file, JSON.stringify(Object.fromEntries(Array.from({ length: count }, (_, index) => [`x-h${index}`, "v".repeat(100_000)]))));
		return `headers:=@${file}`;
	};
	const over = await runCli(["GET", "/x", headers(Math.ceil(COMMAND_LIMIT / 100_000)), "--curl"], { env: env() });
	assert.is(over.code, 2);
	assert.match(over.stderr, "its arguments would take");
	assert.match(over.stderr, "524,288");
	const under = await runCli(["GET", "/x", headers(4), "--curl"], { env: env() });
	assert.is(under.code, 0, under.stderr);
	// The server here takes no 400 KB of headers: /bin/echo, started with the same arguments, shows the kernel takes them.
	assert.ok(under.stdout.startsWith("curl -g "));
	const ran = await runScript(under.stdout.replace(/^curl /, "/bin/echo "));
	assert.is(ran.error, null, ran.stderr);
	assert.match(ran.stdout, ` -H x-h3: ${"v".repeat(100_000)}`);
});

const names = suite("a hostile name of any length gets its answer at once");

for (const length of [10_000, 100_000]) {
	names(`describe, an unknown command, ls and an option with a ${length.toLocaleString("en-US")}-character name exit 2`, async () => {
		const long = "a".repeat(length);
		for (const args of [["describe", long], ["describe", `${long}.get`], ["describe", `repos.${long}`], [long], ["ls", long], [`--${long}`]]) {
			const { code, stdout, stderr } = await runCli(args);
			assert.is(code, 2, stderr.slice(0, 200));
			assert.is(stdout, "");
			assert.match(stderr, /^hublet: (unknown (method|command|namespace|option)) /);
		}
	});
}

names("a typo still finds its name: the bound keeps every suggestion within reach", async () => {
	for (const [typo, meant] of [["repos.gte", "repos.get"], ["repository.get", "repos.get"], ["isues.listForRepo", "issues.listForRepo"], ["reposs", "repos"]]) {
		const { stderr } = await runCli(typo.includes(".") ? ["describe", typo] : ["ls", typo]);
		assert.match(stderr, `did you mean ${meant}`, typo);
	}
	const option = await runCli(["--pagnate"]);
	assert.match(option.stderr, "did you mean --paginate?");
});

curl.run();
names.run();
