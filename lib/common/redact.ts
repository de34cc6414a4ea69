/*
The one redaction rule. Everything a user can see that Hublet did not write itself (a fetch's
error, its `cause`, a parser's or a store's message) and everything that names a request (its
URL, its headers) goes through it:

- `user:password@` in any URL;
- the query parameters whose values are credentials (`client_secret`, `access_token`);
- `authorization` values (`token …`, `bearer …`, `basic …`);
- the exact credentials of the request at hand (`credentialsOf(request.headers)`), wherever
  they appear: a token passed by mistake as a path parameter, or a fetch error that quotes it.
*/

/** Query and body keys whose values are credentials (OAuth app secrets and user tokens). */
export const SECRET_KEYS = ["client_secret", "access_token"];
/** Headers whose whole value is a credential, whatever its scheme. */
export const SECRET_HEADERS = ["authorization", "proxy-authorization", "cookie"];

const REDACTED = "[REDACTED]";
const SECRET_QUERY = new RegExp(`([?&;](?:${SECRET_KEYS.join("|")})=)[^&#;\\s"'<>]*`, "gi");
/*
A scheme, then userinfo up to `@`: anywhere in a text, as a fetch error quotes its URL. A
password may hold `/`, `?`, `#` or `@` that a URL parser would end it at (then the URL does not
parse, or parses at the wrong place), so `user:` is followed to the last `@` of the word. Without
a `:`, userinfo is a token (`https://ghp_…@github.com`) and ends at the first `/`, `?` or `#`.
A URL with a port and an `@` later in its path is then cut more than it needs: never less.
*/
const USERINFO = /(?<![a-z\d+.-])([a-z][a-z\d+.-]*:\/\/)(?:[^\s/?#@:<>"'`]*:[^\s<>"'`]*|[^\s/?#<>"'`]*)@/gi;
// `authorization: <anything>` as a header line or a property.
const AUTHORIZATION_FIELD = /((?:proxy-)?authorization["']?\s*[:=]\s*["']?)[^"'\r\n,}]+/gi;
// `token ghp_…`, `Bearer eyJ…`, `Basic dXNlcjpw…`: a scheme followed by a value that looks like
// a credential (8 or more token characters with a digit, a symbol or mixed case), so that
// prose such as "basic authentication" or "token expired" is left alone.
const SCHEME_VALUE = /\b(token|bearer|basic)( +)([\w.~+/=-]{8,})/gi;
const looksLikeCredential = (value: string) => /[\d_.~+/=-]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value));

/** Replaces secret query values and `user:password@` in a URL (or in a `Link` header of URLs). */
export function redactUrl(url: string): string {
	const hasAt = url.includes("@");
	SECRET_QUERY.lastIndex = 0;
	if (!hasAt && !SECRET_QUERY.test(url)) return url;
	const redacted = url.replace(SECRET_QUERY, `$1${REDACTED}`);
	return hasAt ? redacted.replace(USERINFO, `$1${REDACTED}@`) : redacted;
}

/**
A proxy setting (`HTTPS_PROXY`, `request.proxy`) with its userinfo replaced, whether or not it
parses: all of it from the scheme (or the start: curl reads `user:pass@proxy:3128`) to its last
`@`. A proxy URL has no path, so nothing else can hold an `@`.
*/
export function redactProxy(value: string): string {
	const at = value.lastIndexOf("@");
	if (at < 0) return redactUrl(value);
	return `${/^\s*[a-z][a-z\d+.-]*:\/\//i.exec(value)?.[0] ?? ""}${REDACTED}${redactUrl(value.slice(at))}`;
}

/** Whether a URL carries `user:password@`. */
export const hasUserinfo = (url: string) => /^[a-z][a-z\d+.-]*:\/\/[^/?#@]*@/i.test(url);

/**
An `authorization` value with the credential replaced: the scheme is kept (`token`, `bearer`,
`basic`) so that a log still tells a token from a JWT, and a bare value with no scheme is
replaced whole.
*/
export function redactCredential(value: unknown): string {
	const scheme = /^([A-Za-z][\w-]*) +\S/.exec(String(value));
	return scheme ? `${scheme[1]} ${REDACTED}` : REDACTED;
}

// Shorter values would redact ordinary words; no credential GitHub issues is that short.
const MIN_SECRET_LENGTH = 6;

/**
The exact secrets a request carries in its headers: each credential header's value, the value
after its scheme, and for `basic`, the decoded `user:password` and password.
*/
export function credentialsOf(headers: Record<string, unknown> | undefined): string[] {
	const found: string[] = [];
	if (!headers) return found;
	for (const name of SECRET_HEADERS) {
		const value = headers[name];
		if (value === undefined || value === null) continue;
		const text = String(value).trim();
		const [, scheme, credential = text] = /^([A-Za-z][\w-]*) +(\S.*)$/.exec(text) ?? [];
		found.push(credential);
		if (scheme?.toLowerCase() === "basic") {
			let decoded = "";
			try {
				decoded = atob(credential);
			} catch {
				// Not base64: the value itself is all there is to redact.
			}
			const colon = decoded.indexOf(":");
			if (colon >= 0) found.push(decoded, decoded.slice(colon + 1));
		}
	}
	return found.filter((secret) => secret.length >= MIN_SECRET_LENGTH).sort((a, b) => b.length - a.length);
}

/** Text with every secret the rule knows replaced: see the top of this file. */
export function redactText(text: string, secrets: readonly string[] = []): string {
	let result = text;
	for (const secret of secrets) if (result.includes(secret)) result = result.replaceAll(secret, REDACTED);
	result = redactUrl(result);
	if (/authorization/i.test(result)) result = result.replace(AUTHORIZATION_FIELD, `$1${REDACTED}`);
	return result.replace(SCHEME_VALUE, (match, scheme: string, space: string, value: string) =>
		value === REDACTED || !looksLikeCredential(value) ? match : `${scheme}${space}${REDACTED}`,
	);
}

// Deeper chains than this are cut: a cause chain is a few errors long, a cycle is infinite.
const MAX_CAUSE_DEPTH = 10;

/**
An error from a lower layer (a fetch's, a parser's), as Hublet keeps it as a `cause`: the same
object when nothing in it is secret, otherwise a copy of the same class with `message`, `stack`,
string properties and its own `cause` (recursively) and `errors` redacted. The caller's error is
never changed. A string is redacted as text; anything else is kept.
*/
export function redactCause(cause: unknown, secrets: readonly string[], depth = 0): unknown {
	if (typeof cause === "string") return redactText(cause, secrets);
	if (!(cause instanceof Error) || depth >= MAX_CAUSE_DEPTH) return cause;
	const changes = new Map<PropertyKey, unknown>();
	for (const key of Reflect.ownKeys(cause)) {
		const descriptor = Object.getOwnPropertyDescriptor(cause, key)!;
		if (!("value" in descriptor)) continue;
		const value = descriptor.value;
		let redacted: unknown = value;
		if (typeof value === "string") redacted = redactText(value, secrets);
		else if (key === "cause") redacted = redactCause(value, secrets, depth + 1);
		else if (key === "errors" && Array.isArray(value)) {
			const items = value.map((item) => redactCause(item, secrets, depth + 1));
			if (items.some((item, index) => item !== value[index])) redacted = items;
		}
		if (redacted !== value) changes.set(key, redacted);
	}
	if (changes.size === 0) return cause;
	const copy = Object.create(Object.getPrototypeOf(cause));
	for (const key of Reflect.ownKeys(cause)) {
		const descriptor = Object.getOwnPropertyDescriptor(cause, key)!;
		if (changes.has(key)) descriptor.value = changes.get(key);
		Object.defineProperty(copy, key, descriptor);
	}
	return copy;
}
