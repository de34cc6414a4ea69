// The type names @octokit/core 7 and @octokit/rest 22 export, from both Hublet entries, and the
// same types where they are octokit's helpers.
import type * as Core from "@octokit/core/types";
import { Octokit, type Constructor, type Hooks, type OctokitOptions, type OctokitPlugin, type RequestParameters, type ReturnTypeOf, type StrictOmit, type UnionToIntersection } from "@hublet/rest";
import { Octokit as CoreOctokit, type OctokitOptions as CoreOctokitOptions, type OctokitPlugin as CoreOctokitPlugin } from "@hublet/rest/core";
import type { Equal, Expect } from "./helpers.js";

type A = { a: 1 };
type B = { b: 2 };
type _union = Expect<Equal<UnionToIntersection<A | B>, Core.UnionToIntersection<A | B>>>;
type _returnOfOne = Expect<Equal<ReturnTypeOf<() => A>, Core.ReturnTypeOf<() => A>>>;
type _returnOfMany = Expect<Equal<ReturnTypeOf<[() => A, () => B | void]>, Core.ReturnTypeOf<[() => A, () => B | void]>>>;
type _constructor = Expect<Equal<Constructor<Date>, Core.Constructor<Date>>>;
type _strictOmit = Expect<Equal<StrictOmit<A & B, "a">, Core.StrictOmit<A & B, "a">>>;
type _options = Expect<Equal<OctokitOptions, CoreOctokitOptions>>;
type _plugin = Expect<Equal<OctokitPlugin, CoreOctokitPlugin>>;

/** A plugin typed as octokit's docs type one. */
export const hello: OctokitPlugin = (octokit, options) => ({ hello: () => octokit.log.info(`hello from ${options.baseUrl ?? "github.com"}`) });
export const Both = [Octokit.plugin(hello), CoreOctokit.plugin(hello)] as const;
export const greeting: void = new Both[0]().hello();
export const params: RequestParameters = { owner: "octokit" };
export const requestHook: Hooks["request"]["Options"]["method"] = "GET";
