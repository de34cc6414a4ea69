#!/usr/bin/env node
// `hublet`: call, page through, dry-run and inspect the GitHub REST API. This file hands the
// command (bin/cli/main.mjs) the real process; what belongs to a process alone is here.
import { EXIT } from "./cli/errors.mjs";
import { main } from "./cli/main.mjs";
import { processSignals } from "./cli/process-signals.mjs";

// A closed pipe (`hublet … | head`) ends the command quietly, as it does for other tools.
process.stdout.on("error", (error) => {
	if (error.code === "EPIPE") process.exit(EXIT.ok);
	throw error;
});

// Standard input as a file descriptor, read only at an `@-`: process.stdin would make a pipe
// non-blocking, and the read then fail.
process.exitCode = await main({
	argv: process.argv.slice(2),
	env: process.env,
	stdin: 0,
	stdout: process.stdout,
	stderr: process.stderr,
	cwd: process.cwd(),
	signals: processSignals(process),
});
