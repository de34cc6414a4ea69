/** A bag of named values: parameters, headers, options. */
export type Bag = Record<string, any>;

/** An object literal (or `Object.create(null)`): the only values merged, walked or redacted key by key. */
export function isPlainObject(value: unknown): value is Bag {
	const proto = value !== null && typeof value === "object" && Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/**
`object[key]` when `key` is the object's own, else `undefined`: a parameter or a body field named
`constructor`, `toString` or `__proto__` is never filled from `Object.prototype`.
*/
export const ownValue = (object: object, key: string): unknown =>
	Object.hasOwn(object, key) ? (object as Bag)[key] : undefined;

/**
Defines `key` on `target` as a plain own data property (writable, enumerable, configurable), past any
setter or accessor it had, and returns `value`.
*/
export const defineData = <T>(target: object, key: PropertyKey, value: T): T => (
	Object.defineProperty(target, key, { value, writable: true, enumerable: true, configurable: true }),
	value
);

/** Writes `key` as an own data property: a key named "__proto__" (say, from JSON.parse) stays data, not a prototype. */
export const setOwn = (target: Bag, key: string, value: unknown): unknown =>
	key === "__proto__" ? defineData(target, key, value) : (target[key] = value);

/** A shallow copy that keeps a "__proto__" key as data. */
export function copyOwn(source: Bag): Bag {
	const result: Bag = {};
	for (const key of Object.keys(source)) setOwn(result, key, source[key]);
	return result;
}

/** A copy of a headers object with lowercased names and without `undefined` values. */
export function lowercaseKeys(headers: unknown): Bag {
	const result: Bag = {};
	if (!headers || typeof headers !== "object") return result;
	for (const key of Object.keys(headers)) {
		const value = (headers as Bag)[key];
		if (value !== undefined) setOwn(result, key.toLowerCase(), value);
	}
	return result;
}

/**
A value as an option's message shows it, without calling its code: a string quoted, a number or
another primitive as it is, and an object or a function by its kind only (its `toString` may
throw, or be missing: `Object.create(null)`).
*/
export function shownValue(value: unknown): string {
	if (typeof value === "string") return JSON.stringify(value);
	if (typeof value === "function") return "a function";
	if (value !== null && typeof value === "object") return Array.isArray(value) ? "an array" : "an object";
	return String(value);
}

/**
An option object's own enumerable keys, with `names` read as own values only (undefined when only
its prototype has them).
*/
export function ownOptions<T extends object>(option: T, names: string[]): T {
	const copy = copyOwn(option as Bag);
	for (const name of names) if (!Object.hasOwn(copy, name)) copy[name] = undefined;
	return copy as T;
}

/**
Whether a feature's option leaves it off: `undefined`, `null` or `false`. One rule, which the kernel
(a client without the feature refuses any other value) and each feature's check both read.
*/
export const isOff = (option: unknown): boolean => option == null || option === false;

/**
The one way an option check refuses: `refuse(problem)` throws the TypeError
"Expected the \`name\` option to be <expected>: <problem>", so that a check is a list of early throws.
*/
export const optionRefusal =
	(name: string, expected: string) =>
	(problem: string): never => {
		throw new TypeError(`Expected the \`${name}\` option to be ${expected}: ${problem}`);
	};
