#!/usr/bin/env node
// `hublet`: call, page through, dry-run and inspect the GitHub REST API. This file only
// dispatches; each command lives in bin/cli/.
import { Hublet } from "@hublet/rest";
import { parseCommandLine } from "./cli/args.mjs";
import { runCall } from "./cli/call.mjs";
import { runGraphql } from "./cli/graphql.mjs";
import { createClient } from "./cli/client.mjs";
import { EXIT, UsageError, reportError } from "./cli/errors.mjs";
import { COMMAND_HELP, MAIN_HELP, methodHelpFooter } from "./cli/help.mjs";
import { describe, find, list } from "./cli/introspect.mjs";
import { createStatus } from "./cli/stderr.mjs";
import { closest } from "./cli/suggest.mjs";
import { isRouteCall, parameterNamesOf } from "./cli/target.mjs";
import { runRoutesCommand } from "./routes-command.mjs";
import { diff, noteTableInUse, serverFrom, tableInUse } from "./cli/servers.mjs";

const INTROSPECTION = { ls: list, describe, find };
const COMMANDS = ["ls", "describe", "find", "diff", "graphql", "routes", "help"];

async function main(argv, { stdout = process.stdout, stderr = process.stderr } = {}) {
	// `hublet routes …` is the older `hublet-routes …`, with its own options.
	if (argv[0] === "routes") return runRoutesCommand(argv.slice(1));
	const status = createStatus(stderr, stdout);
	try {
		// Whether `--name` is one of the call's parameters; the table alone answers, so the client
		// is made without the environment (no token, retry or Redis to read).
		const isParameter = (name, words) => parameterNamesOf(createClient({}, status, { env: {} }), words).includes(name);
		const { options, words } = parseCommandLine(argv, { isParameter });
		if (options.version) return void stdout.write(`${Hublet.VERSION}\n`);
		if (words[0] === "help") return await help(words.slice(1), options, status, stdout);
		if (options.help) return await help(words, options, status, stdout);
		if (words.length === 0) {
			stderr.write(`${MAIN_HELP.split("\n\n")[1]}\n\nSee hublet --help.\n`);
			return EXIT.usage;
		}
		const [command, ...rest] = words;
		if (command === "diff") return await diff(rest, { stdout, status });
		if (command === "graphql") return await runGraphql(rest, options, { stdout, stderr, status });
		if (Object.hasOwn(INTROSPECTION, command)) {
			const client = createClient(options, status);
			noteTableInUse(options, { stdout, status });
			return await INTROSPECTION[command](client, rest, { stdout, status, table: tableInUse(options), auto: serverFrom(options) === "auto" });
		}
		if (isRouteCall(words) || command.includes(".")) return await runCall(words, options, { stdout, status });
		if (isRouteCall([command, "/"])) throw new UsageError(`${command} needs a path`, `such as: hublet ${command} /repos/{owner}/{repo} owner=octokit repo=rest.js`);
		throw unknownCommand(command, options, status);
	} catch (error) {
		return reportError(error, { stderr });
	}
}

/** `hublet --help`, `hublet help <topic>` and `hublet <topic> --help`: a command, a route or a method. */
async function help([topic], options, status, stdout) {
	if (topic === undefined) return void stdout.write(MAIN_HELP);
	if (topic === "routes") return runRoutesCommand(["--help"]);
	if (Object.hasOwn(COMMAND_HELP, topic)) return void stdout.write(COMMAND_HELP[topic]);
	if (isRouteCall([topic, "/"])) return void stdout.write(COMMAND_HELP.call);
	if (!topic.includes(".")) throw unknownCommand(topic, options, status);
	await describe(createClient(options, status), [topic], { stdout });
	stdout.write(methodHelpFooter(topic));
}

function unknownCommand(word, options, status) {
	const client = createClient(options, status);
	if (typeof client.rest[word] === "object") return new UsageError(`${word} is a namespace, not a method`, `list its methods with: hublet ls ${word}`);
	const suggestions = closest(word, [...COMMANDS, ...Object.keys(client.rest)]);
	return new UsageError(`unknown command ${word}`, suggestions.length ? `did you mean ${suggestions.join(", ")}?` : "see: hublet --help");
}

// A closed pipe (`hublet … | head`) ends the command quietly, as it does for other tools.
process.stdout.on("error", (error) => {
	if (error.code === "EPIPE") process.exit(EXIT.ok);
	throw error;
});

process.exitCode = (await main(process.argv.slice(2))) ?? EXIT.ok;
