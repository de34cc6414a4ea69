// A token read from a secret file (`GITHUB_TOKEN=$(cat token.txt)` keeps no newline, but
// `export GITHUB_TOKEN="$(cat token.txt)"$'\n'`, a CRLF file, a `.env` line or a paste do)
// carries whitespace around it. The command trims it, as `gh` does, sends the trimmed token,
// and never prints it in either form, whatever the server echoes, on every output the command has.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createApiServer, runCli } from "./fixtures/cli-harness.js";

const TOKEN = "ghp_Wh1te+Space/Token=Value0123456789";
const AROUND = { "a trailing LF": `${TOKEN}\n`, "a trailing CRLF": `${TOKEN}\r\n`, spaces: `  ${TOKEN}  `, tabs: `\t${TOKEN}\t\n` };
const VARIABLES = ["GITHUB_TOKEN", "GH_TOKEN"];
const api = createApiServer();
const env = (extra) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false", ...extra });

const base64 = (text) => Buffer.from(text).toString("base64");
/** What a server sends back of the credential it received: as it is, JSON-escaped, percent-encoded and inside basic auth. */
function echoed(credential) {
	return {
		raw: credential,
		json: JSON.stringify(credential),
		percent: encodeURIComponent(credential),
		basic: base64(`x-access-token:${credential}`),
		basicUrl: base64(`x:${credential}`).replaceAll("+", "-").replaceAll("/", "_"),
	};
}

/** No output holds the token, trimmed or with its whitespace, in any of the forms above. */
function assertNoToken(output, where) {
	const checks = [TOKEN, encodeURIComponent(TOKEN), "Wh1te+Space", "Token=Value", base64(`x-access-token:${TOKEN}`).slice(-24, -4)];
	for (const check of checks) assert.not.ok(output.includes(check), `${where} holds ${JSON.stringify(check)}:\n${output}`);
}

const trimmed = suite("a token with whitespace around it is trimmed and never printed");
trimmed.before(api.start);
trimmed.after(api.stop);

trimmed("the server receives the trimmed token, from either variable", async () => {
	api.reset({ "GET /user": () => [200, { login: "octocat" }] });
	for (const [what, value] of Object.entries(AROUND)) {
		for (const variable of VARIABLES) {
			const { code, stderr } = await runCli(["users.getAuthenticated"], { env: env({ [variable]: value }) });
			assert.is(code, 0, `${variable} with ${what}: ${stderr}`);
			assert.is(api.requests.at(-1).headers.authorization, `token ${TOKEN}`, `${variable} with ${what}`);
		}
	}
});

trimmed("an echo in a 401 body, a 200 body and a header under -i is redacted", async () => {
	api.reset({
		"GET /user": ({ request }) => [200, echoed(request.headers.authorization.slice(6)), { "x-echo": request.headers.authorization }],
		"GET /repos/o/r": ({ request }) => [401, { message: `Bad credentials: ${request.headers.authorization}`, ...echoed(request.headers.authorization.slice(6)) }],
	});
	// Each form from one of the two variables, in turn: the first test shows both are trimmed.
	for (const [index, [what, value]] of Object.entries(AROUND).entries()) {
		const variable = VARIABLES[index % 2];
		const ok = await runCli(["GET", "/user", "-i"], { env: env({ [variable]: value }) });
		assert.is(ok.code, 0, ok.stderr);
		assertNoToken(ok.stdout + ok.stderr, `the 200 with ${what} in ${variable}`);
		assert.match(ok.stdout, "x-echo: token [REDACTED]");
		const failed = await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ [variable]: value }) });
		assert.is(failed.code, 1, failed.stderr);
		assertNoToken(failed.stdout + failed.stderr, `the 401 with ${what} in ${variable}`);
		assert.is(JSON.parse(failed.stdout).raw, "[REDACTED]");
		assert.match(failed.stderr, "Bad credentials: token [REDACTED]");
	}
});

trimmed("under DEBUG=hublet:* and in a stack trace", async () => {
	api.reset({ "GET /repos/o/r": ({ request }) => [500, { message: `upstream saw ${request.headers.authorization}` }] });
	for (const value of Object.values(AROUND)) {
		const { code, stdout, stderr } = await runCli(["repos.get", "owner=o", "repo=r"], { env: env({ GITHUB_TOKEN: value, DEBUG: "hublet:*" }) });
		assert.is(code, 1);
		assertNoToken(stdout + stderr, "DEBUG output");
		assert.match(stderr, "upstream saw token [REDACTED]");
	}
});

trimmed("the server's echo of the token with its whitespace (as a JSON string) is redacted too", async () => {
	for (const value of Object.values(AROUND)) {
		api.reset({ "GET /user": () => [401, { message: `got ${JSON.stringify(value)}`, quoted: value }] });
		const { stdout, stderr } = await runCli(["GET", "/user"], { env: env({ GH_TOKEN: value }) });
		assertNoToken(stdout + stderr, "the echo of the raw value");
	}
});

trimmed("--dry-run and --curl hold neither form; --curl writes no $VARIABLE that would expand with the whitespace", async () => {
	for (const [what, value] of Object.entries(AROUND)) {
		const dry = await runCli(["POST", "/markdown", `text=mine is ${value}`, "--dry-run"], { env: env({ GITHUB_TOKEN: value }) });
		assert.is(dry.code, 0, dry.stderr);
		assertNoToken(dry.stdout + dry.stderr, `--dry-run with ${what}`);
		assert.match(dry.stdout, "authorization: token [REDACTED]");
		const curl = await runCli(["POST", "/markdown", `text=mine is ${TOKEN}`, "--curl"], { env: env({ GITHUB_TOKEN: value }) });
		assert.is(curl.code, 0, curl.stderr);
		assertNoToken(curl.stdout + curl.stderr, `--curl with ${what}`);
		assert.match(curl.stdout, "-H 'authorization: token [REDACTED]'");
		assert.not.match(curl.stdout, "$GITHUB_TOKEN");
	}
	// A variable that holds the token alone is still named, so the command can be pasted.
	const exact = await runCli(["GET", "/user", "--curl"], { env: env({ GITHUB_TOKEN: TOKEN }) });
	assert.match(exact.stdout, `-H "authorization: token $GITHUB_TOKEN"`);
});

trimmed("a variable of whitespace alone is unset: the next one is used, or none", async () => {
	api.reset({ "GET /user": () => [200, {}] });
	await runCli(["GET", "/user"], { env: env({ GITHUB_TOKEN: " \r\n\t", GH_TOKEN: `${TOKEN}\n` }) });
	assert.is(api.requests.at(-1).headers.authorization, `token ${TOKEN}`);
	await runCli(["GET", "/user"], { env: env({ GITHUB_TOKEN: "\n", GH_TOKEN: "  " }) });
	assert.is(api.requests.at(-1).headers.authorization, undefined);
});

trimmed("a token with a line break inside is refused before sending, and not printed", async () => {
	api.reset({ "GET /user": () => [200, {}] });
	for (const value of [`${TOKEN}\nX-Injected: 1`, `ghp_\r\n${TOKEN}`]) {
		const { code, stdout, stderr } = await runCli(["GET", "/user"], { env: env({ GITHUB_TOKEN: value }) });
		assert.is(code, 2, stderr);
		assert.is(api.requests.length, 0);
		assertNoToken(stdout + stderr, "the refusal");
	}
});

trimmed.run();
