// `hublet …` run inside the test's own process through bin/cli/main.mjs, with what a child process
// would be given: its arguments, environment, standard input and working directory. It answers
// as a run of the real binary does, `{ code, signal, stdout, stderr }`, with the same bytes, and
// costs no Node.js start (50 to 100 ms of CPU each, which hundreds of runs add up to).
import { EventEmitter } from "node:events";
import { Writable } from "node:stream";
import { main } from "../../bin/cli/main.mjs";

/** A stream that keeps every byte written to it, as a pipe to a parent would receive them. */
function collector() {
	const chunks = [];
	const stream = new Writable({
		write(chunk, encoding, done) {
			chunks.push(Buffer.from(chunk, encoding));
			done();
		},
	});
	return { stream, bytes: () => Buffer.concat(chunks) };
}

/**
Runs the command with `env` as its whole environment (the caller builds it; see cliEnv), `input`
as standard input (empty when not given), `cwd` as its working directory and `signals` as where
Ctrl-C arrives (`signals.emit("SIGINT")`). stdout is a Buffer when `binary`, else text.
*/
export async function runInProcess(
	args,
	{ env, input, cwd = process.cwd(), signals = new EventEmitter(), binary = false },
) {
	const stdout = collector();
	const stderr = collector();
	const code = await main({
		argv: args,
		env,
		stdin: input ?? Buffer.alloc(0),
		stdout: stdout.stream,
		stderr: stderr.stream,
		cwd,
		signals,
	});
	return {
		code,
		signal: null,
		stdout: binary ? stdout.bytes() : stdout.bytes().toString("utf8"),
		stderr: stderr.bytes().toString("utf8"),
	};
}
