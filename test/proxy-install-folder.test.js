// The message for a missing undici says which command to run in which folder, and that command
// puts undici where Hublet then finds it: for a global `hublet` (bin/ links into a global
// lib/node_modules), `npm install -g undici@7`; for a `hublet` run from an app's node_modules/.bin,
// `npm install undici@7` in the app. Each layout runs the command with a proxy in the environment
// against a loopback server: first without undici (one warning, the request goes direct), then
// with undici where the message said (the request goes through the proxy).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REAL_UNDICI, ROOT, installHublet, write } from "./helpers/installed-copy.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { PROXY_VARIABLES, startForwardProxy } from "./helpers/forward-proxy.js";

const run = promisify(execFile);
const test = suite("where the message for a missing undici says to install it");

let target;
let forward;
let scratch;

test.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	forward = await startForwardProxy();
	scratch = mkdtempSync(join(tmpdir(), "hublet-install-folder-"));
});
test.before.each(() => {
	forward.seen.length = 0;
});
test.after(async () => {
	await target.close();
	await forward.close();
	rmSync(scratch, { recursive: true, force: true });
});

/** @hublet/rest with its command under `dir`/node_modules, and a link to the command at `link`. */
function installCommand(dir, link) {
	const pkg = installHublet(dir);
	cpSync(join(ROOT, "bin"), join(pkg, "bin"), { recursive: true });
	mkdirSync(join(link, ".."), { recursive: true });
	symlinkSync(join(pkg, "bin/hublet.mjs"), link);
}

/** undici (the real one, as a copy of version 6.29.1) in `dir`/node_modules. */
const installUndici = (dir) =>
	write(dir, {
		"node_modules/undici/package.json": JSON.stringify({ name: "undici", version: "6.29.1", main: "index.js" }),
		"node_modules/undici/index.js": `module.exports = require(${JSON.stringify(REAL_UNDICI)});\n`,
	});

/** `hublet GET /path` through `command`, with the proxy in the environment; its answer and its lines about undici. */
async function hublet(command, path) {
	const env = { ...process.env, GITHUB_API_URL: target.baseUrl, HUBLET_RETRY: "false" };
	for (const name of PROXY_VARIABLES) delete env[name];
	env.HTTP_PROXY = forward.url;
	const { stdout, stderr } = await run(process.execPath, [command, "GET", path], { cwd: scratch, env });
	return { answer: JSON.parse(stdout), undici: stderr.split("\n").filter((line) => line.includes("undici")) };
}

test("a global hublet: the warning says `npm install -g undici@7`, and undici installed so is found", async () => {
	const prefix = join(scratch, "global");
	installCommand(join(prefix, "lib"), join(prefix, "bin/hublet"));
	const without = await hublet(join(prefix, "bin/hublet"), "/direct");
	assert.equal(without.answer, { path: "/direct" });
	assert.is(without.undici.length, 1);
	assert.match(without.undici[0], "to use the proxy, install it with `npm install -g undici@7`");
	assert.equal(forward.seen, []);

	// What `npm install -g undici@7` does: undici beside the global @hublet/rest.
	installUndici(join(prefix, "lib"));
	const withUndici = await hublet(join(prefix, "bin/hublet"), "/proxied");
	assert.equal(withUndici, { answer: { path: "/proxied" }, undici: [] });
	assert.equal(forward.seen, [`CONNECT ${new URL(target.baseUrl).host}`]);
});

test("hublet from an app's node_modules/.bin: the warning names the app's folder, and undici installed there is found", async () => {
	const app = join(scratch, "app");
	write(app, { "package.json": JSON.stringify({ name: "app", private: true }) });
	installCommand(app, join(app, "node_modules/.bin/hublet"));
	const without = await hublet(join(app, "node_modules/.bin/hublet"), "/direct");
	assert.equal(without.answer, { path: "/direct" });
	assert.match(without.undici[0], `to use the proxy, install it with \`npm install undici@7\` in ${app}`);

	installUndici(app);
	const withUndici = await hublet(join(app, "node_modules/.bin/hublet"), "/proxied");
	assert.equal(withUndici, { answer: { path: "/proxied" }, undici: [] });
	assert.equal(forward.seen, [`CONNECT ${new URL(target.baseUrl).host}`]);
});

test.run();
