import type { HubletOptions } from "../types/options.js";
import type { Feature } from "../types/features.js";
import type { Log } from "../types/request.js";
import { warnOnce } from "./common/log.js";
import { withinOneEdit } from "./common/spelling.js";
import { optionRefusal, ownValue } from "./common/objects.js";

// The kernel's options; the features' are theirs to name (`option`, `reads`).
const KERNEL = "auth authStrategy baseUrl userAgent timeZone previews request log".split(" ");
// `request` options given at the top level, where nothing reads them.
const TRANSPORT = "fetch signal timeout redirect proxy".split(" ");
const APP_AUTH = "; for a GitHub App: `authStrategy: createAppAuth` (@octokit/auth-app)";
// A URL that starts with its scheme: `127.0.0.1:3000` and `api.github.com` do not (the first
// reads as a path and fails at the first request, `localhost:3000` as the scheme "localhost:").
const STARTS_WITH_SCHEME = /^[a-z][a-z\d+.-]*:\/\//i;
const SCHEME_EXAMPLES = '(such as "http://127.0.0.1:3000" or "https://ghe.example.com/api/v3")';

/** An object's text, read once (its `toString` may answer differently each time, throw, or be missing: then ""). */
function textOf(value: unknown): string {
	try {
		return String(value);
	} catch {
		return "";
	}
}

/**
Refuses, with a TypeError, options that would send requests somewhere or as someone the caller
did not mean, before anything is set up: an empty `baseUrl` (which would fall back to
api.github.com, with the token), a `baseUrl` without its scheme (`127.0.0.1:3000`), and an
`auth` that is neither a token nor a form the legacy-auth feature takes (a number, a private
key). A message never shows the value. Warns once for an option name that is a letter case or
one edit away from a known one (`baseURL`): the kernel's, those its class's features read, and
those of the features its entry offers (`offered`); such a name would otherwise be kept for plugins
in silence. Other unknown names stay allowed, silently.
*/
export function checkOptions(
	options: HubletOptions,
	log: Log,
	features: readonly Feature<any, any, any>[],
	offered: object,
): void {
	const { baseUrl, auth } = options;
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
		else if (/-----BEGIN [A-Z ]*PRIVATE KEY/.test(auth))
			throw new TypeError(`The \`auth\` option is a private key, not a token${APP_AUTH}`);
	}
	for (const key of Object.keys(options)) if (!KERNEL.includes(key)) warnIfNear(key, log, features, offered);
}

/** A URL object works (octokit concatenates it); an empty one, or one without its scheme, is refused. */
function checkBaseUrl(baseUrl: unknown): void {
	const url = typeof baseUrl === "string" || typeof baseUrl === "object" ? textOf(baseUrl) : "";
	if (!/\S/.test(url)) {
		const given = typeof baseUrl === "string" ? "an empty string" : `a ${typeof baseUrl}`;
		optionRefusal("baseUrl", `a URL, got ${given}`)("leave it out for https://api.github.com");
	}
	if (!STARTS_WITH_SCHEME.test(url.trim())) {
		optionRefusal("baseUrl", `a URL that starts with http:// or https:// ${SCHEME_EXAMPLES}`)("it has no scheme");
	}
}

/**
An `auth` that is not a string: the objects the legacy-auth feature takes, read by their own keys
only, and with no conversion of the object to text (its `toString` may throw, or be missing).
*/
function checkAuthObject(auth: unknown): void {
	const own = (key: string) => (typeof auth === "object" && auth !== null ? ownValue(auth, key) : undefined);
	const legacy =
		own("token") ||
		(own("username")
			? own("password") !== undefined
			: own("clientId") !== undefined && own("clientSecret") !== undefined);
	if (typeof auth === "object" && legacy) return;
	throw new TypeError(
		`Expected the \`auth\` option to be a token string, got ` +
			`${typeof auth === "object" ? "an object without a token" : `a ${typeof auth}`}${APP_AUTH}`,
	);
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
	let near = known.find((name) => (key.length > 3 ? withinOneEdit(key, name) : lower === name.toLowerCase()));
	if (TRANSPORT.includes(key)) near = `request.${key}`;
	if (near) warnOnce(log, `Unknown option "${key}": did you mean ${near}?`);
}
