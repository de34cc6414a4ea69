// undici beside the program in a version Hublet does not take (undici 5, which @actions/http-client
// places there; undici 8), or of another shape (no ProxyAgent, a ProxyAgent that throws or makes no
// dispatcher, a copy that does not load, no version at all): a proxy named by `request.proxy` fails
// as a RequestError (MISSING_PACKAGE, 500) naming the package, the version found, the versions
// Hublet takes and where to install one, sends nothing, and is not retried; a proxy from the
// environment gets one warning saying the same, and requests go direct. Never the copy's own
// TypeError, and never the proxy's password. Each case runs in a child process of its own.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFile } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { REAL_UNDICI, installHublet, write } from "./helpers/installed-copy.js";
import { sendJson, startServer } from "./helpers/loopback.js";
import { PROXY_VARIABLES, startForwardProxy } from "./helpers/forward-proxy.js";

const run = promisify(execFile);
const REAL = `module.exports = require(${JSON.stringify(REAL_UNDICI)});`;
const TAKES = "needs undici 6 or 7 (^6.0.0 || ^7.0.0), but";

// Each copy: its package.json's fields, its index.js, and what the message says of it.
const COPIES = {
	"undici 5 (a working ProxyAgent of a major Hublet does not take)": [{ version: "5.28.4" }, REAL, "(version 5.28.4) is not one of them"],
	"undici 8": [{ version: "8.13.1" }, REAL, "(version 8.13.1) is not one of them"],
	"a copy with no version": [{}, REAL, "(no version in its package.json) is not one of them"],
	"a version that is not a string": [{ version: 7 }, REAL, "(no version in its package.json) is not one of them"],
	"a version that is no version": [{ version: "__proto__" }, REAL, "(version __proto__) is not one of them"],
	"no ProxyAgent": [{ version: "7.0.0" }, "module.exports = { Agent: class {} };", "(version 7.0.0) has no ProxyAgent class"],
	"a ProxyAgent that is not a class": [{ version: "7.0.0" }, 'module.exports = { ProxyAgent: "ProxyAgent" };', "(version 7.0.0) has no ProxyAgent class"],
	"a module that is null": [{ version: "6.0.0" }, "module.exports = null;", "(version 6.0.0) has no ProxyAgent class"],
	"a ProxyAgent that takes options of another shape, and throws a TypeError that repeats its argument": [
		{ version: "7.1.0" },
		'module.exports = { ProxyAgent: class { constructor(options) { if (typeof options !== "object") throw new TypeError(`expected { uri }, got ${options}`); } } };',
		"(version 7.1.0) failed to make a ProxyAgent (a TypeError)",
	],
	"a ProxyAgent that throws a thing with a hostile name": [
		{ version: "7.1.0" },
		'module.exports = { ProxyAgent: class { constructor(uri) { throw { name: "\\u001b]0;x\\u0007" + uri }; } } };',
		"(version 7.1.0) failed to make a ProxyAgent (a non-Error)",
	],
	"a ProxyAgent with no dispatch()": [{ version: "6.0.0" }, "module.exports = { ProxyAgent: class { close() {} } };", "(version 6.0.0) made a ProxyAgent with no dispatch() and close()"],
	"a copy that throws when it loads": [{ version: "7.2.0" }, 'throw new TypeError("undici needs a newer Node.js\\u001b[2J");', "(version 7.2.0) does not load (undici needs a newer Node.js?[2J)"],
};

const test = suite("an undici Hublet does not take: a RequestError naming it, or one warning, never its own TypeError");

let target;
let forward;
let scratch;

test.before(async () => {
	target = await startServer((request, response) => sendJson(response, 200, { path: request.url }));
	forward = await startForwardProxy();
	scratch = mkdtempSync(join(tmpdir(), "hublet-undici-"));
});
test.before.each(() => {
	forward.seen.length = 0;
	target.requests.length = 0;
});
test.after(async () => {
	await target.close();
	await forward.close();
	rmSync(scratch, { recursive: true, force: true });
});

// A request through `request.proxy` (retries on: a failure that were retried would be sent again
// through the next attempt), then one with the proxy from the environment.
const PROGRAM = `
import { Hublet as FullHublet, proxy } from "@hublet/rest";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(proxy);
const outcome = {};
const client = new Hublet({ baseUrl: process.env.TARGET, retry: { retries: 2, minTimeout: 1 }, request: { proxy: process.env.OWN_PROXY } });
outcome.option = await client.request("GET /option").then(() => "sent", (error) => ({
	class: error.constructor.name, code: error.code, status: error.status, message: error.message,
}));
outcome.environment = await new Hublet({ baseUrl: process.env.TARGET }).request("GET /environment").then(({ data }) => data.path, (error) => error.message);
console.log(JSON.stringify(outcome));
`;

let count = 0;
/** An app with `undici` (package.json `fields`, `index`) beside it; the program's outcome, its stderr, and its folder. */
async function withUndici(fields, index) {
	const app = join(scratch, `app-${++count}`);
	installHublet(app);
	write(app, {
		"package.json": JSON.stringify({ name: "app", type: "module" }),
		"main.mjs": PROGRAM,
		"node_modules/undici/package.json": JSON.stringify({ name: "undici", main: "index.js", ...fields }),
		"node_modules/undici/index.js": index,
	});
	const env = { ...process.env, TARGET: target.baseUrl, OWN_PROXY: forward.url.replace("http://", "http://user:s3cret@"), HTTP_PROXY: forward.url.replace("http://", "http://envuser:env-s3cret@") };
	for (const name of PROXY_VARIABLES) if (name !== "HTTP_PROXY") delete env[name];
	const { stdout, stderr } = await run(process.execPath, [join(app, "main.mjs")], { cwd: scratch, env });
	return { outcome: JSON.parse(stdout), stderr, app };
}

for (const [name, [fields, index, says]] of Object.entries(COPIES)) {
	test(`${name}: request.proxy fails as a RequestError naming it; the environment's proxy warns once and goes direct`, async () => {
		const { outcome, stderr, app } = await withUndici(fields, index);
		const copy = `the undici in ${join(app, "node_modules/undici")} ${says}`;
		const install = `install it with \`npm install undici@7\` in ${app}`;
		assert.equal(outcome.option, {
			class: "RequestError",
			code: "MISSING_PACKAGE",
			status: 500,
			message: `GET ${target.baseUrl}/option: request.proxy ${TAKES} ${copy}: ${install}`,
		});
		assert.is(outcome.environment, "/environment");
		// Only the warning: the request log may have a line of its own for the refused request.
		const warnings = stderr.split("\n").filter((line) => line.includes("undici"));
		assert.equal(warnings, [`[hublet] HTTP_PROXY names a proxy, which ${TAKES} ${copy}, so requests go direct: to use the proxy, ${install}`]);
		assert.not.match(stderr + JSON.stringify(outcome), /s3cret|\u001b/);
		// Nothing through the proxy; the option's request was never sent, the environment's went direct once.
		assert.equal([forward.seen, target.requests.map(({ url }) => url)], [[], ["/environment"]]);
	});
}

test("undici 6 or 7 of the right shape is taken: both requests go through the proxy", async () => {
	for (const version of ["6.0.0", "7.30.1"]) {
		forward.seen.length = 0;
		const { outcome, stderr } = await withUndici({ version }, REAL);
		assert.equal(outcome, { option: "sent", environment: "/environment" });
		assert.not.match(stderr, "undici");
		assert.is(forward.seen.length, 2);
	}
});

test.run();
