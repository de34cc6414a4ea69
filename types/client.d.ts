/*
The client class without a route table: what `@hublet/rest/core` exports, and the base of the
full `Hublet` that `@hublet/rest` exports. Everything but the endpoint methods lives here.
*/
import type { HookCollection } from "./before-after-hook.js";
import type { GraphqlInterface } from "./graphql.js";
import type { Feature } from "./features.js";
import type { EndpointDefaults, RequestOptions } from "./endpoint.js";
import type { MethodRoutes } from "./generated/method-routes.js";
import type { EndpointMethod } from "./methods.js";
import type { HubletOptions, HubletPlugin } from "./options.js";
import type { HubletResponse, Log, RequestErrorCode, RequestErrorOptions, RequestInterface } from "./request.js";
import type { RestEndpointMethods, RouteEndpointMethod } from "./rest.js";
import type { RouteDecorations, RouteTable, ServerRouteTable } from "./routes.js";
import type { ServerRestEndpointMethods } from "./servers.js";

/** A class that makes instances of `Instance`; the shape `Hublet.plugin()` mixes into. */
export type Constructor<Instance> = new (...args: any[]) => Instance;

/** `A | B` → `A & B`. (`@octokit/core`'s name, exported as it exports it.) */
export type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
	value: infer Intersection,
) => void
	? Intersection
	: never;

type AnyFunction = (...args: any) => any;

/** What a function, or each function of a list, returns: `@octokit/core`'s helper for `plugin()`. */
export type ReturnTypeOf<T extends AnyFunction | AnyFunction[]> = T extends AnyFunction
	? ReturnType<T>
	: T extends AnyFunction[]
		? UnionToIntersection<Exclude<ReturnType<T[number]>, void>>
		: never;

/** `T` without the keys `K`, any other key allowed: `@octokit/core`'s helper. */
export type StrictOmit<T, K extends keyof T> = { [P in keyof T as P extends K ? never : P]: T[P] } & {
	[parameter: string]: unknown;
};

/**
A plugin as `@octokit/core` types it: called with each new client and its options, and what it
returns is merged into the client.
@example
```
const hello: OctokitPlugin = (octokit) => ({ hello: () => octokit.log.info("hello") });
```
*/
export type OctokitPlugin = PluginMethod["plugin"];
// A method's parameters are compared both ways (bivariantly), where a function type's are not:
// a plugin typed against `@octokit/core` (plugin-retry's `(octokit, options: OctokitOptions)`, whose
// `retry` is its own `RetryOptions` where Hublet's also allows `false`) is then an OctokitPlugin, as
// it is one of octokit's, while a plugin written as one still gets the client and its options typed.
interface PluginMethod {
	plugin(octokit: Hublet, options: HubletOptions): { [key: string]: any } | void;
}

/** What a list of plugins adds to an instance: the intersection of what each returns. */
export type PluginsResult<Plugins extends readonly (HubletPlugin | Feature<any, any, any>)[]> = UnionToIntersection<
	Exclude<
		Plugins[number] extends infer Plugin
			? Plugin extends (...args: any[]) => infer Result
				? Result
				: Plugin extends Feature<any, any, infer Members>
					? Members
					: never
			: never,
		void | undefined
	>
>;

/**
A route table as `withRoutes()` takes it: a `RouteTable`, or the same data imported from a JSON
file (where TypeScript reads each row as an array rather than a tuple).

`Route` is a type parameter rather than `string` so that `withRoutes()` infers each route as
its literal without a `const` type parameter (TypeScript 5.0), which TypeScript 4.9 cannot
parse: a string whose contextual type is a type parameter keeps its literal type.
*/
export interface RouteTableInput<Route extends string = string> {
	source?: string;
	namespaces: {
		[namespace: string]: {
			[method: string]: readonly [Route] | readonly [Route, RouteDecorations] | readonly (Route | object)[];
		};
	};
	renamedNamespaces?: { [former: string]: string };
}

/** One method of a route subset: typed by its name when it is a known method, else by its route. */
type SubsetMethod<Namespace, Method, Entry> = Namespace extends keyof MethodRoutes
	? Method extends keyof MethodRoutes[Namespace]
		? RouteEndpointMethod<MethodRoutes[Namespace][Method] & string>
		: SubsetRouteMethod<Entry>
	: SubsetRouteMethod<Entry>;
type SubsetRouteMethod<Entry> = Entry extends readonly [infer Route extends string, ...unknown[]]
	? RouteEndpointMethod<Route>
	: EndpointMethod;

/** The endpoint methods of a route table, by namespace. */
export type RouteTableMethods<Table extends RouteTableInput> = {
	[Namespace in keyof Table["namespaces"]]: {
		[Method in keyof Table["namespaces"][Namespace]]: SubsetMethod<
			Namespace,
			Method,
			Table["namespaces"][Namespace][Method]
		>;
	};
};

/** What `withRoutes(table)` adds to an instance: the table's methods at `rest.<namespace>` and at `<namespace>`. */
export type RouteTableClient<Table extends RouteTableInput> = {
	rest: RouteTableMethods<Table>;
} & RouteTableMethods<Table>;

/**
What `withRoutes(table)` makes of a server's table (`@hublet/rest/servers/<name>`): the class,
whose instances have that server's methods at `rest.<namespace>` (and `<namespace>`), typed for
it: api.github.com's methods that the server lacks are not there.
*/
export type ServerClass<Class extends Constructor<any>, Server extends string> = {
	[Key in keyof Class]: Class[Key];
} & (new (options?: HubletOptions) => ServerClient<InstanceType<Class>, Server>);

/** An instance of `Instance`'s class over `Server`'s table. */
export type ServerClient<Instance, Server extends string> = Omit<Instance, "rest" | keyof RestEndpointMethods> & {
	rest: ServerRestEndpointMethods<Server>;
} & ServerRestEndpointMethods<Server>;

/**
The hooks of `client.hook`. `"request"` wraps every request, including each page of
`paginate` and each retry; `Options` are the merged endpoint options.
*/
export type Hooks = {
	request: {
		Options: Required<EndpointDefaults>;
		Result: HubletResponse<any>;
		Error: RequestError | Error;
	};
	[name: string]: { Options: unknown; Result: unknown; Error: unknown };
};

/**
The client without a route table, for route subsets: `Hublet.withRoutes(table)` gives a class
whose instances have exactly the table's methods, typed by name.
@example
```
import { Hublet } from "@hublet/rest/core";
import routes from "./routes.subset.json" with { type: "json" }; // npx hublet-routes --scan src --out routes.subset.json

const MyHublet = Hublet.withRoutes(routes);
const client = new MyHublet({ auth: process.env.GITHUB_TOKEN });
await client.rest.repos.get({ owner: "octokit", repo: "rest.js" });
```
*/
export declare class Hublet {
	/** The package version, e.g. `"0.1.0"`. */
	static VERSION: string;
	/** The plugins every instance of this class runs, in order: functions, as `@octokit/core`'s. */
	static plugins: HubletPlugin[];
	/** The features every instance of this class composes, in order (`Hublet.plugin()` takes them beside plugins). */
	static features: Feature<any, any, any>[];
	/** The route table this class serves: all of routes.json, or a subset from `withRoutes()`. */
	static routes: RouteTable;

	/**
	A subclass whose instances also run `plugins` (after this class's own; each plugin runs
	once), and carry what they return, as `Octokit.plugin()` does.
	@example
	```
	import { retry } from "@octokit/plugin-retry";
	const MyHublet = Hublet.plugin(retry, (client) => ({ hello: () => "world" }));
	new MyHublet().hello(); //=> "world"
	```
	*/
	static plugin<
		Class extends Constructor<any> & { plugins: any[] },
		Plugins extends (HubletPlugin | Feature<any, any, any>)[],
	>(this: Class, ...plugins: Plugins): Class & Constructor<PluginsResult<Plugins>>;

	/**
	A subclass with default options, merged under each instance's own (user agents are
	joined). A function receives the caller's options and returns the ones to use.
	@example
	```
	const GHES = Hublet.defaults({ baseUrl: "https://github.example.com/api/v3" });
	const client = new GHES({ auth: token });
	```
	*/
	static defaults<Class extends Constructor<any>>(
		this: Class,
		defaults: HubletOptions | ((options: HubletOptions) => HubletOptions),
	): Class;

	/**
	A subclass over another route table, such as the few methods a program uses, for a
	smaller bundle (write one with `npx hublet-routes`). Its instances have the table's methods,
	typed by name. (On the full client from `@hublet/rest`, every method stays typed.) A server's
	table from `@hublet/rest/servers/<name>` gives a client typed for that server. `read`
	reads a table in another encoding (the full client passes routes.json's compact reader); a
	subset needs none.
	@example
	```
	import { Hublet } from "@hublet/rest/core";
	const Small = Hublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } });
	const { data } = await new Small().rest.repos.get({ owner: "octokit", repo: "rest.js" });
	```
	*/
	static withRoutes<Class extends Constructor<any>, Server extends string>(
		this: Class,
		table: ServerRouteTable<Server>,
		read?: (table: any) => unknown,
	): ServerClass<Class, Server>;
	static withRoutes<
		Class extends Constructor<any>,
		Table extends RouteTableInput<Route>,
		Route extends string = string,
	>(this: Class, table: Table, read?: (table: any) => unknown): Class & Constructor<RouteTableClient<Table>>;

	/**
	@example
	```
	const client = new Hublet({ auth: process.env.GITHUB_TOKEN });
	```
	*/
	constructor(options?: HubletOptions);

	/**
	Sends any request, typed by its route.
	@example
	```
	const { data } = await client.request("GET /repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" });
	```
	*/
	request: RequestInterface;
	/** Where the client writes: `debug`, `info`, `warn` and `error`. */
	log: Log;
	/**
	Hooks around every request (`before`, `after`, `error`, `wrap`), as in `@octokit/core`.
	@example
	```
	client.hook.before("request", (options) => console.log(options.method, options.url));
	```
	*/
	hook: HookCollection<Hooks>;
	/** Describes the authentication in use, e.g. `{ type: "token", tokenType: "oauth" }`. */
	auth: (...args: unknown[]) => Promise<unknown>;
	/** The endpoint methods, by namespace: none until `withRoutes()` gives a table. */
	rest: {};
	/**
	Sends a GraphQL query (`POST {baseUrl}/graphql`, or `/api/graphql` for a GitHub Enterprise
	Server `baseUrl` ending in `/api/v3`) through `request`, so auth, plugins and the log see it,
	as `@octokit/core`'s does. Resolves with the response's `data`; a response with `errors`
	rejects with `GraphqlResponseError`. Its code loads on the first call.
	@example
	```
	const { viewer } = await client.graphql<{ viewer: { login: string } }>("{ viewer { login } }");
	```
	*/
	graphql: GraphqlInterface;
}

/**
The error every failed request rejects with: an HTTP status of 400 or more, a 304, a
network failure or timeout (status 500, no `response`), or a call that failed validation
before anything was sent (status 400, no `response`).
@example
```
try {
	await client.rest.repos.get({ owner: "octokit", repo: "missing" });
} catch (error) {
	if (error instanceof RequestError && error.status === 404) console.log(error.response?.data);
}
```
*/
export declare class RequestError extends Error {
	name: "HttpError";
	/** The HTTP status, or 500 for a network failure or timeout, or 400 for a call rejected before sending. */
	status: number;
	/** What kind of failure this is: see `RequestErrorCode`. */
	code: RequestErrorCode;
	/** The request that failed, with `authorization`, `client_secret`, `access_token` and `user:password@` redacted. */
	request: RequestOptions;
	/** The response, when one arrived (secrets in its URL and `Link` header redacted). */
	response?: HubletResponse<unknown>;
	constructor(message: string, statusCode: number, options: RequestErrorOptions);
}
