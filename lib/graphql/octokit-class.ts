import { requireOptional } from "../common/optional-package.js";

/*
Apps catch @octokit/graphql's own class: `error instanceof GraphqlResponseError` imported from
"@octokit/graphql". RequestError holds that by extending @octokit/request-error's class, a peer
dependency; @octokit/graphql is heavier (it loads @octokit/request), so it is not loaded at import:
before a query's answer first rejects with a GraphqlResponseError (answer.ts), Hublet's class is
put under the program's copy of @octokit/graphql's class (resolved as the program requires it,
never from the working directory: common/optional-package.ts), when the program has one. An
error is then an instance of both. With no copy, or where nothing can be required (a browser),
nothing changes; with several copies, the one the program resolves is the one that holds.
*/
let linked = false;
/** Puts `ours` under the program's @octokit/graphql class, once per process. */
export function linkOctokitClass(ours: abstract new (...args: any[]) => object): void {
	if (linked) return;
	linked = true;
	try {
		const found = requireOptional<{ GraphqlResponseError?: unknown }>("@octokit/graphql");
		const theirs = found.module?.GraphqlResponseError;
		if (typeof theirs === "function" && theirs.prototype instanceof Error && !(ours.prototype instanceof theirs)) {
			Object.setPrototypeOf(ours.prototype, theirs.prototype);
		}
	} catch {
		// Not installed, or nothing can be required here: Hublet's own class is the one to catch.
	}
}
