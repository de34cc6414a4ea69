// Where the program is, for the optional packages Hublet resolves as the program would (undici for
// proxies, @octokit/graphql for its error class): code given to `node -e`, `-p` or on stdin has no
// file, and `process.argv[1]` is then an argument of that code (`node -e '<app>' notes.txt`) or
// `-`, a path in the working directory. Each case runs the same app in a child whose working
// directory holds planted packages that write a mark when they run, and a file for each argument.
// None of them may run; a real script's own node_modules is still where its packages are found.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { REAL_UNDICI, installHublet, write } from "./helpers/installed-copy.js";
import { readBody, sendJson, startServer } from "./helpers/loopback.js";
import { PROXY_VARIABLES, startForwardProxy } from "./helpers/forward-proxy.js";

// What a planted module does when it runs: it writes its name to the mark file.
const mark = (name) => `require("node:fs").appendFileSync(process.env.PLANTED_MARK, ${JSON.stringify(`${name}\n`)});\n`;

/** An undici and an @octokit/graphql, as `name`s, each usable if it were taken. */
const packages = (name, undici = "module.exports = { ProxyAgent: class { dispatch() { throw new Error(\"planted\"); } close() { return Promise.resolve(); } } };") => ({
	"node_modules/undici/package.json": JSON.stringify({ name: "undici", version: "6.29.1", main: "index.js" }),
	"node_modules/undici/index.js": `${mark(`${name} undici`)}${undici}\n`,
	"node_modules/@octokit/graphql/package.json": JSON.stringify({ name: "@octokit/graphql", version: "9.0.1", main: "index.js" }),
	"node_modules/@octokit/graphql/index.js": `${mark(`${name} @octokit/graphql`)}exports.GraphqlResponseError = class GraphqlResponseError extends Error {};\n`,
});

// The app: a request through `request.proxy`, then a GraphQL answer with errors (whose error class
// is put under the program's @octokit/graphql). It runs as CommonJS or as a module alike.
const app = (hublet) => `(async () => {
	const full = await import(${JSON.stringify(pathToFileURL(join(hublet, "dist/index.js")).href)});
	const Hublet = full.Hublet.plugin(full.proxy);
	const client = new Hublet({ baseUrl: process.env.TARGET, retry: false, request: { proxy: process.env.PROXY } });
	const proxy = await client.request("GET /through").then(() => "sent", (error) => ({ code: error.code, message: error.message }));
	const direct = new Hublet({ baseUrl: process.env.TARGET, retry: false });
	const graphql = await direct.graphql("{ viewer { login } }").then(() => "answered", (error) => error.name);
	console.log(JSON.stringify({ proxy, graphql }));
})();
`;

const test = suite("where the program is: code given to node -e, -p or on stdin looks in no folder of the working directory");

let target;
let forward;
let planted;
let appDir;
let hublet;

test.before(async () => {
	target = await startServer(async (request, response) => {
		if (request.url === "/graphql") {
			await readBody(request);
			return sendJson(response, 200, { data: null, errors: [{ message: "nope" }] });
		}
		sendJson(response, 200, { path: request.url });
	});
	forward = await startForwardProxy();
	planted = mkdtempSync(join(tmpdir(), "hublet-cwd-"));
	// The arguments the code is given, as files of the working directory: `notes.txt`, and `-`.
	write(planted, { ...packages("planted"), "notes.txt": "notes\n", "-": "a file named -\n" });
	appDir = mkdtempSync(join(tmpdir(), "hublet-app-"));
	hublet = installHublet(appDir);
	write(appDir, { "package.json": JSON.stringify({ name: "app", type: "module" }), "main.mjs": app(hublet) });
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
	rmSync(appDir, { recursive: true, force: true });
});

/** Runs `node ...args` in the planted folder, with `stdin` as its input; its outcome and what of the planted code ran. */
async function inPlantedDir(args, stdin = "") {
	const env = { ...process.env, PLANTED_MARK: join(planted, "mark.txt"), TARGET: target.baseUrl, PROXY: forward.url };
	for (const name of PROXY_VARIABLES) delete env[name];
	const child = spawn(process.execPath, args, { cwd: planted, env });
	let stdout = "";
	let stderr = "";
	child.stdout.on("data", (chunk) => (stdout += chunk));
	child.stderr.on("data", (chunk) => (stderr += chunk));
	child.stdin.end(stdin);
	const code = await new Promise((resolve) => child.on("close", resolve));
	assert.is(code, 0, stderr);
	const outcome = JSON.parse(stdout.trim().split("\n").at(-1));
	return { outcome, ran: readFileSync(join(planted, "mark.txt"), "utf8").split("\n").filter(Boolean) };
}

const FORMS = {
	"-e with an existing file argument": () => [["-e", app(hublet), "notes.txt"]],
	"-e with no argument": () => [["-e", app(hublet)]],
	"--eval with an existing file's absolute path": () => [["--eval", app(hublet), join(planted, "notes.txt")]],
	"--eval=<code> with an argument": () => [[`--eval=${app(hublet)}`, "notes.txt"]],
	"-p with an existing file argument": () => [["-p", app(hublet), "notes.txt"]],
	"-pe with an existing file argument": () => [["-pe", app(hublet), "notes.txt"]],
	"--input-type=module -e with an existing file argument": () => [["--input-type=module", "-e", app(hublet), "notes.txt"]],
	"stdin, `node - notes.txt`": () => [["-", "notes.txt"], app(hublet)],
	"stdin, `node -` beside a file named -": () => [["-"], app(hublet)],
	"stdin as a module, `node --input-type=module -`": () => [["--input-type=module", "-"], app(hublet)],
	"stdin with no argument, `node < app`": () => [[], app(hublet)],
};

for (const [form, args] of Object.entries(FORMS)) {
	test(`${form}: no planted package runs; undici is looked for beside Hublet only, and the message names the app's folder`, async () => {
		const { outcome, ran } = await inPlantedDir(...args());
		assert.equal(ran, []);
		assert.is(outcome.proxy.code, "MISSING_PACKAGE");
		assert.match(outcome.proxy.message, `undici is not installed beside the program or @hublet/rest (${hublet}):`);
		assert.match(outcome.proxy.message, `install it with \`npm install undici@7\` in ${appDir}`);
		assert.is(outcome.graphql, "GraphqlResponseError");
		// Nothing went through the proxy or around it; the GraphQL query went direct.
		assert.equal([forward.seen, target.requests.map(({ url }) => url)], [[], ["/graphql"]]);
	});
}

test("a real script: its own node_modules is where its packages are found, whatever the working directory holds", async () => {
	write(appDir, packages("the app's", `module.exports = require(${JSON.stringify(REAL_UNDICI)});`));
	try {
		const { outcome, ran } = await inPlantedDir([join(appDir, "main.mjs"), "notes.txt"]);
		assert.equal(ran.sort(), ["the app's @octokit/graphql", "the app's undici"]);
		assert.equal(outcome, { proxy: "sent", graphql: "GraphqlResponseError" });
		assert.equal(forward.seen.length, 1);
	} finally {
		rmSync(join(appDir, "node_modules/undici"), { recursive: true });
		rmSync(join(appDir, "node_modules/@octokit/graphql"), { recursive: true });
	}
});

test("a CommonJS script run by a relative path: require.main is the program, not the working directory", async () => {
	write(appDir, { "main.cjs": app(hublet), ...packages("the app's", `module.exports = require(${JSON.stringify(REAL_UNDICI)});`) });
	try {
		const relative = join("..", appDir.slice(tmpdir().length + 1), "main.cjs");
		const { outcome, ran } = await inPlantedDir([relative]);
		assert.equal(ran.sort(), ["the app's @octokit/graphql", "the app's undici"]);
		assert.is(outcome.proxy, "sent");
	} finally {
		rmSync(join(appDir, "node_modules/undici"), { recursive: true });
		rmSync(join(appDir, "node_modules/@octokit/graphql"), { recursive: true });
	}
});

test.run();
