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
Every client runs this one function; each check it makes only for an option given, or a string
that may be a key, is a function of its own, which V8 compiles only if it is ever called.
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
	// legacy-auth feature's form, which it takes with a deprecation. A string is looked at further
	// only when it may be a private key: a token never is.
	if (
		options.authStrategy === undefined &&
		auth != null &&
		auth !== false &&
		auth !== "" &&
		typeof auth !== "function" &&
		(typeof auth !== "string" || auth.includes("PRIVATE KEY"))
	)
		checkAuth(auth);
	for (const key of Object.keys(options)) if (!KERNEL.includes(key)) warnIfNear(key, log, features, offered);
}

/** 0 is "no timeout", as in @octokit/request; Infinity, NaN or a negative would hang or end at once. */
function checkTimeout(timeout: unknown): void {
	const problem = timeoutProblem(timeout as number, 0);
	if (problem) optionRefusal("request.timeout", "a number")(`it ${problem}`);
}

/**
A URL object works (octokit concatenates it), read once: its `toString` may answer differently each
time, throw, or be missing. It starts with its scheme: `127.0.0.1:3000` and `api.github.com` do not
(the first reads as a path and fails at the first request, `localhost:3000` as the scheme
"localhost:"); an empty one is refused as such.
*/
function checkBaseUrl(baseUrl: unknown): void {
	let url = "";
	try {
		if (typeof baseUrl === "string" || typeof baseUrl === "object") url = String(baseUrl).trim();
	} catch {}
	if (!/^[a-z][a-z\d+.-]*:\/\//i.test(url))
		optionRefusal(
			"baseUrl",
			url
				? "a URL that starts with http:// or https:// " +
						'(such as "http://127.0.0.1:3000" or "https://ghe.example.com/api/v3")'
				: `a URL, got ${typeof baseUrl === "string" ? "an empty string" : `a ${typeof baseUrl}`}`,
		)(url ? "it has no scheme" : "leave it out for https://api.github.com");
}

/**
An `auth` that is a string that may be a private key, or not a string: then one of the objects the
legacy-auth feature takes, read by their own keys only, with no conversion of the object to text
(its `toString` may throw, or be missing). Either refusal ends with the same hint.
*/
function checkAuth(auth: unknown): void {
	const given = (key: string) => ownValue(auth as object, key) !== undefined;
	const problem =
		typeof auth === "string"
			? /-----BEGIN [A-Z ]*PRIVATE KEY/.test(auth) && "The `auth` option is a private key, not a token"
			: !(
					typeof auth === "object" &&
					(ownValue(auth!, "token") ||
						(ownValue(auth!, "username") ? given("password") : given("clientId") && given("clientSecret")))
				) &&
				`Expected the \`auth\` option to be a token string, got ${
					typeof auth === "object" ? "an object without a token" : `a ${typeof auth}`
				}`;
	if (problem) throw new TypeError(`${problem}; for a GitHub App: \`authStrategy: createAppAuth\` (@octokit/auth-app)`);
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
	const near = TRANSPORT.includes(key)
		? `request.${key}`
		: known.find((name) => (key.length > 3 ? withinOneEdit(key, name) : key.toLowerCase() === name.toLowerCase()));
	if (near) warnOnce(log, `Unknown option "${key}": did you mean ${near}?`);
}
