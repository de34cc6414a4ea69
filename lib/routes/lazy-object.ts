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

/**
A lazy object's state, made on first use: each name read, assigned or deleted, with its value
(`DELETED` for a deleted one), and the names a program assigned, which it lists even when the
source does not (stubs in tests).
*/
interface State {
	source: Source<unknown, unknown>;
	data: unknown;
	values?: Map<string, unknown>;
	assigned?: Set<string>;
}

const DELETED = Symbol("deleted");

const has = (state: State, name: string | symbol): name is string =>
	typeof name === "string" &&
	(state.values?.has(name) ? state.values.get(name) !== DELETED : state.source.has(name, state.data));

function read(state: State, name: string | symbol): unknown {
	if (typeof name !== "string") return undefined;
	const values = (state.values ??= new Map());
	if (!values.has(name)) {
		// An unknown name is not kept: a program may probe many (`then`, `toJSON`).
		const value = state.source.resolve(name, state.data);
		if (value === undefined) return undefined;
		values.set(name, value);
	}
	const value = values.get(name);
	return value === DELETED ? undefined : value;
}

function write(state: State, name: string | symbol, value: unknown): boolean {
	if (typeof name === "string") {
		(state.values ??= new Map()).set(name, value);
		if (value !== DELETED) (state.assigned ??= new Set()).add(name);
	}
	return true;
}

// Every lazy object's handler inherits these traps and holds its own state, which the traps read as
// `this`: making one compiles and allocates no function. The target stays an empty object without
// a prototype, which is what util.inspect shows. An assignment needs no trap of its own: it reaches
// defineProperty through the language's own steps (after getOwnPropertyDescriptor).
const TRAPS: ProxyHandler<object> & ThisType<State> = {
	get(_target, name) {
		return read(this, name);
	},
	has(_target, name) {
		return has(this, name);
	},
	ownKeys() {
		const shown = (name: string) => this.values?.get(name) !== DELETED;
		const names = this.source.keys(this.data).filter(shown);
		for (const name of this.assigned ?? []) if (shown(name) && !names.includes(name)) names.push(name);
		return names;
	},
	getOwnPropertyDescriptor(_target, name) {
		if (has(this, name)) return { value: read(this, name), writable: true, enumerable: true, configurable: true };
	},
	defineProperty(_target, name, descriptor) {
		return typeof name === "string" && write(this, name, "value" in descriptor ? descriptor.value : descriptor.get?.());
	},
	deleteProperty(_target, name) {
		return write(this, name, DELETED);
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
