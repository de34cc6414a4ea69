// The kernel, dist/kernel.js, and the API of @hublet/rest/core: the kernel (the client class, the
// request pipeline, endpoint(), the method builder, graphql, RequestError, token auth) and the
// features as separate exports. The kernel imports no feature: a program adds the ones it uses with
// `Hublet.plugin(...)`, and its bundler drops the rest. It reaches the transport, graphql's query and
// the features' bodies through doors (common/doors.ts) that the entry opens: dist/core.js for Node
// (common/lazy-doors.ts: files parsed only at first use), lib/core.ts for a bundler. Every entry
// imports this one kernel, so all share one client class and one RequestError (`instanceof` holds
// across them), and the package holds that code once.
// @octokit/core's `Octokit` is this client, as each entry exports it: graphql is built in, as in
// @octokit/core, so switching from it is changing the module name.
import { Kernel } from "./client.js";
/**
The kernel, with the option each feature exported below reads: a class without it refuses it, naming
the import. A plain static set once here, not a subclass, which would cost a class and its set-up.
*/
export const Hublet = Object.defineProperty(Kernel, "optionFeatures", {
	value: {
		cache: "cache",
		rateLimit: "rateLimit",
		"request.proxy": "proxy",
		server: "serverTables",
		auth: "legacyAuth",
		retry: "retry",
	},
});
export type Hublet = Kernel;
export { RequestError } from "./common/errors.js";
export { GraphqlResponseError } from "./graphql/error.js";
export { graphqlFeature as graphql } from "./graphql/plugin.js";
// Each feature's front: it checks the feature's option when a client is built, and reaches the
// feature's code (its body) through the doors at its first use, a file of its own in dist/ for Node.
// findRoutes and legacyAuth answer at once, when called or when the client is built, so their code is
// here whole.
export { paginate } from "./features/paginate/index.js";
export { cache } from "./features/cache/index.js";
export { proxy } from "./features/proxy/index.js";
export { rateLimit } from "./features/rate-limits/index.js";
export { requestLog } from "./features/request-log/index.js";
export { retry } from "./features/retry/index.js";
export { findRoutes } from "./features/find-routes/index.js";
export { legacyAuth } from "./features/legacy-auth/index.js";
export { serverTables } from "./features/server-tables/index.js";
