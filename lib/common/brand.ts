/**
Makes `instanceof` hold across two copies of @hublet/rest (two versions side by side in
node_modules, or one bundled into a library and one installed by the app): the class's
prototype carries a `Symbol.for()` brand, which every copy shares, and the class's own
`Symbol.hasInstance` also accepts an object that carries the brand.

Only the class itself answers by brand. A subclass (`class MyError extends RequestError`)
inherits the static method, so for it, and for any other class, the answer stays the ordinary
prototype-chain check: an unrelated brand never makes a value an instance of a user's subclass.
*/
export function brandClass(target: abstract new (...args: any[]) => object, key: string): void {
	const brand = Symbol.for(key);
	Object.defineProperty(target.prototype, brand, { value: true });
	Object.defineProperty(target, Symbol.hasInstance, {
		value(this: Function, value: unknown): boolean {
			return (
				Function.prototype[Symbol.hasInstance].call(this, value) ||
				(this === target && typeof value === "object" && (value as Record<symbol, unknown> | null)?.[brand] === true)
			);
		},
	});
}
