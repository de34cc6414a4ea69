import type { HubletOptions } from "../types/options.js";
import type { Feature } from "../types/features.js";
import type { Log } from "../types/request.js";
import { warnOnce } from "./common/log.js";
import { timeoutProblem } from "./common/race.js";
import { withinOneEdit } from "./common/spelling.js";
import { optionRefusal, ownValue } from "./common/objects.js";

// The kernel's options; the features' are theirs to name (`option`, `reads`).
const KERNEL = "auth authStrategy baseUrl userAgent timeZone previews request log".split(" ");
// `request` options given at the top level, where nothing reads them.
const TRANSPORT = "fetch signal timeout redirect proxy".split(" ");
const APP_AUTH = "; for a GitHub App: `authStrategy: createAppAuth` (@octokit/auth-app)";

/**
Refuses, with a TypeError, options that would send requests somewhere or as someone the caller
did not mean, or wait without end, before anything is set up: a `request.timeout` that is not a
number of milliseconds, an empty `baseUrl` (which would fall back to api.github.com, with the
token), a `baseUrl` without its scheme (`127.0.0.1:3000`), and an `auth` that is neither a token
nor a form the legacy-auth feature takes (a number, a private key). A message never shows the
value. Warns once for an option name that is a letter case or one edit away from a known one
(`baseURL`): the kernel's, those its class's features read, and those of the features its entry
offers (`offered`); such a name would otherwise be kept for plugins in silence. Other unknown names
stay allowed, silently.
*/
export function checkOptions(
	options: HubletOptions,
	log: Log,
	features: readonly Feature<any, any, any>[],
	offered: object,
): void {
	const { baseUrl, auth } = options;
	const timeout = options.request?.timeout;
	if (timeout !== undefined) checkTimeout(timeout);
	// null is "not given", as octokit reads it.
	if (baseUrl != null) checkBaseUrl(baseUrl);
	// No auth is `undefined`, `null`, `false` or `""`, as @octokit/core reads it; a function is the
	// legacy-auth feature's form, which it takes with a deprecation.
	if (
		options.authStrategy === undefined &&
		auth != null &&
		auth !== false &&
		auth !== "" &&
		typeof auth !== "function"
	) {
		if (typeof auth !== "string") checkAuthObject(auth);
		// The expression is compiled only for a string that may be a key: a token never is.
		else if (auth.includes("PRIVATE KEY") && /-----BEGIN [A-Z ]*PRIVATE KEY/.test(auth))
			throw new TypeError(`The \`auth\` option is a private key, not a token${APP_AUTH}`);
	}
	for (const key of Object.keys(options)) if (!KERNEL.includes(key)) warnIfNear(key, log, features, offered);
}

/** 0 is "no timeout", as in @octokit/request; Infinity, NaN or a negative would hang or end at once. */
function checkTimeout(timeout: unknown): void {
	const problem = timeoutProblem(timeout as number, 0);
	if (problem) optionRefusal("request.timeout", "a number")(`it ${problem}`);
}

/**
A URL object works (octokit concatenates it), read once: its `toString` may answer differently each
time, throw, or be missing. An empty one, or one without its scheme, is refused.
*/
function checkBaseUrl(baseUrl: unknown): void {
	let url = "";
	try {
		if (typeof baseUrl === "string" || typeof baseUrl === "object") url = String(baseUrl);
	} catch {}
	if (!/\S/.test(url)) {
		const given = typeof baseUrl === "string" ? "an empty string" : `a ${typeof baseUrl}`;
		optionRefusal("baseUrl", `a URL, got ${given}`)("leave it out for https://api.github.com");
	}
	// It starts with its scheme: `127.0.0.1:3000` and `api.github.com` do not (the first reads
	// as a path and fails at the first request, `localhost:3000` as the scheme "localhost:").
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(url.trim())) {
		optionRefusal(
			"baseUrl",
			'a URL that starts with http:// or https:// (such as "http://127.0.0.1:3000" or "https://ghe.example.com/api/v3")',
		)("it has no scheme");
	}
}

/**
An `auth` that is not a string: the objects the legacy-auth feature takes, read by their own keys
only, and with no conversion of the object to text (its `toString` may throw, or be missing).
*/
function checkAuthObject(auth: unknown): void {
	const given = (key: string) => ownValue(auth as object, key) !== undefined;
	if (
		typeof auth !== "object" ||
		!(
			ownValue(auth!, "token") ||
			(ownValue(auth!, "username") ? given("password") : given("clientId") && given("clientSecret"))
		)
	) {
		const got = typeof auth === "object" ? "an object without a token" : `a ${typeof auth}`;
		throw new TypeError(`Expected the \`auth\` option to be a token string, got ${got}${APP_AUTH}`);
	}
}

/**
Warns once when `key`, an option the kernel does not read, is a letter case or one edit away from
a name that some feature of the class, or of its entry, reads; other names stay allowed, silently.
*/
function warnIfNear(key: string, log: Log, features: readonly Feature<any, any, any>[], offered: object): void {
	const known = KERNEL.concat(
		Object.keys(offered),
		...features.map(({ option = "", reads = [] }) => [option, ...reads]),
	);
	if (known.includes(key)) return;
	// One edit is a typo for a name of four letters or more; a shorter one must differ in case only.
	const lower = key.toLowerCase();
	const near = TRANSPORT.includes(key)
		? `request.${key}`
		: known.find((name) => (key.length > 3 ? withinOneEdit(key, name) : lower === name.toLowerCase()));
	if (near) warnOnce(log, `Unknown option "${key}": did you mean ${near}?`);
}
