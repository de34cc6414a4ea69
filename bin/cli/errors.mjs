// What went wrong, as one line on stderr, and the exit code that says which kind it was.
import { inspect } from "node:util";
import { RequestError } from "@hublet/rest";
import { printResponse } from "./output.mjs";
import { stderrLine, stderrMessage } from "./stderr.mjs";

export const EXIT = {
	ok: 0,
	request: 1, // the server (or the network) said no
	usage: 2, // the command line is wrong: unknown name or option, bad JSON, missing parameter
	interrupted: 130, // Ctrl-C: 128 + SIGINT, as shells report it
};

/** A mistake in the command line: exit 2, with an optional hint on the next line. */
export class UsageError extends Error {
	constructor(message, hint) {
		super(message);
		this.name = "UsageError";
		this.hint = hint;
	}
}

// Each argument a message on stderr, its line breaks indented (see stderrMessage).
const stderrLines = (...lines) => lines.map((line) => `${stderrMessage(line)}\n`).join("");

/**
A stack trace under DEBUG: its frames keep their lines, each escaped to one, and the message at
its head is one line as on the line above (a CR LF in the message would otherwise start a
line of the server's choosing).
*/
function stackOf(error) {
	const stack = String(error.stack);
	const head = `${error.name}: ${error.message}`;
	const frames = stack.startsWith(head) ? stack.slice(head.length).split("\n").slice(1) : stack.split("\n");
	return (stack.startsWith(head) ? [head, ...frames] : frames).map(stderrLine).join("\n");
}

// The library's `code`s for a failure that came with the server's answer.
const ANSWERED = new Set(["HTTP_ERROR", "RATE_LIMITED", "NOT_MODIFIED"]);

/**
Reports `error` as `gh api` does and returns the exit code. One line goes to stderr. When the
server answered, its body goes to stdout (after the status line and headers under `--include`),
so a 422's field errors or a 403's rate-limit headers can be read or piped to `jq`; `stdout` is
left out when the data already printed there must stay valid (a failure part-way through
--paginate). The library's `code` decides, never its message. Stack traces only under DEBUG (in `env`).
*/
export async function reportError(error, { stderr, stdout, options = {}, label, name, env = {} } = {}) {
	const debugging = () => Boolean(env.DEBUG);
	const prefix = label ? `hublet: ${label}: ` : "hublet: ";
	if (error instanceof UsageError) {
		stderr.write(stderrLines(`${prefix}${error.message}`, ...(error.hint ? [error.hint] : [])));
		return EXIT.usage;
	}
	if (error instanceof RequestError && typeof error.code === "string") {
		// Caught by the library before anything was sent (a missing or invalid parameter):
		// that is the command line's mistake.
		if (error.code === "INVALID_REQUEST" || error.code === "NOT_AVAILABLE") {
			const hint = name ? `nothing was sent; see: hublet describe ${name}` : "nothing was sent";
			stderr.write(stderrLines(`${prefix}${error.message}`, hint));
			return EXIT.usage;
		}
		if (error.response && stdout) await printResponse(error.response, options, stdout);
		const kind = ANSWERED.has(error.code) && error.response ? `HTTP ${error.response.status}` : "request failed";
		stderr.write(stderrLines(`${prefix}${kind}: ${error.message}`));
		if (debugging()) stderr.write(`${stackOf(error)}\n`);
		return EXIT.request;
	}
	// The library checks the shape of what it is given with a TypeError before sending
	// anything; the command line built that input from the user's words.
	if (error instanceof TypeError) {
		stderr.write(stderrLines(`${prefix}${error.message}`, "nothing was sent"));
		return EXIT.usage;
	}
	stderr.write(stderrLines(`${prefix}${error instanceof Error ? error.message : inspect(error)}`));
	if (debugging() && error instanceof Error) stderr.write(`${stackOf(error)}\n`);
	return EXIT.request;
}
