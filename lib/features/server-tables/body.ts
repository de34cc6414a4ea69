import type { MethodInfo, RouteTable } from "../../../types/routes.js";
import type { RequestMethod } from "../../../types/endpoint.js";
import { RequestError } from "../../common/errors.js";
import { warnOnce } from "../../common/log.js";
import { routesOfClass } from "../../routes/class-routes.js";
import { readRoutes, type Routes } from "../../routes/routes.js";
import { isShipped } from "../../routes/codec.js";
import type { MethodHost } from "../../routes/method.js";
import { searchRoutes } from "../../routes/search.js";
import { readAvailability, type AvailabilityData } from "./availability.js";
import { createServerRest } from "./rest.js";
import { createRouteCheck, type RouteCheck } from "./route-check.js";
import {
	SERVERS,
	importServerTable,
	isServerName,
	isServerTable,
	requireAvailability,
	requireServerModule,
	tableForVersion,
} from "./servers.js";
import type { ServerTable } from "./table.js";

const VERSION_HEADER = "x-github-enterprise-version";

interface ServerClient extends MethodHost {
	constructor: unknown;
	rest: unknown;
	findRoutes?: (query: string) => MethodInfo[];
}

type Next = (options: unknown) => Promise<any>;
/** The feature's guard of the hook chain, which the client places (client.ts, http/chain-wraps.ts). */
export type ServerWrap = (request: Next, options: { method: string; url: string }) => Promise<unknown>;

/** What the feature gives a client with a server: its guard, and the members it puts on the client. */
export interface ServerParts {
	guard: ServerWrap;
	members: { rest: unknown; findRoutes?: (query: string) => MethodInfo[] };
}

/**
The server-tables feature's body: the route table of the server a client talks to.
- `server: "ghes-3.18"` (or `"ghec"`, `"api.github.com"`) loads that table at once;
- `server: "auto"` reads `x-github-enterprise-version` from the first response, loads that
  version's table, and uses it from then on;
- a class made with `Hublet.withRoutes(table)` over a table from `@hublet/rest/servers/<name>`
  uses it without the option.
With a table, `client.rest` has the server's methods (Enterprise-only ones included), a method
the server lacks rejects with `NOT_AVAILABLE` before sending, and so does a request whose route it
lacks (route-check.ts: `request()`, `paginate()` with a route), every method says `availableOn`,
and `findRoutes` searches the server's table. Its front (index.ts) calls it with the `server`
option as its check passed it, and places what it returns: the guard in the hook chain, and the
members (`rest`, and `findRoutes` where the client has one) on the client.
*/
export function serverParts(client: ServerClient, server: unknown): ServerParts | undefined {
	const Class = client.constructor as { routes: unknown };
	const classTable = Class.routes;
	const base = routesOfClass(Class);
	// Set with the table: every request with a route is checked against it (route-check.ts).
	let check: RouteCheck | undefined;
	// The table `findRoutes` searches: the class's own until the server's is in use.
	let searched = base;
	const use = (routes: Routes, name: string, data: AvailabilityData) => {
		const availability = readAvailability(data);
		searched = routes;
		check = createRouteCheck(name, routes, availability, base, () => otherTables(name));
		return createServerRest(client, routes, availability, name, base);
	};
	const guard = checkRoutes(() => check);
	const useTable = (table: ServerTable) => use(readRoutes(table), table.server, table.availability);
	// The route search is the server's when the class composes it, before this feature or after it
	// (find-routes/index.ts then keeps this one).
	const searches =
		typeof client.findRoutes === "function" ||
		(Class as { features?: Array<{ name: string }> }).features?.some((feature) => feature.name === "findRoutes");
	const parts = (rest: unknown, wrap = guard): ServerParts => ({
		guard: wrap,
		members: searches ? { rest, findRoutes: (query) => searchRoutes(searched, query) } : { rest },
	});

	if (isServerTable(classTable)) {
		if (server != null && server !== classTable.server) {
			throw new TypeError(
				`This client class serves the route table of ${classTable.server} (Hublet.withRoutes()), and the ` +
					`\`server\` option names ${server}: give one of them`,
			);
		}
		return parts(useTable(classTable));
	}
	if (server === "auto") {
		// `client.rest` and its namespace objects stay the same objects, and read through to the
		// table in use: a namespace held before the first response follows the server's table after it.
		let current = client.rest as Record<string, any>;
		return parts(
			forwarding(() => current),
			watchFirstResponse(client, guard, (table) => (current = useTable(table) as Record<string, any>)),
		);
	}

	const { name, warning } = isServerName(server)
		? { name: server, warning: undefined }
		: tableForVersion(String(server).slice("ghes-".length));
	if (warning) warnOnce(client.log, warning);
	if (name === undefined) return undefined;
	if (name !== "api.github.com") return parts(useTable(requireServerModule<ServerTable>(name)));
	// Only api.github.com's whole table (the full entry's) says which routes it lacks: a class over
	// a subset, or the core client's empty one, sends its routes unchecked, as without a server.
	return isShipped(classTable as RouteTable) ? parts(use(base, name, requireAvailability())) : undefined;
}

/**
Every request that carries a route (`request("GET /…")`, `paginate()` with a route, an endpoint
method, a method read before auto mode knew the server) is refused with NOT_AVAILABLE, before
anything is sent, when the server's table lacks the route and another table has it. A client
without a table yet (auto mode before the first response) pays one function call.
*/
function checkRoutes(current: () => RouteCheck | undefined): ServerWrap {
	const refuse = (why: string, options: { method: string; url: string }) =>
		Promise.reject(
			new RequestError(why, 400, {
				request: { method: options.method as RequestMethod, url: options.url, headers: {} },
				code: "NOT_AVAILABLE",
			}),
		);
	return (request, options) => {
		const why = current()?.refusal(options.method, options.url);
		if (why === undefined) return request(options);
		if (typeof why === "string") return refuse(why, options);
		return (why as Promise<string | undefined>).then((reason) =>
			reason === undefined ? request(options) : refuse(reason, options),
		);
	};
}

/** The other servers' tables, for a route that neither the server's nor the client's own table has. */
async function otherTables(server: string): Promise<Routes[]> {
	const names = SERVERS.filter((name) => name !== server && name !== "api.github.com");
	const loaded = await Promise.allSettled(names.map((name) => importServerTable(name)));
	return loaded.flatMap((result) => (result.status === "fulfilled" ? [readRoutes(result.value)] : []));
}

/**
`server: "auto"`: the first response (or failed response) that arrives carries the server's
version, or none from api.github.com; its table is loaded before that response is handed back,
so that every call made after it is checked. The wrap then only checks routes.
*/
function watchFirstResponse(
	client: ServerClient,
	checking: ServerWrap,
	useTable: (table: ServerTable) => void,
): ServerWrap {
	let decided = false;
	return async (next, options) => {
		const request: Next = (given) => checking(next, given as typeof options);
		if (decided) return request(options);
		let response: any;
		let failure: any;
		try {
			response = await request(options);
		} catch (error) {
			failure = error;
		}
		const headers = response?.headers ?? failure?.response?.headers;
		if (headers && !decided) {
			decided = true;
			const version = headers[VERSION_HEADER];
			if (typeof version === "string" && version !== "") {
				const { name, warning } = tableForVersion(version);
				if (warning) warnOnce(client.log, warning);
				if (name) {
					try {
						useTable(await importServerTable(name));
					} catch (error) {
						warnOnce(
							client.log,
							`${(error as Error).message}: calls are not checked against GitHub Enterprise Server ${version}`,
						);
					}
				}
			}
		}
		if (failure) throw failure;
		return response;
	};
}

/**
An object that reads and writes through to `target()`, whatever it is at the time; its namespace
objects (`forwarding` one level down) do the same. A method object read before a switch stays the
method it was.
*/
function forwarding(target: () => Record<string, any>, depth = 0): Record<string, any> {
	const namespaces = new Map<string, Record<string, any>>();
	const read = (name: string | symbol) => {
		const value = target()[name as string];
		if (depth > 0 || typeof name !== "string" || typeof value !== "object" || value === null) return value;
		let namespace = namespaces.get(name);
		if (!namespace) namespaces.set(name, (namespace = forwarding(() => target()[name], 1)));
		return namespace;
	};
	return new Proxy(Object.create(null), {
		get: (_, name) => read(name),
		has: (_, name) => name in target(),
		ownKeys: () => Reflect.ownKeys(target()),
		getOwnPropertyDescriptor: (_, name) => {
			const descriptor = Reflect.getOwnPropertyDescriptor(target(), name);
			return descriptor && { value: read(name), writable: true, enumerable: descriptor.enumerable, configurable: true };
		},
		set: (_, name, value) => Reflect.set(target(), name, value),
		defineProperty: (_, name, descriptor) => Reflect.defineProperty(target(), name, descriptor),
		deleteProperty: (_, name) => Reflect.deleteProperty(target(), name),
	});
}
