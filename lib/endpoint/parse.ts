import type { MergedOptions, RequestMethod, RequestOptions } from "../../types/endpoint.js";
import { copyOwn, isPlainObject, lowercaseKeys, setOwn, type Bag } from "../common/objects.js";
import { isHttpUrl } from "../common/url.js";
import { colonsToBraces, expandTemplate } from "./url-template.js";

/**
Merged options as the request to send: the URL expanded, the rest as query or body, the accept
header for the media type.
*/
export function parse(options: MergedOptions): RequestOptions {
	// These shape the request itself and are never sent as query or body parameters. The rest is a
	// copy of the other own keys, a "__proto__" one kept as data.
	const { method: verb, baseUrl, url: template, headers: given, request, mediaType, ...parameters } = options as Bag;
	const method = String(verb ?? "GET").toUpperCase() as RequestMethod;
	const headers: Bag = lowercaseKeys(given);
	// A template's variables are consumed by it, even those left undefined ("{?name,label}"); the
	// other parameters are the query or the body.
	const consumed: string[] = [];
	let url = expandTemplate(colonsToBraces(String(template || "/")), parameters, consumed);
	/*
	Spec §2.2: `page` and `per_page` are never sent with a PATCH or POST. No GitHub PATCH or POST
	takes them in its body; they reach such a call only when copied from a list call's parameters (or
	from defaults), and GitHub rejects unknown body fields on some endpoints. A template that declares
	them (`{?page,per_page}`) has consumed them above. Octokit enforces this only in its types; here
	it holds at run time too. A new object rather than deletes, which would leave it a slow dictionary.
	*/
	const paged = method !== "POST" && method !== "PATCH";
	const remaining: Bag = {};
	for (const key of Object.keys(parameters)) {
		const value = parameters[key];
		if (value !== undefined && !consumed.includes(key) && (paged || (key !== "page" && key !== "per_page"))) {
			setOwn(remaining, key, value);
		}
	}
	// An undefined last path parameter leaves a trailing slash: "/branches/{branch}" → "/branches".
	if (url.length > 1 && url.endsWith("/")) url = url.slice(0, -1);
	// A trailing slash on `baseUrl` is dropped: "https://ghe.example.com/api/v3/" + "/user" would
	// otherwise give "//user", which GitHub Enterprise Server answers with 404. Octokit keeps it.
	if (!isHttpUrl(url)) {
		let base = typeof baseUrl === "string" ? baseUrl : "";
		while (base.endsWith("/")) base = base.slice(0, -1);
		// No slash before an empty path, a query or a fragment.
		url = base + ("/?#".includes(url.slice(0, 1)) ? "" : "/") + url;
	}

	// Only a format, or previews sent to GraphQL, change the accept header: that code runs only then.
	// A client's defaults carry `previews: []`, so every request has the key.
	if (
		typeof headers.accept === "string" &&
		isPlainObject(mediaType) &&
		(mediaType.format || (url.endsWith("/graphql") && mediaType.previews?.length > 0))
	) {
		headers.accept = mediaTypeAccept(headers.accept, mediaType, url);
	}

	let body: unknown;
	const names = Object.keys(remaining);
	if (method === "GET" || method === "HEAD") {
		// As in octokit: values go through `encodeURIComponent`, so an array is sent as `a%2Cb` and a
		// space as `%20`. In `q` a literal `+` is kept (the only `%2B` encoding writes), because search
		// queries use `+` between terms (`q=repo:octokit/rest.js+is:open`). Unlike octokit, names are
		// encoded too (brackets kept).
		if (names.length > 0) {
			const query = names.map((name) => {
				const encoded = encodeURIComponent(name);
				const key = encoded.includes("%5") ? encoded.replace(/%5[BD]/g, decodeURIComponent) : encoded;
				const value = encodeURIComponent(String(remaining[name]));
				return key + "=" + (name === "q" ? value.replace(/%2B/g, "+") : value);
			});
			url += (url.includes("?") ? "&" : "?") + query.join("&");
		}
	} else if (Object.hasOwn(remaining, "data")) {
		body = remaining.data;
	} else if (names.length > 0) {
		body = remaining;
	}

	if (body !== undefined) headers["content-type"] ||= "application/json; charset=utf-8";
	// GitHub wants `content-length: 0` on a PUT or PATCH without a body. `fetch` does not let
	// us set that header, but an empty string body makes it send exactly that.
	else if (method === "PUT" || method === "PATCH") body = "";

	const result: RequestOptions = { method, url, headers };
	if (body !== undefined) result.body = body;
	// A shallow copy: what a plugin put in `request` (a context object, a signal, a fetch)
	// arrives as itself, as in octokit, and may be circular.
	if (request !== null && typeof request === "object" && Object.keys(request).length > 0) {
		result.request = isPlainObject(request) ? copyOwn(request) : request;
	}
	return result;
}

/** The accept header for a media type's `format` and, to GraphQL only, its `previews`. */
function mediaTypeAccept(accept: string, mediaType: Bag, url: string): string {
	if (accept.toLowerCase().includes("application/octet-stream")) return accept;
	const format = String(mediaType.format || "");
	// `application/vnd.github[.v3][.raw][+json]` becomes `application/vnd.github[.v3].<format>`.
	// A function, not a `$1` pattern: a `$` in the format is text.
	if (format)
		accept = accept.replace(
			/(application\/vnd\.\w+(?:\.v3)?)(?:\.\w+)?(?:\+json)?(?=,|$)/g,
			(_, kept) => `${kept}.${format}`,
		);
	// As in @octokit/endpoint 11, previews are sent to GraphQL only: every REST preview has
	// graduated, and REST routes that still want one carry it in their own accept header
	// (repos.listTopics). Names already in the accept header come first; none is removed.
	const previews = mediaType.previews;
	if (!url.endsWith("/graphql") || !Array.isArray(previews) || previews.length === 0) return accept;
	const suffix = format ? `.${format}` : "+json";
	return (accept.match(/(?<![\w-])[\w-]+(?=-preview)/g) ?? ([] as string[]))
		.concat(previews)
		.map((name) => `application/vnd.github.${name}-preview${suffix}`)
		.join(",");
}
