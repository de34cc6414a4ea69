// The command's seam, bin/cli/main.mjs: `main({ argv, env, stdin, stdout, stderr, cwd, signals })`
// answers as the real binary does (same bytes, same exit code), reads nothing of the process it
// runs in, and leaves nothing behind for the next run in that process, even one that threw
// half-way. The other test/cli-*.test.js files run the command through it (runCli) and keep a
// real process for what only a process shows.
// Run: node test/cli-main.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync } from "node:child_process";
import { EventEmitter } from "node:events";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { main } from "../bin/cli/main.mjs";
import { processSignals } from "../bin/cli/process-signals.mjs";
import { cliEnv, createApiServer, runCli } from "./fixtures/cli-harness.js";
import { runInProcess } from "./helpers/cli-in-process.js";

const TOKEN = "ghp_mainSeamFirst0123456789";
const OTHER = "ghp_mainSeamSecond987654321";
const api = createApiServer();
const env = (extra = {}) => ({ GITHUB_API_URL: api.baseUrl, HUBLET_RETRY: "false", ...extra });

/** A stream as main() takes it: `write` keeps the text, or throws when `fails`. */
function sink({ fails = false } = {}) {
	let text = "";
	return {
		stream: {
			write(chunk) {
				if (fails) throw new Error("the stream closed half-way");
				text += chunk;
				return true;
			},
		},
		text: () => text,
	};
}

/** Two pages of issues, and a body that echoes the authorization it came with and a token of neither run. */
const routes = () => ({
	"GET /repos/o/r/issues": ({ url }) =>
		url.searchParams.get("page") === "2" ? [200, [{ number: 2 }]] : [200, [{ number: 1 }], { link: `<${api.baseUrl}/repos/o/r/issues?page=2>; rel="next"` }],
	"GET /user": ({ request }) => [200, { seen: request.headers.authorization, first: TOKEN, second: OTHER }],
});

// ---

const alike = suite("main() and the binary answer alike");
alike.before(() => api.start());
alike.before.each(() => api.reset(routes()));
alike.after(() => api.stop());

// Each exit code the binary has, a file and standard input through a real pipe, in both forms.
const RUNS = [
	["a call that succeeds (0)", ["issues.listForRepo", "owner=o", "repo=r"]],
	["a call that fails (1)", ["repos.get", "owner=o", "repo=gone"]],
	["a usage error (2)", ["repos.gt", "owner=o"]],
	["standard input and a file, dry run", ["issues.create", "owner=o", "repo=r", "title=@FILE", "body=@-", "--dry-run"], { input: "from a pipe\n" }],
	["--paginate", ["issues.listForRepo", "owner=o", "repo=r", "--paginate"]],
	["--version", ["--version"]],
	["no command", []],
];
for (const [name, args, options = {}] of RUNS) {
	alike(name, async () => {
		const dir = mkdtempSync(join(tmpdir(), "hublet-main-"));
		try {
			writeFileSync(join(dir, "title.txt"), "A title");
			const argv = args.map((arg) => arg.replace("FILE", join(dir, "title.txt")));
			const spawned = await runCli(argv, { ...options, env: env(), spawn: true });
			const inProcess = await runCli(argv, { ...options, env: env() });
			assert.equal(inProcess, spawned);
		} finally {
			rmSync(dir, { recursive: true, force: true });
		}
	});
}

alike("a relative path is read from the cwd given, as a child started there reads it", async () => {
	const dir = mkdtempSync(join(tmpdir(), "hublet-main-"));
	try {
		writeFileSync(join(dir, "notes.md"), "in the folder given");
		const { code, stdout, stderr } = await runInProcess(["POST", "/markdown", "text=@notes.md", "--dry-run"], { env: cliEnv(), cwd: dir });
		assert.is(code, 0, stderr);
		assert.match(stdout, /"text":"in the folder given"/);
	} finally {
		rmSync(dir, { recursive: true, force: true });
	}
});

alike.run();

// ---

const own = suite("main() reads nothing of the process");
own.before(() => api.start());
own.before.each(() => api.reset(routes()));
own.after(() => api.stop());

own("importing the command does nothing to the process: no listener, no exit code, no output", () => {
	const url = new URL("../bin/cli/main.mjs", import.meta.url).href;
	const probe = `const before = ["SIGINT", "exit", "beforeExit"].map((name) => process.listenerCount(name)).join();
		await import(${JSON.stringify(url)});
		const after = ["SIGINT", "exit", "beforeExit"].map((name) => process.listenerCount(name)).join();
		process.stdout.write(JSON.stringify({ same: before === after, exitCode: process.exitCode ?? null, stdout: process.stdout.listenerCount("error") }));`;
	const printed = execFileSync(process.execPath, ["--input-type=module", "-e", probe], { env: cliEnv(), stdio: ["ignore", "pipe", "pipe"] }).toString();
	assert.equal(JSON.parse(printed), { same: true, exitCode: null, stdout: 0 });
});

own("the process's token, server and DEBUG are not the run's; exit code and SIGINT listeners are untouched", async () => {
	const saved = { ...process.env };
	const listeners = process.listenerCount("SIGINT");
	Object.assign(process.env, { GITHUB_TOKEN: TOKEN, HUBLET_SERVER: "ghes-3.17", GITHUB_API_URL: "http://127.0.0.1:1" });
	try {
		const out = sink();
		const err = sink();
		const signals = new EventEmitter();
		const code = await main({ argv: ["GET", "/user"], env: env(), stdout: out.stream, stderr: err.stream, signals });
		assert.is(code, 0, err.text());
		// Sent without the process's token, to the env's URL: the body shows no authorization at all.
		assert.equal(JSON.parse(out.text()), { first: TOKEN, second: OTHER });
		assert.is(api.requests.length, 1);
		assert.is(process.exitCode, undefined);
		assert.is(process.listenerCount("SIGINT"), listeners);
		assert.is(signals.listenerCount("SIGINT"), 0);
	} finally {
		for (const name of Object.keys(process.env)) if (!(name in saved)) delete process.env[name];
		Object.assign(process.env, saved);
	}
});

own("Ctrl-C arrives through `signals`: --paginate stops after the page in flight, exit 130", async () => {
	const signals = new EventEmitter();
	api.reset({
		...routes(),
		// The first page arrives once Ctrl-C has been pressed.
		"GET /repos/o/r/issues": ({ url }) => {
			if (url.searchParams.get("page") !== "2") signals.emit("SIGINT");
			return routes()["GET /repos/o/r/issues"]({ url });
		},
	});
	const { code, stdout, stderr } = await runInProcess(["issues.listForRepo", "owner=o", "repo=r", "--paginate"], { env: cliEnv(env()), signals });
	assert.is(code, 130, stderr);
	assert.equal(JSON.parse(stdout), [{ number: 1 }]);
	assert.match(stderr, /stopping after page 1/);
	assert.is(signals.listenerCount("SIGINT"), 0);
});

own("the binary's signals: after a heard Ctrl-C, a listener that ignores presses is in place before the command's is removed", () => {
	const target = new EventEmitter();
	// The fewest listeners SIGINT had at any moment after a removal: none means the default action.
	let fewest = Infinity;
	target.on("removeListener", (name) => name === "SIGINT" && (fewest = Math.min(fewest, target.listenerCount("SIGINT"))));
	const signals = processSignals(target);
	const quiet = () => {};
	signals.on("SIGINT", quiet);
	signals.off("SIGINT", quiet);
	// No press heard: nothing stays, and Ctrl-C ends the process as it would without the command.
	assert.is(target.listenerCount("SIGINT"), 0);

	let presses = 0;
	const stopping = () => (presses += 1);
	signals.on("SIGINT", stopping);
	target.emit("SIGINT");
	fewest = Infinity;
	signals.off("SIGINT", stopping);
	assert.is(presses, 1);
	assert.is(fewest, 1, "never without a listener once a press was heard");
	target.emit("SIGINT");
	assert.is(presses, 1);
	// A second listener added and removed later leaves the one ignoring listener.
	signals.on("SIGINT", stopping);
	signals.off("SIGINT", stopping);
	assert.is(target.listenerCount("SIGINT"), 1);
});

own.run();

// ---

const after = suite("a run leaves nothing behind for the next one in the process");
after.before(() => api.start());
after.before.each(() => api.reset(routes()));
after.after(() => api.stop());

after("a run that throws half-way (its stdout and stderr gone mid --paginate), then one with another environment", async () => {
	const signals = new EventEmitter();
	const first = main({
		argv: ["issues.listForRepo", "owner=o", "repo=r", "--paginate"],
		env: env({ GITHUB_TOKEN: TOKEN, DEBUG: "1", HUBLET_CLI_HEAP_TRACE: "1" }),
		stdout: sink({ fails: true }).stream,
		stderr: sink({ fails: true }).stream,
		signals,
	});
	const thrown = await first.then(
		() => undefined,
		(error) => error,
	);
	assert.is(thrown?.message, "the stream closed half-way");
	assert.is(signals.listenerCount("SIGINT"), 0, "the Ctrl-C listener is gone");
	assert.is(process.exitCode, undefined);

	// The second run redacts its own token, not the first run's, and shows no stack trace (DEBUG was the first's).
	const ok = await runInProcess(["GET", "/user"], { env: cliEnv(env({ GITHUB_TOKEN: OTHER })), signals });
	assert.is(ok.code, 0, ok.stderr);
	assert.equal(JSON.parse(ok.stdout), { seen: "token [REDACTED]", first: TOKEN, second: "[REDACTED]" });
	const failed = await runInProcess(["repos.get", "owner=o", "repo=r"], { env: cliEnv(env({ GITHUB_TOKEN: OTHER })), signals });
	assert.is(failed.code, 1);
	assert.is(failed.stderr.split("\n").length, 2, failed.stderr);
	assert.not.match(failed.stderr, /hublet-heap|\n\s+at /);
});

after("two runs at once, each with its own token, each redact their own", async () => {
	const run = (token) => runInProcess(["GET", "/user"], { env: cliEnv(env({ GITHUB_TOKEN: token })) });
	const [one, two] = await Promise.all([run(TOKEN), run(OTHER)]);
	assert.equal(JSON.parse(one.stdout), { seen: "token [REDACTED]", first: "[REDACTED]", second: OTHER });
	assert.equal(JSON.parse(two.stdout), { seen: "token [REDACTED]", first: TOKEN, second: "[REDACTED]" });
});

after.run();
