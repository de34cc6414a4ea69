// What went wrong, as one line on stderr, and the exit code that says which kind it was.
import { inspect } from "node:util";

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

const debugging = () => Boolean(process.env.DEBUG);

/**
Writes `error` to stderr and returns the exit code. A response's JSON follows the line, so a
422's field errors can be read or piped to `jq`. Stack traces only under DEBUG.
*/
export function reportError(error, { stderr = process.stderr, label, name } = {}) {
	const prefix = label ? `hublet: ${label}: ` : "hublet: ";
	if (error instanceof UsageError) {
		stderr.write(`${prefix}${error.message}\n${error.hint ? `${error.hint}\n` : ""}`);
		return EXIT.usage;
	}
	if (error?.name === "HttpError" && typeof error.status === "number") {
		// The library rejects a call that lacks a required parameter with a 400 and no
		// response, before anything is sent: that is the command line's mistake.
		if (!error.response && error.status === 400) {
			const hint = name ? `nothing was sent; see: hublet describe ${name}` : "nothing was sent";
			stderr.write(`${prefix}${error.message}\n${hint}\n`);
			return EXIT.usage;
		}
		if (!error.response) stderr.write(`${prefix}request failed: ${error.message}\n`);
		else {
			stderr.write(`${prefix}HTTP ${error.status}: ${error.message}\n`);
			const body = error.response.data;
			if (body !== undefined && body !== "") stderr.write(`${typeof body === "string" ? body.trimEnd() : JSON.stringify(body)}\n`);
		}
		if (debugging()) stderr.write(`${error.stack}\n`);
		return EXIT.request;
	}
	// A TypeError from the library about the shape of a parameter is also the command line's.
	if (error instanceof TypeError && /expects|Expected/.test(error.message)) {
		stderr.write(`${prefix}${error.message}\n`);
		return EXIT.usage;
	}
	stderr.write(`${prefix}${error instanceof Error ? error.message : inspect(error)}\n`);
	if (debugging() && error instanceof Error) stderr.write(`${error.stack}\n`);
	return EXIT.request;
}
