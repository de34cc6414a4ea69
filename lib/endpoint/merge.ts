import type { MergedOptions, RequestParameters, Route } from "../../types/endpoint.js";
import { copyOwn, isPlainObject, lowercaseKeys, setOwn, type Bag } from "../common/objects.js";

/** `route` and `parameters` over `defaults`, as @octokit/endpoint merges them: nothing is expanded or sent. */
export function merge(
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

	const result = copyOwn(base);
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

	const request = options.request;
	if (isPlainObject(base.request) || isPlainObject(request)) {
		result.request = mergeDeep(isPlainObject(base.request) ? base.request : {}, isPlainObject(request) ? request : {});
	} else if (request !== undefined) {
		result.request = request;
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
