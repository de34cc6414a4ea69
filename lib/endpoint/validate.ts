import type { MergedOptions, RequestOptions } from "../../types/endpoint.js";
import { RequestError } from "../common/errors.js";
import { ownValue } from "../common/objects.js";
import { colonsToBraces, expandTemplate, extractUrlVariableNames } from "./url-template.js";

/**
Whether a path parameter's value expands to nothing, so that the parameter is missing: `undefined`,
`null`, `""`, `[]`, `{}`, `[null]` or `[""]` would leave an empty path segment and send the request to
another endpoint (`issues.get` with `issue_number: []` to the list of issues). A composite is expanded
only when one is given; a value that cannot be text is there: expanding the URL says so, naming the
parameter.
*/
export function isEmptyPathValue(value: unknown): boolean {
	if (value == null || value === "") return true;
	if (typeof value !== "object" && typeof value !== "function") return false;
	try {
		return expandTemplate("{value}", { value }) === "";
	} catch {
		return false;
	}
}

/**
Whether `container` has the required parameter named by `keys` (`["author", "name"]` for
`author.name`), one that is not a path parameter. It is missing only when it is `undefined`: some
required body fields are nullable by design (`required_status_checks: null` turns a protection off).
Parameters are the object's own: `constructor` is not found on `Object.prototype`. `parent.child` is
checked only when `parent` is given; when `parent` is an array, every element is checked.
*/
export function hasPath(container: unknown, keys: string[]): boolean {
	if (Array.isArray(container)) return container.every((item) => hasPath(item, keys));
	// Only objects have named children; anything else is the server's to judge.
	if (typeof container !== "object" || container === null) return true;
	const [key, ...rest] = keys;
	const child = ownValue(container, key);
	// A parent that is absent or null makes its children optional.
	return rest.length > 0 ? child == null || hasPath(child, rest) : child !== undefined;
}

/**
A method's required parameters as it tells them (`method.required`, `findRoutes()`): those always
required, path parameters first, and apart from them those required only when their parent is
given (`author.name` when `author` is), so that a list of what to pass holds no conditional name.
*/
export function requiredLists(
	pathNames: readonly string[],
	otherNames: readonly string[],
): { required: string[]; requiredWhen: string[] } {
	return {
		required: pathNames.concat(otherNames.filter((name) => !name.includes("."))),
		requiredWhen: otherNames.filter((name) => name.includes(".")),
	};
}

/**
The path variables (`{owner}`, and the old `:owner`) of merged options' URL template that are
missing: sent, each would leave an empty segment and reach another endpoint (`GET /repos/o` for
`GET /repos/{owner}/{repo}` without `repo`). Query expressions (`{?name}`) are optional.
*/
export function missingPathParameters(merged: MergedOptions): string[] {
	const url = merged.url;
	if (typeof url !== "string") return [];
	// Only the path: the `:` of an absolute URL's scheme, port or `user:password@` is no variable.
	// Both cases are spelled out rather than flagged `i`: the first case-insensitive character class
	// a process compiles builds ICU's case tables (0.9 M instructions), at every client's first request.
	// A route ("/repos/{owner}/{repo}") has none, and V8 compiles a regular expression at its first
	// use (some 50 K instructions): it runs only on a URL with a scheme.
	const path = url.includes("://") ? url.replace(/^[a-zA-Z][a-zA-Z\d+.-]*:\/\/[^/]*/, "") : url;
	return extractUrlVariableNames(colonsToBraces(path), true).filter((name) => isEmptyPathValue(ownValue(merged, name)));
}

/** The error of a call that lacks required parameters: status 400, code `INVALID_REQUEST`, nothing sent. */
export function missingParametersError(label: string, missing: string[], request: RequestOptions): RequestError {
	// Each name quoted, by one join rather than a map.
	return new RequestError(
		`Missing required ${missing.length === 1 ? "parameter" : "parameters"} for ${label}: "${missing.join('", "')}"`,
		400,
		{ request },
	);
}
