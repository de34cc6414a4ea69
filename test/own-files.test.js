// Hublet loads only its own files: the `server` option's route tables from its own folder, and
// undici (for proxies) from the program's folder or Hublet's, never from the working directory.
// Each case runs a program in a child process whose working directory holds a planted
// `node_modules/undici` and a planted `node_modules/@hublet/rest` that write a mark when they run:
// as an unbundled package, as a bundled app (esbuild), and as a global tool (a link in bin/).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { shippedFiles } from "./helpers/shipped-files.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { PROXY_VARIABLES, startForwardProxy } from "./helpers/forward-proxy.js";

const run = promisify(execFile);
const ROOT = fileURLToPath(new URL("..", import.meta.url));

/** Writes `files` ({ relative path: text }) under `dir`. */
function write(dir, files) {
	for (const [path, text] of Object.entries(files)) {
		mkdirSync(join(dir, path, ".."), { recursive: true });
		writeFileSync(join(dir, path), text);
	}
}

/** The package as it ships, and its one external import, in `dir`/node_modules. */
function installHublet(dir) {
	const pkg = join(dir, "node_modules/@hublet/rest");
	for (const file of [...shippedFiles(ROOT).filter((file) => file.startsWith("dist")), "package.json"]) cpSync(join(ROOT, file), join(pkg, file), { recursive: true });
	mkdirSync(join(dir, "node_modules/@octokit"), { recursive: true });
	symlinkSync(join(ROOT, "node_modules/@octokit/request-error"), join(dir, "node_modules/@octokit/request-error"));
}

// What a planted module does when it runs: it writes its name to the mark file.
const mark = (name) => `require("node:fs").appendFileSync(process.env.PLANTED_MARK, ${JSON.stringify(`${name}\n`)});\n`;
const markEsm = (name) => `import { appendFileSync } from "node:fs";\nappendFileSync(process.env.PLANTED_MARK, ${JSON.stringify(`${name}\n`)});\n`;

/** A working directory with planted undici and @hublet/rest (its servers/ included). */
function plantedDir() {
	const dir = mkdtempSync(join(tmpdir(), "hublet-planted-"));
	const servers = (name) => `${markEsm(`@hublet/rest/servers/${name}`)}export default {};\nexport function serverTablesPlugin() {}\n`;
	write(dir, {
		"node_modules/undici/package.json": JSON.stringify({ name: "undici", main: "index.js" }),
		"node_modules/undici/index.js": `${mark("undici")}module.exports = { ProxyAgent: class {} };\n`,
		"node_modules/@hublet/rest/package.json": JSON.stringify({ name: "@hublet/rest", type: "module", exports: { "./servers/*": "./dist/servers/*.js", "./package.json": "./package.json" } }),
		"node_modules/@hublet/rest/dist/servers/table-reader.js": servers("table-reader"),
		"node_modules/@hublet/rest/dist/servers/ghes-3.17.js": servers("ghes-3.17"),
		"node_modules/@hublet/rest/dist/servers/availability.js": servers("availability"),
	});
	return dir;
}

// The program each layout runs: a `server` client, then a request through `request.proxy`.
const PROGRAM = `
import { Hublet as FullHublet, proxy, serverTables } from "@hublet/rest";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(proxy, serverTables);
const outcome = {};
try {
	const client = new Hublet({ server: "ghes-3.17" });
	outcome.server = typeof client.rest.enterpriseAdmin?.listGlobalWebhooks === "function" ? "own table" : "no table";
} catch (error) {
	outcome.server = { name: error.name, message: error.message };
}
const client = new Hublet({ baseUrl: process.env.TARGET, retry: false, request: { proxy: process.env.PROXY } });
outcome.proxy = await client.request("GET /through").then(() => "sent", (error) => ({ code: error.code, message: error.message }));
console.log(JSON.stringify(outcome));
`;

const test = suite("files loaded from Hublet's folder and the program's, never the working directory");

let target;
let forward;
let planted;
let scratch;

test.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	forward = await startForwardProxy();
	planted = plantedDir();
	scratch = mkdtempSync(join(tmpdir(), "hublet-layouts-"));
});
test.before.each(() => {
	forward.seen.length = 0;
	target.requests.length = 0;
	writeFileSync(join(planted, "mark.txt"), "");
});
test.after(async () => {
	await target.close();
	await forward.close();
	rmSync(planted, { recursive: true, force: true });
	rmSync(scratch, { recursive: true, force: true });
});

/** Runs `node ...args` in the planted folder; its JSON outcome and what of the planted code ran. */
async function inPlantedDir(args) {
	const env = { ...process.env, PLANTED_MARK: join(planted, "mark.txt"), TARGET: target.baseUrl, PROXY: forward.url };
	for (const name of PROXY_VARIABLES) delete env[name];
	const { stdout } = await run(process.execPath, args, { cwd: planted, env });
	return { outcome: JSON.parse(stdout), ran: readFileSync(join(planted, "mark.txt"), "utf8").split("\n").filter(Boolean) };
}

const MISSING = (where) => ({ code: "MISSING_PACKAGE", where });
const proxyOutcome = ({ code, message }) => ({ code, where: /not installed beside the program or @hublet\/rest \(([^)]*)\)/.exec(message)?.[1] });

test("an unbundled package: its own route tables; undici looked up beside the program and the package only", async () => {
	const app = join(scratch, "unbundled");
	installHublet(app);
	write(app, { "package.json": JSON.stringify({ type: "module" }), "main.mjs": PROGRAM });
	const { outcome, ran } = await inPlantedDir([join(app, "main.mjs")]);
	assert.equal(ran, []);
	assert.is(outcome.server, "own table");
	assert.equal(proxyOutcome(outcome.proxy), MISSING(`${app}, ${join(app, "node_modules/@hublet/rest")}`));
	assert.match(outcome.proxy.message, "npm install undici");
	// Nothing was sent, to the proxy or around it.
	assert.equal([forward.seen, target.requests], [[], []]);
});

test("a bundled app: a `server` client fails at construction with one sentence naming the import and withRoutes(); undici only beside the bundle", async () => {
	const app = join(scratch, "bundled");
	installHublet(app);
	write(app, { "package.json": JSON.stringify({ type: "module" }), "main.mjs": PROGRAM });
	// The bundle runs from a folder of its own, with no node_modules: as a deployed app does.
	const out = join(scratch, "deployed/app.mjs");
	await build({ entryPoints: [join(app, "main.mjs")], bundle: true, platform: "node", format: "esm", minify: true, outfile: out, logLevel: "error" });
	const { outcome, ran } = await inPlantedDir([out]);
	assert.equal(ran, []);
	assert.equal(outcome.server, {
		name: "TypeError",
		message: 'A bundled @hublet/rest cannot load route tables for the "server" option: import ghes317 from "@hublet/rest/servers/ghes-3.17" and use Hublet.withRoutes(ghes317).',
	});
	assert.equal(proxyOutcome(outcome.proxy), MISSING(join(scratch, "deployed")));
	assert.equal([forward.seen, target.requests], [[], []]);
});

test("a bundled app: every `server` value gets one sentence naming what to import, and nothing is printed of the bundle's code", async () => {
	const app = join(scratch, "bundled-servers");
	installHublet(app);
	write(app, {
		"package.json": JSON.stringify({ type: "module" }),
		"main.mjs": `import { Hublet as FullHublet, serverTables } from "@hublet/rest";
const Hublet = FullHublet.plugin(serverTables);
const messages = {};
for (const server of ["ghec", "ghes-3.18", "ghes-3.20", "auto", "api.github.com"]) {
	try { new Hublet({ server }); messages[server] = "built"; } catch (error) { messages[server] = error.message; }
}
console.log(JSON.stringify(messages));`,
	});
	const out = join(scratch, "deployed-servers/app.mjs");
	await build({ entryPoints: [join(app, "main.mjs")], bundle: true, platform: "node", format: "esm", minify: true, outfile: out, logLevel: "error" });
	const { outcome, ran } = await inPlantedDir([out]);
	assert.equal(ran, []);
	const sentence = (fix) => `A bundled @hublet/rest cannot load route tables for the "server" option: ${fix}.`;
	const newest = 'import ghes319 from "@hublet/rest/servers/ghes-3.19" and use Hublet.withRoutes(ghes319)';
	assert.equal(outcome, {
		ghec: sentence('import ghec from "@hublet/rest/servers/ghec" and use Hublet.withRoutes(ghec)'),
		"ghes-3.18": sentence('import ghes318 from "@hublet/rest/servers/ghes-3.18" and use Hublet.withRoutes(ghes318)'),
		"ghes-3.20": sentence(newest),
		auto: sentence(newest),
		"api.github.com": sentence("leave the option out: the client's own table is api.github.com's"),
	});
	for (const message of Object.values(outcome)) assert.not.match(message, /\n|Node 20|require stack|function|=>/i);
});

test("a bundled app: the uncaught error prints the sentence, and no line of the minified bundle", async () => {
	const app = join(scratch, "bundled-uncaught");
	installHublet(app);
	write(app, { "package.json": JSON.stringify({ type: "module" }), "main.mjs": `import { Hublet, serverTables } from "@hublet/rest";\nnew (Hublet.plugin(serverTables))({ server: "ghes-3.17" });\n` });
	const out = join(scratch, "deployed-uncaught/app.mjs");
	await build({ entryPoints: [join(app, "main.mjs")], bundle: true, platform: "node", format: "esm", minify: true, outfile: out, logLevel: "error" });
	const failed = await run(process.execPath, [out], { cwd: planted }).catch((error) => error);
	assert.is(failed.code, 1);
	assert.match(failed.stderr, 'import ghes317 from "@hublet/rest/servers/ghes-3.17" and use Hublet.withRoutes(ghes317).');
	// Node prints the source line of an uncaught error's top frame: none here, so not the bundle's one long line.
	assert.not.match(failed.stderr, out);
	assert.ok(failed.stderr.length < 600, `${failed.stderr.length} B on stderr:\n${failed.stderr.slice(0, 300)}`);
});

test("a bundled app that imports its table and uses withRoutes() has the server's methods", async () => {
	const app = join(scratch, "bundled-table");
	installHublet(app);
	write(app, {
		"package.json": JSON.stringify({ type: "module" }),
		"main.mjs": `import { Hublet, serverTables } from "@hublet/rest";\nimport ghes317 from "@hublet/rest/servers/ghes-3.17";\nconst client = new (Hublet.plugin(serverTables).withRoutes(ghes317))({ server: "ghes-3.17" });\nconsole.log(JSON.stringify(typeof client.rest.enterpriseAdmin.listGlobalWebhooks));\n`,
	});
	const out = join(scratch, "deployed-table/app.mjs");
	await build({ entryPoints: [join(app, "main.mjs")], bundle: true, platform: "node", format: "esm", outfile: out, logLevel: "error" });
	const { outcome, ran } = await inPlantedDir([out]);
	assert.equal(ran, []);
	assert.is(outcome, "function");
});

test("a global tool (bin/ links into lib/node_modules): its own tables; undici found beside the tool through the link, else a RequestError", async () => {
	const prefix = join(scratch, "global");
	const tool = join(prefix, "lib/node_modules/tool");
	installHublet(tool);
	write(tool, { "package.json": JSON.stringify({ name: "tool", type: "module", bin: "cli.mjs" }), "cli.mjs": PROGRAM });
	mkdirSync(join(prefix, "bin"));
	symlinkSync("../lib/node_modules/tool/cli.mjs", join(prefix, "bin/tool"));
	const without = await inPlantedDir([join(prefix, "bin/tool")]);
	assert.equal(without.ran, []);
	assert.is(without.outcome.server, "own table");
	assert.equal(proxyOutcome(without.outcome.proxy), MISSING(`${tool}, ${join(tool, "node_modules/@hublet/rest")}`));
	assert.equal([forward.seen, target.requests], [[], []]);

	// undici installed with the tool: found from the program's own folder, through the link.
	write(tool, {
		"node_modules/undici/package.json": JSON.stringify({ name: "undici", version: "6.29.1", main: "index.js" }),
		"node_modules/undici/index.js": `${mark("the tool's undici")}module.exports = require(${JSON.stringify(join(ROOT, "node_modules/undici/index.js"))});\n`,
	});
	const withUndici = await inPlantedDir([join(prefix, "bin/tool")]);
	assert.equal(withUndici.ran, ["the tool's undici"]);
	assert.is(withUndici.outcome.proxy, "sent");
	assert.is(forward.seen.length, 1);
});

test("a program with no main module (node --input-type=module -e): undici beside the package only", async () => {
	const app = join(scratch, "eval");
	installHublet(app);
	write(app, { "package.json": JSON.stringify({ type: "module" }) });
	const source = PROGRAM.replace(`from "@hublet/rest"`, `from ${JSON.stringify(join(app, "node_modules/@hublet/rest/dist/index.js"))}`);
	const { outcome, ran } = await inPlantedDir(["--input-type=module", "-e", source]);
	assert.equal(ran, []);
	assert.is(outcome.server, "own table");
	assert.equal(proxyOutcome(outcome.proxy), MISSING(join(app, "node_modules/@hublet/rest")));
});

test.run();
