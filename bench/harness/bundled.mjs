// What a user who bundles pays (a serverless function, say): small apps bundled with esbuild
// (--bundle --minify, ESM for Node), run as the file they are, under callgrind over a bare node,
// with a stub fetch. Each app marks two points (harness/callgrind.mjs dumps the counts there):
// after import + construct, and after a first request and a 1-page paginate.
//
//   core    `@hublet/rest/core` + paginate, calling request() with route strings, against
//           @octokit/core + @octokit/plugin-paginate-rest doing the same
//   full    the full client, calling rest.repos.get and paginating rest.issues.listForRepo, against
//           @octokit/rest; and against the anchor with the same features as Hublet's full client
//           (retries and rate-limit handling): @octokit/rest with plugin-retry and plugin-throttling
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { gzipSync } from "node:zlib";
import { build } from "esbuild";

/** The stub fetch: a repository for the request, a 1-item page with no next link for paginate. */
const STUB = `async (url) => new Response(url.includes("/issues") ? '[{"id":2}]' : '{"id":1}', { headers: { "content-type": "application/json" } })`;
const MARK = "process.constrainedMemory();";

/** An app: `head` imports and makes the class `Client`, `options` extra constructor options, `calls` the request and the paginate. */
const app = ({ head, options = "", calls }) => `${head}
const client = new Client({ auth: "ghp_x", request: { fetch: ${STUB} }${options} });
${MARK}
const { data } = await ${calls.request};
const items = await ${calls.paginate};
${MARK}
if (data.id !== 1 || items.length !== 1 || items[0].id !== 2) throw new Error("the app did not get the stub's answers");
`;

const STRINGS = {
	request: `client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" })`,
	paginate: `client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 100 })`,
};
const METHODS = {
	request: `client.rest.repos.get({ owner: "o", repo: "r" })`,
	paginate: `client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 100 })`,
};

/** [app, lib, install ("hublet" | "octokit" | "anchor"), source]: lib "octokit" is the app's octokit counterpart, "anchor" the same features as Hublet's. */
export const BUNDLED_APPS = [
	["core", "hublet", "hublet", app({ head: `import { Hublet as Core, paginate } from "@hublet/rest/core";\nconst Client = Core.plugin(paginate);`, calls: STRINGS })],
	["core", "octokit", "octokit", app({ head: `import { Octokit as Core } from "@octokit/core";\nimport { paginateRest } from "@octokit/plugin-paginate-rest";\nconst Client = Core.plugin(paginateRest);`, calls: STRINGS })],
	["full", "hublet", "hublet", app({ head: `import { Hublet as Client } from "@hublet/rest";`, calls: METHODS })],
	["full", "octokit", "octokit", app({ head: `import { Octokit as Client } from "@octokit/rest";`, calls: METHODS })],
	[
		"full",
		"anchor",
		"anchor",
		app({
			head: `import { Octokit } from "@octokit/rest";\nimport { retry } from "@octokit/plugin-retry";\nimport { throttling } from "@octokit/plugin-throttling";\nconst Client = Octokit.plugin(retry, throttling);`,
			options: `, throttle: { onRateLimit: () => true, onSecondaryRateLimit: () => true }`,
			calls: METHODS,
		}),
	],
];

/**
Bundles each app, resolving its imports from the folder of its install, into `outDir` as an ES
module, and returns `[{ app, lib, file, min, gzip, args }]`: `args`, the node arguments that run it
as a file is run, imported by `-e` as the bare baseline imports its empty module.
*/
export async function bundleApps(dirs, outDir) {
	const bundles = [];
	for (const [name, lib, install, source] of BUNDLED_APPS) {
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
		bundles.push({ app: name, lib, file, min: code.length, gzip: gzipSync(code, { level: 9 }).length, args: ["--input-type=module", "-e", `await import(${JSON.stringify(pathToFileURL(file).href)});`] });
	}
	return bundles;
}

/** The bare baseline of the bundled apps: it imports an empty module file, marks, calls the stub as the apps do (twice), and marks. */
export function bareBundledCode(emptyModule) {
	const stub = `const stub = ${STUB};`;
	return ["--input-type=module", "-e", `await import(${JSON.stringify(emptyModule)}); ${MARK} ${stub} await stub("https://api.github.com/repos/o/r"); await stub("https://api.github.com/repos/o/r/issues?per_page=100"); ${MARK}`];
}
