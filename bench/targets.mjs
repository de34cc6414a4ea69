// The bench's targets, in one place: the budgets of DESIGN §6 ("Budgets"), which the issue "A kernel
// the size of @octokit/core" set for the bundled apps and the unbundled first request. Each row of the
// table (harness/table.mjs) takes its targets from here by its key in bench/results.json; a row with
// no entry has no target. A target is `{ vs, max }`, a ratio of costs to "octokit" (the row's octokit
// column, which names what it holds) or "raw" (raw fetch), or `{ max }`, Hublet's own value. A wall
// time carries a target only as a ratio within the run: the machine's load moves its absolute value.
export const TARGETS = {
	// Bundled apps (esbuild --bundle --minify), Node's fetch to the loopback server, instructions over
	// a bare app making the same two requests with fetch, and their gzip bytes.
	bundledCoreRealIr: [{ vs: "octokit", max: 1.0 }], // ÷ @octokit/core + plugin-paginate-rest
	bundledCoreRealGzip: [{ vs: "octokit", max: 1.0 }], // the same
	bundledSubsetRealGzip: [{ vs: "octokit", max: 0.5 }], // 5-method route subset ÷ @octokit/rest's whole app
	bundledFullRealIr: [{ vs: "octokit", max: 0.9 }], // ÷ @octokit/rest
	bundledFullRealGzipVsAnchor: [{ vs: "octokit", max: 1.0 }], // ÷ @octokit/rest + plugin-retry + plugin-throttling
	// Bundle (b), the README's subset program (CommonJS), ÷ @octokit/rest's bundle (a): the same budget.
	bundleBGzip: [{ vs: "octokit", max: 0.5 }],
	// Unbundled.
	coldRequestIr: [{ vs: "octokit", max: 0.6 }], // import + construct + first request, stub fetch
	coldRealIr: [{ vs: "octokit", max: 0.6 }], // the same, Node's fetch to loopback
	firstRequestIr: [{ max: 5e6 }],
	coldIr: [{ vs: "octokit", max: 0.3 }],
	coreFilesBytes: [{ max: 60_000 }],
	heap: [{ vs: "octokit", max: 0.6 }],
	installPackages: [{ max: 4 }],
	installBytes: [{ vs: "octokit", max: 0.33 }],
	// Per request.
	stubIr: [{ vs: "octokit", max: 0.7 }],
	loopbackIr: [{ vs: "octokit", max: 0.7 }],
	endpointIr: [{ vs: "octokit", max: 0.5 }],
	paginate: [{ vs: "raw", max: 1.25 }],
};
