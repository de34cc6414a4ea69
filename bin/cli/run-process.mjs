// The command run by the real process: bin/hublet.mjs and its older name bin/hublet-routes.mjs
// both start here, so what belongs to a process alone is written once.
import { EXIT } from "./errors.mjs";
import { main } from "./main.mjs";
import { processSignals } from "./process-signals.mjs";

/** Runs the command with `argv` over the real process, and leaves its exit code for Node to exit with. */
export async function runProcess(argv) {
	// A closed pipe (`hublet … | head`) ends the command quietly, as it does for other tools.
	process.stdout.on("error", (error) => {
		if (error.code === "EPIPE") process.exit(EXIT.ok);
		throw error;
	});
	// Standard input as a file descriptor, read only at an `@-`: process.stdin would make a pipe
	// non-blocking, and the read then fail.
	process.exitCode = await main({
		argv,
		env: process.env,
		stdin: 0,
		stdout: process.stdout,
		stderr: process.stderr,
		cwd: process.cwd(),
		signals: processSignals(process),
	});
}
