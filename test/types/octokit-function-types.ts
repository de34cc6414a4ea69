// `client.graphql`, `client.request` and `client.request.endpoint` go wherever code written for
// octokit expects @octokit/graphql's `graphql`, @octokit/request's `request` and
// @octokit/endpoint's `endpoint` (a GitHub Action hands `octokit.graphql` to its own function
// typed with `graphql`), with and without `defaults()`. And what octokit's plugins and tests do
// with a client: `Hublet.plugin(retry)`, a plugin typed as an `OctokitPlugin`, a spread client.
// Compile-only: nothing here runs.
import type { graphql } from "@octokit/graphql";
import type { request } from "@octokit/request";
import type { endpoint } from "@octokit/endpoint";
import type { EndpointInterface as OctokitEndpointInterface, RequestInterface as OctokitRequestInterface } from "@octokit/types";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { Hublet, findRoutes, type OctokitPlugin } from "@hublet/rest";
import { Hublet as Core } from "@hublet/rest/core";

declare function withGraphql(graphqlFn: typeof graphql): void;
declare function withRequest(requestFn: typeof request): void;
declare function withEndpoint(endpointFn: typeof endpoint): void;
declare function withOctokitRequest(requestFn: OctokitRequestInterface): void;
declare function withOctokitEndpoint(endpointFn: OctokitEndpointInterface): void;

for (const client of [new Hublet(), new Core()]) {
	withGraphql(client.graphql);
	withGraphql(client.graphql.defaults({ headers: { authorization: "token x" } }));
	withGraphql(client.graphql.defaults({ baseUrl: "https://ghe.example.com/api/v3" }).defaults({ headers: { "x-a": "b" } }));
	withRequest(client.request);
	withRequest(client.request.defaults({ baseUrl: "https://ghe.example.com/api/v3" }));
	withOctokitRequest(client.request);
	withEndpoint(client.request.endpoint);
	withEndpoint(client.request.endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3" }));
	withOctokitEndpoint(client.request.endpoint);
	withRequest(client.request.defaults({ headers: { "x-a": "b" } }).defaults({ mediaType: { format: "raw" } }));
}

// endpoint.defaults() is generic, as @octokit/types has it: what it is given is known after.
const ghes = new Hublet().request.endpoint.defaults({ baseUrl: "https://ghe.example.com/api/v3", headers: { "x-team": "core" } });
const baseUrl: "https://ghe.example.com/api/v3" | string = ghes.DEFAULTS.baseUrl;
const team: string = ghes.DEFAULTS.headers["x-team"];

// Plugins are OctokitPlugins: one written as one gets the client and its options typed. (That
// plugin-retry, typed against @octokit/core, is one too where Hublet stands in for @octokit/core:
// test/octokit-core-override.test.js.)
declare function register(...plugins: OctokitPlugin[]): void;
register((octokit, options) => ({ hello: () => octokit.log.info(`hello from ${options.baseUrl ?? "github.com"}`) }));
Hublet.plugin(throttling);
const Retrying = Hublet.plugin(retry);
new Retrying({ retry: { retries: 2 } });

// A spread client keeps findRoutes (a feature's member) and its other members, and still fits the client's type.
const client = new (Hublet.plugin(findRoutes))();
const spread = { ...client, paginate: client.paginate };
const fits: Hublet = spread;
spread.findRoutes("/repos/o/r");

export { baseUrl, team, fits };
