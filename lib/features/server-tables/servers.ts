import type { AvailabilityData } from "./availability.js";
import type { ServerTable } from "./table.js";
import { cannotLoad, ownServerFile, requireOwn } from "./require-own.js";
import { importOwnFile } from "../../common/own-location.js";
import { shownValue } from "../../common/objects.js";

/*
The servers whose tables ship in dist/servers/ (scripts/build.mjs writes one module per table the
generator made, and SERVERS below must name the same), and how the client loads one: at once for
the `server` option (require() of an ES module, Node 20.19 and later), or on the first response
for `server: "auto"` (a dynamic import). Either finds them by the package's own name
(`@hublet/rest/servers/<name>`, require-own.ts); a program bundled by a bundler has no such files, and imports its
table from "@hublet/rest/servers/<name>" for `Hublet.withRoutes(table)` instead.
*/

/** Every server with a table, Enterprise Server versions oldest first. api.github.com's is the client's own. */
export const SERVERS = ["api.github.com", "ghec", "ghes-3.17", "ghes-3.18", "ghes-3.19"];
// A function rather than a constant: a call at the top level would keep this module in every bundle of dist/core.js.
const ghesNames = () => SERVERS.filter((name) => name.startsWith("ghes-"));

// The package's own name: `import()` of it from dist/core.js resolves to this package's dist/servers/.
const specifierOf = (name: string) => `@hublet/rest/servers/${name}`;

const bundledAdvice = (name: string) =>
	`import the table instead: import table from "@hublet/rest/servers/${name}" and use Hublet.withRoutes(table)`;

/** A module of dist/servers/ loaded at once; a TypeError that says what to do when it cannot be. */
export function requireServerModule<T>(name: string): T {
	let required: { default: T };
	try {
		required = requireOwn(specifierOf(name));
	} catch (error) {
		throw cannotLoad(name, error);
	}
	return required.default;
}

/** A table of dist/servers/ loaded on demand (auto mode); rejects with the same advice. */
export async function importServerTable(name: string): Promise<ServerTable> {
	try {
		const loading = importOwnFile<{ default: ServerTable }>(ownServerFile(specifierOf(name)));
		if (!loading) throw new Error("no file of @hublet/rest beside this code (a bundle?)");
		return (await loading).default;
	} catch (error) {
		throw new TypeError(
			`Could not load the route table of ${name} (${(error as Error).message.split("\n")[0]}); ${bundledAdvice(name)}`,
		);
	}
}

export const requireAvailability = () => requireServerModule<AvailabilityData>("availability");

/** Whether a table is a server's (from `@hublet/rest/servers/…`). */
export const isServerTable = (table: unknown): table is ServerTable =>
	typeof (table as Partial<ServerTable> | undefined)?.server === "string" &&
	typeof (table as Partial<ServerTable>).availability === "object";

/** Whether `name` is a server the `server` option takes (besides "auto"). */
export const isServerName = (name: unknown): name is string => typeof name === "string" && SERVERS.includes(name);

/**
The table for what `x-github-enterprise-version` says (`3.17.4`): that version's, the newest
when the server is newer than every table (with a warning), or none when it is older than
every table (with a warning that calls are not checked).
*/
export function tableForVersion(version: string): { name?: string; warning?: string } {
	const match = /^(\d+)\.(\d+)/.exec(version.trim());
	if (!match)
		return {
			warning:
				`x-github-enterprise-version "${version}" is not a version: calls are not checked against the ` +
				`server's route table`,
		};
	const wanted = `ghes-${Number(match[1])}.${Number(match[2])}`;
	const GHES = ghesNames();
	if (GHES.includes(wanted)) return { name: wanted };
	const rank = (name: string) => name.slice(5).split(".").map(Number);
	const [major, minor] = [Number(match[1]), Number(match[2])];
	const newest = GHES[GHES.length - 1];
	const [newestMajor, newestMinor] = rank(newest);
	if (major > newestMajor || (major === newestMajor && minor > newestMinor)) {
		return {
			name: newest,
			warning:
				`GitHub Enterprise Server ${version} is newer than every route table this version of ` +
				`@hublet/rest ships: calls are checked against ${newest}'s`,
		};
	}
	return {
		warning:
			`GitHub Enterprise Server ${version} is older than every route table this version of @hublet/rest ` +
			`ships (the oldest is ${GHES[0]}): calls are not checked against it`,
	};
}

/** The `server` option's problem, or undefined: "auto", a name of SERVERS, or another "ghes-<major>.<minor>". */
export function serverOptionProblem(option: unknown): string | undefined {
	if (option === "auto" || isServerName(option) || (typeof option === "string" && /^ghes-\d+\.\d+$/.test(option)))
		return undefined;
	return (
		`Expected the \`server\` option to be "auto" or one of ` +
		`${SERVERS.map((name) => `"${name}"`).join(", ")}; got ${shownValue(option)}`
	);
}
