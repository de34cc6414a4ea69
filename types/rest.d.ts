/*
`client.rest`: every namespace and method of routes.json, typed by route.

The generated `MethodRoutes` holds each method's route and its JSDoc (so that deprecated and
renamed methods are struck through in editors). The mapped types below are homomorphic over
it, which keeps that JSDoc, and resolve a method's types only when the method is used.
*/
import type { RequestParameters } from "./endpoint.js";
import type { MethodRoutes, RenamedNamespaces } from "./generated/method-routes.js";
import type { EndpointMethod } from "./methods.js";
import type { RouteParameters, RouteResponse } from "./openapi.js";

export type { MethodRoutes, RenamedNamespaces };

/** The typed method of one route. */
export type RouteEndpointMethod<R extends string> = EndpointMethod<RouteParameters<R>, RouteResponse<R>, R>;

/** The methods of one namespace, from its `{ method: route }` map. */
export type NamespaceMethods<Routes> = { [Method in keyof Routes]: RouteEndpointMethod<Routes[Method] & string> };

/** The current namespaces: `client.rest.repos`, `client.rest.issues`, … */
type CurrentNamespaces = { [Namespace in keyof MethodRoutes]: NamespaceMethods<MethodRoutes[Namespace]> };

/** Former names (`gitdata`, `pullRequests`): typed as the namespace they now point at, and deprecated. */
type FormerNamespaces = { [Namespace in keyof RenamedNamespaces]: CurrentNamespaces[RenamedNamespaces[Namespace]] };

/**
Every endpoint method, by namespace: the type of `client.rest`, and of `client.<namespace>`.
@example
```
const { data: issues } = await client.rest.issues.listForRepo({ owner: "octokit", repo: "rest.js", state: "open" });
issues[0].title;
```
*/
export interface RestEndpointMethods extends CurrentNamespaces, FormerNamespaces {}

/** The parameter and response types of one route, as `RestEndpointMethodTypes` lists them. */
export interface RouteMethodTypes<R extends string> {
	/** The route's path, query and body parameters, plus the reserved `headers`, `mediaType`, `request` and `baseUrl`. */
	parameters: RouteParameters<R> & RequestParameters;
	/** The success response: `{ status, url, headers, data }`. */
	response: RouteResponse<R>;
}

/**
The parameters and response of every method, by namespace and method, as
`@octokit/plugin-rest-endpoint-methods` exports them.
@example
```
import type { RestEndpointMethodTypes } from "@hublet/rest";
type Params = RestEndpointMethodTypes["repos"]["get"]["parameters"];
type Repository = RestEndpointMethodTypes["repos"]["get"]["response"]["data"];
```
*/
export type RestEndpointMethodTypes = {
	[Namespace in keyof MethodRoutes]: {
		[Method in keyof MethodRoutes[Namespace]]: RouteMethodTypes<MethodRoutes[Namespace][Method] & string>;
	};
};
