import type {
	EndpointDefaults,
	EndpointInterface,
	MergedOptions,
	RequestMethod,
	RequestOptions,
	RequestParameters,
	Route,
} from "../../types/endpoint.js";
import { expandTemplate, extractUrlVariableNames } from "./url-template.js";
import { VERSION } from "../version.js";

type Bag = Record<string, any>;

/**
The defaults of `@hublet/rest`, the same as `@octokit/endpoint`'s but for the user agent.
Frozen: `createEndpoint()` copies them, so no endpoint can change them for another.
*/
export const DEFAULTS: EndpointDefaults = Object.freeze({
	method: "GET",
	baseUrl: "https://api.github.com",
	headers: Object.freeze({
		accept: "application/vnd.github.v3+json",
		"user-agent": `hublet-rest.js/${VERSION}`,
	}),
	mediaType: Object.freeze({ format: "" }),
}) as EndpointDefaults;

/**
Builds an endpoint over `defaults`: a function that turns a route and parameters into
`{method, url, headers, body?, request?}` without sending anything, with `.DEFAULTS`,
`.defaults()`, `.merge()` and `.parse()` as on `@octokit/endpoint`.
*/
export function createEndpoint(defaults: EndpointDefaults): EndpointInterface {
	return withDefaults(merge(null, defaults));
}

function withDefaults(DEFAULTS: MergedOptions): EndpointInterface {
	const endpoint = (route?: Route | RequestParameters, parameters?: RequestParameters) =>
		parse(merge(DEFAULTS, route, parameters));
	return Object.assign(endpoint, {
		DEFAULTS,
		defaults: (newDefaults: RequestParameters) => withDefaults(merge(DEFAULTS, newDefaults)),
		merge: (route?: Route | RequestParameters, parameters?: RequestParameters) =>
			merge(DEFAULTS, route, parameters),
		parse,
	}) as EndpointInterface;
}

// ---------------------------------------------------------------------------------------
// merge

function merge(
	defaults: Bag | null,
	route?: Route | RequestParameters,
	parameters?: RequestParameters,
): MergedOptions {
	let options: Bag;
	if (typeof route === "string") {
		const match = /^\s*(\S+)\s+(\S.*?)\s*$/.exec(route);
		// The parameters' own `method` and `url` win over the route's.
		options = match ? { method: match[1], url: match[2], ...parameters } : { url: route.trim(), ...parameters };
	} else {
		options = { ...route };
	}
	const base: Bag = defaults ?? {};

	const result: Bag = {};
	for (const key of Object.keys(base)) setOwn(result, key, base[key]);
	for (const key of Object.keys(options)) {
		const value = options[key];
		// `undefined` means "not given": it never overrides a default.
		if (value === undefined || key === "headers" || key === "mediaType" || key === "request") continue;
		setOwn(result, key, isPlainObject(value) && isPlainObject(result[key]) ? mergeDeep(result[key], value) : value);
	}

	// Header names are lowercased before merging, so `Accept` replaces the default `accept`.
	result.headers = { ...lowercaseKeys(base.headers), ...lowercaseKeys(options.headers) };

	if (base.mediaType !== undefined || options.mediaType !== undefined) {
		result.mediaType = mergeMediaType(base.mediaType, options.mediaType, options.url === "/graphql");
	}

	if (isPlainObject(base.request) || isPlainObject(options.request)) {
		result.request = mergeDeep(
			isPlainObject(base.request) ? base.request : {},
			isPlainObject(options.request) ? options.request : {},
		);
	} else if (options.request !== undefined) {
		result.request = options.request;
	}

	return result as MergedOptions;
}

/*
As @octokit/endpoint 11 merges them: a given `format` or `previews` replaces the default's.
Only when this merge's own url is exactly "/graphql" (how `graphql()` and
`request.defaults({ url: "/graphql" })` arrive) do the previews add up, the defaults' first,
each with its first "-preview" removed. Nothing else touches them: they are sent to GraphQL
urls only (see parse). The arrays are copied, so no merge shares one with its inputs.
*/
function mergeMediaType(base: Bag | undefined, options: Bag | undefined, graphql: boolean): Bag {
	const mediaType: Bag = isPlainObject(base) ? copyOwn(base) : {};
	const own = isPlainObject(options) ? options.previews : undefined;
	if (isPlainObject(options)) {
		for (const key of Object.keys(options)) if (options[key] !== undefined) setOwn(mediaType, key, options[key]);
	}
	if (Array.isArray(mediaType.previews)) mediaType.previews = mediaType.previews.slice();
	if (graphql) {
		const inherited: unknown[] = Array.isArray(base?.previews) ? base.previews : [];
		const merged: unknown[] = Array.isArray(mediaType.previews) ? mediaType.previews : [];
		const previews = Array.isArray(own) ? inherited.filter((name) => !merged.includes(name)).concat(merged) : merged;
		mediaType.previews = previews.map((name) => String(name).replace(/-preview/, ""));
	}
	return mediaType;
}

// ---------------------------------------------------------------------------------------
// parse

// These shape the request itself and are never sent as query or body parameters.
const RESERVED = new Set(["method", "baseUrl", "url", "headers", "request", "mediaType"]);

// `application/vnd.github[.v3][.raw][+json]` becomes `application/vnd.github[.v3].<format>`.
const VND_MEDIA_TYPE = /application\/vnd(\.\w+)(\.v3)?(?:\.\w+)?(?:\+json)?$/;

function parse(options: MergedOptions): RequestOptions {
	const bag = options as Bag;
	const method = String(bag.method ?? "GET").toUpperCase() as RequestMethod;
	const template = colonsToBraces(String(bag.url || "/"));
	const headers: Bag = lowercaseKeys(bag.headers);
	const mediaType: Bag = isPlainObject(bag.mediaType) ? bag.mediaType : {};

	const parameters: Bag = {};
	for (const key of Object.keys(bag)) {
		if (!RESERVED.has(key) && bag[key] !== undefined) setOwn(parameters, key, bag[key]);
	}

	let url = expandTemplate(template, parameters);
	// An undefined last path parameter leaves a trailing slash: "/branches/{branch}" → "/branches".
	if (url.length > 1 && url.endsWith("/")) url = url.slice(0, -1);
	if (!/^https?:\/\//i.test(url)) url = joinBaseUrl(bag.baseUrl, url);

	// A template's variables are consumed by it, even those left undefined ("{?name,label}").
	const urlVariableNames = extractUrlVariableNames(template);
	const remaining: Bag = {};
	for (const key of Object.keys(parameters)) {
		if (!urlVariableNames.includes(key)) setOwn(remaining, key, parameters[key]);
	}

	// Spec §2.2: `page` and `per_page` are never sent with a PATCH or POST. No GitHub
	// PATCH or POST takes them in its body; they reach such a call only when copied from a
	// list call's parameters (or from defaults), and GitHub rejects unknown body fields on
	// some endpoints. A template that declares them (`{?page,per_page}`) has consumed them
	// above. Octokit enforces this only in its types; here it holds at run time too.
	if (method === "POST" || method === "PATCH") {
		delete remaining.page;
		delete remaining.per_page;
	}

	if (typeof headers.accept === "string" && !/application\/octet-stream/i.test(headers.accept)) {
		const format = mediaType.format ? String(mediaType.format) : "";
		if (format) {
			headers.accept = headers.accept
				.split(",")
				.map((type: string) =>
					type.replace(VND_MEDIA_TYPE, (_: string, vendor: string, version = "") =>
						`application/vnd${vendor}${version}.${format}`,
					),
				)
				.join(",");
		}
		// As in @octokit/endpoint 11, previews are sent to GraphQL only: every REST preview has
		// graduated, and REST routes that still want one carry it in their own accept header
		// (repos.listTopics). Names already in the accept header come first; none is removed.
		if (url.endsWith("/graphql") && Array.isArray(mediaType.previews) && mediaType.previews.length > 0) {
			const fromAccept: string[] = headers.accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) ?? [];
			const suffix = format ? `.${format}` : "+json";
			headers.accept = fromAccept
				.concat(mediaType.previews)
				.map((name) => `application/vnd.github.${name}-preview${suffix}`)
				.join(",");
		}
	}

	let body: unknown;
	if (method === "GET" || method === "HEAD") {
		url = addQueryParameters(url, remaining);
	} else if (Object.hasOwn(remaining, "data")) {
		body = remaining.data;
	} else if (Object.keys(remaining).length > 0) {
		body = remaining;
	}

	if (body !== undefined && !headers["content-type"]) {
		headers["content-type"] = "application/json; charset=utf-8";
	}

	// GitHub wants `content-length: 0` on a PUT or PATCH without a body. `fetch` does not let
	// us set that header, but an empty string body makes it send exactly that.
	if ((method === "PUT" || method === "PATCH") && body === undefined) body = "";

	const result: RequestOptions = { method, url, headers };
	if (body !== undefined) result.body = body;
	// A shallow copy: what a plugin put in `request` (a context object, a signal, a fetch)
	// arrives as itself, as in octokit, and may be circular.
	const request = bag.request;
	if (request !== null && typeof request === "object" && Object.keys(request).length > 0) {
		result.request = isPlainObject(request) ? copyOwn(request) : request;
	}
	return result;
}

/*
`/orgs/:org` is the old placeholder style; it becomes `/orgs/{org}`. Only in the path: unlike
octokit, a literal `:word` in a query (`?q=repo:octokit/rest.js` in a pagination link) stays.
*/
function colonsToBraces(url: string): string {
	if (!url.includes(":")) return url;
	const end = url.indexOf("?");
	if (end === -1) return url.replace(/:([a-z]\w+)/g, "{$1}");
	return url.slice(0, end).replace(/:([a-z]\w+)/g, "{$1}") + url.slice(end);
}

/*
A trailing slash on `baseUrl` is dropped: "https://ghe.example.com/api/v3/" + "/user" would
otherwise give "//user", which GitHub Enterprise Server answers with 404. Octokit keeps it.
*/
function joinBaseUrl(baseUrl: unknown, url: string): string {
	const base = typeof baseUrl === "string" ? baseUrl.replace(/\/+$/, "") : "";
	if (url === "" || /^[/?#]/.test(url)) return base + url;
	return base + "/" + url;
}

/*
As in octokit: values go through `encodeURIComponent`, so an array is sent as `a%2Cb` and a
space as `%20`. In `q` a literal `+` is kept, because search queries use `+` between terms
(`q=repo:octokit/rest.js+is:open`). Unlike octokit, names are encoded too (brackets kept).
*/
function addQueryParameters(url: string, parameters: Bag): string {
	const names = Object.keys(parameters);
	if (names.length === 0) return url;
	const query = names
		.map((name) => {
			const value = String(parameters[name]);
			if (name === "q") return "q=" + value.split("+").map(encodeURIComponent).join("+");
			return encodeURIComponent(name).replace(/%5B/g, "[").replace(/%5D/g, "]") + "=" + encodeURIComponent(value);
		})
		.join("&");
	return url + (url.includes("?") ? "&" : "?") + query;
}

// ---------------------------------------------------------------------------------------
// helpers

function isPlainObject(value: unknown): value is Bag {
	if (value === null || typeof value !== "object") return false;
	const proto = Object.getPrototypeOf(value);
	return proto === Object.prototype || proto === null;
}

/**
A new object: `base`'s entries, then `extra`'s, as @octokit/endpoint's mergeDeep: only where
both hold a plain object under the same key is that object merged into a new one; every other
value is kept by reference. So a circular value (a plugin's context) is never walked when one
side has it, is kept as it is when both sides hold the same object, and, when each side holds
its own, the walk ends where it meets an object it is already inside.
*/
function mergeDeep(base: Bag, extra: Bag, inside?: Bag[]): Bag {
	const result = copyOwn(base);
	for (const key of Object.keys(extra)) {
		const value = extra[key];
		if (value === undefined) continue;
		const current = result[key];
		// The same object on both sides is kept as it is: merging it with itself changes nothing.
		if (value !== current && isPlainObject(value) && isPlainObject(current) && !inside?.includes(value)) {
			const path = inside ? [...inside, extra] : [extra];
			setOwn(result, key, mergeDeep(current, value, path));
		} else {
			setOwn(result, key, value);
		}
	}
	return result;
}

/** A shallow copy that keeps a "__proto__" key as data. */
function copyOwn(source: Bag): Bag {
	const result: Bag = {};
	for (const key of Object.keys(source)) setOwn(result, key, source[key]);
	return result;
}

function lowercaseKeys(headers: unknown): Bag {
	const result: Bag = {};
	if (!headers || typeof headers !== "object") return result;
	for (const key of Object.keys(headers)) {
		const value = (headers as Bag)[key];
		if (value !== undefined) setOwn(result, key.toLowerCase(), value);
	}
	return result;
}

// A parameter named "__proto__" (say, from JSON.parse) must stay data, not become a prototype.
function setOwn(target: Bag, key: string, value: unknown): void {
	if (key === "__proto__") {
		Object.defineProperty(target, key, { value, enumerable: true, writable: true, configurable: true });
	} else {
		target[key] = value;
	}
}
