// @hublet/rest/testing: a real client whose transport answers from handlers. An entry point of
// its own (dist/testing.js), so that no application bundle carries it; it imports the full
// entry as dist/index.js (scripts/build.mjs), so its clients throw that entry's RequestError.
import { Hublet, findRoutes } from "./index.js";
import type { HubletOptions } from "../types/options.js";
import type { MergedOptions } from "../types/endpoint.js";
import type { MethodInfo } from "../types/routes.js";
import type { RequestInterface } from "../types/request.js";
import type { MockCall, MockClientOptions, MockHandler, MockHandlers } from "../types/testing.js";
import { redactRequest } from "./common/errors.js";
import { closest } from "./common/spelling.js";
import { withoutBaseUrl } from "./common/url.js";
import { templatePattern } from "./routes/search.js";
import { extractUrlVariableNames } from "./endpoint/url-template.js";
import { checkHandler, isPages, pageOf, toResponse } from "./testing/respond.js";

/** What a request is: the method and route it was made through, and its parameters. */
interface Identity {
	method: string | undefined;
	route: string;
	params: Record<string, unknown>;
}

// The transport calls `fetch(url, init)` with the URL as a string and a plain headers object.
type Fetch = typeof globalThis.fetch;

/**
The route search that names each call's method and a missing handler's route: the client's own
`findRoutes` (which searches a server's table when its class has the server tables), else the
feature's, made for this client without being put on it, so that a class that leaves the feature
out has no `findRoutes` in tests either.
*/
function routeSearch(client: any): (query: string) => MethodInfo[] {
	if (typeof client.findRoutes === "function") return (query) => client.findRoutes(query);
	const parts = findRoutes.setup(undefined as never, true, { client, options: {} });
	return parts!.members!.findRoutes;
}

// Merged request options that are not the caller's parameters.
const RESERVED = new Set(["method", "url", "baseUrl", "headers", "mediaType", "request"]);
const ROUTE_KEY = /^([A-Za-z]+) +(\S+)$/;

/**
Makes a client of `options.Hublet` (the full `Hublet` by default) with `request.fetch` answering
from `handlers`: everything above the transport (validation, `endpoint()`, hooks, plugins,
retries, the cache, `paginate`) runs as in production, and no socket is opened.

The route a call was made through is read from the request hook, where `options.url` is still
the template (`/repos/{owner}/{repo}`). That outermost wrap only records and looks the handler
up; it passes the call on with a `fetch` bound to what it learned, so the answer comes from the
transport, attempt by attempt. A request that bypasses the hooks (an auth strategy's own) is
matched by its URL.
*/
export function mockClient(handlers: MockHandlers, options: MockClientOptions<any> = {}) {
	// `Octokit` is the same option under octokit's name; the request log stays quiet unless asked for.
	const { Hublet: Class, Octokit: OctokitClass, requestLog = false, ...clientOptions } = options;
	const Client = Class ?? OctokitClass ?? Hublet;
	const calls: MockCall[] = [];
	// Page URLs this client's `Link` headers pointed at, and the call each continues.
	const links = new Map<string, Identity>();
	const byRoute = new Map<string, { key: string; handler: MockHandler }>();

	// Retries keep their rules, but a test should not wait out a production backoff. A core
	// client without the retry feature sends each request once, and takes no retry option.
	const retrying =
		(Client as { features?: { name: string }[] }).features?.some((feature) => feature.name === "retry") ?? false;
	const retry = retrying && clientOptions.retry === undefined ? { retry: { minTimeout: 0 } } : {};
	const transport = ((url: string, init: RequestInit) =>
		answer(url, init, identifyUrl(url, String(init.method ?? "GET"), bodyParams(init.body)))) as Fetch;
	const client = new Client({
		...clientOptions,
		...retry,
		requestLog,
		request: { ...clientOptions.request, fetch: transport },
	} as HubletOptions);
	const baseUrl = String(client.request.endpoint.DEFAULTS.baseUrl);
	const search = routeSearch(client);

	for (const [key, handler] of Object.entries(handlers ?? {})) {
		if (handler === undefined) continue;
		checkHandler(key, handler);
		const route = routeOfKey(key);
		const taken = byRoute.get(route);
		if (taken) throw new TypeError(`mockClient: "${key}" and "${taken.key}" both answer ${route}: keep one`);
		byRoute.set(route, { key, handler: handler as MockHandler });
	}

	client.hook.wrap("request", (async (request: RequestInterface, merged: MergedOptions) => {
		const identity = identify(merged);
		if (!byRoute.has(identity.route)) throw missingHandler(identity);
		// A wrap cannot hand its inner wraps other options (before-after-hook binds them to the
		// ones it was called with), so the bound fetch goes on these options, which merge made
		// for this call alone.
		merged.request = {
			...merged.request,
			fetch: ((url: string, init: RequestInit) => answer(url, init, identity)) as Fetch,
		};
		return request(merged as never);
	}) as never);

	return { client, calls };

	/** A route key as it is (verb upper-cased), or a method name's route. */
	function routeOfKey(key: string): string {
		const route = ROUTE_KEY.exec(key);
		if (route) return `${route[1].toUpperCase()} ${route[2]}`;
		const [namespace, name, ...rest] = key.split(".");
		const method = rest.length === 0 && name ? client.rest[namespace]?.[name] : undefined;
		if (typeof method?.route !== "string") {
			const names = Object.keys(client.rest).flatMap((namespace) =>
				Object.keys(client.rest[namespace]).map((name) => `${namespace}.${name}`),
			);
			const near = closest(key, names, Math.max(2, Math.floor(key.length / 3)));
			const hint = near ? ` (did you mean "${near}"?)` : "";
			throw new TypeError(
				`mockClient: "${key}" is no method of this client${hint}: a key is a method name such as "repos.get" or ` +
					`a route such as "GET /repos/{owner}/{repo}"`,
			);
		}
		return method.route;
	}

	/** The method name of a route: the handler's key when it is one, else the client's table. */
	function methodOf(route: string): string | undefined {
		const key = byRoute.get(route)?.key;
		if (key !== undefined && !ROUTE_KEY.test(key)) return key;
		const found = search(route).find((info: MethodInfo) => info.route === route);
		return found && `${found.namespace}.${found.method}`;
	}

	/** A call from the request hook: its route template, or a concrete URL (a later page, `request("GET /user")`). */
	function identify(merged: MergedOptions): Identity {
		const url = String(merged.url);
		const own: Record<string, unknown> = {};
		for (const name of Object.keys(merged)) if (!RESERVED.has(name)) own[name] = merged[name];
		const linked = links.get(url);
		if (linked) return linked;
		const verb = String(merged.method ?? "GET").toUpperCase();
		if (!url.includes("{")) return identifyUrl(url, verb, own);
		const route = `${verb} ${withoutBaseUrl(url, String(merged.baseUrl ?? baseUrl))}`;
		return { method: methodOf(route), route, params: own };
	}

	/**
	A concrete URL: the most specific route template that matches its path, among the handlers'
	and the client's table, with the parameters read back from the path and the query.
	*/
	function identifyUrl(url: string, verb: string, own: Record<string, unknown>): Identity {
		const linked = links.get(url);
		if (linked) return linked;
		const [path, query = ""] = withoutBaseUrl(url, baseUrl).split("?");
		const candidates = [...byRoute.keys(), ...search(`${verb} ${path}`).map((info: MethodInfo) => info.route)];
		let best: { route: string; values: string[]; literal: number } | undefined;
		for (const route of candidates) {
			const [routeVerb, template] = route.split(" ");
			const match = routeVerb === verb ? templatePattern(template).exec(path) : null;
			if (!match) continue;
			const literal = template.replace(/\{[^}]*\}/g, "").length;
			if (!best || literal > best.literal) best = { route, values: match.slice(1), literal };
		}
		const params: Record<string, unknown> = {};
		if (best) {
			const names = extractUrlVariableNames(best.route.split(" ")[1], true);
			names.forEach((name, index) => (params[name] = decodeURIComponent(best.values[index])));
		}
		for (const [name, value] of new URLSearchParams(query)) params[name] = value;
		Object.assign(params, own);
		const route = best?.route ?? `${verb} ${path}`;
		return { method: methodOf(route), route, params };
	}

	/** The transport: records the request, then answers it from its handler. */
	async function answer(url: string, init: RequestInit, identity: Identity): Promise<Response> {
		const entry = byRoute.get(identity.route);
		if (!entry) throw missingHandler(identity);
		const headers = redactRequest({ method: "GET", url, headers: (init.headers ?? {}) as Record<string, string> })
			.headers as Record<string, string>;
		calls.push({ method: identity.method, route: identity.route, params: redactParams(identity.params), headers });
		const { key, handler } = entry;
		if (typeof handler === "function") {
			const result = await handler(identity.params as never, {
				method: identity.method,
				route: identity.route,
				url,
				headers,
			});
			return toResponse(key, result);
		}
		if (!isPages(handler)) return toResponse(key, handler);
		const { answer: page, page: number, next } = pageOf(handler, url);
		if (next) links.set(next, { ...identity, params: { ...identity.params, page: number + 1 } });
		return toResponse(key, page);
	}
}

/** A JSON object body's fields, for a request that bypassed the hooks. */
function bodyParams(body: unknown): Record<string, unknown> {
	if (typeof body !== "string") return {};
	try {
		const parsed = JSON.parse(body);
		return typeof parsed === "object" && parsed !== null && !Array.isArray(parsed) ? parsed : {};
	} catch {
		return {};
	}
}

/** Parameters with `client_secret` and `access_token` redacted, as errors redact them. */
function redactParams(params: Record<string, unknown>): Record<string, unknown> {
	return redactRequest({ method: "GET", url: "", headers: {}, body: params }).body as Record<string, unknown>;
}

/** The error of a call no handler answers: the call as written, and the key that would answer it. */
function missingHandler({ method, route, params }: Identity): Error {
	const shown = JSON.stringify(redactParams(params)) ?? "{}";
	const call = method ? `rest.${method}(${shown}) (${route})` : `${route} with ${shown}`;
	const key = method ?? route;
	return new Error(
		`mockClient has no handler for ${call}. Add one: mockClient({ "${key}": { status: 200, data: … } })`,
	);
}
