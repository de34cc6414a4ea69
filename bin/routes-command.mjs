// `hublet routes …` and the older `hublet-routes …`: writes a route subset, the rows of
// routes.json for the methods a program uses, for `Hublet.withRoutes()` from
// "@hublet/rest/core". Names come from the arguments (`repos.get issues.listForRepo`) and
// from scanning files or folders given with --scan. A subset is written in the plain shape,
// one `[route, decorations?]` row per method, which reads (and types) well in a user's
// repository; the rows come from the public API, `decodeRoutes(Hublet.routes)`.
import { readFileSync, readdirSync, statSync, writeFileSync } from "node:fs";
import { join, resolve as resolvePath } from "node:path";
import { Hublet, decodeRoutes } from "@hublet/rest";
import { CommandHublet } from "./cli/client-class.mjs";
import { UsageError } from "./cli/errors.mjs";
import { scanCalls, unseenNotice } from "./cli/scan-calls.mjs";
import { scanFilter } from "./cli/scan-ignore.mjs";
import { TABLES, tableClient, warningsTo } from "./cli/servers.mjs";
import { createStatus, stderrLine } from "./cli/stderr.mjs";

export const routesUsage = `Usage: hublet routes [namespace.method …] [--scan <file-or-folder> …] [--out <file>] [--server <name>]

Writes the rows of the route table for the named methods (renamed namespaces such as gitdata
resolve) as JSON, to --out or standard output. --scan finds \`rest.<namespace>.<method>\`,
\`<client>.<namespace>.<method>\`, \`rest["namespace"]\`, namespaces and methods taken apart
(\`const { repos } = client.rest\`), and the route strings of request() and paginate() in .js,
.mjs, .cjs, .ts, .mts and .cts files, and says on stderr how many calls it could not read (a
name computed at run time, a route that is not a string literal); in a folder, it skips node_modules, dist, out, build, hidden entries and what the folder's
.gitignore lists.
With --server (or HUBLET_SERVER) the rows are that server's (ghec, ghes-3.17, …), and every
named or scanned method the server lacks is listed on stderr, with where it exists: the
command then writes nothing and exits 1, so that CI can guard an app that must run there.

Examples:
  hublet routes repos.get issues.listForRepo > src/github-routes.json
  hublet routes --scan src --out src/github-routes.json
  hublet routes --scan src --server ghes-3.17 > /dev/null`;

const SOURCE = /\.(?:[cm]?js|[cm]?ts)$/;

/**
Runs the command; resolves with its exit code (0 written, 1 unknown names, 2 usage). It reads
HUBLET_SERVER from `env`, and relative paths (--scan, --out) from `cwd`, never from the process.
*/
export async function runRoutesCommand(args, { stdout, stderr, env = {}, cwd }) {
	if (args.length === 0 || args.includes("--help") || args.includes("-h")) {
		(args.length === 0 ? stderr : stdout).write(`${routesUsage}\n`);
		return args.length === 0 ? 2 : 0;
	}
	// The full client's table, or the server's, every row in the plain shape that a subset holds.
	const server = serverArgument(args) ?? (env.HUBLET_SERVER || undefined);
	const status = createStatus(stderr, stdout);
	const here = (path) => (cwd === undefined ? path : resolvePath(cwd, path));
	const elsewhere = server === undefined ? undefined : await serverTables(server, stderr, status);
	if (elsewhere === null) return 2;
	const table = decodeRoutes(elsewhere?.table ?? Hublet.routes);
	const renamedNamespaces = table.renamedNamespaces ?? {};
	const resolve = (namespace, method) => {
		const current = Object.hasOwn(table.namespaces, namespace) ? namespace : renamedNamespaces[namespace];
		return current && Object.hasOwn(table.namespaces, current) && Object.hasOwn(table.namespaces[current], method) ? [current, method] : undefined;
	};
	const entry = (namespace, method) => table.namespaces[namespace][method];
	const names = new Set();
	// A folder is read without its dependencies, build output, hidden entries and what its
	// .gitignore lists (bin/cli/scan-ignore.mjs); a file named on the command line is read.
	const scan = (path, ignored = statSync(path).isDirectory() ? scanFilter(path) : undefined, relative = "") => {
		if (statSync(path).isDirectory()) {
			for (const entry of readdirSync(path, { withFileTypes: true })) {
				const child = relative ? `${relative}/${entry.name}` : entry.name;
				if (!ignored(child, entry.isDirectory())) scan(join(path, entry.name), ignored, child);
			}
			return;
		}
		if (!SOURCE.test(path)) return;
		const found = scanCalls(readFileSync(path, "utf8"), isNamespace);
		for (const name of found.names) {
			const [namespace, method] = name.split(".");
			if (resolve(namespace, method) || elsewhere?.availableOn(namespace, method)) names.add(name);
		}
		// A route string counts as the method whose route it is, in this table or another.
		for (const route of found.routes) {
			const name = methodOfRoute(route);
			if (name && (resolve(...name.split(".")) || elsewhere?.availableOn(...name.split(".")))) names.add(name);
		}
		unseen.computed += found.unseen.computed;
		unseen.route += found.unseen.route;
	};
	const unseen = { computed: 0, route: 0 };
	const isNamespace = (name) =>
		(Object.hasOwn(table.namespaces, name) || Object.hasOwn(renamedNamespaces, name) || elsewhere?.hasNamespace(name)) === true;
	// The table in use first, then every other table the package has (for a route the server lacks).
	const methodOfRoute = (route) => {
		const bare = route.replace(/\{[?&][^}]*\}/g, "").replace(/\?.*$/, "");
		for (const client of [elsewhere?.client ?? new CommandHublet({ log: warningsTo(status) }), ...TABLES.map((name) => tableClient(name, status))]) {
			const [found] = client.findRoutes(bare).filter((info) => !info.deprecated);
			if (found) return `${found.namespace}.${found.method}`;
		}
		return undefined;
	};

	let out;
	for (let index = 0; index < args.length; index += 1) {
		const arg = args[index];
		if (arg === "--server") index += 1;
		else if (arg === "--scan" || arg === "--out") {
			const value = args[++index];
			if (value === undefined) {
				stderr.write(`hublet routes: ${stderrLine(arg)} needs a value\n`);
				return 2;
			}
			if (arg === "--scan") scan(here(value));
			else out = here(value);
		} else if (arg.startsWith("-")) {
			stderr.write(`hublet routes: unknown option ${stderrLine(arg)}\n`);
			return 2;
		} else names.add(arg);
	}

	const subset = { source: `${table.source} (subset)`, namespaces: {} };
	const unknown = [];
	const lacking = [];
	for (const name of [...names].sort()) {
		const [namespace, method] = name.split(".");
		const found = resolve(namespace, method);
		if (!found) {
			const servers = elsewhere?.availableOn(namespace, method);
			if (servers) lacking.push(`  ${name}  (${servers.join(", ")})`);
			else unknown.push(name);
			continue;
		}
		const [current] = found;
		const row = entry(current, method);
		(subset.namespaces[current] ??= {})[method] = row;
		// A renamed method's row names its successor, which the program may call next.
		const renamed = row[1]?.renamed;
		if (renamed) (subset.namespaces[renamed[0]] ??= {})[renamed[1]] = entry(...renamed);
		if (current !== namespace) (subset.renamedNamespaces ??= {})[namespace] = current;
	}
	stderr.write(unseenNotice(unseen));
	if (lacking.length) stderr.write(`hublet routes: ${stderrLine(server)} lacks ${lacking.length} method${lacking.length === 1 ? "" : "s"} the program calls:\n${lacking.map(stderrLine).join("\n")}\n`);
	if (unknown.length) stderr.write(`hublet routes: unknown methods: ${stderrLine(unknown.join(", "))}\n`);
	if (lacking.length || unknown.length) return 1;
	const json = `${JSON.stringify(subset)}\n`;
	if (out) writeFileSync(out, json);
	else stdout.write(json);
	return 0;
}

/** The value of --server, if given. */
function serverArgument(args) {
	const at = args.indexOf("--server");
	return at === -1 ? undefined : (args[at + 1] ?? "");
}

/**
`server`'s table (api.github.com's is the client's own) and where any method exists, through
the library's `server` option; null, after a line on stderr, for a name it does not take.
*/
async function serverTables(server, stderr, status) {
	let client;
	try {
		client = tableClient(server, status);
	} catch (error) {
		if (!(error instanceof UsageError)) throw error;
		stderr.write(`hublet routes: ${stderrLine(error.message)}\n${stderrLine(error.hint)}\n`);
		return null;
	}
	const table = server === "api.github.com" ? undefined : (await import(`@hublet/rest/servers/${server}`)).default;
	return {
		client,
		table,
		availableOn: (namespace, method) => client.rest[namespace]?.[method]?.availableOn,
		hasNamespace: (namespace) => typeof client.rest[namespace] === "object",
	};
}
