/**
A small, fast GitHub REST API client for Node.js with the call shapes of `@octokit/rest`.

@example
```
import { Hublet } from "@hublet/rest";

const client = new Hublet({ auth: process.env.GITHUB_TOKEN });
const { data: repository } = await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
const issues = await client.paginate(client.rest.issues.listForRepo, { owner: "octokit", repo: "rest.js" });
```
@module
*/
import { Hublet as HubletCore } from "./client.js";
import type { RestEndpointMethods } from "./rest.js";
import type { ServerRestEndpointMethods } from "./servers.js";
import type { HubletOptions } from "./options.js";
import type { GraphqlInterface } from "./graphql.js";
import type { PaginateInterface } from "./paginate.js";

export { RequestError } from "./client.js";
export { GraphqlResponseError } from "./graphql.js";
export * from "./exports.js";
/**
The features: the full client composes `paginate`, `requestLog` and `retry` (and `DEBUG=hublet:*`
output); the others are one import away, and an option of one not composed is a `TypeError` that
names its import.
@example
```
import { Hublet, cache, findRoutes } from "@hublet/rest";

const MyHublet = Hublet.plugin(cache, findRoutes);
const client = new MyHublet({ auth: process.env.GITHUB_TOKEN, cache: true });
client.findRoutes("/repos/octokit/rest.js/issues");
```
*/
export * from "./features.js";
import type { PlainRouteTable, RouteTable } from "./routes.js";

/**
Every row of a route table in the plain shape, one `[route, decorations?]` per method: what
`hublet routes` writes a subset from. `decodeRoutes(Hublet.routes)` gives the full table.
@example
```
import { Hublet, decodeRoutes } from "@hublet/rest";

const { namespaces } = decodeRoutes(Hublet.routes);
namespaces.repos.get; // ["GET /repos/{owner}/{repo}"]
```
*/
export declare function decodeRoutes(table: RouteTable): PlainRouteTable;

/**
The client. Every endpoint method is at `client.rest.<namespace>.<method>` (and at
`client.<namespace>.<method>`), typed from GitHub's OpenAPI description.
@example
```
import { Hublet } from "@hublet/rest";

const client = new Hublet({ auth: process.env.GITHUB_TOKEN, userAgent: "my-app/1.0.0" });
const { data } = await client.rest.issues.create({ owner: "octokit", repo: "rest.js", title: "Hello" });
```
*/
export declare class Hublet<Options extends HubletOptions = HubletOptions> extends HubletCore {
	/**
	@example
	```
	const client = new Hublet({ auth: process.env.GITHUB_TOKEN });
	// Typed for GitHub Enterprise Server 3.17: its Enterprise-only methods, not the ones it lacks.
	const ghes = new Hublet({ baseUrl: "https://github.example.com/api/v3", server: "ghes-3.17" });
	```
	*/
	constructor(options?: Options);
	/**
	Every endpoint method, by namespace: `client.rest.repos.get(…)`. With a `server` whose table
	ships (`"ghes-3.17"`, `"ghec"`, …), that server's methods.
	*/
	rest: ServerRestEndpointMethods<ServerOf<Uninferred<Options>>>;
	/** Collects every page of a list (the `paginate` feature). */
	paginate: PaginateInterface;
	/**
	Sends a GraphQL query (`POST {baseUrl}/graphql`, or `/api/graphql` for a GitHub Enterprise
	Server `baseUrl` ending in `/api/v3`) through `request`, so auth, plugins and the log see it.
	Resolves with the response's `data`; a response with `errors` rejects with `GraphqlResponseError`.
	@example
	```
	const { viewer } = await client.graphql<{ viewer: { login: string } }>("{ viewer { login } }");
	```
	*/
	graphql: GraphqlInterface;
}

/**
The endpoint methods are also at `client.<namespace>.<method>`, as in `@octokit/rest` before v17:
typed as api.github.com's whatever the `server` (use `client.rest` for a server's types).
*/
// eslint-disable-next-line @typescript-eslint/no-unused-vars -- it merges with the class, whose parameters it repeats
export interface Hublet<Options extends HubletOptions = HubletOptions> extends RestEndpointMethods {}

/** The `server` option's value, as the constructor's argument gives it (a literal such as `"ghes-3.17"`). */
type ServerOf<Options> = Options extends { server: infer Server } ? Server : undefined;
// Options as inference cannot read it: an annotation such as `const client: Hublet = new Hublet(…)`
// would otherwise infer `Options` back through every server's methods (TypeScript's NoInfer, 5.4+).
type Uninferred<T> = [T][T extends any ? 0 : never];

/**
The same class as `Hublet`, under `@octokit/rest`'s name: code written for octokit switches by
changing the module name alone.
@example
```
import { Octokit } from "@hublet/rest"; // was "@octokit/rest"
const octokit = new Octokit({ auth: process.env.GITHUB_TOKEN });
```
*/
export { Hublet as Octokit };

/**
@deprecated The default export works (and warns once). Use the named export instead:
`import { Hublet } from "@hublet/rest"`.
*/
declare class HubletDefaultExport extends Hublet {}
export default HubletDefaultExport;
