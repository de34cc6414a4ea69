/**
A Proxy that looks like a plain object whose properties are built on first read.

Building all 1,200 endpoint methods up front costs start-up time and memory that most
programs never use, so each property is resolved when it is first read and cached on the
side. The traps `has`, `ownKeys`, `getOwnPropertyDescriptor`, `set`, `defineProperty` and
`deleteProperty` make it behave like the object it stands for: `in`, `Object.keys`, REPL
completion, and stubbing with sinon or node:test all work. Unknown names (including
`then`, `toJSON` and every symbol) read as `undefined` and never throw.
*/
// Never written to: `assign` and `deleteProperty` replace them first.
const NOTHING_ASSIGNED = new Map<string, unknown>();
const NOTHING_DELETED = new Set<string>();

export function createLazyObject<T>(source: {
	/** The names to list, in order. */
	keys(): string[];
	/** The value of a name, or `undefined` when the name is unknown. Called once per name. */
	resolve(name: string): T | undefined;
	/** Whether a name resolves; may accept names that `keys()` does not list (aliases). */
	has(name: string): boolean;
}): Record<string, T> {
	const cache = new Map<string, unknown>();
	// What a program assigned or deleted: rare (stubs in tests), so shared empty ones until then.
	let assigned: Map<string, unknown> = NOTHING_ASSIGNED;
	let deleted: Set<string> = NOTHING_DELETED;

	const has = (name: string | symbol): name is string =>
		typeof name === "string" && (assigned.has(name) || (!deleted.has(name) && source.has(name)));

	const read = (name: string | symbol): unknown => {
		if (typeof name !== "string") return undefined;
		if (assigned.has(name)) return assigned.get(name);
		if (deleted.has(name)) return undefined;
		if (!cache.has(name)) {
			const value = source.resolve(name);
			if (value === undefined) return undefined;
			cache.set(name, value);
		}
		return cache.get(name);
	};

	const assign = (name: string | symbol, value: unknown): boolean => {
		if (typeof name !== "string") return false;
		if (assigned === NOTHING_ASSIGNED) assigned = new Map();
		assigned.set(name, value);
		deleted.delete(name);
		return true;
	};

	return new Proxy(Object.create(null), {
		get: (_target, name) => read(name),
		has: (_target, name) => has(name),
		ownKeys: () => {
			const names = source.keys().filter((name) => !deleted.has(name) || assigned.has(name));
			for (const name of assigned.keys()) if (!names.includes(name)) names.push(name);
			return names;
		},
		getOwnPropertyDescriptor: (_target, name) =>
			has(name) ? { value: read(name), writable: true, enumerable: true, configurable: true } : undefined,
		set: (_target, name, value) => assign(name, value),
		defineProperty: (_target, name, descriptor) =>
			"value" in descriptor ? assign(name, descriptor.value) : assign(name, descriptor.get?.()),
		deleteProperty: (_target, name) => {
			if (typeof name !== "string") return true;
			assigned.delete(name);
			if (deleted === NOTHING_DELETED) deleted = new Set();
			deleted.add(name);
			return true;
		},
	});
}
