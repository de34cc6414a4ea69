/**
The kernel: the client with hooks, plugins and defaults, the request pipeline (retries are the `retry` feature's),
`endpoint()`, the endpoint methods of the table given to `Hublet.withRoutes()`, `RequestError`
and token auth. Everything else is a feature that a program adds with `Hublet.plugin()`, so
that a bundle carries only what it uses (write a route subset with `npx hublet-routes`).

@example
```
import { Hublet, paginate } from "@hublet/rest/core";
import routes from "./routes.subset.json" with { type: "json" };

const MyHublet = Hublet.plugin(paginate).withRoutes(routes);
const client = new MyHublet({ auth: process.env.GITHUB_TOKEN });
const { data } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
```
@module
*/
/**
`Octokit` is `Hublet`: `@octokit/core`'s `Octokit` has `graphql` built in, and so has this client,
so code written for it switches by changing the module name alone.
@example
```
import { Octokit } from "@hublet/rest/core"; // was "@octokit/core"
const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("{ viewer { login } }");
```
*/
export { Hublet, Hublet as Octokit, RequestError } from "./client.js";
export { GraphqlResponseError } from "./graphql.js";
/**
Kept for programs that name it: every client has `client.graphql` built in, as `@octokit/core`
does, so `Hublet.plugin(graphql)` adds nothing.
@deprecated `client.graphql` is built in; the plugin is not needed.
*/
export declare const graphql: (client: any) => void;
// Every feature, each with its declaration and its documentation: a feature declared in features.d.ts
// is an export of this entry without a line here.
export * from "./features.js";
export * from "./exports.js";
