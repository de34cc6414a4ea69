// @hublet/rest/core for a bundler (package.json's "module" condition, which Node never matches:
// dist/core.module.js), and what lib/ is when bundled from its sources: the kernel (kernel.ts), with
// its doors (common/doors.ts) opened on the code itself. The transport and graphql's query are
// composed at once, and each feature is exported with its body (features-with-bodies.ts), so that a
// program's bundle holds no import(), no loader (common/later.ts) and no lazy module for them, and pays
// no load and no microtask for them at the first request. dist/core.module.js takes that code from the
// same files of dist/ that Node loads later (transport.js, graphql.js, feature-*.js), and the kernel
// from dist/kernel.js: the package holds each once (scripts/build.mjs). Node's form is common/lazy-doors.ts.
import { Hublet as Kernel } from "./kernel.js";
import { openDoors } from "./common/doors.js";
// Every feature, each with its body (features-with-bodies.ts).
export * from "./features-with-bodies.js";
import { composeSend } from "./http/request.js";
import { graphql as query } from "./graphql/query.js";

export { GraphqlResponseError, RequestError, graphql } from "./kernel.js";

/** The kernel's class, once its doors are open: the class opens them, so no bundler drops the opening. */
export const Hublet = openDoors({ composeSend, query: () => Promise.resolve({ graphql: query }) }, Kernel);
export type Hublet = Kernel;
export { Hublet as Octokit };
