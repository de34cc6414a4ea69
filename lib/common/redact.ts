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

/** Query and body keys whose values are credentials (OAuth app secrets and user tokens). */
export const SECRET_KEYS = ["client_secret", "access_token"];
/** Headers whose whole value is a credential, whatever its scheme. */
export const SECRET_HEADERS = ["authorization", "proxy-authorization", "cookie"];

/** What stands in place of a secret. */
export const REDACTED = "[REDACTED]";
// The keys are SECRET_KEYS' (as literals: smaller than a pattern built from the list).
const SECRET_QUERY = /((?:^|[?&;])(?:client_secret|access_token)=)[^&#;\s"'<>]*/gi;
// `"client_secret": "…"` in JSON text (a string body, a server's echo), escapes included.
const SECRET_FIELD = /("(?:client_secret|access_token)"\s*:\s*")((?:[^"\\]|\\.)*)"/gi;
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
const looksLikeCredential = (value: string) =>
	/[\d_.~+/=-]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value));

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

/**
Secrets as they may be echoed (as they are, URL-encoded as a query or form writes them,
JSON-escaped), long enough to redact, longest first.
*/
function secretList(raw: readonly string[]): string[] {
	const forms = new Set<string>();
	for (const secret of raw) {
		if (secret.length < MIN_SECRET_LENGTH) continue;
		const encoded = encodeURIComponent(secret);
		forms.add(secret).add(encoded).add(encoded.replaceAll("%20", "+")).add(JSON.stringify(secret).slice(1, -1));
	}
	return [...forms].sort((a, b) => b.length - a.length);
}

/** Whether a key names a credential (`client_secret`, `access_token`), in any case. */
export const isSecretKey = (key: unknown) => typeof key === "string" && SECRET_KEYS.includes(key.toLowerCase());

const tagOf = (value: object) => Object.prototype.toString.call(value).slice(8, -1);

/**
Whether a value is an error, of this realm or of another (a `vm` context, Jest's test
environment): `instanceof Error` is false across realms, the internal tag is not.
*/
export const isError = (value: unknown): value is Error =>
	value instanceof Error || (value !== null && typeof value === "object" && tagOf(value) === "Error");

/**
How an object is taken apart, by its internal tag, or `undefined` for one that is kept whole.
`data` (what a body holds) is plain objects of any realm, arrays and form bodies; `thrown` (what a
lower layer threw) adds errors, Maps, Sets, URLs, fetch Headers, Requests and Responses, and class
instances with no internal slots of their own (their own properties are all they hold, and a
copy with the same prototype shows the same). Anything else (a Date, a typed array, a stream) is
shown by slots a copy cannot have.
*/
export function kindOf(value: object, thrown: boolean): string | undefined {
	if (Array.isArray(value)) return "Array";
	if (value instanceof URLSearchParams || (typeof FormData === "function" && value instanceof FormData))
		return "Params";
	const tag = tagOf(value);
	const proto = Object.getPrototypeOf(value);
	if (proto === null || (Object.getPrototypeOf(proto) === null && tag === "Object")) return "Object";
	if (!thrown) return undefined;
	if (isError(value)) return "Error";
	return ["Map", "Set", "URL", "Headers", "Request", "Response", "Object"].includes(tag) ? tag : undefined;
}

/**
What a container holds besides its own properties, as `[key, item]` pairs: a Map's entries, a
Set's items (no key), a form body's or Headers' fields (as their iterators give them), a URL's
text, a fetch Request's or Response's URL and headers. A Map or Set is read through this realm's
methods, which take one of any realm.
*/
export function entriesOf(value: object, kind: string): Array<[unknown, unknown]> {
	if (kind === "Map") return [...Map.prototype.entries.call(value)];
	if (kind === "Set") return [...Set.prototype.values.call(value)].map((item) => [undefined, item]);
	if (kind === "Params" || kind === "Headers") return [...(value as URLSearchParams)];
	if (kind === "URL") return [[undefined, String(value)]];
	if (kind === "Request" || kind === "Response") {
		return [
			[undefined, (value as Request).url],
			[undefined, (value as Request).headers],
		];
	}
	return [];
}

/**
Reads a value without recursion (no depth overflows the stack), each object once (a cycle ends),
calling `visit` with every part and the key it is under (a property name's or a symbol's
description is a part too), until `visit` says stop or `budget.parts` run out: then it answers
true. Getters are never called: nothing shows their value but reading it.
*/
export function readParts(
	root: unknown,
	thrown: boolean,
	budget: { parts: number },
	visit: (key: unknown, item: unknown) => unknown,
): boolean {
	const pending: Array<[unknown, unknown]> = [[undefined, root]];
	const seen = new Set<unknown>();
	while (pending.length > 0) {
		if (--budget.parts < 0) return true;
		const [key, item] = pending.pop()!;
		if (visit(key, item)) return true;
		if (item === null || typeof item !== "object" || seen.has(item)) continue;
		seen.add(item);
		const kind = kindOf(item, thrown);
		if (kind === undefined) continue;
		pending.push(...entriesOf(item, kind));
		for (const name of Reflect.ownKeys(item)) {
			const text = typeof name === "symbol" ? name.description : name;
			pending.push([undefined, text], [name, Object.getOwnPropertyDescriptor(item, name)!.value]);
		}
	}
	return false;
}

/**
The `client_secret` and `access_token` values a body holds: at any depth, in JSON or form text, a
URLSearchParams or a FormData. Read up to 100,000 parts, far more than any API takes: what lies
beyond is redacted as a whole where it shows (redact-values.ts), so a secret there is not shown either.
*/
function bodySecrets(body: unknown, found: string[]): void {
	readParts(body, false, { parts: 100_000 }, (key, part) => {
		if (typeof part !== "string") return;
		if (isSecretKey(key)) return void found.push(part);
		for (const [, , value] of part.matchAll(SECRET_FIELD)) found.push(parseOr(() => JSON.parse(`"${value}"`), value!));
		for (const [match, name] of part.matchAll(SECRET_QUERY)) {
			const value = match.slice(name!.length);
			found.push(parseOr(() => decodeURIComponent(value.replaceAll("+", " ")), value));
		}
	});
}

const parseOr = (parse: () => string, fallback: string) => {
	try {
		return parse();
	} catch {
		return fallback;
	}
};

/**
Every secret of a request: its credential headers', and the `client_secret` and `access_token`
values of its URL and body.
*/
export function secretsOf(
	request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown } | undefined,
): string[] {
	const found = credentialsOf(request?.headers);
	bodySecrets(request?.body, found);
	if (typeof request?.url === "string") bodySecrets(request.url, found);
	return secretList(found);
}

/** Each secret replaced, until none is left (a replacement cannot bring one back, unless it is part of the marker). */
export function replaceSecrets(text: string, secrets: readonly string[]): string {
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
export function redactSecretFields(text: string): string {
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

// The request each body that carries `errors` answered (lib/http/response.ts notes it), so that
// an error built from that body above the transport (GraphQL's) knows the secrets to redact.
const requestOfBody = new WeakMap<object, { url?: unknown; headers?: Record<string, unknown>; body?: unknown }>();

/** Notes the request a response body answered. */
export const noteRequest = (
	body: object,
	request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown },
) => requestOfBody.set(body, request);

/** The secrets of the request a body answered, if it was noted. */
export const secretsOfBody = (body: unknown): string[] =>
	body !== null && typeof body === "object" ? secretsOf(requestOfBody.get(body)) : [];
