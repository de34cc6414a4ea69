// The tables of the other servers GitHub describes (servers/<name>.json, written by
// scripts/generate-routes.mjs): each is committed as its difference from routes.json, and read
// back whole here, for the build and the tests.
import { readdirSync, readFileSync } from "node:fs";

const ROOT = new URL("../", import.meta.url);

/** routes.json, the plain table of api.github.com. */
export const readBaseTable = () => JSON.parse(readFileSync(new URL("routes.json", ROOT), "utf8"));

/** The committed differences, `{ name: difference }`, in version order (ghec, ghes-3.17, …). */
export function readServerDifferences() {
	const out = {};
	const names = readdirSync(new URL("servers/", ROOT))
		.filter((file) => file.endsWith(".json"))
		.map((file) => file.slice(0, -".json".length))
		.sort((a, b) => a.localeCompare(b, "en", { numeric: true }));
	for (const name of names) out[name] = JSON.parse(readFileSync(new URL(`servers/${name}.json`, ROOT), "utf8"));
	return out;
}

/** A server's whole plain table: routes.json without the names it lacks, with its own rows. */
export function applyDifference(base, difference) {
	const namespaces = structuredClone(base.namespaces);
	for (const [ns, methods] of Object.entries(difference.removed)) {
		for (const m of methods) delete namespaces[ns][m];
		if (Object.keys(namespaces[ns]).length === 0) delete namespaces[ns];
	}
	for (const [ns, rows] of Object.entries(difference.namespaces)) Object.assign((namespaces[ns] ??= {}), rows);
	const sorted = {};
	for (const ns of Object.keys(namespaces).sort()) {
		sorted[ns] = {};
		for (const m of Object.keys(namespaces[ns]).sort()) sorted[ns][m] = namespaces[ns][m];
	}
	return { source: difference.source, namespaces: sorted, renamedNamespaces: base.renamedNamespaces };
}

/**
The availability index (lib/features/server-tables/availability.ts reads it): the servers in bit
order, and the names not found on every server grouped by the bits of the servers that have them.
*/
export function availabilityIndex(tables) {
	const servers = Object.keys(tables);
	const bitsOf = new Map();
	servers.forEach((server, index) => {
		for (const [ns, rows] of Object.entries(tables[server].namespaces)) {
			for (const m of Object.keys(rows)) bitsOf.set(`${ns}.${m}`, (bitsOf.get(`${ns}.${m}`) ?? 0) | (1 << index));
		}
	});
	const everywhere = (1 << servers.length) - 1;
	const groups = new Map();
	for (const name of [...bitsOf.keys()].sort()) {
		const bits = bitsOf.get(name);
		if (bits === everywhere) continue;
		const [ns, m] = name.split(".");
		if (!groups.has(bits)) groups.set(bits, new Map());
		const byNamespace = groups.get(bits);
		if (!byNamespace.has(ns)) byNamespace.set(ns, []);
		byNamespace.get(ns).push(m);
	}
	const methods = {};
	for (const bits of [...groups.keys()].sort((a, b) => a - b)) {
		methods[bits] = [...groups.get(bits)].map(([ns, ms]) => `${ns}.${ms.join(",")}`).join(" ");
	}
	return { servers, methods };
}

/** Every table by server name: api.github.com's first, then the others in version order. */
export function readAllTables() {
	const base = readBaseTable();
	const tables = { "api.github.com": base };
	for (const [name, difference] of Object.entries(readServerDifferences())) tables[name] = applyDifference(base, difference);
	return tables;
}
