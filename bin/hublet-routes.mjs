#!/usr/bin/env node
// The older name of `hublet routes`, kept for scripts written against it.
import { main } from "./cli/main.mjs";
import { processSignals } from "./cli/process-signals.mjs";

process.exitCode = await main({
	argv: ["routes", ...process.argv.slice(2)],
	env: process.env,
	stdin: 0,
	stdout: process.stdout,
	stderr: process.stderr,
	cwd: process.cwd(),
	signals: processSignals(process),
});
