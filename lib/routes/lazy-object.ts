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
A lazy object's state: its source, and the names deleted, which the source is no longer asked for.
Each name read is kept as an own property of the Proxy's target (an empty object without a
prototype), as is each one assigned or defined: the target is then the plain object it stands for.
*/
interface State {
	source: Source<unknown, unknown>;
	data: unknown;
	deleted?: Set<string>;
}

type Target = Record<string | symbol, unknown>;

/** Whether the source may be asked for `name`: a string not deleted since. */
const askable = (state: State, name: string | symbol): name is string =>
	typeof name === "string" && !state.deleted?.has(name);

// Every lazy object's handler inherits these traps and holds its own state, which the traps read as
// `this`: making one compiles and allocates no function. An assignment or a definition needs no trap:
// it lands on the target, a name deleted then assigned again included.
const TRAPS: ProxyHandler<Target> & ThisType<State> = {
	get(target, name) {
		// An unknown name is not kept: a program may probe many (`then`, `toJSON`).
		if (!(name in target) && askable(this, name)) {
			const value = this.source.resolve(name, this.data);
			if (value !== undefined) target[name] = value;
		}
		return target[name];
	},
	// `in` asks the source, which builds nothing: a shipped table's row is decoded only when read.
	has(target, name) {
		return name in target || (askable(this, name) && this.source.has(name, this.data));
	},
	// The source's names first, in its order (less the deleted ones), then the ones the program added.
	// A name read through an alias (`gitdata`) is on the target but not listed: the source has it.
	ownKeys(target) {
		const names: (string | symbol)[] = this.source
			.keys(this.data)
			.filter((name) => name in target || askable(this, name));
		for (const name of Reflect.ownKeys(target)) {
			if (!names.includes(name) && !(typeof name === "string" && this.source.has(name, this.data))) names.push(name);
		}
		return names;
	},
	getOwnPropertyDescriptor(target, name) {
		(this as ProxyHandler<Target>).get!(target, name, target);
		return Reflect.getOwnPropertyDescriptor(target, name);
	},
	deleteProperty(target, name) {
		if (typeof name === "string") (this.deleted ??= new Set()).add(name);
		return delete target[name];
	},
};

/**
A Proxy that looks like a plain object whose properties are built on first read.

Building all 1,200 endpoint methods up front costs start-up time and memory that most
programs never use, so each property is resolved when it is first read and kept on the
Proxy's target. The traps `has`, `ownKeys`, `getOwnPropertyDescriptor` and `deleteProperty`
make it behave like the object it stands for: `in`, `Object.keys`, REPL completion, and
stubbing with sinon or node:test all work. Unknown names (including `then`, `toJSON` and
every symbol) read as `undefined` and never throw.
*/
export function createLazyObject<T, D = undefined>(source: Source<T, D>, data?: D): Record<string, T> {
	return new Proxy(Object.create(null), { __proto__: TRAPS, source, data } as ProxyHandler<Target>);
}
