/*
Where each method exists, across the servers GitHub describes: the availability index that
scripts/build.mjs writes to dist/servers/availability.js. A method found on every server is
not listed; the others are grouped by the set of servers that have them, one bit per server in
the order of `servers`, each group one line of `namespace.method1,method2` words. 23.6 KB, 5.1 KB
gzip on 2026-11-25: it is loaded with a server table, never by a client without one.
*/

export interface AvailabilityData {
	/** The servers, in bit order: `["api.github.com", "ghec", "ghes-3.17", …]`. */
	servers: string[];
	/** Bit set (as a decimal string) → `"namespace.method1,method2 namespace2.method3"`. */
	methods: Record<string, string>;
}

export interface Availability {
	servers: string[];
	/**
	The servers that have `namespace.method`, or `undefined` when no server lists it apart (then every
	server has it, if any does).
	*/
	listed(name: string): string[] | undefined;
	/** Whether some server has a listed method in `namespace`. */
	hasNamespace(namespace: string): boolean;
}

const parsed = new WeakMap<AvailabilityData, Availability>();

/** The index read once per data object, as a map from name to its servers. */
export function readAvailability(data: AvailabilityData): Availability {
	let availability = parsed.get(data);
	if (availability) return availability;
	let byName: Map<string, string[]> | undefined;
	const namespaces = new Set<string>();
	const build = () => {
		byName = new Map();
		for (const [bits, line] of Object.entries(data.methods)) {
			const servers = data.servers.filter((_, index) => (Number(bits) >> index) & 1);
			for (const word of line.split(" ")) {
				const [namespace, methods] = word.split(".");
				namespaces.add(namespace);
				for (const method of methods.split(",")) byName.set(`${namespace}.${method}`, servers);
			}
		}
		return byName;
	};
	availability = {
		servers: data.servers,
		listed: (name) => (byName ?? build()).get(name),
		hasNamespace: (namespace) => (byName ?? build(), namespaces.has(namespace)),
	};
	parsed.set(data, availability);
	return availability;
}

const isGhes = (server: string) => server.startsWith("ghes-");
const ghesVersion = (server: string) => server.slice("ghes-".length);

/** `ghes-3.17` → "GitHub Enterprise Server 3.17"; `ghec` → "GitHub Enterprise Cloud". */
export function serverTitle(server: string): string {
	if (isGhes(server)) return `GitHub Enterprise Server ${ghesVersion(server)}`;
	return server === "ghec" ? "GitHub Enterprise Cloud" : server;
}

/** Where a method exists, short: `["api.github.com", "ghec", "ghes>=3.18"]`. */
export function availableOn(all: string[], have: string[]): string[] {
	const out = have.filter((server) => !isGhes(server));
	const ghes = all.filter(isGhes);
	const present = ghes.filter((server) => have.includes(server));
	if (present.length === 0) return out;
	const first = ghes.indexOf(present[0]);
	const last = ghes.indexOf(present[present.length - 1]);
	const contiguous = last - first + 1 === present.length;
	if (contiguous && last === ghes.length - 1) out.push(`ghes>=${ghesVersion(present[0])}`);
	else if (contiguous && first === 0) out.push(`ghes<=${ghesVersion(present[present.length - 1])}`);
	else out.push(...present);
	return out;
}

/** "3.18 and later", "up to 3.17", "3.17" or "3.17 and 3.19": the versions of `ghes` (in order) that are `present`. */
function versionRange(ghes: string[], present: string[]): string {
	const versions = present.map(ghesVersion);
	const first = ghes.indexOf(present[0]);
	const last = ghes.indexOf(present[present.length - 1]);
	const contiguous = last - first + 1 === present.length;
	if (contiguous && last === ghes.length - 1) return `${versions[0]} and later`;
	if (contiguous && first === 0 && present.length > 1) return `up to ${versions[versions.length - 1]}`;
	if (versions.length === 1) return versions[0];
	return `${versions.slice(0, -1).join(", ")} and ${versions[versions.length - 1]}`;
}

/** "it is in 3.18 and later, and on api.github.com": where else a method is, seen from `server`. */
export function elsewhere(all: string[], have: string[], server: string): string {
	const parts: string[] = [];
	const ghes = all.filter(isGhes);
	const present = ghes.filter((name) => have.includes(name));
	if (present.length > 0) {
		const range = versionRange(ghes, present);
		parts.push(isGhes(server) ? `in ${range}` : `on GitHub Enterprise Server ${range}`);
	}
	for (const name of have) if (!isGhes(name)) parts.push(`on ${serverTitle(name)}`);
	if (parts.length === 0) return "no server GitHub describes has it";
	const list = parts.length === 1 ? parts[0] : `${parts.slice(0, -1).join(", ")}, and ${parts[parts.length - 1]}`;
	return `it is ${list}`;
}

/**
The NOT_AVAILABLE message for a method `server` lacks: "rest.dependabot.repositoryAccessForOrg is
not available on GitHub Enterprise Server 3.17: it is in 3.18 and later, …"; undefined when no
server lists it apart. The method form and the route form (route-check.ts) both say this.
*/
export function notAvailableMessage(
	availability: Availability,
	server: string,
	namespace: string,
	method: string,
): string | undefined {
	const have = availability.listed(`${namespace}.${method}`);
	return (
		have &&
		`rest.${namespace}.${method} is not available on ${serverTitle(server)}: ` +
			`${elsewhere(availability.servers, have, server)}`
	);
}
