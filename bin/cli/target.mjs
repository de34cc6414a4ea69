// What a call goes to: `repos.get` (an endpoint method), or `GET /repos/{owner}/{repo}` (a
// route; when it is exactly a known method's route, that method, so the library validates it).
import { colonsToBraces, extractUrlVariableNames } from "#command-line";
import { dataForMethod, parametersOf } from "./data.mjs";
import { UsageError } from "./errors.mjs";
import { whereElse } from "./servers.mjs";
import { suggestMethods } from "./suggest.mjs";

const VERBS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"]);
const METHOD_NAME = /^(\w+)\.(\w+)$/;

/** Every `namespace.method` the client knows, for suggestions. */
export const allMethodNames = (client) =>
	Object.keys(client.rest).flatMap((namespace) => Object.keys(client.rest[namespace]).map((method) => `${namespace}.${method}`));

/** The endpoint method named `namespace.method`, or a usage error with the closest names. */
export function methodByName(client, name) {
	const match = METHOD_NAME.exec(name);
	const method = match ? client.rest[match[1]]?.[match[2]] : undefined;
	if (typeof method === "function") return method;
	// A method of another server's table: where it is, and the --server that reaches it.
	const elsewhere = match ? whereElse(name) : undefined;
	if (elsewhere) throw new UsageError(`unknown method ${name} in the table in use`, elsewhere);
	const suggestions = suggestMethods(name, allMethodNames(client));
	const isNamespace = !name.includes(".") && typeof client.rest[name] === "object";
	throw new UsageError(
		isNamespace ? `${name} is a namespace, not a method` : `unknown method ${name}`,
		isNamespace
			? `list its methods with: hublet ls ${name}`
			: suggestions.length > 0
				? `did you mean ${suggestions.join(", ")}?`
				: "find one with: hublet ls, or hublet find <path>",
	);
}

/** Whether the words start a call by route: `GET /path`, or a bare `/path` for GET. */
export const isRouteCall = (words) => words[0]?.startsWith("/") || (VERBS.has(words[0]?.toUpperCase()) && words.length > 1);

/**
`{ name, label, method, route, endpoint, call, paginateTarget }` for the words that name the call;
`rest` is what follows them (the parameters). A typed route that no method owns also has
`parameters(params)`, the parameters it is sent with, and `assertParameters(params)`, which
throws when a variable of its path has no value.
*/
export function resolveTarget(client, words) {
	if (isRouteCall(words)) {
		const bare = words[0].startsWith("/");
		const route = bare ? `GET ${words[0]}` : `${words[0].toUpperCase()} ${words[1]}`;
		const rest = words.slice(bare ? 1 : 2);
		const known = knownMethodForRoute(client, route);
		if (known) return { ...known, label: route, rest };
		const sent = withLiteralColons(route);
		return {
			label: route,
			route,
			rest,
			// Only a route with a colon expression takes its value: anything else would be sent.
			parameters: (params) => (sent === route ? params : { ...params, [COLON]: ":" }),
			endpoint: (params) => client.request.endpoint(sent, params),
			assertParameters: (params) => assertFilled(route, sent, params),
			call: (params) => client.request(sent, params),
			paginateTarget: sent,
		};
	}
	const name = words[0];
	const method = methodByName(client, name);
	return { name, label: name, method, route: method.route, rest: words.slice(1), endpoint: method.endpoint, call: (params) => method(params), paginateTarget: method };
}

/**
A route written exactly as one of the table's: the current method that owns it. A concrete
path (`/repos/octokit/rest.js`) is left to `client.request`, which sends it as written.
*/
function knownMethodForRoute(client, route) {
	const bareRoute = (text) => text.replace(/\{\?[^}]*\}$/, "");
	const found = client.findRoutes(route).find((info) => !info.deprecated && bareRoute(info.route) === route);
	if (!found) return undefined;
	const method = client.rest[found.namespace][found.method];
	return { name: `${found.namespace}.${found.method}`, method, route: found.route, endpoint: method.endpoint, call: (params) => method(params), paginateTarget: method };
}

/*
A colon in a typed path is sent as typed (`compare/main...octocat:feature`), not read as
octokit's old `:name` placeholder, which the client's expander would fill or drop: each `:word`
becomes `{+COLON}word`, an expression whose one value is ":". The name starts with NUL, which no
name=value can hold (the command line has no NUL), so it never meets a user's parameter.
*/
const COLON = "\0colon";
function withLiteralColons(route) {
	const space = route.indexOf(" ");
	return route.slice(0, space + 1) + colonsToBraces(route.slice(space + 1), `{+${COLON}}$1`);
}

/*
A route that no method owns is not validated by the library, and an expression left unfilled
would vanish from the URL (`x{+q}y` → `/xy`, `{b,c}` → ``): the request would go to another
endpoint. So every variable of every RFC 6570 expression must have a value, found by the client's
own template parser. An empty string or list leaves a path segment out, so it counts as missing
there; in a form-style query (`{?q}`) it is a value.
*/
function assertFilled(route, sent, params) {
	const url = sent.slice(sent.indexOf(" ") + 1);
	const inPath = new Set(extractUrlVariableNames(url, true));
	const missing = extractUrlVariableNames(url).filter((name) => isUnset(params[name]) || (inPath.has(name) && isEmpty(params[name])));
	if (missing.length > 0) {
		throw new UsageError(
			`missing path parameter${missing.length > 1 ? "s" : ""} for ${route}: ${missing.join(", ")}`,
			`nothing was sent; give ${missing.map((name) => `${name}=…`).join(" ")}, or percent-encode a brace to send it as typed (%7B, %7D)`,
		);
	}
}

// As the template expander reads values: null and undefined are unset, and so is a list or an
// object with no member that has a value.
const isUnset = (value) =>
	value === undefined || value === null || (typeof value === "object" && !ArrayBuffer.isView(value) && Object.values(value).every((member) => member === undefined || member === null));
const isEmpty = (value) => value === "";

/**
The names a call made of `words` takes: its method's path, required, query and body parameters,
or for a route no method owns, its template's variables and those of the method whose route
matches it. Empty when the words name no call.
*/
export function parameterNamesOf(client, words) {
	let target;
	try {
		target = resolveTarget(client, words);
	} catch {
		return [];
	}
	const methodNames = (name, method) => [
		...extractUrlVariableNames(method.route.split(" ")[1]),
		...method.required.map((required) => required.split(".")[0]),
		...parametersOf(dataForMethod(client, name, method)?.name ?? name).map((parameter) => parameter.name),
	];
	if (target.method) return methodNames(target.name, target.method);
	const names = extractUrlVariableNames(target.paginateTarget.slice(target.paginateTarget.indexOf(" ") + 1)).filter((name) => name !== COLON);
	const [match] = client.findRoutes(target.route).filter((info) => !info.deprecated);
	return match ? [...names, ...methodNames(`${match.namespace}.${match.method}`, client.rest[match.namespace][match.method])] : names;
}
