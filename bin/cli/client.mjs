// The client the command talks through: a Hublet with the command's features (client-class.mjs),
// configured from the environment the way `gh` and GitHub Actions configure theirs.
import { CommandHublet } from "./client-class.mjs";
import { UsageError } from "./errors.mjs";
import { redisSharing } from "./redis.mjs";
import { knownServer, serverFrom } from "./servers.mjs";

/**
The token, the name of the variable it came from and that variable's value as it is (for
`--curl`), or undefined. The token is trimmed, as `gh` trims it: a secret file read into the
variable ends with a newline (or CRLF), and a pasted one may carry spaces. A variable of
whitespace alone counts as unset.
*/
export function tokenFromEnv(env) {
	for (const name of ["GITHUB_TOKEN", "GH_TOKEN"]) {
		const token = env[name]?.trim();
		if (token) return { token, variable: name, raw: env[name] };
	}
	return undefined;
}

/** `--base-url`, else `GITHUB_API_URL` (set by GitHub Actions), else the library's default. */
export function baseUrlFrom(options, env) {
	const url = options["base-url"] ?? env.GITHUB_API_URL;
	return url ? url.replace(/\/+$/, "") : undefined;
}

// HUBLET_RETRY takes the library's `retry` option as JSON: `false`, or `{"retries": 5}`.
function retryFromEnv(env) {
	if (env.HUBLET_RETRY === undefined || env.HUBLET_RETRY === "") return undefined;
	let retry;
	try {
		retry = JSON.parse(env.HUBLET_RETRY);
	} catch {
		throw new UsageError(`HUBLET_RETRY must be JSON, such as false or {"retries":5}; got ${env.HUBLET_RETRY}`);
	}
	if (retry !== false && (retry === null || typeof retry !== "object" || Array.isArray(retry))) {
		throw new UsageError(`HUBLET_RETRY must be false or an object, such as {"retries":5}; got ${env.HUBLET_RETRY}`);
	}
	return retry;
}

/** A wait as a person reads it: `850ms`, `1.5s`, `60s`. */
const formatWait = (ms) => (ms < 1000 ? `${Math.round(ms)}ms` : `${ms < 10_000 ? Math.round(ms / 100) / 10 : Math.round(ms / 1000)}s`);

/**
Each retry, told by the library's `retry.onRetry`, as a notice. A wait over 5 s the library
has already announced with `log.warn` (`info.warned`), which the log below shows as a warning,
so it is not repeated.
*/
function showRetry(status) {
	return ({ attempt, retries, reason, waitMs, method, url, warned }) => {
		if (warned) return;
		status.notice(`${method} ${url} - retry ${attempt} of ${retries} after ${reason}${waitMs ? `, waiting ${formatWait(waitMs)}` : ""}`);
	};
}

/**
A client whose output shows what a user at a shell needs: each retry and rate-limit wait
(through `retry.onRetry`), long waits and deprecations (through `log.warn`). Request lines stay
quiet (`DEBUG=hublet:*` shows them) and failures are reported once, by the command. What must
be closed when the command ends (a Redis connection) is added to `closers`.
*/
export function createClient(options, status, { env, fetch, closers }) {
	const auth = tokenFromEnv(env)?.token;
	const baseUrl = baseUrlFrom(options, env);
	const retry = retryFromEnv(env);
	// Not for --dry-run or --curl (`fetch` given): nothing is sent, so there is nothing to share.
	const redis = fetch ? undefined : redisSharing(env);
	// --server or HUBLET_SERVER: the server's route table, or auto; a name without a table is a usage error.
	const server = serverFrom(options, env);
	if (server !== undefined) knownServer(server, { auto: true });
	const clientOptions = {
		...(server ? { server } : {}),
		...(auth ? { auth } : {}),
		...(baseUrl ? { baseUrl } : {}),
		// HUBLET_RETRY=false turns retries off; an object is tuned, and still heard. Its keys come
		// last, so that each (an `onRetry` too, which JSON cannot make a function) gets the library's check.
		retry: retry === false ? false : { onRetry: showRetry(status), ...retry },
		...(fetch ? { request: { fetch } } : {}),
		...redis?.options,
		log: {
			debug() {},
			info() {},
			warn(message) {
				status.notice(`warning: ${message}`);
			},
			error() {},
		},
	};
	let client;
	try {
		client = new CommandHublet(clientOptions);
	} catch (error) {
		// The library checks the retry option's values when the client is built; they came from HUBLET_RETRY.
		if (retry !== undefined && error instanceof TypeError && /`retry/.test(error.message)) throw new UsageError(`HUBLET_RETRY: ${error.message}`);
		throw error;
	}
	// Before the first request: missing packages stop the command with one clear line.
	if (redis) {
		client.hook.before("request", redis.ready);
		closers?.push(redis.close);
	}
	return client;
}
