// Every feature of the package, each composed with its body (`withBody`) where it has one: the one
// place that names a feature's body. The bundlers' `/core` (core.ts) exports this module whole, so
// that a program's bundle holds no import(), no loader (common/later.ts) and no lazy module for them;
// the full entry (index.ts) exports its names as each form's `/core` does (scripts/build.mjs), and
// composes its client from the features of it that it runs at the first request: Node's full entry
// holds those bodies in its own file (and no other: each export is marked pure), the bundlers' takes
// them from dist/core.module.js. Each body is imported from its file of dist/ (`feature-<folder>.js`),
// so the package holds each once. Node's `/core` loads each body at its feature's first use instead
// (common/lazy-doors.ts). A body of lib/features/ left out here fails the build, naming this file; a
// feature left out is missing from both entries (test/entry-exports.test.js).
import { cache as cacheFront, paginate as paginateFront, proxy as proxyFront } from "./kernel.js";
import { rateLimit as rateLimitFront, requestLog as requestLogFront, retry as retryFront } from "./kernel.js";
import { withBody } from "./common/with-body.js";
import { createCache } from "./features/cache/body.js";
import { collect, createPaginate } from "./features/paginate/body.js";
import { createProxyRoute } from "./features/proxy/body.js";
import { createRateLimits } from "./features/rate-limits/body.js";
import { requestLogWrap } from "./features/request-log/body.js";
import { withRetries } from "./features/retry/body.js";

export { findRoutes, legacyAuth, serverTables } from "./kernel.js";

// Each with a pure mark, so that a bundler drops a feature its program does not import, body and all.
export const cache = /* @__PURE__ */ withBody(cacheFront, { createCache });
export const paginate = /* @__PURE__ */ withBody(paginateFront, { collect, createPaginate });
export const proxy = /* @__PURE__ */ withBody(proxyFront, { createProxyRoute });
export const rateLimit = /* @__PURE__ */ withBody(rateLimitFront, { createRateLimits });
export const requestLog = /* @__PURE__ */ withBody(requestLogFront, { requestLogWrap });
export const retry = /* @__PURE__ */ withBody(retryFront, { withRetries });
