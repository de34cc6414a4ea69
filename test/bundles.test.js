// A user's bundle of the package for each esbuild platform (issue 12): `node`, `browser` and
// `neutral` (what Cloudflare Workers, Deno and Vercel Edge users bundle for) all build, import
// nothing external, and run a request against a loopback server. Import and construction run
// as an edge runtime would have them: without `process` and without starting a timer.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { build } from "esbuild";
import { spawn } from "node:child_process";
import { createServer } from "node:http";
import { mkdirSync, mkdtempSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";

const project = mkdtempSync(join(tmpdir(), "hublet-bundles-"));
mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");

// The program a user bundles.
writeFileSync(
	join(project, "program.js"),
	`import { Hublet } from "@hublet/rest";
export const construct = (baseUrl) => new Hublet({ baseUrl, auth: "ghp_edge", retry: false });
export const run = (client) => client.rest.repos.get({ owner: "o", repo: "r" });
`,
);

// The same on the core entry, whose transport and graphql come through import(): a bundler must follow them.
writeFileSync(
	join(project, "core-program.js"),
	`import { Hublet } from "@hublet/rest/core";
export const construct = (baseUrl) => new Hublet({ baseUrl, auth: "ghp_edge" });
export const run = async (client) => {
	await client.graphql("{ viewer { login } }");
	return client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
};
`,
);

// Runs a bundle in Node as an edge runtime would: `process` is absent and timers are recorded
// while the bundle loads and a client is built; then the request goes out.
writeFileSync(
	join(project, "run.mjs"),
	`const [bundle, baseUrl] = process.argv.slice(2);
const realProcess = globalThis.process;
const timers = [];
const realTimers = {};
for (const name of ["setTimeout", "setInterval", "setImmediate"]) {
	realTimers[name] = globalThis[name];
	globalThis[name] = (...args) => (timers.push(name), realTimers[name](...args));
}
Object.defineProperty(globalThis, "process", { value: undefined, configurable: true, writable: true });
let client;
try {
	const { construct, run } = await import(bundle);
	client = construct(baseUrl);
	globalThis.process = realProcess;
	Object.assign(globalThis, realTimers);
	const { status, data } = await run(client);
	console.log(JSON.stringify({ timers, status, data }));
} catch (error) {
	globalThis.process = realProcess;
	console.error(error?.stack ?? error);
	realProcess.exit(1);
}
`,
);

let baseUrl;
const server = createServer((request, response) => {
	response.writeHead(200, { "content-type": "application/json" });
	response.end(JSON.stringify({ url: request.url, auth: request.headers.authorization }));
});

const bundles = suite("bundles for each platform");
bundles.before(async () => {
	await new Promise((done) => server.listen(0, "127.0.0.1", done));
	baseUrl = `http://127.0.0.1:${server.address().port}`;
});
bundles.after(() => new Promise((done) => server.close(done)));

for (const [program, platform] of ["program", "core-program"].flatMap((name) => ["node", "browser", "neutral"].map((platform) => [name, platform]))) {
	bundles(`${program}.js, --platform=${platform}: builds with nothing external, imports without process or timers, and sends a request`, async () => {
		const outfile = join(project, `${program}.${platform}.mjs`);
		const { metafile } = await build({
			entryPoints: [join(project, `${program}.js`)],
			bundle: true,
			format: "esm",
			platform,
			outfile,
			metafile: true,
			logLevel: "silent",
		});
		const external = Object.values(metafile.inputs).flatMap((input) => input.imports.filter((entry) => entry.external).map((entry) => entry.path));
		assert.equal(external, [], "nothing is left for the runtime to resolve");

		const child = spawn(process.execPath, [join(project, "run.mjs"), outfile, baseUrl]);
		let stdout = "";
		let stderr = "";
		child.stdout.on("data", (chunk) => (stdout += chunk));
		child.stderr.on("data", (chunk) => (stderr += chunk));
		const code = await new Promise((done) => child.on("close", done));
		assert.is(code, 0, stderr);
		assert.equal(JSON.parse(stdout), { timers: [], status: 200, data: { url: "/repos/o/r", auth: "token ghp_edge" } });
	});
}

bundles.run();
