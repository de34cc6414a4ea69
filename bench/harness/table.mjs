// Turns the medians into the Markdown table. Every ratio is a ratio of costs (bytes, time per
// operation, instructions, heap): below 1.00× means Hublet is smaller or faster. For a rate
// (ops/s, req/s) that is the other library's rate over Hublet's, i.e. time per operation.
// Wall times (kinds "wall" and "rate") are shown as ratios only: other work on the machine moves
// their absolute values, and the rounds interleave the libraries, so only the ratio compares.
import { TARGETS } from "../targets.mjs";

const n0 = (value) => Math.round(value).toLocaleString("en");
const bytes = (value) => n0(value);
const kb = (value) => `${(value / 1000).toFixed(1)} kB`;
const mb = (value) => `${(value / 1e6).toFixed(2)} MB`;
const mega = (value) => `${(value / 1e6).toFixed(1)} M`;
const kilo = (value) => `${(value / 1e3).toFixed(1)} k`;
const ms = (value) => `${value.toFixed(1)} ms`;
const rate = (value) => n0(value);
const signedMb = (value) => `${value >= 0 ? "+" : "−"}${(Math.abs(value) / 1e6).toFixed(2)} MB`;
const signedKb = (value) => `${value >= 0 ? "+" : "−"}${(Math.abs(value) / 1e3).toFixed(0)} kB`;

function derive(results) {
	const m = results.medians;
	const get = (figure, lib) => m[figure]?.[lib];
	const minus = (a, b) => (a === undefined || b === undefined ? undefined : a - b);
	const values = {};
	// "anchor": @octokit/rest with plugin-retry and plugin-throttling, measured in the bundled apps only.
	for (const lib of ["hublet", "octokit", "raw", "anchor"]) {
		values[lib] = {
			bundleAMin: get("bundle.a.min", lib),
			bundleAGzip: get("bundle.a.gzip", lib),
			bundleABrotli: get("bundle.a.brotli", lib),
			bundleBMin: get("bundle.b.min", lib),
			bundleBGzip: get("bundle.b.gzip", lib),
			bundleBBrotli: get("bundle.b.brotli", lib),
			bundleBCoreGzip: get("bundle.bCore.gzip", lib),
			coreFilesBytes: get("coreFiles.bytes", lib),
			installBytes: get("install.bytes", lib),
			installPackages: get("install.packages", lib),
			coldMs: minus(get("cold.ms", lib), get("cold.ms", "bare")),
			coldIr: minus(get("cold.ir", lib), get("cold.ir", "bare")),
			coldRequestMs: minus(get("coldRequest.ms", lib), get("coldRequest.ms", "bare")),
			coldRequestIr: minus(get("coldRequest.ir", lib), get("coldRequest.ir", "bare")),
			// Node's fetch to the loopback server, over a bare node that makes the same request with fetch.
			coldRealIr: minus(get("coldReal.ir", lib), get("coldReal.ir", "bare")),
			loopbackIr: get("loopback.ir", lib),
			// What the first request adds over the start-up of Node's own fetch (the bare node's stub call).
			firstRequestIr: minus(minus(get("coldRequest.ir", lib), get("coldRequest.ir", "bare")), minus(get("cold.ir", lib), get("cold.ir", "bare"))),
			endpointOps: get("endpoint.ops", lib),
			endpointIr: get("endpoint.ir", lib),
			stubOps: get("stub.ops", lib),
			stubIr: get("stub.ir", lib),
			seq: get("loopback.seq", lib),
			conc: get("loopback.conc", lib),
			paginate: get("paginate.ms", lib),
			heap: lib === "raw" ? undefined : minus(get("heap.used", lib), get("heap.used", "bare")),
			heapGrowth: get("heap.growth", lib),
			// The bundled apps (harness/bundled.mjs), over the bare baseline that calls the stub as they do.
			bundledCoreColdIr: minus(get("bundled.core.cold.ir", lib), get("bundled.cold.ir", "bare")),
			bundledCoreRequestIr: minus(get("bundled.core.request.ir", lib), get("bundled.request.ir", "bare")),
			bundledCoreGzip: get("bundled.core.gzip", lib),
			bundledFullColdIr: minus(get("bundled.full.cold.ir", lib), get("bundled.cold.ir", "bare")),
			bundledFullRequestIr: minus(get("bundled.full.request.ir", lib), get("bundled.request.ir", "bare")),
			bundledFullGzip: get("bundled.full.gzip", lib),
			// The same apps with Node's fetch to the loopback server, over a bare app making the same two requests.
			...Object.fromEntries(
				["core", "full", "subset"].flatMap((app) => {
					const name = `${app[0].toUpperCase()}${app.slice(1)}`;
					return [
						[`bundled${name}RealColdIr`, minus(get(`bundled.${app}Real.cold.ir`, lib), get("bundledReal.cold.ir", "bare"))],
						[`bundled${name}RealIr`, minus(get(`bundled.${app}Real.request.ir`, lib), get("bundledReal.request.ir", "bare"))],
						[`bundled${name}RealGzip`, get(`bundled.${app}Real.gzip`, lib)],
					];
				}),
			),
		};
	}
	return values;
}

/**
[label, key, format, kind ("cost" | "wall" | "rate"), note?, id?]: `id`, the row's key in bench/results.json,
is `key` unless two rows show the same value; its targets come from targets.mjs by `id`. "wall" is a
cost in wall time, "rate" a wall-time rate: both are shown as ratios only. `note` names what the
octokit column holds when it is not @octokit/rest in the same program: "vsA" its bundle (a), "vsCore"
and "coreApp" @octokit/core + paginate-rest, "anchor" @octokit/rest with plugin-retry and
plugin-throttling, "restApp" @octokit/rest's whole bundled app (the full one).
*/
const ROWS = [
	["bundle (a): construct + repos.get + paginate, min", "bundleAMin", bytes, "cost"],
	["bundle (a), gzip", "bundleAGzip", bytes, "cost"],
	["bundle (a), brotli", "bundleABrotli", bytes, "cost"],
	["bundle (b): (a) over a 5-method route subset on `/core` + paginate, min", "bundleBMin", bytes, "cost", "vsA"],
	["bundle (b), gzip", "bundleBGzip", bytes, "cost", "vsA"],
	["bundle (b), brotli", "bundleBBrotli", bytes, "cost", "vsA"],
	["bundle (b), gzip, ÷ `@octokit/core` + paginate-rest with `request()` strings", "bundleBGzip", bytes, "cost", "vsCore", "bundleBGzipVsCore"],
	["install: fresh `npm install` of the package, bytes", "installBytes", mb, "cost"],
	["install: packages", "installPackages", n0, "cost"],
	["what an unbundled program loads for `/core` before its first request, bytes", "coreFilesBytes", bytes, "cost"],
	["cold start: import + construct + endpoint(), instructions over bare node", "coldIr", mega, "cost"],
	["cold start, wall time over bare node", "coldMs", ms, "wall"],
	["cold start + first request (stub fetch), instructions over bare node", "coldRequestIr", mega, "cost"],
	["cold start + first request (stub fetch), wall time over bare node", "coldRequestMs", ms, "wall"],
	["cold start + first request (Node's fetch to loopback), instructions over a bare node making the same request", "coldRealIr", mega, "cost"],
	["what the first request adds over the start-up of Node's fetch, instructions", "firstRequestIr", mega, "cost"],
	["`endpoint()`: instructions per call", "endpointIr", kilo, "cost"],
	["`endpoint()`: calls/s", "endpointOps", rate, "rate"],
	["request through a stub fetch: instructions per call", "stubIr", kilo, "cost"],
	["request through a stub fetch: calls/s", "stubOps", rate, "rate"],
	["request with Node's fetch over loopback: instructions per call", "loopbackIr", kilo, "cost"],
	["loopback, 2,000 sequential: req/s", "seq", rate, "rate"],
	["loopback, 2,000 at concurrency 16: req/s", "conc", rate, "rate"],
	["paginate 100 pages × 100 items, loopback: ms", "paginate", ms, "wall"],
	["heap after import + construct + 50 methods, over bare", "heap", signedMb, "cost"],
	["heap growth over 10,000 calls (stub fetch)", "heapGrowth", signedKb, "cost"],
	["bundled `/core` + paginate app, `request()` strings, Node's fetch to loopback: import + construct, instructions over bare node", "bundledCoreRealColdIr", mega, "cost", "coreApp"],
	["bundled `/core` + paginate app, Node's fetch to loopback: + a request and a 1-page paginate, over a bare app making the same two requests", "bundledCoreRealIr", mega, "cost", "coreApp"],
	["bundled `/core` + paginate app, gzip", "bundledCoreRealGzip", bytes, "cost", "coreApp"],
	["bundled `/core` + paginate app over a 5-method route subset, gzip, ÷ @octokit/rest's whole app", "bundledSubsetRealGzip", bytes, "cost", "restApp"],
	["bundled `/core` + paginate app over a 5-method route subset, `repos.get` + a 1-page paginate (Node's fetch), ÷ @octokit/rest's app", "bundledSubsetRealIr", mega, "cost", "restApp"],
	["bundled full client app, Node's fetch to loopback: import + construct, instructions over bare node", "bundledFullRealColdIr", mega, "cost"],
	["bundled full client app, Node's fetch to loopback: + `repos.get` and a 1-page paginate, over a bare app making the same two requests", "bundledFullRealIr", mega, "cost"],
	["bundled full client app, gzip", "bundledFullRealGzip", bytes, "cost"],
	["bundled full client app, Node's fetch: + `repos.get` and a 1-page paginate, ÷ @octokit/rest + plugin-retry + plugin-throttling", "bundledFullRealIr", mega, "cost", "anchor", "bundledFullRealIrVsAnchor"],
	["bundled full client app, gzip, ÷ the same anchor", "bundledFullRealGzip", bytes, "cost", "anchor", "bundledFullRealGzipVsAnchor"],
	["bundled `/core` + paginate app, stub fetch: import + construct, instructions over bare node", "bundledCoreColdIr", mega, "cost", "coreApp"],
	["bundled `/core` + paginate app, stub fetch: + a request and a 1-page paginate", "bundledCoreRequestIr", mega, "cost", "coreApp"],
	["bundled `/core` + paginate app, stub fetch, gzip", "bundledCoreGzip", bytes, "cost", "coreApp"],
	["bundled full client app, stub fetch: import + construct, instructions over bare node", "bundledFullColdIr", mega, "cost"],
	["bundled full client app, stub fetch: + `repos.get` and a 1-page paginate", "bundledFullRequestIr", mega, "cost"],
	["bundled full client app, stub fetch, gzip", "bundledFullGzip", bytes, "cost"],
	["bundled full client app, stub fetch: import + construct, ÷ @octokit/rest + plugin-retry + plugin-throttling", "bundledFullColdIr", mega, "cost", "anchor", "bundledFullColdIrVsAnchor"],
	["bundled full client app, stub fetch: + `repos.get` and a 1-page paginate, ÷ the same anchor", "bundledFullRequestIr", mega, "cost", "anchor", "bundledFullRequestIrVsAnchor"],
	["bundled full client app, stub fetch, gzip, ÷ the same anchor", "bundledFullGzip", bytes, "cost", "anchor", "bundledFullGzipVsAnchor"],
];

function ratio(values, key, kind, a, b) {
	const x = values[a]?.[key];
	const y = values[b]?.[key];
	if (x === undefined || y === undefined || x === 0 || y === 0) return undefined;
	return kind === "rate" ? y / x : x / y;
}
const times = (value) => (value === undefined ? "—" : `${value.toFixed(2)}×`);

/** Each row of the table: its values, cells as printed, ratios and verdicts. */
function rowsOf(results) {
	const values = derive(results);
	return ROWS.map(([label, key, format, kind, note, id = key]) => {
		const targets = TARGETS[id] ?? [];
		const wallTime = kind !== "cost";
		const cell = (lib) => {
			const value = values[lib][key];
			if (value === undefined) return key.startsWith("bundleB") && lib === "hublet" ? "n/a" : "—";
			return wallTime ? "(ratio)" : format(value);
		};
		// (b) has no octokit counterpart: octokit has no route subsets, so (b) is compared with
		// octokit's (a), and on its own row with @octokit/core + paginate-rest.
		const other =
			note === "vsA"
				? values.octokit[key.replace("bundleB", "bundleA")]
				: note === "vsCore"
					? values.octokit.bundleBCoreGzip
					: note === "anchor"
						? values.anchor[key]
						: note === "restApp"
							? values.octokit[key.replace("Subset", "Full")]
							: values.octokit[key];
		const base = { ...values, octokit: { [key]: other } };
		const hubletVsOctokit = ratio(base, key, kind, "hublet", "octokit");
		const hubletVsRaw = ratio(values, key, kind, "hublet", "raw");
		const octokitVsRaw = note ? undefined : ratio(values, key, kind, "octokit", "raw");
		const verdicts = targets.map(({ vs, max }) => {
			const value = vs === "octokit" ? hubletVsOctokit : vs === "raw" ? hubletVsRaw : values.hublet[key];
			if (value === undefined) return "—";
			return value <= max ? "yes" : "**no**";
		});
		const targetText = targets.map(({ vs, max }) => (vs ? `≤ ${max.toFixed(2)}× ${vs}` : `≤ ${format(max)}`)).join(", ");
		const shownOther = other === undefined ? "—" : wallTime ? "(ratio)" : format(other);
		const labels = { vsA: "(a)", vsCore: "core + paginate", coreApp: "core + paginate", anchor: "+ retry + throttling", restApp: "@octokit/rest app" };
		const octokitCell = note ? `${labels[note]}: ${shownOther}` : cell("octokit");
		return {
			label,
			key: id,
			// Wall times are kept only as ratios (their values stay in results/latest.json).
			values: wallTime ? {} : { hublet: values.hublet[key], octokit: other, raw: values.raw[key] },
			cells: { hublet: cell("hublet"), octokit: octokitCell, raw: cell("raw") },
			ratios: { octokit: hubletVsOctokit, raw: hubletVsRaw, octokitVsRaw },
			targetText,
			verdicts,
		};
	});
}

/**
The figures the README's table shows, as data (bench/results.json): one entry per row, with the
values, Hublet's ratios, the target and whether it is met, and what the run was.
*/
export function summarize(results) {
	const round = (value) => (value === undefined ? null : Math.round(value * 1000) / 1000);
	return {
		versions: results.versions,
		node: results.node,
		date: results.started.slice(0, 10),
		rounds: results.config.rounds,
		seconds: results.seconds,
		rows: rowsOf(results).map(({ label, key, values, cells, ratios, targetText, verdicts }) => ({
			figure: label,
			key,
			hublet: round(values.hublet),
			octokit: round(values.octokit),
			raw: round(values.raw),
			shown: cells,
			ratio: { octokit: round(ratios.octokit), raw: round(ratios.raw) },
			target: targetText || null,
			// A target is met or missed only when the run measured its figure.
			met: verdicts.length && !verdicts.includes("—") ? verdicts.every((verdict) => verdict === "yes") : null,
		})),
		platforms: { hublet: results["platforms.hublet"] ?? null, octokit: results["platforms.octokit"] ?? null },
		coreFiles: results.coreFiles ?? null,
		// Each part of the kernel: bytes in the bundled `/core` + paginate app, and bytes run at the first request (harness/parts.mjs).
		parts: results.parts ?? null,
		// Instructions to import a module, per function and per KB of code, string and comment (scenarios/parse-cost.mjs).
		parseCost: results.parseCost ?? null,
	};
}

export function renderTable(results, { subsetMethods, nodeFlags }) {
	const lines = [];
	const { versions = {} } = results;
	lines.push(`## Benchmarks: @hublet/rest ${versions.hublet ?? "?"} vs @octokit/rest ${versions.octokit ?? "?"} vs raw fetch`);
	lines.push("");
	lines.push(
		`Node ${results.node}, ${results.started.slice(0, 10)}, ${results.config.rounds} interleaved rounds${results.quick ? " (--quick)" : ""}, ${results.seconds}s. ` +
			"Medians. Ratios compare costs (bytes, time per operation, instructions, heap): below 1.00× is smaller or faster than the other column.",
	);
	lines.push("");
	lines.push("| figure | Hublet | @octokit/rest | raw fetch | Hublet ÷ octokit | Hublet ÷ raw | octokit ÷ raw | target | met |");
	lines.push("|---|--:|--:|--:|--:|--:|--:|---|---|");
	for (const row of rowsOf(results)) {
		const { label, cells, ratios, targetText, verdicts } = row;
		lines.push(`| ${label} | ${cells.hublet} | ${cells.octokit} | ${cells.raw} | ${times(ratios.octokit)} | ${times(ratios.raw)} | ${times(ratios.octokitVsRaw)} | ${targetText} | ${verdicts.join(", ")} |`);
	}
	// Bundles for each platform: whether they build and run a request, not a number.
	const platforms = (lib) => {
		const outcome = results[`platforms.${lib}`];
		return outcome ? Object.entries(outcome).map(([platform, result]) => `${platform}: ${result}`).join("; ") : "—";
	};
	const allRun = results["platforms.hublet"] && Object.values(results["platforms.hublet"]).every((result) => result === "runs");
	lines.push(`| bundles for \`node\`, \`browser\`, \`neutral\`, each running a request over loopback | ${platforms("hublet")} | ${platforms("octokit")} | — | — | — | — | all build and run | ${results["platforms.hublet"] ? (allRun ? "yes" : "**no**") : "—"} |`);
	lines.push("");
	lines.push("Notes:");
	lines.push(
		`- Instructions: \`valgrind --tool=callgrind\` of node ${nodeFlags.join(" ")}. Cold start: Ir up to the end of the first endpoint() (or the first request) minus a bare node's up to the same point; the bare node imports an empty module file (and, for the first request, calls the stub fetch once). Per call: Ir of calls N+1…2N after a warm-up (${results.config.callgrindEndpoint.warmup} + N endpoint() calls, N = ${results.config.callgrindEndpoint.n}; ${results.config.callgrindStub.warmup} + N requests, N = ${results.config.callgrindStub.n}), divided by N.`,
	);
	lines.push(
		`- Bundle: \`esbuild --bundle --minify --platform=node\`; gzip level 9, brotli quality 11. (b) uses ${subsetMethods.map(([a, b]) => `${a}.${b}`).join(", ")}${results.subsetReason ? `; n/a here because ${results.subsetReason}` : ""}. @octokit/rest has no route subsets, so (b) is compared with its (a).`,
	);
	lines.push(
		"- Install: a fresh `npm install` of the packed tarball (Hublet, built from the working tree) or of the registry version (@octokit/rest) into an empty folder; bytes are file sizes under node_modules.",
	);
	lines.push(
		`- Loopback: a node:http server in its own process on 127.0.0.1; ${results.config.loopback.warmup} untimed requests first; each request is \`repos.get\` (a ~5 kB body). Paginate: 100 issues per page (~300 kB), after a 3-page warm-up.`,
	);
	lines.push("- Targets: bench/targets.mjs, the budgets of DESIGN §6. Wall times and rates are shown as ratios only (their values move with the machine's load; results/latest.json keeps them), and carry a target only as a ratio: instruction counts are the steady measure.");
	lines.push("- `/core` unbundled: the package's files Node loads for `import { Hublet } from \"@hublet/rest/core\"` and `new Hublet()` (scenarios/core-files.mjs); the transport, each feature's body, p-retry, graphql's body and debug are files of their own, loaded when first needed.");
	lines.push(
		"- Bundled apps (harness/bundled.mjs): `esbuild --bundle --minify --format=esm --platform=node` of an app that constructs a client with a stub fetch, then sends a request and a 1-page paginate, run as a file (imported by `node -e`); instructions over a bare node that imports an empty module file and calls the stub as often. `/core` + paginate calls `request()` with route strings, as does its octokit counterpart, `@octokit/core` + `@octokit/plugin-paginate-rest`; the full client calls `repos.get` and paginates `issues.listForRepo`, against @octokit/rest, and against the anchor with the same features, @octokit/rest + plugin-retry + plugin-throttling.",
	);
	lines.push(
		"- Node's fetch to loopback: the server of the loopback rows, in its own process, answers the repository \"one\" as the stub does (`{\"id\":1}`, and one page `[{\"id\":2}]`). The bundled apps' real rows count over a bare app that makes the same two requests with `fetch` and reads both bodies; the unbundled cold start's over a bare node that makes its one request. Each of these counts is the whole process over the bare one's (a bundled app's import + construct row stays a count up to its first mark, before any socket), and the median of " + String(results.config.realRepeats ?? 1) + " processes: when each chunk arrives decides on which side of a later mark Node's fetch internals run, while whole processes agree (the samples are in results/latest.json). Per call over loopback: `repos.get` of the ~5 kB repository, Ir of calls N+1…2N after a warm-up, divided by N" +
			(results.config.callgrindLoopback ? ` (${results.config.callgrindLoopback.warmup} + N, N = ${results.config.callgrindLoopback.n}).` : "."),
	);
	lines.push("- Wall times are only comparable as ratios within one run.");
	return `${lines.join("\n")}\n`;
}
