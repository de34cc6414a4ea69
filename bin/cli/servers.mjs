// The servers' route tables in the command: --server and HUBLET_SERVER (the library's `server`
// option), where a method exists (for describe), and `hublet diff` between two servers.
import { CommandHublet } from "./client-class.mjs";
import availability from "@hublet/rest/servers/availability";
import { UsageError } from "./errors.mjs";
import { write } from "./output.mjs";

/** `--server`, else `HUBLET_SERVER`, else none (api.github.com's table, nothing checked). */
export const serverFrom = (options, env) => options.server ?? (env.HUBLET_SERVER || undefined);

/** The servers whose route tables the package ships: api.github.com, ghec, ghes-3.17, … */
export const TABLES = availability.servers;

/**
`server` when the package has its table (or `auto`, where the command follows the server's
answer); otherwise a usage error that lists the tables. The command never reads another
version's table under the name typed: `ghes-3.20` is not `ghes-3.19`.
*/
export function knownServer(server, { auto = false } = {}) {
	if ((auto && server === "auto") || TABLES.includes(server)) return server;
	throw new UsageError(
		`${JSON.stringify(server)} has no route table in this version of @hublet/rest${server === "auto" ? " here: this command reads one named table" : ""}`,
		`the tables: ${TABLES.join(", ")}${auto ? "; or --server auto, which picks the table from the server's answer and says which it used" : ""}`,
	);
}

/**
The library's warnings as notices on stderr: nothing the library says is lost. Without a status
(the clients kept across commands below, which only read a table) they are dropped: a client kept
for the next command must not write to this one's stderr.
*/
export const warningsTo = (status) => ({
	debug() {},
	info() {},
	warn(message) {
		status?.notice(`warning: ${message}`);
	},
	error() {},
});

/** A client over `server`'s table, for reading it; a usage error (that lists the tables) for a name without one. */
export function tableClient(server, status) {
	return new CommandHublet({ server: knownServer(server), log: warningsTo(status) });
}

/**
For `ls`, `describe` and `find` under `--server auto`: they read a table without asking the
server, so the table is api.github.com's, and they say so, on stderr and in the output's first line.
*/
export function noteTableInUse(options, { stdout, status, env }) {
	if (serverFrom(options, env) !== "auto") return;
	status.notice("--server auto: no server has answered, so this reads api.github.com's table; name one (--server ghes-3.17) to read its own");
	stdout.write("# table: api.github.com (--server auto)\n");
}

/**
Where an unknown method is, when another table has it: "it is on GitHub Enterprise Server 3.17
and later: pass --server ghes-3.17"; undefined when no table has it.
*/
export function whereElse(name) {
	const [namespace, method] = name.split(".");
	if (!/^\w+$/.test(namespace ?? "") || !/^\w+$/.test(method ?? "")) return undefined;
	index ??= tableClient("api.github.com");
	const found = index.rest[namespace]?.[method];
	const servers = found?.availableOn?.filter((server) => server !== "api.github.com");
	if (!found?.notAvailable || !servers?.length) return undefined;
	const flags = servers.map((server) => `--server ${/^ghes[<>]=/.test(server) ? `ghes-${server.slice(6)}` : server}`);
	return `${found.notAvailable.slice(found.notAvailable.indexOf(": ") + 2)}: pass ${flags.join(" or ")}`;
}

/** The table a client reads: the one named, or api.github.com's (with no --server, and under auto until a server answers). */
export const tableInUse = (options, env) => {
	const server = serverFrom(options, env);
	return server === undefined || server === "auto" ? "api.github.com" : server;
};

let namespaceIndex;
/** Each namespace (a Map, so no name is a prototype's) → the tables that have a method in it, in TABLES' order. */
function tablesByNamespace() {
	if (namespaceIndex) return namespaceIndex;
	namespaceIndex = new Map();
	for (const server of TABLES) {
		const { rest } = tableClient(server);
		for (const namespace of Object.keys(rest)) {
			if (Object.keys(rest[namespace]).length === 0) continue;
			if (!namespaceIndex.has(namespace)) namespaceIndex.set(namespace, []);
			namespaceIndex.get(namespace).push(server);
		}
	}
	return namespaceIndex;
}

/**
The tables as a person reads them, and the --server that reaches each: GHES versions that run on
to the newest table are one, its first ("ghes-3.17 and later").
*/
function describeTables(servers) {
	const ghes = TABLES.filter((server) => server.startsWith("ghes-"));
	const have = servers.filter((server) => server.startsWith("ghes-"));
	const runsOn = have.length > 0 && ghes.slice(ghes.indexOf(have[0])).every((server) => have.includes(server));
	const named = [...servers.filter((server) => !server.startsWith("ghes-")), ...(runsOn ? [have[0]] : have)];
	const text = named.map((server) => (runsOn && server === have[0] && server !== ghes.at(-1) ? `${server} and later` : server));
	return `on ${text.join(", ")}: pass ${named.map((server) => `--server ${server}`).join(" or ")}`;
}

/**
Where a namespace that the table in use lacks is ("on ghec, ghes-3.17 and later: pass --server
ghec or --server ghes-3.17"), or undefined when no other table has it either.
*/
export function namespaceElsewhere(namespace, inUse) {
	const servers = tablesByNamespace().get(namespace)?.filter((server) => server !== inUse);
	return servers?.length && !tablesByNamespace().get(namespace).includes(inUse) ? describeTables(servers) : undefined;
}

/** The namespaces the table in use lacks and another has, sorted, each with where it is. */
export function namespacesElsewhere(inUse) {
	return [...tablesByNamespace().keys()]
		.sort()
		.map((namespace) => [namespace, namespaceElsewhere(namespace, inUse)])
		.filter(([, where]) => where !== undefined);
}

let index;
/**
Where a method exists, as its `availableOn` says (read through a client over api.github.com's
table when the method's own client has none), or undefined when every server has it: most
methods, for which the line would only be noise.
*/
export function availabilityOf(name, method) {
	const [namespace, methodName] = name.split(".");
	index ??= tableClient("api.github.com");
	const servers = method.availableOn ?? index.rest[namespace]?.[methodName]?.availableOn;
	// repos.get is on every server: its list is what "everywhere" reads as.
	return servers && servers.join() !== index.rest.repos.get.availableOn.join() ? servers : undefined;
}

/** Every method of a client's table: name → `{ route, required }`. */
function methodsOf(client) {
	const methods = new Map();
	for (const namespace of Object.keys(client.rest)) {
		for (const name of Object.keys(client.rest[namespace])) {
			const method = client.rest[namespace][name];
			methods.set(`${namespace}.${name}`, { route: method.route, required: method.required.join(", ") || "none" });
		}
	}
	return methods;
}

/**
`hublet diff <server> <server>`: the methods the second has and the first lacks (+), the ones it
no longer has (-), and those whose route or required parameters changed (~), one per line,
sorted by name; a count on stderr. What an administrator reads before an upgrade.
*/
export async function diff(words, { stdout, status }) {
	if (words.length !== 2) throw new UsageError("diff takes two servers", "usage: hublet diff <server> <server>, such as hublet diff ghes-3.17 ghes-3.19");
	if (words.includes("auto")) throw new UsageError("diff compares two named servers, not auto", "such as: hublet diff ghes-3.17 ghes-3.19");
	for (const server of words) knownServer(server);
	const [before, after] = words.map((server) => methodsOf(tableClient(server, status)));
	const names = [...new Set([...before.keys(), ...after.keys()])].sort();
	const lines = [];
	const counts = { added: 0, removed: 0, changed: 0 };
	for (const name of names) {
		const [old, now] = [before.get(name), after.get(name)];
		if (!old) {
			counts.added += 1;
			lines.push(`+ ${name}  ${now.route}`);
		} else if (!now) {
			counts.removed += 1;
			lines.push(`- ${name}  ${old.route}`);
		} else if (old.route !== now.route || old.required !== now.required) {
			counts.changed += 1;
			if (old.route !== now.route) lines.push(`~ ${name}  route: ${old.route} -> ${now.route}`);
			if (old.required !== now.required) lines.push(`~ ${name}  required: ${old.required} -> ${now.required}`);
		}
	}
	status?.notice(`${words[0]} -> ${words[1]}: ${counts.added} added, ${counts.removed} removed, ${counts.changed} changed`);
	return write(stdout, lines.length ? `${lines.join("\n")}\n` : "");
}
