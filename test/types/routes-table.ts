// routes.json and the generated types hold the same namespaces and methods (STYLE habit 8):
// every method in the table has a type entry, and every type entry has a method.
import type { MethodRoutes, RenamedNamespaces, RestEndpointMethods, RestEndpointMethodTypes } from "@hublet/rest";
import type { Equal, Expect } from "./helpers.js";

type Table = typeof import("../../routes.json", { with: { type: "json" } });
type Namespaces = Table["namespaces"];

type Difference<A, B> = Exclude<A, B> | Exclude<B, A>;

/** `"<namespace>.<method>"` for every method that only one side has: `never` when they agree. */
type MissingOnOneSide = {
	[Namespace in keyof Namespaces & string]: `${Namespace}.${Difference<
		keyof Namespaces[Namespace],
		keyof MethodRoutes[Namespace & keyof MethodRoutes]
	> &
		string}`;
}[keyof Namespaces & string];

// A failure names the methods, e.g. `Type 'true' is not assignable to type '"repos.getAllTopics"'`.
export const methodsAgree: [MissingOnOneSide] extends [never] ? true : MissingOnOneSide = true;
export const namespacesAgree: [Difference<keyof Namespaces, keyof MethodRoutes>] extends [never]
	? true
	: Difference<keyof Namespaces, keyof MethodRoutes> = true;

type _renamedNamespaces = Expect<Equal<keyof Table["renamedNamespaces"], keyof RenamedNamespaces>>;

// The public maps are built over the same keys.
type _rest = Expect<Equal<keyof RestEndpointMethods, keyof MethodRoutes | keyof RenamedNamespaces>>;
type _types = Expect<Equal<keyof RestEndpointMethodTypes, keyof MethodRoutes>>;
type _repos = Expect<Equal<keyof RestEndpointMethods["repos"], keyof Namespaces["repos"]>>;
