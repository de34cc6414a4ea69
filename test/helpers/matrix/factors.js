// The matrix's factors: each feature of lib/features/ on and off (a level that turns one on names
// its folder), each auth kind, each entry and each call form. A new feature folder joins the
// matrix by a level here; test/feature-matrix.test.js fails on a folder that no cell turns on.

const level = (name, folder) => ({ name, folder });

export const FACTORS = [
	{ name: "entry", levels: [level("full"), level("core"), level("override")] },
	{
		name: "call",
		levels: [level("rest"), level("request"), level("paginate", "paginate"), level("iterator", "paginate"), level("graphql"), level("mock"), level("cli")],
	},
	{
		name: "auth",
		levels: [level("none"), level("token"), level("function", "legacy-auth"), level("strategy"), level("app"), level("basic", "legacy-auth"), level("defaults")],
	},
	// `memory`: `cache: true`; `store`: a Keyv-style store of the program's (a Map).
	{ name: "cache", levels: [level("off"), level("memory", "cache"), level("store", "cache")] },
	// `default`: the retry feature as it comes; `flaky`: the server fails the first GET with a 503 and `retry` is tuned to retry at once.
	{ name: "retry", levels: [level("default", "retry"), level("off"), level("flaky", "retry")] },
	{ name: "rateLimit", levels: [level("off"), level("local", "rate-limits"), level("store", "rate-limits")] },
	// `option`: `request.proxy`; `env`: HTTP_PROXY, as curl and gh read it.
	{ name: "proxy", levels: [level("off"), level("option", "proxy"), level("env", "proxy")] },
	// `name`: `server: "ghes-3.17"`; `auto`: the server says its version; `withRoutes`: `Hublet.withRoutes(table)`.
	{ name: "server", levels: [level("off"), level("name", "server-tables"), level("auto", "server-tables"), level("withRoutes", "server-tables")] },
	{ name: "requestLog", levels: [level("on", "request-log"), level("off")] },
	// DEBUG is read once per process: the cells with it on run in a process of their own.
	{ name: "debug", levels: [level("off"), level("on", "debug")] },
	{ name: "findRoutes", levels: [level("unused"), level("used", "find-routes")] },
	// The order a program plugs the features in: as listed in cell.js, or the other way round. A
	// feature that works only after another (route search over a server's table) fails a reversed cell.
	{ name: "order", levels: [level("listed"), level("reversed")] },
];

/**
Whether a cell (some factors possibly not chosen yet) can be made. The command line is a client
of the full entry that takes what its environment and flags say: a token, DEBUG, HTTP_PROXY,
HUBLET_RETRY, --server; its own log prints no request line. Everything else combines.
*/
export function validCell(cell) {
	if (cell.call !== "cli") return true;
	const allowed = {
		entry: ["full"],
		auth: ["none", "token"],
		cache: ["off"],
		rateLimit: ["off"],
		proxy: ["off", "env"],
		server: ["off", "name", "auto"],
		requestLog: ["on"],
		order: ["listed"],
	};
	return Object.entries(allowed).every(([factor, levels]) => cell[factor] === undefined || levels.includes(cell[factor]));
}

/** The feature folders a cell turns on. */
export function foldersOf(cell) {
	return FACTORS.flatMap((factor) => factor.levels.filter((candidate) => candidate.name === cell[factor.name] && candidate.folder).map((candidate) => candidate.folder));
}

/** A cell's name: its levels, the ones that are not off. */
export const cellName = (cell) =>
	FACTORS.map((factor) => `${factor.name}=${cell[factor.name]}`)
		.filter((part) => !/=(off|none|unused|listed)$/.test(part))
		.join(" ");
