// Every type that both entries export: `export *` of this file from each entry, rather than
// `export type *` (TypeScript 5.0), which TypeScript 4.9 cannot parse.
export type {
	Constructor,
	Hooks,
	OctokitPlugin,
	PluginsResult,
	ReturnTypeOf,
	RouteTableClient,
	RouteTableInput,
	RouteTableMethods,
	StrictOmit,
	UnionToIntersection,
} from "./client.js";

export type {
	EndpointDefaults,
	EndpointInterface,
	EndpointOptions,
	Fetch,
	FetchResponse,
	FetchResponseHeaders,
	MediaType,
	MergedOptions,
	RequestHeaders,
	RequestMethod,
	RequestOptions,
	RequestParameters,
	RequestRequestOptions,
	Route,
} from "./endpoint.js";
export type {
	GraphQlError,
	GraphqlInterface,
	GraphqlParameters,
	GraphQlQueryResponse,
	GraphQlQueryResponseData,
	GraphqlRequestOptions,
} from "./graphql.js";
export type {
	EndpointMethod,
	EndpointMethodArguments,
	GetResponseDataTypeFromEndpointMethod,
	GetResponseTypeFromEndpointMethod,
} from "./methods.js";
export type {
	Endpoints,
	EndpointTypes,
	HubletTypeOptions,
	KnownRoute,
	NumberIntegers,
	NewerRoute,
	OperationParameters,
	OperationResponse,
	RouteParameters,
	RouteResponse,
} from "./openapi.js";
export type { ServerRouteTable } from "./routes.js";
export type { ServerMethods, ServerName, ServerNamespace, ServerRestEndpointMethods } from "./servers.js";
export type {
	CacheOptions,
	CacheStore,
	HubletClientOptions,
	HubletOptions,
	HubletPlugin,
	OctokitOptions,
	RateLimitOptions,
	RateLimitStore,
} from "./options.js";
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
export type {
	HubletResponse,
	Log,
	LogOption,
	OctokitResponse,
	RequestErrorCode,
	RequestErrorOptions,
	RequestInterface,
	ResponseHeaders,
} from "./request.js";
export type {
	MethodRoutes,
	NamespaceMethods,
	RenamedNamespaces,
	RestEndpointMethods,
	RestEndpointMethodTypes,
	RouteEndpointMethod,
	RouteMethodTypes,
} from "./rest.js";
export type { RetryInfo, RetryOptions } from "./retry.js";
export type {
	MethodInfo,
	PlainRouteTable,
	RouteDecorations,
	RouteEntry,
	RouteTable,
	ShippedRouteTable,
} from "./routes.js";
export type { Feature, FeatureBody, FeatureContext, FeatureParts, FeatureStages, HubletFeature } from "./features.js";
