// `hublet ls`, `hublet describe` and `hublet find`: the table, read through the public API
// (Object.keys, .route, .required, .deprecated, findRoutes), offline.
import { extractUrlVariableNames } from "#command-line";
import { dataForMethod, parametersOf } from "./data.mjs";
import { EXIT, UsageError } from "./errors.mjs";
import { write } from "./output.mjs";
import { closest } from "./suggest.mjs";
import { methodByName } from "./target.mjs";
import { availabilityOf, namespaceElsewhere, namespacesElsewhere } from "./servers.mjs";

/** Two columns, the first padded to its widest cell. */
const columns = (rows) => {
	const width = Math.max(0, ...rows.map(([first]) => first.length));
	return rows.map(([first, ...rest]) => [first.padEnd(width), ...rest].join("  ").trimEnd()).join("\n");
};

/**
`hublet ls`: the namespaces; `hublet ls repos`: its methods and their routes. `table` is the
table the client reads and `auto` whether it stands in for a server not asked yet: a namespace
only other tables have (`enterpriseAdmin`, on GitHub Enterprise) is named with the --server that
reaches it, under `auto` in the list too.
*/
export async function list(client, words, { stdout, table = "api.github.com", auto = false }) {
	if (words.length > 1) throw new UsageError("ls takes at most one namespace", "usage: hublet ls [namespace]");
	// A namespace whose methods are all another server's is listed by none of its keys.
	const namespaces = Object.keys(client.rest).filter((name) => Object.keys(client.rest[name]).length > 0).sort();
	const [namespace] = words;
	if (namespace === undefined) {
		const rows = namespaces.map((name) => [name, `${Object.keys(client.rest[name]).length} methods`]);
		const elsewhere = auto ? namespacesElsewhere(table) : [];
		const others = elsewhere.length ? `# not in ${table}'s table:\n${columns(elsewhere)}\n` : "";
		return write(stdout, `${columns(rows)}\n${others}`);
	}
	if (!namespaces.includes(namespace)) {
		const where = namespaceElsewhere(namespace, table);
		if (where) throw new UsageError(`namespace ${namespace} is not in ${table}'s table${auto ? " (--server auto, before any server answered)" : ""}`, `it is ${where}`);
		const suggestions = closest(namespace, [...namespaces, ...namespacesElsewhere(table).map(([name]) => name)]);
		throw new UsageError(
			`unknown namespace ${namespace}`,
			namespace.includes(".") ? `to see one method: hublet describe ${namespace}` : suggestions.length ? `did you mean ${suggestions.join(", ")}?` : "see: hublet ls",
		);
	}
	const methods = client.rest[namespace];
	const rows = Object.keys(methods)
		.sort()
		.map((name) => [`${namespace}.${name}`, methods[name].route, methods[name].deprecated ? "(deprecated)" : ""]);
	return write(stdout, `${columns(rows)}\n`);
}

const PLACEHOLDER = (name) => name.toUpperCase().replace(/[^A-Z0-9]+/g, "_");

/** `hublet describe repos.get`: what a call needs and where it is documented. */
export async function describe(client, words, { stdout }) {
	if (words.length !== 1) throw new UsageError("describe takes one method", "usage: hublet describe <namespace>.<method>");
	const [name] = words;
	const method = methodByName(client, name);
	// A method the client's server (--server) lacks: where it is instead.
	if (method.notAvailable) throw new UsageError(method.notAvailable, "see: hublet diff, or describe it with --server set to one of those");
	const data = dataForMethod(client, name, method);
	const template = method.route.split(" ")[1];
	const path = extractUrlVariableNames(template, true);
	const query = extractUrlVariableNames(template).filter((variable) => !path.includes(variable));
	const required = [...method.required, ...method.requiredWhen.map((param) => `${param} (when ${param.split(".")[0]} is given)`)];
	const renamed = /renamed to octokit\.(?:rest\.)?(\w+\.\w+)\(\)/.exec(method.deprecated ?? "")?.[1];

	const rows = [["route", method.route]];
	if (path.length) rows.push(["path", path.join(", ")]);
	if (query.length) rows.push(["query", query.join(", ")]);
	rows.push(["required", required.length ? required.join(", ") : "none"]);
	if (data) rows.push(["paginates", data.paginates ? "yes" : "no"]);
	// A name reached through a renamed namespace (gitdata.getCommit) has a current one.
	const current = renamed ?? (data && data.name !== name ? data.name : undefined);
	if (current) rows.push(["renamed", `to ${current}`]);
	else if (method.deprecated) rows.push(["deprecated", method.deprecated]);
	if (data?.docs) rows.push(["docs", data.docs]);
	const servers = availabilityOf(name, method);
	if (servers) rows.push(["available on", servers.join(", ")]);

	// The example shows the name to use from now on.
	const example = [
		`hublet ${current ?? name}`,
		...method.required.filter((param) => !param.includes(".")).map((param) => `${param}=${PLACEHOLDER(param)}`),
		...(data?.paginates ? ["--paginate"] : []),
	].join(" ");
	const title = data?.summary ? `${name}: ${data.summary}` : name;
	const body = columns(rows).replaceAll(/^/gm, "  ");
	const parameters = parameterTable(parametersOf(data?.name ?? name));
	return write(stdout, `${title}\n${body}\n${parameters}\nExample:\n  ${example}\n`);
}

/**
The query and body parameters, optional ones included, one a line: name, where it goes, and its
type (the values of an enum), marked when required and with GitHub's default. Empty for none.
*/
function parameterTable(parameters) {
	if (parameters.length === 0) return "";
	const rows = parameters.map(({ name, where, type, required, default: fallback }) => [
		name,
		`${where.padEnd(5)}  ${type}${required ? ", required" : ""}${fallback !== undefined ? ` (default: ${fallback})` : ""}`,
	]);
	return `\nParameters (name=value; name:=json for numbers, booleans, lists and objects):\n${columns(rows).replaceAll(/^/gm, "  ")}\n`;
}

/** `hublet find /repos/octokit/rest.js/issues`: the methods whose route matches; none exits 1, as grep does. */
export async function find(client, words, { stdout, status }) {
	if (words.length === 0) throw new UsageError("find takes a path", "usage: hublet find [VERB] <path>, such as hublet find /repos/octokit/rest.js/issues");
	const query = words.join(" ");
	const found = client.findRoutes(query);
	if (found.length === 0) {
		status.notice(`no method's route matches ${query}`);
		return EXIT.request;
	}
	const rows = found.map((info) => [`${info.namespace}.${info.method}`, info.route, info.deprecated ? "(deprecated)" : ""]);
	return write(stdout, `${columns(rows)}\n`);
}
