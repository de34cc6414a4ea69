// Compile-time assertions, as in sindresorhus/ky `source/core/constants.ts`.

/** `true` when `A` and `B` are the same type (not merely assignable either way). */
export type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** Fails to compile unless `T` is `true`. */
export type Expect<T extends true> = T;

/** `true` when `A` is assignable to `B`. */
export type Assignable<A, B> = [A] extends [B] ? true : false;

/** `true` when `undefined` or `null` may be the value of `T`. */
export type Nullable<T> = undefined extends T ? true : null extends T ? true : false;

/** The string keys of `T`, without index signatures. */
export type KnownKeys<T> = keyof { [K in keyof T as string extends K ? never : number extends K ? never : K]: T[K] };

/** Pins a list of compile-time checks in a value position. */
export const validate = <_ extends true[]>(): void => {};
