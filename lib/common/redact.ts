/*
The one redaction rule. Everything a user can see that Hublet did not write itself (a fetch's
error, its `cause`, a parser's or a store's message) and everything that names a request (its
URL, its headers) goes through it:

- `user:password@` in any URL;
- the query parameters whose values are credentials (`client_secret`, `access_token`);
- `authorization` values (`token …`, `bearer …`, `basic …`);
- GitHub's token shapes (`ghp_…`, `gho_…`, `ghu_…`, `ghs_…`, `ghr_…`, `github_pat_…`);
- the exact credentials of the request at hand (`secretsOf(request)`: its credential headers,
  and the `client_secret` and `access_token` values of its body and query), as they are,
  URL-encoded and JSON-escaped, wherever they appear: a token passed by mistake as a path
  parameter, a fetch error that quotes it, or a server that echoes it back (`redactData`: an
  error's `response.data`, GraphQL `errors` and `data`).
*/

import { isPlainObject, setOwn } from "./objects.js";

/** Query and body keys whose values are credentials (OAuth app secrets and user tokens). */
export const SECRET_KEYS = ["client_secret", "access_token"];
/** Headers whose whole value is a credential, whatever its scheme. */
export const SECRET_HEADERS = ["authorization", "proxy-authorization", "cookie"];

const REDACTED = "[REDACTED]";
const SECRET_QUERY = new RegExp(`((?:^|[?&;])(?:${SECRET_KEYS.join("|")})=)[^&#;\\s"'<>]*`, "gi");
// `"client_secret": "…"` in JSON text (a string body, a server's echo), escapes included.
const SECRET_FIELD = new RegExp(`("(?:${SECRET_KEYS.join("|")})"\\s*:\\s*")((?:[^"\\\\]|\\\\.)*)"`, "gi");
// GitHub's own token formats, which secret scanning finds too: redacted whoever's they are.
const GITHUB_TOKEN = /\b(?:gh[pousr]_[A-Za-z\d]{20,}|github_pat_\w{20,})/g;
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
	return secretList(found);
}

/** Secrets as they may be echoed (as they are, URL-encoded as a query or form writes them, JSON-escaped), long enough to redact, longest first. */
function secretList(raw: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const secret of raw) {
		if (secret.length < MIN_SECRET_LENGTH) continue;
		const encoded = encodeURIComponent(secret);
		forms.add(secret).add(encoded).add(encoded.replaceAll("%20", "+")).add(JSON.stringify(secret).slice(1, -1));
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

// Deeper than this, a body is not walked for secrets (a cycle, or a structure no API takes).
const MAX_WALK_DEPTH = 64;

const isSecretKey = (key: string) => SECRET_KEYS.includes(key.toLowerCase());

/** The `client_secret` and `access_token` values a body holds: at any depth of an object, in JSON or form text, a URLSearchParams or a FormData. */
function bodySecrets(body: unknown, found: string[], depth = 0): void {
	if (typeof body === "string") {
		for (const [, , value] of body.matchAll(SECRET_FIELD)) found.push(parseOr(() => JSON.parse(`"${value}"`), value!));
		for (const [match, key] of body.matchAll(SECRET_QUERY)) found.push(parseOr(() => decodeURIComponent(match.slice(key!.length).replaceAll("+", " ")), match.slice(key!.length)));
	} else if (body instanceof URLSearchParams || (typeof FormData === "function" && body instanceof FormData)) {
		for (const [key, value] of body as URLSearchParams) if (isSecretKey(key) && typeof value === "string") found.push(value);
	} else if (body !== null && typeof body === "object" && depth < MAX_WALK_DEPTH && (Array.isArray(body) || isPlainObject(body))) {
		for (const [key, value] of Object.entries(body)) {
			if (isSecretKey(key) && typeof value === "string") found.push(value);
			else bodySecrets(value, found, depth + 1);
		}
	}
}

const parseOr = (parse: () => string, fallback: string) => {
	try {
		return parse();
	} catch {
		return fallback;
	}
};


/** Every secret of a request: its credential headers', and the `client_secret` and `access_token` values of its URL and body. */
export function secretsOf(request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown } | undefined): string[] {
	const found = credentialsOf(request?.headers);
	bodySecrets(request?.body, found);
	if (typeof request?.url === "string") bodySecrets(request.url, found);
	return secretList(found);
}

/**
A value as an error keeps what a server sent or a request held (`response.data`, GraphQL `errors`,
a request body): a copy, only where something changed, with every secret of `secrets` replaced in
its strings and keys, and the values of `client_secret` and `access_token` keys replaced. Plain
objects and arrays are walked, a URLSearchParams or FormData copied; anything else is kept.
*/
export function redactData<T>(value: T, secrets: readonly string[], depth = 0): T {
	if (typeof value === "string") return redactSecretFields(replaceSecrets(value, secrets)) as T;
	if (value instanceof URLSearchParams || (typeof FormData === "function" && value instanceof FormData)) {
		const entries = [...(value as URLSearchParams)];
		const redacted = entries.map(([key, item]) => [redactData(key, secrets), isSecretKey(key) ? REDACTED : redactData(item, secrets)]);
		if (redacted.every(([key, item], index) => key === entries[index]![0] && item === entries[index]![1])) return value;
		const copy = new (value.constructor as new () => URLSearchParams)();
		for (const [key, item] of redacted) copy.append(key!, item!);
		return copy as T;
	}
	if (value === null || typeof value !== "object" || depth >= MAX_WALK_DEPTH || !(Array.isArray(value) || isPlainObject(value))) return value;
	let copy: any;
	const entries = Object.entries(value);
	entries.forEach(([key, item], index) => {
		const newKey = redactData(key, secrets);
		const newItem = isSecretKey(key) && typeof item === "string" ? REDACTED : redactData(item, secrets, depth + 1);
		if (copy === undefined && (newKey !== key || newItem !== item)) {
			copy = Array.isArray(value) ? [...value] : {};
			if (!Array.isArray(value)) for (const [earlier, kept] of entries.slice(0, index)) setOwn(copy, earlier, kept);
		}
		if (copy !== undefined) {
			if (!Array.isArray(value) && newKey !== key) delete copy[key];
			setOwn(copy, newKey, newItem);
		}
	});
	return copy ?? value;
}


/** Each secret replaced, until none is left (a replacement cannot bring one back, unless it is part of the marker). */
function replaceSecrets(text: string, secrets: readonly string[]): string {
	let result = text;
	for (let round = 0; round < 4; round++) {
		let changed = false;
		for (const secret of secrets) {
			if (!REDACTED.includes(secret) && result.includes(secret)) {
				result = result.replaceAll(secret, REDACTED);
				changed = true;
			}
		}
		if (!changed) break;
	}
	return result;
}

/** `client_secret` and `access_token` values in JSON text or form text replaced. */
function redactSecretFields(text: string): string {
	if (!/_secret|_token/i.test(text)) return text;
	SECRET_QUERY.lastIndex = 0;
	return text.replace(SECRET_FIELD, `$1${REDACTED}"`).replace(SECRET_QUERY, `$1${REDACTED}`);
}

/** Text with every secret the rule knows replaced: see the top of this file. */
export function redactText(text: string, secrets: readonly string[] = []): string {
	let result = redactUrl(replaceSecrets(text, secrets));
	if (/authorization/i.test(result)) result = result.replace(AUTHORIZATION_FIELD, `$1${REDACTED}`);
	result = redactSecretFields(result).replace(GITHUB_TOKEN, REDACTED);
	result = result.replace(SCHEME_VALUE, (match, scheme: string, space: string, value: string) =>
		value === REDACTED || !looksLikeCredential(value) ? match : `${scheme}${space}${REDACTED}`,
	);
	// Last, so that nothing the rules above cut away can join what is left into a secret again.
	return replaceSecrets(result, secrets);
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

// The request each body that carries `errors` answered (lib/http/response.ts notes it), so that
// an error built from that body above the transport (GraphQL's) knows the secrets to redact.
const requestOfBody = new WeakMap<object, { url?: unknown; headers?: Record<string, unknown>; body?: unknown }>();

/** Notes the request a response body answered. */
export const noteRequest = (body: object, request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown }) => requestOfBody.set(body, request);

/** The secrets of the request a body answered, if it was noted. */
export const secretsOfBody = (body: unknown): string[] => (body !== null && typeof body === "object" ? secretsOf(requestOfBody.get(body)) : []);
