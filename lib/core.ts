// @hublet/rest/core for a bundler (package.json's "module" condition, which Node never matches:
// dist/core.module.js), and what lib/ is when bundled from its sources: the kernel (kernel.ts), with
// its doors (common/doors.ts) opened on the code itself. The transport and graphql's query are
// composed at once, and each feature is exported with its body, so that a program's bundle holds no
// import(), no loader (common/later.ts) and no lazy module for them, and pays no load and no microtask
// for them at the first request. dist/core.module.js takes that code from the same files of dist/
// that Node loads later (transport.js, graphql.js, feature-*.js), and the kernel from dist/kernel.js:
// the package holds each once (scripts/build.mjs). Node's form is common/lazy-doors.ts.
import { Hublet as Kernel, cache as cacheFront, paginate as paginateFront, proxy as proxyFront } from "./kernel.js";
import { rateLimit as rateLimitFront, requestLog as requestLogFront, retry as retryFront } from "./kernel.js";
import { openDoors } from "./common/doors.js";
import { withBody } from "./common/with-body.js";
import { composeSend } from "./http/request.js";
import { graphql as query } from "./graphql/query.js";
import { createCache } from "./features/cache/body.js";
import { collect, createPaginate } from "./features/paginate/body.js";
import { createProxyRoute } from "./features/proxy/body.js";
import { createRateLimits } from "./features/rate-limits/body.js";
import { requestLogWrap } from "./features/request-log/body.js";
import { withRetries } from "./features/retry/body.js";

export { GraphqlResponseError, RequestError, findRoutes, graphql, legacyAuth, serverTables } from "./kernel.js";

/** The kernel's class, once its doors are open: the class opens them, so no bundler drops the opening. */
export const Hublet = openDoors({ composeSend, query: () => Promise.resolve({ graphql: query }) }, Kernel);
export type Hublet = Kernel;
export { Hublet as Octokit };

export const cache = /* @__PURE__ */ withBody(cacheFront, { createCache });
export const paginate = /* @__PURE__ */ withBody(paginateFront, { collect, createPaginate });
export const proxy = /* @__PURE__ */ withBody(proxyFront, { createProxyRoute });
export const rateLimit = /* @__PURE__ */ withBody(rateLimitFront, { createRateLimits });
export const requestLog = /* @__PURE__ */ withBody(requestLogFront, { requestLogWrap });
export const retry = /* @__PURE__ */ withBody(retryFront, { withRetries });
