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
One function, its checks in turn: each is a few lines, and a function apiece would ship its frame.
*/
export function checkOptions(
	options: HubletOptions,
	log: Log,
	features: readonly Feature<any, any, any>[],
	offered: object,
): void {
	const { baseUrl, auth } = options;
	const timeout = options.request?.timeout;
	// 0 is "no timeout", as in @octokit/request; Infinity, NaN or a negative would hang or end at once.
	const late = timeout !== undefined && timeoutProblem(timeout, 0);
	if (late) optionRefusal("request.timeout", "a number")(`it ${late}`);

	// null is "not given", as octokit reads it. A URL object works (octokit concatenates it), read
	// once: its `toString` may answer differently each time, throw, or be missing. It starts with its
	// scheme: `127.0.0.1:3000` and `api.github.com` do not (the first reads as a path and fails at the
	// first request, `localhost:3000` as the scheme "localhost:"); an empty one is refused as such.
	if (baseUrl != null) {
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

	// No auth is `undefined`, `null`, `false` or `""`, as @octokit/core reads it; a function is the
	// legacy-auth feature's form, which it takes with a deprecation, as it takes the objects below,
	// read by their own keys only, with no conversion of the object to text (its `toString` may
	// throw, or be missing). A private key's expression is compiled only for a string that may be
	// one: a token never is.
	if (
		options.authStrategy === undefined &&
		auth != null &&
		auth !== false &&
		auth !== "" &&
		typeof auth !== "function"
	) {
		const given = (key: string) => ownValue(auth as object, key) !== undefined;
		const problem =
			typeof auth === "string"
				? auth.includes("PRIVATE KEY") &&
					/-----BEGIN [A-Z ]*PRIVATE KEY/.test(auth) &&
					"The `auth` option is a private key, not a token"
				: !(
						typeof auth === "object" &&
						(ownValue(auth, "token") ||
							(ownValue(auth, "username") ? given("password") : given("clientId") && given("clientSecret")))
					) &&
					`Expected the \`auth\` option to be a token string, got ${
						typeof auth === "object" ? "an object without a token" : `a ${typeof auth}`
					}`;
		if (problem)
			throw new TypeError(`${problem}; for a GitHub App: \`authStrategy: createAppAuth\` (@octokit/auth-app)`);
	}

	// A name the kernel does not read warns once when it is a letter case or one edit away from a
	// name that some feature of the class, or of its entry, reads; other names stay allowed, silently.
	let known: string[] | undefined;
	for (const key of Object.keys(options)) {
		if (KERNEL.includes(key)) continue;
		known ??= KERNEL.concat(Object.keys(offered), ...features.map(({ option = "", reads = [] }) => [option, ...reads]));
		if (known.includes(key)) continue;
		// One edit is a typo for a name of four letters or more; a shorter one must differ in case only.
		const near = TRANSPORT.includes(key)
			? `request.${key}`
			: known.find((name) => (key.length > 3 ? withinOneEdit(key, name) : key.toLowerCase() === name.toLowerCase()));
		if (near) warnOnce(log, `Unknown option "${key}": did you mean ${near}?`);
	}
}
