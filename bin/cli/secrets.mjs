// The credentials the command runs with never reach its output, whatever a server echoes back: a
// 401 body quoting the authorization header, a proxy's error page, a GraphQL error, a header.
// The library redacts what it knows; the command redacts again, on every byte it writes, every
// form in which a server could hand its own credentials back.
import { AsyncLocalStorage } from "node:async_hooks";

const REDACTED = "[REDACTED]";

// Shorter than this, a "credential" would be redacted out of ordinary words.
const SHORTEST = 4;
// A base64 run shorter than this could be found by chance in other base64 data.
const SHORTEST_BASE64 = 8;

/**
The credentials the command runs with, from its environment: the token (both variables, though
only the first set is used), each as it is and trimmed (the client sends it trimmed, so that is
the form a server echoes), and the passwords in the Redis and proxy URLs.
*/
export function credentialsFrom(env) {
	const tokens = [env.GITHUB_TOKEN, env.GH_TOKEN];
	const secrets = [...tokens, ...tokens.filter((token) => token?.trim() !== token).map((token) => token.trim())];
	for (const name of ["HUBLET_REDIS_URL", "HTTPS_PROXY", "https_proxy", "HTTP_PROXY", "http_proxy"]) {
		// scheme://user:password@host: the password, read without a URL parser (it may not parse).
		const password = /^[a-z][a-z0-9+.-]*:\/\/[^:/?#@]*:(.*)@/is.exec(env[name] ?? "")?.[1];
		if (password) secrets.push(password, safeDecode(password));
	}
	return secrets.filter((secret) => typeof secret === "string" && secret.length >= SHORTEST);
}

const safeDecode = (text) => {
	try {
		return decodeURIComponent(text);
	} catch {
		return text;
	}
};

/**
The runs of base64 that encode `bytes` wherever they sit in a longer encoded text (as
`Basic base64(user:token)` holds a token after its user name): for each of the three offsets
a prefix can leave, the characters that depend on the credential's bytes alone.
*/
function base64Runs(bytes) {
	const runs = [];
	for (let offset = 0; offset < 3; offset++) {
		const encoded = Buffer.concat([Buffer.alloc(offset), bytes]).toString("base64");
		const start = Math.ceil((offset * 8) / 6);
		const end = Math.floor(((offset + bytes.length) * 8) / 6);
		const run = encoded.slice(start, end);
		if (run.length >= SHORTEST_BASE64) runs.push(run, run.replaceAll("+", "-").replaceAll("/", "_"));
	}
	return runs;
}

const jsonEscaped = (text) => JSON.stringify(text).slice(1, -1);

/**
Every form of `secret` a response could carry: as it is, JSON-escaped, percent- and
form-encoded, base64; and each of those as it reads in the JSON the command prints (a
JSON-escaped token that a server put in a JSON string is escaped twice there).
*/
export function formsOf(secret) {
	const percent = encodeURIComponent(secret);
	const forms = [
		secret,
		jsonEscaped(secret),
		percent,
		percent.replace(/%[0-9A-F]{2}/g, (escape) => escape.toLowerCase()),
		percent.replaceAll("%20", "+"),
		...base64Runs(Buffer.from(secret, "utf8")),
	];
	return [...new Set([...forms, ...forms.map(jsonEscaped)])].filter((form) => form.length >= SHORTEST);
}

const escapeRegExp = (text) => text.replace(/[\\^$.*+?()[\]{}|]/g, "\\$&");

/**
A function that replaces every form of every secret with `[REDACTED]`, in a string or (for a
binary body) in a Buffer; the identity when there are none.
*/
export function redactor(secrets) {
	const forms = [...new Set(secrets.flatMap(formsOf))].sort((a, b) => b.length - a.length);
	if (forms.length === 0) return (chunk) => chunk;
	const text = new RegExp(forms.map(escapeRegExp).join("|"), "g");
	// A Buffer is searched as Latin-1 text, where each byte is one character: the forms are turned
	// into their UTF-8 bytes read the same way, so a match is a match of bytes.
	const bytes = new RegExp(forms.map((form) => escapeRegExp(Buffer.from(form, "utf8").toString("latin1"))).join("|"), "g");
	return (chunk) => {
		if (typeof chunk === "string") return chunk.replace(text, REDACTED);
		const latin1 = Buffer.from(chunk).toString("latin1");
		const redacted = latin1.replace(bytes, REDACTED);
		return redacted === latin1 ? chunk : Buffer.from(redacted, "latin1");
	};
}

// The redactor of the command running now, set by withCredentialsOf for everything that command
// starts (its awaits, timers and the library's callbacks), so that each run of the command in one
// process (the tests run many) redacts its own environment's credentials, never another's.
const running = new AsyncLocalStorage();
const noCredentials = (chunk) => chunk;

/** Runs `command()` as a command whose credentials are `env`'s; resolves with what it returns. */
export const withCredentialsOf = (env, command) => running.run(redactor(credentialsFrom(env)), command);

/**
`chunk` without the running command's credentials. Outside a command (a module used on its own)
there are none: nothing is read from the process.
*/
export const redactCredentials = (chunk) => (running.getStore() ?? noCredentials)(chunk);
