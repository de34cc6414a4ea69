#!/usr/bin/env node
// The packed package on the runtimes serverless functions deploy to, installed from npm into a
// temporary folder (never devDependencies): Bun, Deno, and Cloudflare's workerd through
// miniflare (no `nodejs_compat` flag). One program runs in each against a server on 127.0.0.1:
// with the full entry, a get, a paginated list and a 404 that is an `instanceof RequestError`;
// with the core entry, a client over a one-method route subset. For workerd the program is
// bundled with esbuild for the browser platform, as the README tells users to, and the
// bundle's gzip size is printed beside the result.
//
//   node scripts/check-runtimes.mjs [tarball] [--keep]
import { build } from "esbuild";
import { readFileSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { gzipSync } from "node:zlib";
import { cachedProject, installTarball, run, runAsync, steps, tarballFromArguments } from "./temp-project.mjs";

const TOOLS = ["bun@^1.4", "deno@^2.9", "miniflare@^4"];

// What every runtime must answer: the full entry's three calls, and the core client's one.
const EXPECTED = { repository: "o/r", issues: [1, 2, 3], notFound: "RequestError 404 HTTP_ERROR", core: "o/r" };

// The program, as a user writes it; `BASE_URL` is the loopback server's address.
const EXERCISE = `import { Hublet, RequestError } from "@hublet/rest";
import { Hublet as CoreHublet } from "@hublet/rest/core";

export async function exercise(baseUrl) {
	const client = new Hublet({ baseUrl, auth: "ghp_runtime", retry: false, log: { debug() {}, info() {}, warn() {}, error() {} } });
	const { data: repository } = await client.rest.repos.get({ owner: "o", repo: "r" });
	const issues = await client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 2 });
	let notFound = "no error";
	try {
		await client.rest.repos.get({ owner: "o", repo: "missing" });
	} catch (error) {
		notFound = error instanceof RequestError ? \`RequestError \${error.status} \${error.code}\` : String(error);
	}
	const Small = CoreHublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } });
	const { data: again } = await new Small({ baseUrl, auth: "ghp_runtime" }).rest.repos.get({ owner: "o", repo: "r" });
	return { repository: repository.full_name, issues: issues.map((issue) => issue.number), notFound, core: again.full_name };
}
`;
const MAIN = (baseUrl) => `import { exercise } from "./exercise.mjs";
console.log(JSON.stringify(await exercise(${JSON.stringify(baseUrl)})));
`;
const WORKER = (baseUrl) => `import { exercise } from "./exercise.mjs";
export default {
	async fetch() {
		try {
			return Response.json(await exercise(${JSON.stringify(baseUrl)}));
		} catch (error) {
			return new Response(String(error?.stack ?? error), { status: 500 });
		}
	},
};
`;
const MINIFLARE = `import { Miniflare } from "miniflare";
const mf = new Miniflare({ modules: true, scriptPath: "worker.js", compatibilityDate: "2025-06-01" });
try {
	const response = await mf.dispatchFetch("http://worker.test/");
	const text = await response.text();
	if (!response.ok) throw new Error(text);
	console.log(text);
} finally {
	await mf.dispose();
}
`;

// GitHub, as far as the program goes: a repository, three issues in pages of two, a 404.
const server = createServer((request, response) => {
	const url = new URL(request.url, "http://127.0.0.1");
	const json = (status, body, headers = {}) => {
		response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...headers });
		response.end(JSON.stringify(body));
	};
	if (request.headers.authorization !== "token ghp_runtime") return json(401, { message: "Bad credentials" });
	if (url.pathname === "/repos/o/r") return json(200, { full_name: "o/r" });
	if (url.pathname === "/repos/o/r/issues") {
		const page = Number(url.searchParams.get("page") ?? 1);
		const issues = [1, 2, 3].slice((page - 1) * 2, page * 2).map((number) => ({ number }));
		url.searchParams.set("page", String(page + 1));
		return json(200, issues, page === 1 ? { link: `<http://${request.headers.host}${url.pathname}${url.search}>; rel="next"` } : {});
	}
	return json(404, { message: "Not Found" });
});
await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
const baseUrl = `http://127.0.0.1:${server.address().port}`;

const { step, finish } = steps("runtimes");
const packed = tarballFromArguments();
let project;
await step(`npm install <tarball> ${TOOLS.join(" ")}`, () => {
	project = cachedProject("runtimes", { type: "module" }, TOOLS);
	installTarball(project, packed.tarball);
});
if (project) {
	const bin = (name) => join(project, "node_modules", ".bin", name);
	writeFileSync(join(project, "exercise.mjs"), EXERCISE);
	writeFileSync(join(project, "main.mjs"), MAIN(baseUrl));
	writeFileSync(join(project, "worker.mjs"), WORKER(baseUrl));
	writeFileSync(join(project, "miniflare.mjs"), MINIFLARE);
	const check = (output) => {
		const result = JSON.parse(output.trim().split("\n").at(-1));
		if (JSON.stringify(result) !== JSON.stringify(EXPECTED)) throw new Error(`expected ${JSON.stringify(EXPECTED)}, got ${JSON.stringify(result)}`);
		return `get, paginate, 404 and core subset as expected`;
	};
	const env = { ...process.env, NO_COLOR: "1" };

	await step("bun", async () => `bun ${run(bin("bun"), ["--version"]).trim()}: ${check(await runAsync(bin("bun"), ["main.mjs"], { cwd: project, env }))}`);
	await step("deno", async () => {
		const version = /deno (\S+)/.exec(run(bin("deno"), ["--version"]))[1];
		// Only the loopback server may be reached; no other permission is granted.
		const output = await runAsync(bin("deno"), ["run", "--no-prompt", `--allow-net=127.0.0.1`, "main.mjs"], { cwd: project, env });
		return `deno ${version}: ${check(output)}`;
	});
	await step("workerd (miniflare), bundled by esbuild for the browser", async () => {
		await build({ entryPoints: [join(project, "worker.mjs")], outfile: join(project, "worker.js"), bundle: true, format: "esm", platform: "browser", minify: true, logLevel: "warning" });
		const gzip = gzipSync(readFileSync(join(project, "worker.js"))).length;
		const workerd = JSON.parse(readFileSync(join(project, "node_modules", "workerd", "package.json"), "utf8")).version;
		const miniflare = JSON.parse(readFileSync(join(project, "node_modules", "miniflare", "package.json"), "utf8")).version;
		const output = await runAsync(process.execPath, ["miniflare.mjs"], { cwd: project, env });
		return `miniflare ${miniflare}, workerd ${workerd}: ${check(output)}; worker bundle ${(gzip / 1024).toFixed(1)} KB gzip`;
	});
}
packed.done();
server.close();
finish();
