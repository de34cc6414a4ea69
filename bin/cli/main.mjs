// `hublet …` as a function: everything the command reads of the process it runs in comes in as an
// argument, so that bin/hublet.mjs hands it the real process and a test runs it in its own, call
// after call, each with its own environment. Each command lives in a file beside this one.
import { EventEmitter } from "node:events";
import { readFileSync } from "node:fs";
import { Hublet } from "@hublet/rest";
import { runRoutesCommand } from "../routes-command.mjs";
import { parseCommandLine } from "./args.mjs";
import { runCall } from "./call.mjs";
import { createClient } from "./client.mjs";
import { EXIT, UsageError, reportError } from "./errors.mjs";
import { runGraphql } from "./graphql.mjs";
import { COMMAND_HELP, MAIN_HELP, methodHelpFooter } from "./help.mjs";
import { describe, find, list } from "./introspect.mjs";
import { withCredentialsOf } from "./secrets.mjs";
import { diff, noteTableInUse, serverFrom, tableInUse } from "./servers.mjs";
import { createStatus } from "./stderr.mjs";
import { closest } from "./suggest.mjs";
import { isRouteCall, parameterNamesOf } from "./target.mjs";

const INTROSPECTION = { ls: list, describe, find };
const COMMANDS = ["ls", "describe", "find", "diff", "graphql", "routes", "help"];

/**
Runs `hublet …argv` and resolves with its exit code (errors.mjs's EXIT); it never exits, never
sets `process.exitCode` and reads no `process.*`:
- `argv`: the arguments after the command's name.
- `env`: the environment (tokens, GITHUB_API_URL, HUBLET_*, DEBUG for stack traces). The library
  itself reads HTTPS_PROXY, NO_PROXY and DEBUG=hublet:* from the process it runs in.
- `stdin`: a file descriptor, read whole at the first `@-` (the process's 0), or its bytes.
- `stdout`, `stderr`: writable streams; `isTTY` on them picks the terminal's forms.
- `cwd`: where relative paths (`name=@file`, --scan, --out) are read and written.
- `signals`: `on` and `off` of the "SIGINT" (Ctrl-C) event, which stops --paginate after the page
  in flight; every listener added is removed before main() settles.
What the command opened (a Redis connection) is closed before it resolves, or rejects.
*/
export async function main({
	argv = [],
	env = {},
	stdin = Buffer.alloc(0),
	stdout,
	stderr,
	cwd,
	signals = new EventEmitter(),
}) {
	const readStdin = typeof stdin === "number" ? () => readFileSync(stdin) : () => Buffer.from(stdin);
	const io = { stdout, stderr, env, readStdin, cwd, signals, closers: [] };
	try {
		// `hublet routes …` is the older `hublet-routes …`, with its own options.
		if (argv[0] === "routes") return await withCredentialsOf(env, () => runRoutesCommand(argv.slice(1), io));
		return await withCredentialsOf(
			env,
			async () => (await command(argv, { ...io, status: createStatus(stderr, stdout) })) ?? EXIT.ok,
		);
	} finally {
		await Promise.all(io.closers.map((close) => close()));
	}
}

async function command(argv, io) {
	const { stdout, stderr, status, env } = io;
	try {
		// Whether `--name` is one of the call's parameters; the table alone answers, so the client
		// is made without the environment (no token, retry or Redis to read).
		const isParameter = (name, words) => parameterNamesOf(createClient({}, status, { env: {} }), words).includes(name);
		const { options, words } = parseCommandLine(argv, { isParameter });
		if (options.version) return void stdout.write(`${Hublet.VERSION}\n`);
		if (words[0] === "help") return await help(words.slice(1), options, io);
		if (options.help) return await help(words, options, io);
		if (words.length === 0) {
			stderr.write(`${MAIN_HELP.split("\n\n")[1]}\n\nSee hublet --help.\n`);
			return EXIT.usage;
		}
		const [name, ...rest] = words;
		if (name === "diff") return await diff(rest, io);
		if (name === "graphql") return await runGraphql(rest, options, io);
		if (Object.hasOwn(INTROSPECTION, name)) {
			const client = createClient(options, status, { env });
			noteTableInUse(options, io);
			const table = tableInUse(options, env);
			return await INTROSPECTION[name](client, rest, {
				stdout,
				status,
				table,
				auto: serverFrom(options, env) === "auto",
			});
		}
		if (isRouteCall(words) || name.includes(".")) return await runCall(words, options, io);
		if (isRouteCall([name, "/"]))
			throw new UsageError(
				`${name} needs a path`,
				`such as: hublet ${name} /repos/{owner}/{repo} owner=octokit repo=rest.js`,
			);
		throw unknownCommand(name, options, io);
	} catch (error) {
		return reportError(error, { stderr, env });
	}
}

/** `hublet --help`, `hublet help <topic>` and `hublet <topic> --help`: a command, a route or a method. */
async function help([topic], options, io) {
	const { stdout, stderr, status, env } = io;
	if (topic === undefined) return void stdout.write(MAIN_HELP);
	if (topic === "routes") return runRoutesCommand(["--help"], { stdout, stderr, env });
	if (Object.hasOwn(COMMAND_HELP, topic)) return void stdout.write(COMMAND_HELP[topic]);
	if (isRouteCall([topic, "/"])) return void stdout.write(COMMAND_HELP.call);
	if (!topic.includes(".")) throw unknownCommand(topic, options, io);
	await describe(createClient(options, status, { env }), [topic], { stdout });
	stdout.write(methodHelpFooter(topic));
}

function unknownCommand(word, options, { status, env }) {
	const client = createClient(options, status, { env });
	if (typeof client.rest[word] === "object")
		return new UsageError(`${word} is a namespace, not a method`, `list its methods with: hublet ls ${word}`);
	const suggestions = closest(word, [...COMMANDS, ...Object.keys(client.rest)]);
	return new UsageError(
		`unknown command ${word}`,
		suggestions.length ? `did you mean ${suggestions.join(", ")}?` : "see: hublet --help",
	);
}
