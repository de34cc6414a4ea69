// The lean entry: the client without routes.json and without debug, so that a bundle carries
// only the table its program passes to `Hublet.withRoutes()`. The full entry (lib/index.ts)
// is built on this one and imports it from dist/core.js, so both share one client class and one
// RequestError (`instanceof` holds across them), and the package holds that code once.
export { Hublet } from "./client.js";
export { RequestError } from "./common/errors.js";
export { GraphqlResponseError } from "./graphql.js";
// For the full entry, which adds debug (under DEBUG), the request log and routes.json's reader; not in the public types.
export { useDebug } from "./common/log.js";
export { requestLog } from "./http/request-log.js";
export { useCompactRoutes } from "./routes/routes.js";
