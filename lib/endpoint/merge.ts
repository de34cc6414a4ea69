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
	// The rest of the options, without deletes, which would leave them a slow dictionary.
	const { headers, mediaType, request, ...rest } = options;
	const result = mergeDeep(base, rest);

	// Header names are lowercased before merging, so `Accept` replaces the default `accept`. Spread
	// defines each key, so a header named "__proto__" stays data.
	result.headers = { ...lowercaseKeys(base.headers), ...lowercaseKeys(headers) };

	/*
	As @octokit/endpoint 11 merges them: a given `format` or `previews` replaces the default's.
	Only when this merge's own url is exactly "/graphql" (how `graphql()` and
	`request.defaults({ url: "/graphql" })` arrive) do the previews add up, the defaults' first,
	each with its first "-preview" removed. Nothing else touches them: they are sent to GraphQL
	urls only (see parse). The arrays are copied, so no merge shares one with its inputs.
	*/
	if (base.mediaType !== undefined || mediaType !== undefined) {
		const merged = (result.mediaType = mergePlain(base.mediaType, mediaType));
		const previews: unknown[] = Array.isArray(merged.previews) ? merged.previews : [];
		if (rest.url === "/graphql") {
			const own = isPlainObject(mediaType) ? mediaType.previews : undefined;
			const inherited = base.mediaType?.previews;
			// The inherited previews first when the call gives its own, each without "-preview".
			merged.previews = (Array.isArray(own) && Array.isArray(inherited) ? inherited : [])
				.filter((name) => !previews.includes(name))
				.concat(previews)
				.map((name) => String(name).replace(/-preview/, ""));
		} else if (merged.previews === previews) merged.previews = previews.slice();
	}

	if (isPlainObject(base.request) || isPlainObject(request)) {
		result.request = mergePlain(base.request, request);
	} else if (request !== undefined) {
		result.request = request;
	}

	return result as MergedOptions;
}

/** A new object merged from two values, each taken only when it is a plain object. */
const mergePlain = (base: unknown, extra: unknown) =>
	mergeDeep(isPlainObject(base) ? base : {}, isPlainObject(extra) ? extra : {});

/**
A new object: `base`'s entries, then `extra`'s, as @octokit/endpoint's mergeDeep: only where
both hold a plain object under the same key is that object merged into a new one; every other
value is kept by reference, and an `undefined` one never overrides. So a circular value (a
plugin's context) is never walked when one side has it, is kept as it is when both sides hold
the same object, and, when each side holds its own, the walk ends where it meets an object it is
already inside.
*/
function mergeDeep(base: Bag, extra: Bag, inside: Bag[] = []): Bag {
	const result = copyOwn(base);
	for (const key of Object.keys(extra)) {
		const value = extra[key];
		const current = result[key];
		if (value === undefined) continue;
		// The same object on both sides is kept as it is: merging it with itself changes nothing.
		const merges = value !== current && isPlainObject(value) && isPlainObject(current) && !inside.includes(value);
		setOwn(result, key, merges ? mergeDeep(current, value, [...inside, extra]) : value);
	}
	return result;
}
