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

export { RequestError } from "./client.js";
export { GraphqlResponseError } from "./graphql.js";
export type { Constructor, Hooks, PluginsResult, RouteTableClient, RouteTableInput, RouteTableMethods } from "./client.js";

export type {
	EndpointDefaults,
	EndpointInterface,
	EndpointOptions,
	MediaType,
	MergedOptions,
	RequestHeaders,
	RequestMethod,
	RequestOptions,
	RequestParameters,
	RequestRequestOptions,
	Route,
} from "./endpoint.js";
export type { GraphQlError, GraphqlInterface, GraphqlParameters, GraphQlQueryResponse, GraphQlQueryResponseData, GraphqlRequestOptions } from "./graphql.js";
export type { EndpointMethod, EndpointMethodArguments, GetResponseDataTypeFromEndpointMethod, GetResponseTypeFromEndpointMethod } from "./methods.js";
export type { Endpoints, EndpointTypes, KnownRoute, OperationParameters, OperationResponse, RouteParameters, RouteResponse } from "./openapi.js";
export type { CacheOptions, CacheStore, HubletOptions, HubletPlugin, RateLimitOptions, RateLimitStore } from "./options.js";
export type {
	MapFunction,
	PageData,
	PageItem,
	PageResponse,
	PaginatableMethod,
	PaginateInterface,
	PaginateIterator,
	PaginateOptions,
	ResponseItem,
} from "./paginate.js";
export type { HubletResponse, Log, OctokitResponse, RequestErrorCode, RequestErrorOptions, RequestInterface, ResponseHeaders } from "./request.js";
export type { MethodRoutes, NamespaceMethods, RenamedNamespaces, RestEndpointMethods, RestEndpointMethodTypes, RouteEndpointMethod, RouteMethodTypes } from "./rest.js";
export type { RetryOptions } from "./retry.js";
export type { MethodInfo, RouteDecorations, RouteEntry, RouteTable } from "./routes.js";

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
export declare class Hublet extends HubletCore {
	/** Every endpoint method, by namespace: `client.rest.repos.get(…)`. */
	rest: RestEndpointMethods;
}

/** The endpoint methods are also at `client.<namespace>.<method>`, as in `@octokit/rest` before v17. */
export interface Hublet extends RestEndpointMethods {}

/**
@deprecated The default export works (and warns once). Use the named export instead:
`import { Hublet } from "@hublet/rest"`.
*/
declare class HubletDefaultExport extends Hublet {}
export default HubletDefaultExport;
