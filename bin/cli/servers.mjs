// The servers' route tables in the command: --server and HUBLET_SERVER (the library's `server`
// option), where a method exists (for describe), and `hublet diff` between two servers.
import { Hublet } from "@hublet/rest";
import { UsageError } from "./errors.mjs";
import { write } from "./output.mjs";

/** `--server`, else `HUBLET_SERVER`, else none (api.github.com's table, nothing checked). */
export const serverFrom = (options, env = process.env) => options.server ?? (env.HUBLET_SERVER || undefined);

const quiet = { debug() {}, info() {}, warn() {}, error() {} };

/** A client over `server`'s table, for reading it; a usage error (that lists the servers) for a name the library does not take. */
export function tableClient(server) {
	try {
		return new Hublet({ server, log: quiet });
	} catch (error) {
		if (error instanceof TypeError) throw new UsageError(error.message.replace("the `server` option", "a server"));
		throw error;
	}
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
export async function diff(words, { stdout = process.stdout, status } = {}) {
	if (words.length !== 2) throw new UsageError("diff takes two servers", "usage: hublet diff <server> <server>, such as hublet diff ghes-3.17 ghes-3.19");
	if (words.includes("auto")) throw new UsageError("diff compares two named servers, not auto", "such as: hublet diff ghes-3.17 ghes-3.19");
	const [before, after] = words.map((server) => methodsOf(tableClient(server)));
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
