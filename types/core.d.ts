/**
The client without routes.json, for route subsets: a bundle carries only the table its
program passes to `Hublet.withRoutes()` (write one with `npx hublet-routes`).

@example
```
import { Hublet } from "@hublet/rest/core";
import routes from "./routes.subset.json" with { type: "json" };

const client = new (Hublet.withRoutes(routes))({ auth: process.env.GITHUB_TOKEN });
const { data } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
```
@module
*/
export { Hublet, RequestError } from "./client.js";
export { GraphqlResponseError } from "./graphql.js";
// Every type of the full entry. `export *` rather than `export type *` (TypeScript 5.0), which
// TypeScript 4.9 cannot parse; the values it would add are this entry's own (declared above).
export * from "./index.js";
