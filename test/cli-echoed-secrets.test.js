// `GITHUB_TOKEN=T hublet …` never prints T, whatever the server echoes: a 401 body quoting the
// authorization header, a proxy's HTML error page, a success body, a header, a GraphQL error,
// and each in the forms a server could use (as it is, JSON-escaped, percent-encoded, base64
// inside basic auth). The command is run end to end over loopback, so this holds whatever the
// library redacts on its own.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { BIN, createApiServer, runCli, underTerminal } from "./fixtures/cli-harness.js";

// A token with the characters that encode differently in each form: `+`, `/`, `=` and `\`.
const TOKEN = "ghp_Ech0+Secret/Token=Value\\0123456789";
const api = createApiServer();
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false", GITHUB_TOKEN: TOKEN, ...extra });

/** Every form of the token a test server echoes, and what the output must hold none of. */
const base64 = (text) => Buffer.from(text).toString("base64");
function forms(token) {
	return {
		raw: token,
		json: JSON.stringify(token).slice(1, -1),
		percent: encodeURIComponent(token),
		percentLower: encodeURIComponent(token).replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
		// base64 of `user:token` at each alignment a user name can leave.
		basic1: base64(`x-access-token:${token}`),
		basic2: base64(`xx:${token}`),
		basic3: base64(`x:${token}`),
		basicUrl: base64(`x-access-token:${token}`).replaceAll("+", "-").replaceAll("/", "_"),
	};
}

/** A body that echoes the authorization header it was sent, in every form. */
function echo(request) {
	const credential = request.headers.authorization.replace(/^\w+ /, "");
	return { received: request.headers.authorization, ...forms(credential) };
}

/** The pieces of the token's forms that must not survive: each form, and for base64 the part that encodes the token. */
function assertNoToken(output, where) {
	const checks = [TOKEN, JSON.stringify(TOKEN).slice(1, -1), encodeURIComponent(TOKEN), "Ech0+Secret", "Token=Value", encodeURIComponent("Token=Value")];
	for (const [name, form] of Object.entries(forms(TOKEN))) if (name.startsWith("basic")) checks.push(form.slice(-24, -4));
	for (const check of checks) assert.not.ok(output.includes(check), `${where} holds ${JSON.stringify(check)}:\n${output}`);
}

const secrets = suite("hublet never prints its token, whatever the server echoes");
secrets.before(api.start);
secrets.after(api.stop);

secrets("a 401 JSON body quoting the authorization header, in every form: stdout and stderr hold none", async () => {
	api.reset({ "GET /user": ({ request }) => [401, { message: `Bad credentials: ${request.headers.authorization}`, ...echo(request) }] });
	for (const flags of [[], ["-i"], ["--ndjson"]]) {
		const { code, stdout, stderr } = await runCli(["users.getAuthenticated", ...flags], { env: env() });
		assert.is(code, 1);
		assertNoToken(stdout, "stdout");
		assertNoToken(stderr, "stderr");
		// What is left is still the server's JSON, with the token's place marked.
		const body = JSON.parse(flags.includes("-i") ? stdout.slice(stdout.indexOf("\n\n") + 2) : stdout);
		assert.is(body.received, "token [REDACTED]");
		assert.match(stderr, "Bad credentials: token [REDACTED]");
	}
});

secrets("a proxy's 502 HTML page and a success body that reflect the header", async () => {
	api.reset({
		"GET /repos/o/r": ({ request }) => [502, `<html><pre>authorization: ${request.headers.authorization}\n${Object.values(echo(request)).join("\n")}</pre></html>`, { "content-type": "text/html" }],
		"GET /user": ({ request }) => [200, echo(request)],
	});
	const failed = await runCli(["repos.get", "owner=o", "repo=r"], { env: env() });
	assert.is(failed.code, 1);
	assertNoToken(failed.stdout + failed.stderr, "the 502's output");
	const ok = await runCli(["GET", "/user"], { env: env() });
	assert.is(ok.code, 0);
	assertNoToken(ok.stdout + ok.stderr, "the 200's output");
	assert.is(JSON.parse(ok.stdout).raw, "[REDACTED]");
});

secrets("a header that echoes the token, under -i, and a redirect-style link", async () => {
	api.reset({ "GET /user": ({ request }) => [200, {}, { "x-echo": request.headers.authorization, link: `<${api.baseUrl}/user?access_token=${encodeURIComponent(TOKEN)}>; rel="next"` }] });
	const { code, stdout, stderr } = await runCli(["GET", "/user", "-i"], { env: env() });
	assert.is(code, 0);
	assertNoToken(stdout + stderr, "the headers");
	assert.match(stdout, "x-echo: token [REDACTED]");
});

secrets("a GraphQL error's message and extensions holding the token", async () => {
	api.reset({
		"POST /graphql": ({ request }) => [200, { data: null, errors: [{ message: `token ${TOKEN} is not allowed`, extensions: { header: request.headers.authorization, ...forms(TOKEN) } }] }],
	});
	const { code, stdout, stderr } = await runCli(["POST", "/graphql", "query={ viewer { login } }"], { env: env() });
	assert.is(code, 0);
	assertNoToken(stdout + stderr, "the GraphQL answer");
	assert.match(stdout, "token [REDACTED] is not allowed");
});

secrets("--paginate: the items printed and a later page's error hold no token", async () => {
	api.reset({
		"GET /repos/o/r/issues": ({ request, url }) =>
			url.searchParams.get("page") === "2"
				? [500, { message: `upstream saw ${request.headers.authorization}` }]
				: [200, [echo(request)], { link: `<${api.baseUrl}/repos/o/r/issues?page=2>; rel="next"` }],
	});
	for (const flags of [[], ["--ndjson"]]) {
		const { code, stdout, stderr } = await runCli(["issues.listForRepo", "owner=o", "repo=r", "--paginate", ...flags], { env: env() });
		assert.is(code, 1);
		assertNoToken(stdout + stderr, "--paginate's output");
	}
});

secrets("GH_TOKEN too, and on a terminal", async () => {
	api.reset({ "GET /user": ({ request }) => [401, { message: `Bad credentials: ${request.headers.authorization}`, ...echo(request) }] });
	const { stdout, stderr } = await runCli(["users.getAuthenticated"], { env: env({ GITHUB_TOKEN: "", GH_TOKEN: TOKEN }) });
	assertNoToken(stdout + stderr, "GH_TOKEN's output");
	const shell = [process.execPath, BIN, "users.getAuthenticated"].map((word) => `'${word}'`).join(" ");
	const screen = await underTerminal(`${shell}; true`, env());
	assertNoToken(screen, "the terminal");
	assert.match(screen, "[REDACTED]");
});

secrets("--dry-run and --curl with the token in a parameter show it redacted", async () => {
	for (const flag of ["--dry-run", "--curl"]) {
		const { code, stdout, stderr } = await runCli(["POST", "/markdown", `text=my token is ${TOKEN}`, flag], { env: env() });
		assert.is(code, 0, stderr);
		assertNoToken(stdout + stderr, flag);
	}
});

secrets.run();
