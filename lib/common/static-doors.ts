import type { Feature } from "../../types/features.js";
import { Hublet as Kernel } from "../core.js";
import { composeSend } from "../http/request.js";
import { graphql } from "../graphql/query.js";
import { openDoors } from "./doors.js";
import { cache as cacheFront } from "../features/cache/index.js";
import { paginate as paginateFront } from "../features/paginate/index.js";
import { proxy as proxyFront } from "../features/proxy/index.js";
import { rateLimit as rateLimitFront } from "../features/rate-limits/index.js";
import { requestLog as requestLogFront } from "../features/request-log/index.js";
import { retry as retryFront } from "../features/retry/index.js";
import { createCache } from "../features/cache/body.js";
import { collect, createPaginate, nextLink, pageKey } from "../features/paginate/body.js";
import { createProxyRoute } from "../features/proxy/body.js";
import { createRateLimits } from "../features/rate-limits/body.js";
import { requestLogWrap } from "../features/request-log/body.js";
import { withRetries } from "../features/retry/body.js";

/*
The kernel's doors for a bundler (common/doors.ts; package.json's "module" condition, which Node never
matches): the transport and graphql's query composed at once, and each feature exported with its
body, so that a program's bundle holds no import(), no loader (later.ts) and no lazy module for them,
and pays no load and no microtask for them at the first request. Built into dist/core.module.js, which
takes that code from the same files of dist/ Node loads later (transport.js, graphql.js,
feature-*.js) and the kernel from dist/kernel.js: the package holds each once (scripts/build.mjs).
*/

/** The kernel's class, once its doors are open: what the entry exports. */
export const Hublet = openDoors({ composeSend, query: () => Promise.resolve(graphql) }, Kernel);
export { Hublet as Octokit };

/**
`feature` with its body: used at once, never loaded. Called with a pure mark, and given an object of
the body's names rather than its module's namespace (which a bundler builds with a call it must keep),
so that a bundler drops a feature its program does not import, body and all; typed as the whole
module, so that a name the body gains is one to add here.
*/
const withBody = <Settings, Body, Members>(feature: Feature<Settings, Body, Members>, body: Body) =>
	({ ...feature, body }) as Feature<Settings, Body, Members>;

export const cache = /* @__PURE__ */ withBody(cacheFront, { createCache });
export const paginate = /* @__PURE__ */ withBody(paginateFront, { collect, createPaginate, nextLink, pageKey });
export const proxy = /* @__PURE__ */ withBody(proxyFront, { createProxyRoute });
export const rateLimit = /* @__PURE__ */ withBody(rateLimitFront, { createRateLimits });
export const requestLog = /* @__PURE__ */ withBody(requestLogFront, { requestLogWrap });
export const retry = /* @__PURE__ */ withBody(retryFront, { withRetries });
