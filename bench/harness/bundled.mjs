// What a user who bundles pays (a serverless function, say): small apps bundled with esbuild
// (--bundle --minify, ESM for Node), run as the file they are, under callgrind over a bare node.
// Each app marks two points (harness/callgrind.mjs dumps the counts there): after import +
// construct, and after a first request and a 1-page paginate. Each app comes twice:
//
//   stub    with a stub fetch (no sockets), over a bare node that calls the stub as often
//   real    with Node's own fetch, to the loopback server in another process (scenarios/server.mjs,
//           whose repository "one" answers as the stub does), over a bare app that makes the
//           same two requests with `fetch` directly and reads their bodies: what the budgets
//           of DESIGN §6 are about
//
//   core    `@hublet/rest/core` + paginate, calling request() with route strings, against
//           @octokit/core + @octokit/plugin-paginate-rest doing the same
//   full    the full client, calling rest.repos.get and paginating rest.issues.listForRepo, against
//           @octokit/rest; and against the anchor with the same features as Hublet's full client
//           (retries and rate-limit handling): @octokit/rest with plugin-retry and plugin-throttling
//   subset  (real fetch only, when the package can make one) `@hublet/rest/core` + paginate over a
//           5-method route subset made as the README says (harness/bundle.mjs, subsetHead()),
//           calling rest.repos.get and paginating rest.issues.listForRepo: compared with
//           @octokit/rest's whole app
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";
import { OWNER, RAW_HEADERS, SINGLE_PAGE_REPO } from "../scenarios/fixtures.mjs";

/** The stub fetch: a repository for the request, a 1-item page with no next link for paginate. */
const STUB = `async (url) => new Response(url.includes("/issues") ? '[{"id":2}]' : '{"id":1}', { headers: { "content-type": "application/json" } })`;
const MARK = "process.constrainedMemory();";

/** The repository the real apps ask for: the loopback server answers it as the stub does, and its issues with one page of one item. */
const REAL = { owner: OWNER, repo: SINGLE_PAGE_REPO };
/** The headers a user of bare `fetch` sends (scenarios/fixtures.mjs). */
const REAL_HEADERS = JSON.stringify(RAW_HEADERS);

/**
An app: `head` imports and makes the class `Client`, `options` extra constructor options, `calls` the
request and the paginate. With `real`, the client has no fetch of its own: it uses Node's, to the
loopback server whose base URL is in BENCH_BASE.
*/
const app = ({ head, options = "", calls }, real = false) => `${head}
const client = new Client({ auth: "ghp_x", ${real ? "baseUrl: process.env.BENCH_BASE" : `request: { fetch: ${STUB} }`}${options} });
${MARK}
const { data } = await ${calls(real ? REAL : { owner: "o", repo: "r" }).request};
const items = await ${calls(real ? REAL : { owner: "o", repo: "r" }).paginate};
${MARK}
if (data.id !== 1 || items.length !== 1 || items[0].id !== 2) throw new Error("the app did not get the ${real ? "server" : "stub"}'s answers");
`;

const STRINGS = ({ owner, repo }) => ({
	request: `client.request("GET /repos/{owner}/{repo}", { owner: "${owner}", repo: "${repo}" })`,
	paginate: `client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "${owner}", repo: "${repo}", per_page: 100 })`,
});
const METHODS = ({ owner, repo }) => ({
	request: `client.rest.repos.get({ owner: "${owner}", repo: "${repo}" })`,
	paginate: `client.paginate(client.rest.issues.listForRepo, { owner: "${owner}", repo: "${repo}", per_page: 100 })`,
});

/** [app, lib, install ("hublet" | "octokit" | "anchor"), spec]: lib "octokit" is the app's octokit counterpart, "anchor" the same features as Hublet's. */
const SPECS = [
	["core", "hublet", "hublet", { head: `import { Hublet as Core, paginate } from "@hublet/rest/core";\nconst Client = Core.plugin(paginate);`, calls: STRINGS }],
	["core", "octokit", "octokit", { head: `import { Octokit as Core } from "@octokit/core";\nimport { paginateRest } from "@octokit/plugin-paginate-rest";\nconst Client = Core.plugin(paginateRest);`, calls: STRINGS }],
	["full", "hublet", "hublet", { head: `import { Hublet as Client } from "@hublet/rest";`, calls: METHODS }],
	["full", "octokit", "octokit", { head: `import { Octokit as Client } from "@octokit/rest";`, calls: METHODS }],
	[
		"full",
		"anchor",
		"anchor",
		{
			head: `import { Octokit } from "@octokit/rest";\nimport { retry } from "@octokit/plugin-retry";\nimport { throttling } from "@octokit/plugin-throttling";\nconst Client = Octokit.plugin(retry, throttling);`,
			options: `, throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => true }`,
			calls: METHODS,
		},
	],
];

/**
Every app, stub and real: [app, lib, install, source]. The real apps' names end in "Real" ("coreReal",
"fullReal", "subsetReal"). `subset`, the head of the 5-method subset app (harness/bundle.mjs,
subsetHead()), adds "subsetReal" for Hublet when the package can make one.
*/
export function bundledApps({ subset } = {}) {
	const apps = [];
	for (const real of [false, true]) {
		for (const [name, lib, install, spec] of SPECS) apps.push([real ? `${name}Real` : name, lib, install, app(spec, real)]);
	}
	if (subset) apps.push(["subsetReal", "hublet", "hublet", app({ head: `${subset}\nconst Client = Hublet;`, calls: METHODS }, true)]);
	return apps;
}

/**
Bundles each app, resolving its imports from the folder of its install, into `outDir` as an ES
module, and returns `[{ app, lib, file, min, gzip, args }]`: `args`, the node arguments that run it
as a file is run, imported by `-e` as the bare baseline imports its empty module.
*/
export async function bundleApps(dirs, outDir, { subset } = {}) {
	const bundles = [];
	for (const [name, lib, install, source] of bundledApps({ subset })) {
		const file = join(outDir, `app-${name}-${lib}.bundle.mjs`);
		await build({
			stdin: { contents: source, resolveDir: dirs[install], sourcefile: `app-${name}-${lib}.mjs` },
			bundle: true,
			minify: true,
			format: "esm",
			platform: "node",
			outfile: file,
			logLevel: "error",
		});
		const code = readFileSync(file);
		bundles.push({ app: name, lib, real: name.endsWith("Real"), file, min: code.length, gzip: gzipSync(code, { level: 9 }).length, args: ["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(file).href)});`] });
	}
	return bundles;
}

/**
The bare baseline of the bundled apps: it imports an empty module file, marks, calls the stub as the
apps do (twice), and marks. With `real`, it makes the real apps' two requests with `fetch` itself, to
the server in BENCH_BASE, and reads both bodies as JSON.
*/
export function bareBundledCode(emptyModule, { real = false } = {}) {
	const start = `await import(${JSON.stringify(emptyModule)}); ${MARK}`;
	if (real) {
		const get = `const get = async (path) => (await fetch(process.env.BENCH_BASE + path, { headers: ${REAL_HEADERS} })).json();`;
		const path = `/repos/${REAL.owner}/${REAL.repo}`;
		return ["--input-type=module", "-e", `${start} ${get} await get("${path}"); await get("${path}/issues?per_page=100"); ${MARK}`];
	}
	const stub = `const stub = ${STUB};`;
	return ["--input-type=module", "-e", `${start} ${stub} await stub("https://api.github.com/repos/o/r"); await stub("https://api.github.com/repos/o/r/issues?per_page=100"); ${MARK}`];
}
