/**
What a lazy object stands for. Each function is also passed the object's `data`, so that one
source made once (a module's constant) can serve many objects without a closure for each.
*/
interface Source<T, D> {
	/** The names to list, in order. */
	keys(data: D): string[];
	/** The value of a name, or `undefined` when the name is unknown. Called once per name. */
	resolve(name: string, data: D): T | undefined;
	/** Whether a name resolves; may accept names that `keys()` does not list (aliases). */
	has(name: string, data: D): boolean;
}

/** A lazy object's state; what a program assigned or deleted is rare (stubs in tests), so made on first use. */
interface State {
	source: Source<unknown, unknown>;
	data: unknown;
	cache?: Map<string, unknown>;
	assigned?: Map<string, unknown>;
	deleted?: Set<string>;
}

const has = (state: State, name: string | symbol): name is string =>
	typeof name === "string" &&
	(state.assigned?.has(name) || (!state.deleted?.has(name) && state.source.has(name, state.data)));

function read(state: State, name: string | symbol): unknown {
	if (typeof name !== "string") return undefined;
	if (state.assigned?.has(name)) return state.assigned.get(name);
	if (state.deleted?.has(name)) return undefined;
	let value = state.cache?.get(name);
	if (value === undefined) {
		value = state.source.resolve(name, state.data);
		if (value !== undefined) (state.cache ??= new Map()).set(name, value);
	}
	return value;
}

function assign(state: State, name: string | symbol, value: unknown): boolean {
	if (typeof name !== "string") return false;
	(state.assigned ??= new Map()).set(name, value);
	state.deleted?.delete(name);
	return true;
}

// Every lazy object's handler inherits these traps and holds its own state, which the traps read as
// `this`: making one compiles and allocates no function. The target stays an empty object without
// a prototype, which is what util.inspect shows.
const TRAPS: ProxyHandler<object> & ThisType<State> = {
	get(_target, name) {
		return read(this, name);
	},
	has(_target, name) {
		return has(this, name);
	},
	ownKeys() {
		// What was deleted and assigned again is no longer in `deleted`.
		const names = this.source.keys(this.data).filter((name) => !this.deleted?.has(name));
		for (const name of this.assigned?.keys() ?? []) if (!names.includes(name)) names.push(name);
		return names;
	},
	getOwnPropertyDescriptor(_target, name) {
		if (!has(this, name)) return undefined;
		return { value: read(this, name), writable: true, enumerable: true, configurable: true };
	},
	set(_target, name, value) {
		return assign(this, name, value);
	},
	defineProperty(_target, name, descriptor) {
		return assign(this, name, "value" in descriptor ? descriptor.value : descriptor.get?.());
	},
	deleteProperty(_target, name) {
		if (typeof name === "string") {
			this.assigned?.delete(name);
			(this.deleted ??= new Set()).add(name);
		}
		return true;
	},
};

/**
A Proxy that looks like a plain object whose properties are built on first read.

Building all 1,200 endpoint methods up front costs start-up time and memory that most
programs never use, so each property is resolved when it is first read and cached on the
side. The traps `has`, `ownKeys`, `getOwnPropertyDescriptor`, `set`, `defineProperty` and
`deleteProperty` make it behave like the object it stands for: `in`, `Object.keys`, REPL
completion, and stubbing with sinon or node:test all work. Unknown names (including
`then`, `toJSON` and every symbol) read as `undefined` and never throw.
*/
export function createLazyObject<T, D = undefined>(source: Source<T, D>, data?: D): Record<string, T> {
	return new Proxy(Object.create(null), { __proto__: TRAPS, source, data } as ProxyHandler<object>);
}
