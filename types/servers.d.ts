/*
The types of the server a client talks to: `client.rest` of `new Hublet({ server: "ghes-3.17" })`
or of `Hublet.withRoutes(ghes317)` has that server's methods, Enterprise-only ones included, and
not the ones it lacks.

Each server's type is api.github.com's `RestEndpointMethods` with a difference applied, and the
difference is generated (types/generated/servers/<name>.d.ts, from servers/<name>.json): the names
the server lacks, and the methods it adds or routes otherwise. A method api.github.com also has at
the same route keeps api.github.com's types and JSDoc. A method only the server has is typed by
its route as api.github.com's description knows it, or else from the route string: each `{name}`
of its path a required parameter, any other key allowed, and the response `any` (GitHub's
Enterprise descriptions are not among the types this package depends on).
*/
import type { ServerDifferences } from "./generated/servers/index.js";
import type { RenamedNamespaces } from "./generated/method-routes.js";
import type { RestEndpointMethods, RouteEndpointMethod } from "./rest.js";

/** The servers whose types the package ships: `"ghec"`, `"ghes-3.17"`, … (api.github.com's are `RestEndpointMethods`). */
export type ServerName = keyof ServerDifferences;

type Lacking<Server extends ServerName, Namespace> = Namespace extends keyof ServerDifferences[Server]["lacking"]
	? ServerDifferences[Server]["lacking"][Namespace]
	: never;
type Added<Server extends ServerName, Namespace> = Namespace extends keyof ServerDifferences[Server]["added"]
	? ServerDifferences[Server]["added"][Namespace]
	: {};

/**
One namespace of a server's `client.rest`: api.github.com's own when the server changes nothing
in it, else (ServerNamespace) api.github.com's methods without those the server lacks or routes
otherwise (their JSDoc kept), and the server's own. A call to a method the server
lacks is a compile error that names the server: "Property 'repositoryAccessForOrg' does not exist
on type 'ServerNamespace<"ghes-3.17", "dependabot">'".
*/
type NamespaceOf<Server extends ServerName, Namespace extends string> = [
	Lacking<Server, Namespace> | keyof Added<Server, Namespace>,
] extends [never]
	? RestEndpointMethods[Namespace & keyof RestEndpointMethods]
	: ServerNamespace<Server, Namespace>;

/** A namespace that the server changes: named apart, so that an error on it names the server. */
export type ServerNamespace<
	Server extends ServerName,
	Namespace extends string,
> = (Namespace extends keyof RestEndpointMethods
	? Pick<
			RestEndpointMethods[Namespace],
			Exclude<keyof RestEndpointMethods[Namespace], Lacking<Server, Namespace> | keyof Added<Server, Namespace>>
		>
	: Record<never, never>) & {
	[Method in keyof Added<Server, Namespace>]: RouteEndpointMethod<Added<Server, Namespace>[Method] & string>;
};

type Namespaces<Server extends ServerName> =
	| Exclude<keyof RestEndpointMethods, ServerDifferences[Server]["lackingNamespaces"] | keyof RenamedNamespaces>
	| keyof ServerDifferences[Server]["added"];

/** Every endpoint method of one server, by namespace: `ServerRestEndpointMethods<"ghes-3.17">`. */
export type ServerMethods<Server extends ServerName> = {
	[Namespace in Namespaces<Server> & string]: NamespaceOf<Server, Namespace>;
} & {
	[
		Former in keyof RenamedNamespaces as RenamedNamespaces[Former] extends Namespaces<Server> ? Former : never
	]: NamespaceOf<Server, RenamedNamespaces[Former] & string>;
};

/**
`client.rest` for the `server` option's value: the server's methods for a server whose types the
package ships, else api.github.com's (`"auto"`, `"api.github.com"`, or a name only known at run time).
@example
```
import type { ServerRestEndpointMethods } from "@hublet/rest";
type Ghes317 = ServerRestEndpointMethods<"ghes-3.17">;
type Webhooks = Awaited<ReturnType<Ghes317["enterpriseAdmin"]["listGlobalWebhooks"]>>;
```
*/
export type ServerRestEndpointMethods<Server> = EveryServer[[Server] extends [ServerName] ? Server : "api.github.com"];

// A lookup rather than a conditional over the methods: TypeScript then compares two clients
// (`const client: Hublet = new Hublet(…)`) by their server's name, without expanding every
// server's methods to measure how the type parameter varies.
type EveryServer = { [Server in ServerName]: ServerMethods<Server> } & { "api.github.com": RestEndpointMethods };
