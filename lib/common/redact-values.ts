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
after `MAX_CHECKED_PARTS` (100,000) objects and strings per value: what it could not read is
replaced too. So nothing too deep, too circular or too large to walk is ever shown unredacted.
*/

import {
	REDACTED,
	SECRET_HEADERS,
	isSecretKey,
	redactCredential,
	redactSecretFields,
	redactText,
	replaceSecrets,
} from "./redact.js";

const MAX_WALK_DEPTH = 64;
const MAX_CHECKED_PARTS = 100_000;
/** What stands in place of a part that held a secret and was not walked. */
export const UNWALKED = "[REDACTED: too deep, circular or large to walk]";

const tagOf = (value: object) => Object.prototype.toString.call(value).slice(8, -1);

/**
Whether a value is an error, of this realm or of another (a `vm` context, Jest's test
environment): `instanceof Error` is false across realms, the internal tag is not.
*/
export const isError = (value: unknown): value is Error =>
	value instanceof Error || (value !== null && typeof value === "object" && tagOf(value) === "Error");

/** An object literal or `Object.create(null)`, of any realm: its prototype, if any, is a root. */
function isPlainAnyRealm(value: object): boolean {
	const proto = Object.getPrototypeOf(value);
	return proto === null || (Object.getPrototypeOf(proto) === null && tagOf(value) === "Object");
}

// How each kind of object is taken apart. `data` is what a body holds (plain objects, arrays, form
// bodies); `thrown` adds what a lower layer's error may hold.
type Kind = "array" | "object" | "error" | "map" | "set" | "params" | "url" | "headers" | "fetch";

function kindOf(value: object, thrown: boolean): Kind | undefined {
	if (Array.isArray(value)) return "array";
	if (value instanceof URLSearchParams || (typeof FormData === "function" && value instanceof FormData))
		return "params";
	if (isPlainAnyRealm(value)) return "object";
	if (!thrown) return undefined;
	if (isError(value)) return "error";
	const tag = tagOf(value);
	if (tag === "Map" || tag === "Set" || tag === "URL" || tag === "Headers") return tag.toLowerCase() as Kind;
	// A fetch Request or Response shows its URL and headers: checked, and replaced whole if they hold a secret.
	if (tag === "Request" || tag === "Response") return "fetch";
	// A class instance with no internal slots of its own (its tag is Object's): its own
	// properties are all it holds, and a copy with the same prototype shows the same.
	if (tag === "Object") return "object";
	// Anything else (a Date, a typed array, a stream, a Promise) is kept: it is shown by slots a
	// copy cannot have.
	return undefined;
}

interface Walk {
	text: (text: string) => string;
	thrown: boolean;
	/** The objects being walked: met again, they are a cycle. */
	path: Set<object>;
	/** Each object walked, and what it became: one copy per object, however often it is met. */
	done: Map<object, unknown>;
	/** Whether an object not walked held something, as read. */
	read: Map<object, boolean>;
	/** How many more parts may be read. */
	budget: number;
}

/** What a property, entry or item becomes under its key's rule, then the walk. */
function redactedUnder(key: unknown, value: unknown, walk: Walk, depth: number): unknown {
	if (typeof key === "string" && typeof value === "string") {
		if (isSecretKey(key)) return value === REDACTED ? value : REDACTED;
		if (walk.thrown && SECRET_HEADERS.includes(key.toLowerCase())) return redactCredential(value);
	}
	return walked(value, walk, depth);
}

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
function copyOf(value: object, kind: Kind, walk: Walk, depth: number): unknown {
	if (kind === "url") {
		const href = String(value);
		const redacted = walk.text(href);
		return redacted === href ? value : parsedOr(redacted);
	}
	if (kind === "fetch") return holdsSecret(value, walk) ? UNWALKED : value;
	if (kind === "headers") {
		const entries = headerEntries(value);
		const redacted = entries.map(([name, item]): [string, string] => [
			name,
			`${redactedUnder(name, item, walk, depth)}`,
		]);
		return redacted.every(([, item], index) => item === entries[index]![1]) ? value : new Headers(redacted);
	}
	if (kind === "params") {
		const entries = [...(value as URLSearchParams)];
		const redacted = entries.map(([key, item]) => [walk.text(key), redactedUnder(key, item, walk, depth)] as const);
		if (redacted.every(([key, item], index) => key === entries[index]![0] && item === entries[index]![1])) return value;
		const copy = new (value.constructor as new () => URLSearchParams)();
		for (const [key, item] of redacted) copy.append(key, item as string);
		return copy;
	}
	let entries: Array<[unknown, unknown]> | undefined;
	let changedEntries = false;
	if (kind === "map" || kind === "set") {
		// Read through this realm's methods, which take a Map or Set of any realm.
		const list = kind === "map" ? [...Map.prototype.entries.call(value)] : setPairs(value);
		entries = list.map(([key, item]) => {
			const newKey = kind === "map" ? walked(key, walk, depth) : key;
			const newItem = kind === "map" ? redactedUnder(key, item, walk, depth) : walked(item, walk, depth);
			if (newKey !== key || newItem !== item) changedEntries = true;
			return [newKey, newItem];
		});
	}
	const changes = new Map<string | symbol, [string | symbol, PropertyDescriptor]>();
	for (const key of Reflect.ownKeys(value)) {
		const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
		// A getter is not called: nothing shows its value but reading it.
		const item = "value" in descriptor ? redactedUnder(key, descriptor.value, walk, depth) : descriptor.value;
		const newKey = redactedKey(key, walk);
		if (newKey !== key || item !== descriptor.value) changes.set(key, [newKey, { ...descriptor, value: item }]);
	}
	if (changes.size === 0 && !changedEntries) return value;
	const copy = emptyLike(value, kind, entries);
	for (const key of Reflect.ownKeys(value)) {
		const [newKey, descriptor] = changes.get(key) ?? [key, Object.getOwnPropertyDescriptor(value, key)!];
		Object.defineProperty(copy, newKey, descriptor);
	}
	// An error made here has a stack of its own, which the original may not have.
	if (kind === "error" && !Object.hasOwn(value, "stack")) delete (copy as { stack?: unknown }).stack;
	return copy;
}

const setPairs = (set: object) => [...Set.prototype.values.call(set)].map((item) => [item, item]);

const headerEntries = (headers: object) => {
	const entries: Array<[string, string]> = [];
	(headers as Headers).forEach((item, name) => entries.push([name, item]));
	return entries;
};

function parsedOr(href: string): unknown {
	try {
		return new URL(href);
	} catch {
		return href;
	}
}

/**
A new object of the kind, with the original's prototype: an error is a real one (not an object
inheriting from Error.prototype), so `util.inspect` shows it as one, in any realm.
*/
function emptyLike(value: object, kind: Kind, entries: Array<[unknown, unknown]> | undefined): object {
	const proto = Object.getPrototypeOf(value);
	let copy: object;
	if (kind === "array") copy = [];
	else if (kind === "error") copy = new Error();
	else if (kind === "map") copy = new Map(entries);
	else if (kind === "set") copy = new Set(entries!.map(([, item]) => item));
	else return Object.create(proto);
	if (Object.getPrototypeOf(copy) !== proto) Object.setPrototypeOf(copy, proto);
	return copy;
}

/**
Whether anything the walk would redact is in a value, read without recursion and without
copying, each object once. A value larger than what is left of the budget counts as holding
something: it cannot be shown as it is.
*/
function holdsSecret(root: object, walk: Walk): boolean {
	const known = walk.read.get(root);
	if (known !== undefined) return known;
	const seen = new Set<object>();
	const pending: unknown[] = [root];
	let found = false;
	while (pending.length > 0 && !found) {
		if (--walk.budget < 0) {
			found = true;
			break;
		}
		const value = pending.pop();
		if (typeof value === "string") {
			found = walk.text(value) !== value;
			continue;
		}
		if (value === null || typeof value !== "object" || seen.has(value)) continue;
		seen.add(value);
		const kind = kindOf(value, walk.thrown);
		if (kind === undefined) continue;
		let entries: Iterable<[unknown, unknown]> = [];
		if (kind === "url") pending.push(String(value));
		else if (kind === "fetch") pending.push((value as Request).url, (value as Request).headers);
		else if (kind === "headers") entries = headerEntries(value);
		else if (kind === "params") entries = value as URLSearchParams;
		else if (kind === "map") entries = Map.prototype.entries.call(value);
		else if (kind === "set") for (const item of Set.prototype.values.call(value)) pending.push(item);
		for (const [key, item] of entries) {
			if (keyHolds(key, item, walk)) found = true;
			pending.push(key, item);
		}
		for (const key of Reflect.ownKeys(value)) {
			const descriptor = Object.getOwnPropertyDescriptor(value, key)!;
			if (redactedKey(key, walk) !== key || ("value" in descriptor && keyHolds(key, descriptor.value, walk)))
				found = true;
			else if ("value" in descriptor) pending.push(descriptor.value);
		}
	}
	walk.read.set(root, found);
	return found;
}

/** Whether a key's own rule (a `client_secret` value, an `authorization` value) would change its value. */
function keyHolds(key: unknown, value: unknown, walk: Walk): boolean {
	if (typeof key !== "string" || typeof value !== "string") return false;
	if (isSecretKey(key)) return value !== REDACTED;
	return walk.thrown && SECRET_HEADERS.includes(key.toLowerCase()) && redactCredential(value) !== value;
}

/** Walks a value; one that cannot be read (a revoked Proxy, a trap that throws) is replaced whole. */
function redactValue<T>(value: T, text: (text: string) => string, thrown: boolean): T {
	const walk: Walk = { text, thrown, path: new Set(), done: new Map(), read: new Map(), budget: MAX_CHECKED_PARTS };
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
