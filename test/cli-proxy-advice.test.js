// A proxy named by HTTPS_PROXY or HTTP_PROXY needs undici where hublet loads packages from: the
// warning names that place, since `npm install undici` run in the folder a user stands in installs
// it where hublet never looks. The package is installed as npm lays it out, twice: globally
// (`<prefix>/lib/node_modules`, no package.json above it) and in a project, without undici.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { closedUrl, createApiServer } from "./fixtures/cli-harness.js";
import { installHublet } from "./helpers/installed-copy.js";

/** The package as npm installs it in `dir`/node_modules, with its peer dependency and without undici; the path of its bin. */
const installInto = (dir) => join(installHublet(dir, { whole: true }), "bin", "hublet.mjs");

const api = createApiServer();
const root = mkdtempSync(join(tmpdir(), "hublet proxy 'advice "));
const globalBin = installInto(join(root, "prefix", "lib"));
const project = join(root, "my app");
mkdirSync(project);
writeFileSync(join(project, "package.json"), '{"name":"app","private":true}');
const projectBin = installInto(project);

const run = (bin, args, env) =>
	new Promise((done) => {
		// From a folder of its own, as a user runs it: the advice must not name where they stand.
		const cwd = mkdtempSync(join(root, "cwd-"));
		execFile(process.execPath, [bin, ...args], { cwd, env: { PATH: process.env.PATH, HUBLET_RETRY: "false", ...env } }, (error, stdout, stderr) =>
			done({ code: error ? error.code : 0, stdout, stderr }),
		);
	});

const advice = suite("the proxy warning names where undici must be installed");
advice.before(api.start);
advice.after(async () => {
	await api.stop();
	rmSync(root, { recursive: true, force: true });
});

advice("a global hublet: npm i -g undici, with HTTP_PROXY on a call that then goes direct", async () => {
	api.reset({ "GET /repos/o/r": () => [200, { id: 1 }] });
	const proxy = await closedUrl();
	const { code, stdout, stderr } = await run(globalBin, ["repos.get", "owner=o", "repo=r"], { GITHUB_API_URL: api.baseUrl, HTTP_PROXY: proxy });
	assert.is(code, 0, stderr);
	assert.equal(JSON.parse(stdout), { id: 1 });
	const lines = stderr.trimEnd().split("\n");
	assert.is(lines.length, 1, stderr);
	assert.match(lines[0], /^hublet: warning: .*HTTP_PROXY.*undici/);
	assert.match(lines[0], /`npm (?:i|install) -g undici(?:@\d+)?`/);
	assert.not.match(lines[0], "cwd-");
});

advice("a project's hublet: npm install undici in that project's folder, with HTTPS_PROXY", async () => {
	const proxy = await closedUrl();
	const { code, stderr } = await run(projectBin, ["repos.get", "owner=o", "repo=r"], { GITHUB_API_URL: (await closedUrl()).replace("http:", "https:"), HTTPS_PROXY: proxy });
	assert.is(code, 1);
	const [warning] = stderr.split("\n");
	assert.match(warning, /^hublet: warning: .*HTTPS_PROXY.*undici/);
	// The command, and the project's folder (the one whose node_modules holds hublet), not the one the user stands in.
	assert.match(warning, /`npm install undici(?:@\d+)?[^`]*`/);
	assert.ok(warning.includes(project), warning);
	assert.not.match(warning, /-g undici|cwd-/);
});

advice.run();
