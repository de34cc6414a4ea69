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
  parameter, a fetch error that quotes it, or a server that echoes it back (redact-values.ts:
  an error's `response.data`, GraphQL `errors` and `data`, what a lower layer threw).

Nothing here runs before a failure but `hasUserinfo` and `noteRequest`: each pattern is a literal
where it is used (each evaluation of a literal shares the code compiled for it), so that importing
this file builds only the WeakMap of noted requests. The helpers are arrow functions (minified, an
arrow is shorter than a function declaration), and those that only the walk uses are made inside
it: V8 makes each top-level function at import, and only pre-parses one inside a function that has
not run, at about half the cost.
*/

/** What stands in place of a secret. */
export const REDACTED = "[REDACTED]";
/** What stands in place of a part that held a secret and was not walked. */
export const UNWALKED = "[REDACTED: too deep, circular or large to walk]";

/*
Whether a key names a credential header, whose whole value is one, whatever its scheme; and whether
it names a query or body credential: an OAuth app's secret, a user's token. A key is compared in any
case, as header names are (folded by Unicode's rule, so a key that lowercases to one is one too); a
symbol or an object never is one, and is not converted to text (that could run its code).
*/
export const isSecretHeader = (key: unknown): boolean =>
	typeof key === "string" && /^((proxy-)?authorization|cookie)$/iu.test(key);
export const isSecretKey = (key: unknown): boolean =>
	typeof key === "string" && /^(client_secret|access_token)$/iu.test(key);

/**
Replaces `user:password@` and secret query values in a URL (or in a `Link` header of URLs), and a
`client_secret` or `access_token` field of JSON text in it: one rule for both, never less cut.
*/
export const redactUrl = (url: string): string =>
	/*
	A scheme, then userinfo up to `@`: anywhere in a text, as a fetch error quotes its URL. A
	password may hold `/`, `?`, `#` or `@` that a URL parser would end it at (then the URL does not
	parse, or parses at the wrong place), so `user:` is followed to the last `@` of the word. Without
	a `:`, userinfo is a token (`https://ghp_…@github.com`) and ends at the first `/`, `?` or `#`.
	A URL with a port and an `@` later in its path is then cut more than it needs: never less.
	*/
	redactSecretFields(url).replace(
		/(?<![a-z\d+.-])([a-z][a-z\d+.-]*:\/\/)(?:[^\s/?#@:<>"'`]*:[^\s<>"'`]*|[^\s/?#<>"'`]*)@/gi,
		`$1${REDACTED}@`,
	);

/**
A proxy setting (`HTTPS_PROXY`, `request.proxy`) with its userinfo replaced, whether or not it
parses: all of it from the scheme (or the start: curl reads `user:pass@proxy:3128`) to its last
`@`. A proxy URL has no path, so nothing else can hold an `@`.
*/
export const redactProxy = (value: string): string =>
	redactUrl(value.replace(/^(\s*[a-z][a-z\d+.-]*:\/\/)?[^]*@/i, `$1${REDACTED}@`));

/** Whether a URL carries `user:password@`. */
export const hasUserinfo = (url: string): boolean => /^[a-z][a-z\d+.-]*:\/\/[^/?#@]*@/i.test(url);

/**
An `authorization` value with the credential replaced: the scheme is kept (`token`, `bearer`,
`basic`) so that a log still tells a token from a JWT, and a bare value with no scheme is
replaced whole. A scheme is what `credentialsOf` reads as one.
*/
export const redactCredential = (value: unknown): string =>
	// The scheme and one space are kept when a value follows them; all else (or all) is replaced.
	String(value).replace(/^([a-z][\w-]* (?= *\S))?[^]*/i, `$1${REDACTED}`);

/**
The exact secrets a request carries in its headers: each credential header's value, the value
after its scheme, and for `basic`, the decoded `user:password` and password; then `more`, raw
secrets of the request's body and URL (`secretsOf`). All as they may be echoed (as they are,
URL-encoded as a query or form writes them, JSON-escaped), long enough to redact, longest first.
*/
export const credentialsOf = (headers: Record<string, unknown> | undefined, more: readonly string[] = []): string[] => {
	const found: string[] = [];
	for (const name in headers) {
		const value = headers[name];
		if (value == null || !isSecretHeader(name)) continue;
		const text = String(value).trim();
		// The value after a scheme (`basic` named apart), or the whole value when it has none.
		const [, basic, credential = text] = /^(?:(basic)|[a-z][\w-]*) +(\S[^]*)/i.exec(text) ?? [];
		found.push(credential);
		try {
			// The decoded `user:password` and the password after its first `:`, if it has one.
			if (basic) found.push(...(atob(credential).match(/^[^:]*:([^]*)/) ?? []));
		} catch {
			// Not base64: the value itself is all there is to redact.
		}
	}
	const forms = new Set(
		[...found, ...more]
			// Shorter values would redact ordinary words; no credential GitHub issues is that short.
			.filter((secret) => secret.length > 5)
			.flatMap((secret) => {
				const encoded = encodeURIComponent(secret);
				return [secret, encoded, encoded.replaceAll("%20", "+"), JSON.stringify(secret).slice(1, -1)];
			}),
	);
	return [...forms].sort((a, b) => b.length - a.length);
};

/**
Every secret of a request: its credential headers', and the `client_secret` and `access_token`
values of its URL and body, at any depth, in JSON or form text, a URLSearchParams or a FormData.
The body is read by the walk that redacts values, with a rule that only collects: what it cannot
read is redacted as a whole where it shows (redact-values.ts), so a secret there is not shown either.
The header credentials' forms are given as raw secrets again, so that their own encoded forms count.
*/
export const secretsOf = (
	request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown } | undefined,
): string[] => {
	const found: string[] = [];
	const collect = (text: string, key?: unknown) => {
		if (isSecretKey(key)) found.push(text);
		else redactSecretFields(text, found);
		return text;
	};
	redactValue(request?.body, collect, false);
	if (typeof request?.url === "string") collect(request.url);
	return credentialsOf(undefined, [...credentialsOf(request?.headers), ...found]);
};

/** Each secret replaced, until none is left (a replacement cannot bring one back, unless it is part of the marker). */
export const replaceSecrets = (text: string, secrets: readonly string[]): string => {
	for (let round = 0, before; round < 4 && before !== text; round++) {
		before = text;
		for (const secret of secrets) if (!REDACTED.includes(secret)) text = text.replaceAll(secret, REDACTED);
	}
	return text;
};

/**
`client_secret` and `access_token` values in JSON text or form text replaced; with `found`, each
value in the text is added to it too, as it was sent: a JSON field's unescaped, a query's decoded.
*/
export const redactSecretFields = (text: string, found?: string[]): string => {
	// Whether a text may hold a `client_secret` or `access_token` at all: most hold neither.
	if (!/_secret|_token/i.test(text)) return text;
	// `"client_secret": "…"` in JSON text (a string body, a server's echo), escapes included.
	const field = /("(?:client_secret|access_token)"\s*:\s*")((?:[^"\\]|\\.)*)"/gi;
	// A query's or a form's `client_secret=…` (`isSecretKey`'s names), the value second.
	const query = /((?:^|[?&;])(?:client_secret|access_token)=)([^&#;\s"'<>]*)/gi;
	for (const [match, , value] of found ? [...text.matchAll(field), ...text.matchAll(query)] : [])
		try {
			found!.push(match.startsWith('"') ? JSON.parse(`"${value}"`) : decodeURIComponent(value!.replaceAll("+", " ")));
		} catch {
			// Not valid escapes: the value as it is written.
			found!.push(value!);
		}
	return text.replace(field, `$1${REDACTED}"`).replace(query, `$1${REDACTED}`);
};

/** Text with every secret the rule knows replaced: see the top of this file. */
export const redactText = (text: string, secrets: readonly string[] = []): string =>
	// The secrets replaced first, and again last (the outer call), so that nothing the rules cut away
	// can join what is left into a secret again. The URL rules replace the `client_secret` and
	// `access_token` fields of JSON and form text too.
	replaceSecrets(
		redactUrl(replaceSecrets(text, secrets))
			// `authorization: <anything>` as a header line or a property.
			.replace(/((?:proxy-)?authorization["']?\s*[:=]\s*["']?)[^"'\r\n,}]+/gi, `$1${REDACTED}`)
			// GitHub's own token formats, which secret scanning finds too: redacted whoever's they are.
			.replace(/\b(?:gh[pousr]_[A-Za-z\d]{20,}|github_pat_\w{20,})/g, REDACTED)
			// `token ghp_…`, `Bearer eyJ…`, `Basic dXNlcjpw…`: a scheme's value is a credential when it
			// looks like one (8 or more token characters with a digit, a symbol or mixed case), so that
			// prose such as "basic authentication" or "token expired" is left alone.
			.replace(/\b((?:token|bearer|basic) +)([\w.~+/=-]{8,})/gi, (match, scheme: string, value: string) =>
				/[\d_.~+/=-]/.test(value) || (/[a-z]/.test(value) && /[A-Z]/.test(value)) ? scheme + REDACTED : match,
			),
		secrets,
	);

/**
Whether a value is an error, of this realm or of another (a `vm` context, Jest's test
environment): `instanceof Error` is false across realms, the internal tag is not. A primitive's
tag (null's too) is never `Error`; a function's is not read (a getter could answer it).
*/
export const isError = (value: unknown): value is Error =>
	value instanceof Error || (typeof value === "object" && Object.prototype.toString.call(value) === "[object Error]");

/**
One part of a value: its name as text (walked too), what it holds, and a property's key and descriptor; a
container's entry (a Map's, a form body's) is under its name.
*/
type Slot = [name: unknown, item: unknown, key?: PropertyKey, descriptor?: PropertyDescriptor];

/**
A value with `rule` applied to every string it holds (given the key it is under: a property's,
a Map's or a form's), its keys and symbols' descriptions too: the same value when nothing
changes, otherwise a copy, only where something changed, of the same kind and prototype (an
error is a real one, so `util.inspect` shows it as one, in any realm). The caller's value is never
changed, and a getter is never called: nothing shows its value but reading it. (One is: the internal
tag that tells a kind is read by `Object.prototype.toString`, which runs a `Symbol.toStringTag` getter;
what it answers is never shown, and it never hides a Map, a Set or a view, which are told by their slots.)

Bounds. A value is walked 64 levels down, counting every level alike: an object's property, an
array's item, a Map's or a Set's entry, an error's `cause` or `errors`. What lies deeper, and what
a cycle leads back to, is not copied: it is read once more, without recursion (so no depth
overflows the stack), for anything `rule` would change. A part that holds something is replaced
by `UNWALKED`, a part that holds nothing is kept as it is. That reading stops after 100,000 parts
(objects, strings, keys, and a typed array's items, one each) per value: what it could not read is
replaced too. A value that cannot be
read (a revoked Proxy, a trap that throws) is replaced whole. So nothing too deep, too circular or
too large to walk is ever shown unredacted. Thrown, a part util.inspect shows from inside the engine
(a Proxy's target, a Promise's value, a Map's or a Set's iterator's entries, a WeakMap's or a WeakSet's,
a boxed Symbol's description, a RegExp's source) is `UNWALKED` whatever it holds, where Node's
`util.types` tells it (Node 20.16 and later).
*/
export const redactValue = <T>(root: T, rule: (text: string, key?: unknown) => string, thrown: boolean): T => {
	let parts = 100_000;
	// How many levels down the walk is: a failure anywhere ends the whole walk, so it is not restored then.
	let depth = 0;
	// Each object walked, and what it became (one copy per object, however often it is met); while
	// it is being walked, `done` itself: met again then, it is on a cycle.
	const done = new Map<object, unknown>();
	/*
	Node's tests of a value's internal slots (`util.types`), which run none of its code and throw nothing: had
	here, when a thrown value is walked, never at import (a module loaded costs every program, and a browser
	or neutral bundle has none). Other runtimes and Node before 20.16 have no `process.getBuiltinModule`:
	there, what only these tell apart is walked as before (docs/reliability.md).
	*/
	const types = thrown && (globalThis as any).process?.getBuiltinModule?.("util")?.types;
	/*
	What util.inspect shows from inside the engine, which no script can read without changing it (a
	Promise's value, a Map's or a Set's iterator's entries, a WeakMap's or WeakSet's) or without running
	its code (a Proxy's target, which it shows without the traps), and a boxed Symbol's description and a
	RegExp's source, which could be read, but are too rare in what a lower layer throws to pay for the
	code: the names of Node's tests of them, listed once per walk rather than at every value.
	*/
	const unread: string[] = types
		? "Proxy Promise MapIterator SetIterator WeakMap WeakSet SymbolObject RegExp".split(" ")
		: [];

	/*
	How a value is taken apart, by its internal tag, or `undefined` for one that is kept whole.
	`data` (what a body holds) is arrays, form bodies, and objects of any realm and class with no
	internal slots of their own (their own properties are all they hold, as JSON sends them, and a
	copy with the same prototype shows the same); `thrown` (what a lower layer threw) adds errors,
	Maps and Sets (whatever their tag and prototype say), URLs, fetch Headers, Requests and Responses.
	Anything else (a typed array, a DataView, a Date, a web stream, an object that names its own tag,
	a function, a boxed String) is shown by slots a copy cannot have: in a body it is kept whole;
	thrown, it is read like a fetch Request (`View`, `Other`), a view's buffer and a boxed String's
	text too, and replaced if it holds a secret.
	*/
	const kindOf = (value: unknown): string | undefined => {
		// A function goes on: thrown, it shows its own properties as an object does (read, `Other`).
		if (Object(value) !== value) return;
		// Thrown, what no script can read (`unread`) is replaced whole, first: before any trap runs.
		if (unread.some((type) => types[`is${type}`](value))) return "Unread";
		if (Array.isArray(value)) return "Array";
		if (value instanceof URLSearchParams || value instanceof FormData) return "Params";
		const tag = Object.getPrototypeOf(value) ? Object.prototype.toString.call(value).slice(8, -1) : "Object";
		if (!thrown) return tag === "Object" ? tag : undefined;
		/*
		Thrown, a value is told by its internal slots first, which its tag or prototype may hide as util.inspect
		shows them: a Map's or a Set's entries (by Node's test, or else by the type's own `has`, which throws for
		anything but its own kind, of any realm, and runs no code of the value: an exception per object, which
		Node's test spares), a typed array's or a DataView's own properties beside its bytes.
		*/
		if (ArrayBuffer.isView(value)) return "View";
		for (const type of [Map, Set] as any[])
			try {
				if (types ? types[`is${type.name}`](value) : (type.prototype.has.call(value), 1)) return type.name;
			} catch {
				// Not of this type.
			}
		if (isError(value)) return "Error";
		// Any other object is read, never copied.
		return /^(URL|Headers|Request|Response|Object)$/.exec(tag)?.[0] ?? "Other";
	};

	/*
	A value's parts: first what a container holds besides its own properties (a Map's entries, a
	form body's or Headers' fields, as their iterators give them; with a `null` key, a Set's items, a
	URL's text, a fetch Request's or Response's URL and headers, a view's buffer), then its own
	properties, whose descriptor holds a getter without calling it, named by their key as text (a
	symbol's description, which may be a secret too). A Map, a Set or a view is read through this
	realm's methods and getters, which take one of any realm and run no code of the value.
	*/
	const partsOf = (value: any, kind: string): Slot[] => {
		let pairs: unknown[][] = [];
		let items = 0;
		if (kind === "Params" || kind === "Headers") pairs = [...value];
		if (kind === "Map" || kind === "Set")
			(globalThis as any)[kind].prototype.forEach.call(value, (item: unknown, key: unknown) =>
				pairs.push([kind === "Map" ? key : null, item]),
			);
		if (kind === "URL") pairs = [[null, String(value)]];
		if (kind === "Request" || kind === "Response")
			pairs = [
				[null, value.url],
				[null, value.headers],
			];
		// A boxed String shows the text its slot holds, which its properties (one per character) do not.
		if (kind === "Other")
			try {
				pairs = [[null, String.prototype.valueOf.call(value)]];
			} catch {
				// Not a boxed String.
			}
		if (kind === "View") {
			/*
			A typed array's own keys begin with one per item, whose bytes hold no text: they are not parts,
			but each counts as one, so that an array longer than the parts left is not listed (`holds` then
			finds them spent, and it is replaced).
			*/
			let view: object = Int8Array.prototype;
			try {
				items = Reflect.get(view, "length", value);
			} catch {
				// A DataView, which has no items.
				view = DataView.prototype;
			}
			pairs = [[null, Reflect.get(view, "buffer", value)]];
			if ((parts -= items) < 0) return [];
		}
		return [
			...(pairs as Slot[]),
			...Reflect.ownKeys(value)
				.slice(items)
				.map((key): Slot => {
					const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
					return [typeof key === "symbol" ? key.description : key, descriptor.value, key, descriptor];
				}),
		];
	};

	// Whether `rule` would change anything in a value: read without recursion, each object once.
	const holds = (value: object) => {
		const pending: unknown[][] = [[value]];
		const seen = new Set<unknown>();
		while (pending.length && --parts >= 0) {
			const [item, key] = pending.pop()!;
			const kind = kindOf(item);
			if (kind === "Unread" || (typeof item === "string" && rule(item, key) !== item)) return true;
			if (!kind || seen.has(item)) continue;
			seen.add(item);
			for (const [name, part, partKey = name] of partsOf(item, kind)) pending.push([name], [part, partKey]);
		}
		// Spent: what is left unread may hold a secret.
		return parts < 0;
	};

	const walked = (value: any, key?: unknown): any => {
		if (typeof value === "string") return rule(value, key);
		const kind = kindOf(value);
		if (!kind) return value;
		let result = done.get(value);
		if (result === undefined && depth < 64) {
			done.set(value, done);
			depth++;
			done.set(value, (result = copyOf(value, kind)));
			depth--;
		}
		if (result !== done && result !== undefined) return result;
		// On a cycle (met again while it is walked) or too deep to walk: read, never copied.
		return holds(value) ? UNWALKED : value;
	};

	const copyOf = (value: any, kind: string): unknown => {
		// A fetch Request or Response shows its URL and headers, another object its own properties and
		// slots a copy cannot have: checked, and replaced whole if they hold a secret.
		if (/^(Request|Response|View|Other|Unread)$/.test(kind)) return holds(value) ? UNWALKED : value;
		if (kind === "URL") {
			// A URL shows its text only: a new URL of the redacted text, or the text if it no longer parses.
			const redacted = rule(String(value));
			if (redacted === String(value)) return value;
			return URL.canParse(redacted) ? new URL(redacted) : redacted;
		}
		let changed = false;
		const slots = partsOf(value, kind).map(([name, item, key, descriptor]) => {
			const renamed = walked(name);
			const redacted = walked(item, key ?? name);
			changed ||= renamed !== name || redacted !== item;
			// An accessor's `item` is undefined, and so is what it became: its getter is kept.
			if (descriptor && redacted !== item) descriptor.value = redacted;
			// The key as it was when its name did not change; otherwise the new text, or for a symbol (named
			// by its description) a new symbol.
			const renamedKey = (renamed === name && key) || (typeof key === "symbol" ? Symbol(renamed) : renamed);
			return [renamedKey, redacted, descriptor] as const;
		});
		if (!changed) return value;
		// The same kind, made empty (a form body by its own class, which may be a subclass), then filled.
		const copy = new (kind === "Params" ? value.constructor : (globalThis as any)[kind])();
		for (const [key, item, descriptor] of slots) {
			if (descriptor) Object.defineProperty(copy, key as PropertyKey, descriptor);
			else if (kind === "Set") copy.add(item);
			else copy[kind === "Map" ? "set" : "append"](key, item);
		}
		Object.setPrototypeOf(copy, Object.getPrototypeOf(value));
		// An error made here has a stack of its own, which the original may not have.
		if (kind === "Error" && !Object.hasOwn(value, "stack")) delete copy.stack;
		return copy;
	};

	try {
		return walked(root) as T;
	} catch {
		return UNWALKED as T;
	}
};

// The request each body that carries `errors` answered (lib/http/request.ts notes it), so that
// an error built from that body above the transport (GraphQL's) knows the secrets to redact.
const requestOfBody = new WeakMap<object, { url?: unknown; headers?: Record<string, unknown>; body?: unknown }>();

/** Notes the request a response body answered. */
export const noteRequest = (
	body: object,
	request: { url?: unknown; headers?: Record<string, unknown>; body?: unknown },
): void => void requestOfBody.set(body, request);

/** The secrets of the request a body answered, if it was noted (a WeakMap holds no primitive: none for one). */
export const secretsOfBody = (body: unknown): string[] => secretsOf(requestOfBody.get(body as object));
