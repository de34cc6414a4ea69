// The entry for route subsets: the client without routes.json, so that a bundle carries only
// the table its program passes to `Hublet.withRoutes()`.
export { Hublet } from "./client.js";
export { RequestError } from "./errors.js";
export { GraphqlResponseError } from "./graphql.js";
