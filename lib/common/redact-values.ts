/*
Values redacted as a whole, with the text rules of redact.ts applied to every string they hold:
what an error keeps that a server sent or a request held (`redactData`), and what a lower layer
threw (`redactCause`). Both are walked the same way; they differ in the rule for strings and in
which objects are taken apart.

Bounds. A value is walked `MAX_WALK_DEPTH` (64) levels down, counting every level alike: an
object's property, an array's item, a Map's or a Set's entry, an error's `cause` or `errors`. What
lies deeper, and what a cycle leads back to, is not copied: it is read once more, without recursion
(so no depth overflows the stack), for anything the walk would have redacted. A part that holds
something is replaced by a marker, a part that holds nothing is kept as it is. That reading stops
after 100,000 parts (objects, strings, keys) per value: what it could not read is
replaced too. So nothing too deep, too circular or too large to walk is ever shown unredacted.
*/

import {
	REDACTED,
	SECRET_HEADERS,
	entriesOf,
	isSecretKey,
	kindOf,
	readParts,
	redactCredential,
	redactSecretFields,
	redactText,
	replaceSecrets,
} from "./redact.js";

export { isError } from "./redact.js";

const MAX_WALK_DEPTH = 64;
/** What stands in place of a part that held a secret and was not walked. */
export const UNWALKED = "[REDACTED: too deep, circular or large to walk]";

interface Walk {
	text: (text: string) => string;
	thrown: boolean;
	/** The objects being walked: met again, they are a cycle. */
	path: Set<object>;
	/** Each object walked, and what it became: one copy per object, however often it is met. */
	done: Map<object, unknown>;
	/** Whether an object not walked held something, as read. */
	read: Map<object, boolean>;
	/** How many more parts may be read, of the 100,000 a value is allowed. */
	parts: number;
}

/**
What a key's own rule makes of its value (a `client_secret`, an `authorization`), or `undefined`
where it has none.
*/
function byKey(key: unknown, value: unknown, walk: Walk): string | undefined {
	if (typeof value !== "string") return undefined;
	if (isSecretKey(key)) return REDACTED;
	const header = walk.thrown && typeof key === "string" && SECRET_HEADERS.includes(key.toLowerCase());
	if (header) return redactCredential(value);
	return undefined;
}

/** What a property, entry or item becomes under its key's rule, then the walk. */
const redactedUnder = (key: unknown, value: unknown, walk: Walk, depth: number): unknown =>
	byKey(key, value, walk) ?? walked(value, walk, depth);

function walked(value: unknown, walk: Walk, depth: number): unknown {
	if (typeof value === "string") return walk.text(value);
	if (value === null || typeof value !== "object") return value;
	const kind = kindOf(value, walk.thrown);
	if (kind === undefined) return value;
	if (walk.done.has(value)) return walk.done.get(value);
	if (depth >= MAX_WALK_DEPTH || walk.path.has(value)) return holdsSecret(value, walk) ? UNWALKED : value;
	walk.path.add(value);
	const result = copyOf(value, kind, walk, depth + 1);
	walk.path.delete(value);
	walk.done.set(value, result);
	return result;
}

const redactedKey = (key: string | symbol, walk: Walk): string | symbol => {
	if (typeof key === "string") return walk.text(key);
	const description = key.description === undefined ? undefined : walk.text(key.description);
	return description === key.description ? key : Symbol(description);
};

/** The object itself when nothing in it changes, otherwise a copy of the same kind and prototype. */
function copyOf(value: object, kind: string, walk: Walk, depth: number): unknown {
	if (kind === "URL") {
		const href = String(value);
		const redacted = walk.text(href);
		return redacted === href ? value : parsedOr(redacted);
	}
	// A fetch Request or Response shows its URL and headers: checked, and replaced whole if they hold a secret.
	if (kind === "Request" || kind === "Response") return holdsSecret(value, walk) ? UNWALKED : value;
	let changed = false;
	const entries = entriesOf(value, kind).map(([key, item]): [unknown, unknown] => {
		const pair: [unknown, unknown] = [walked(key, walk, depth), redactedUnder(key, item, walk, depth)];
		changed ||= pair[0] !== key || pair[1] !== item;
		return pair;
	});
	const properties = Reflect.ownKeys(value).map((key): [string | symbol, PropertyDescriptor] => {
		const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
		const newKey = redactedKey(key, walk);
		changed ||= newKey !== key;
		// A getter is not called: nothing shows its value but reading it.
		if ("value" in descriptor) {
			const item = redactedUnder(key, descriptor.value, walk, depth);
			changed ||= item !== descriptor.value;
			descriptor.value = item;
		}
		return [newKey, descriptor];
	});
	if (!changed) return value;
	const copy = emptyLike(value, kind, entries);
	for (const [key, descriptor] of properties) Object.defineProperty(copy, key, descriptor);
	// An error made here has a stack of its own, which the original may not have.
	if (kind === "Error" && !Object.hasOwn(value, "stack")) delete (copy as { stack?: unknown }).stack;
	return copy;
}

function parsedOr(href: string): unknown {
	try {
		return new URL(href);
	} catch {
		return href;
	}
}

/**
A new object of the kind, with the original's prototype and the walked entries: an error is a
real one (not an object inheriting from Error.prototype), so `util.inspect` shows it as one, in
any realm.
*/
function emptyLike(value: object, kind: string, entries: Array<[unknown, unknown]>): object {
	const proto = Object.getPrototypeOf(value);
	let copy: object;
	if (kind === "Array") copy = [];
	else if (kind === "Error") copy = new Error();
	else if (kind === "Map") copy = new Map(entries);
	else if (kind === "Set") copy = new Set(entries.map((pair) => pair[1]));
	else if (kind === "Headers")
		copy = new Headers(entries.map(([name, item]): [string, string] => [`${name}`, `${item}`]));
	else if (kind === "Params") {
		const params = new (value.constructor as new () => URLSearchParams)();
		for (const [key, item] of entries) params.append(key as string, item as string);
		return params;
	} else return Object.create(proto);
	if (Object.getPrototypeOf(copy) !== proto) Object.setPrototypeOf(copy, proto);
	return copy;
}

/**
Whether anything the walk would redact is in a value, read without recursion and without
copying (readParts), each object once. A value larger than what is left of the budget counts as
holding something: it cannot be shown as it is.
*/
function holdsSecret(root: object, walk: Walk): boolean {
	let found = walk.read.get(root);
	if (found !== undefined) return found;
	found = readParts(root, walk.thrown, walk, (key, item) => {
		const ruled = byKey(key, item, walk);
		if (ruled !== undefined) return ruled !== item;
		return typeof item === "string" && walk.text(item) !== item;
	});
	walk.read.set(root, found);
	return found;
}

/** Walks a value; one that cannot be read (a revoked Proxy, a trap that throws) is replaced whole. */
function redactValue<T>(value: T, text: (text: string) => string, thrown: boolean): T {
	const walk: Walk = { text, thrown, path: new Set(), done: new Map(), read: new Map(), parts: 100_000 };
	try {
		return walked(value, walk, 0) as T;
	} catch {
		return UNWALKED as T;
	}
}

/**
A value as an error keeps what a server sent or a request held (`response.data`, GraphQL `errors`,
a request body): a copy, only where something changed, with every secret of `secrets` replaced in
its strings and keys, and the values of `client_secret` and `access_token` keys replaced. Plain
objects (of any realm) and arrays are walked, a URLSearchParams or FormData copied; anything else
is kept.
*/
export function redactData<T>(value: T, secrets: readonly string[]): T {
	return redactValue(value, (text) => redactSecretFields(replaceSecrets(text, secrets)), false);
}

/**
What a lower layer threw (a fetch's error, a parser's, a thrown plain object or string), as Hublet
keeps it as a `cause`: the same value when nothing in it is secret, otherwise a copy of the same
class, of any realm, with every string it holds redacted by every text rule: its `message`,
`stack`, `cause` chain and `errors`, own properties enumerable or not, and what its objects,
arrays, Maps, Sets and URLs hold; an `authorization`, `client_secret` or `access_token` value
whatever it is. The caller's value is never changed.
*/
export function redactCause(cause: unknown, secrets: readonly string[]): unknown {
	return redactValue(cause, (text) => redactText(text, secrets), true);
}
