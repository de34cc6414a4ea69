// One cell of the feature matrix: a client made as the cell says (entry, auth kind, each feature
// on or off), one call of the cell's form over loopback, and what reached the server, what came
// back and what was written checked. Returns the problems found: none for a cell that holds.
import { execFile } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import ghes from "@hublet/rest/servers/ghes-3.17";
import * as full from "../../../dist/index.js";
import * as core from "../../../dist/core.js";
import { mockClient } from "../../../dist/testing.js";
import { startForwardProxy, withProxyEnv } from "../forward-proxy.js";
import { INSTALLATION_TOKEN, startGitHub } from "./github.js";
import { AUTH_OPTIONS, CREDENTIAL, DEFAULTS_TOKEN, SECRETS, TOKEN } from "./auth-kinds.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");
const HUBLET = join(ROOT, "bin", "hublet.mjs");

/** The route subset a core client is given (`hublet routes` writes one): the methods the cells call. */
const SUBSET = {
	namespaces: {
		repos: { get: ["GET /repos/{owner}/{repo}"] },
		issues: { listForRepo: ["GET /repos/{owner}/{repo}/issues"] },
		dependabot: { repositoryAccessForOrg: ["GET /orgs/{org}/dependabot/repository-access"] },
	},
};

let overrideModule;
/** The override package (octokit-core/) as an app's tree holds it, under node_modules/@octokit/core beside @hublet/rest. */
async function overrideEntry() {
	if (!overrideModule) {
		const tree = mkdtempSync(join(tmpdir(), "hublet-matrix-"));
		process.once("exit", () => rmSync(tree, { recursive: true, force: true }));
		mkdirSync(join(tree, "node_modules", "@octokit"), { recursive: true });
		mkdirSync(join(tree, "node_modules", "@hublet"), { recursive: true });
		cpSync(join(ROOT, "octokit-core"), join(tree, "node_modules", "@octokit", "core"), { recursive: true });
		symlinkSync(ROOT, join(tree, "node_modules", "@hublet", "rest"), "dir");
		overrideModule = await import(pathToFileURL(join(tree, "node_modules", "@octokit", "core", "index.js")).href);
	}
	return overrideModule;
}

/** The client class of the cell's entry: the full one, or the core one with every feature plugged in. */
async function classOf(cell) {
	let Class;
	// The full client composes paginate, the request log and retries; a program adds the others it uses.
	const inOrder = (features) => (cell.order === "reversed" ? features.reverse() : features);
	if (cell.entry === "full") Class = full.Hublet.plugin(...inOrder(fullFeaturesOf(cell)));
	else {
		const entry = cell.entry === "core" ? core : await overrideEntry();
		const Base = entry.Octokit;
		Class = Base.plugin(
			...inOrder([entry.requestLog, entry.paginate, entry.findRoutes, entry.retry, entry.cache, entry.rateLimit, entry.legacyAuth, entry.proxy, entry.serverTables]),
		);
	}
	// The core client has no route table of its own, as @octokit/core has none: a program gives it the subset it uses.
	if (cell.server === "withRoutes") Class = Class.withRoutes(ghes);
	else if (cell.entry !== "full") Class = Class.withRoutes(SUBSET);
	if (cell.auth === "defaults") Class = Class.defaults({ auth: DEFAULTS_TOKEN });
	return Class;
}

/** The features the full client leaves out that the cell turns on: what a program on the full entry adds with `Hublet.plugin()`. */
function fullFeaturesOf(cell) {
	const on = [
		[cell.findRoutes === "used", full.findRoutes],
		[cell.cache !== "off", full.cache],
		[cell.rateLimit !== "off", full.rateLimit],
		[cell.auth === "function" || cell.auth === "basic", full.legacyAuth],
		[cell.proxy !== "off", full.proxy],
		[cell.server !== "off", full.serverTables],
	];
	return on.filter(([wanted]) => wanted).map(([, feature]) => feature);
}

/** A log that keeps every line. */
function keepingLog() {
	const lines = [];
	const log = Object.fromEntries(["debug", "info", "warn", "error"].map((level) => [level, (...args) => lines.push({ level, text: args.map(String).join(" ") })]));
	return { log, lines };
}

/** The cell's client options, but for its auth and class. */
function featureOptions(cell, api, proxy, stores) {
	return {
		baseUrl: api.baseUrl,
		...(cell.server === "name" ? { server: "ghes-3.17" } : cell.server === "auto" ? { server: "auto" } : {}),
		...(cell.cache === "memory" ? { cache: true } : cell.cache === "store" ? { cache: stores.cache } : {}),
		...(cell.retry === "off" ? { retry: false } : cell.retry === "flaky" ? { retry: { retries: 2, minTimeout: 0 } } : {}),
		...(cell.rateLimit === "local" ? { rateLimit: true } : cell.rateLimit === "store" ? { rateLimit: { store: stores.rateLimit } } : {}),
		...(cell.proxy === "option" ? { request: { proxy: proxy.url } } : {}),
		...(cell.requestLog === "off" ? { requestLog: false } : {}),
	};
}

/**
Runs a cell; `stderr()` gives what the process wrote to stderr since the cell began (DEBUG's
lines). Resolves with the problems found.
*/
export async function runCell(cell, stderr) {
	const problems = [];
	const expect = (condition, problem) => {
		if (!condition) problems.push(problem);
	};
	const enterprise = cell.server !== "off";
	const github = await startGitHub({ enterprise, flaky: cell.retry === "flaky" });
	const proxyServer = cell.proxy === "off" ? undefined : await startForwardProxy();
	// Through a proxy, a name that only the proxy can reach: what arrives went through it.
	const origin = proxyServer ? github.baseUrl.replace("127.0.0.1", "api.test") : github.baseUrl;
	const api = { baseUrl: `${origin}${github.prefix}` };
	const proxy = proxyServer && { url: proxyServer.url };
	const stores = { cache: new Map(), rateLimit: new Map() };
	const written = [];
	try {
		if (cell.call === "cli") await runCommand(cell, api, proxy, github, expect, written);
		else if (cell.proxy === "env") await withProxyEnv({ HTTP_PROXY: proxy.url }, () => runInProcess(cell, api, proxy, stores, github, expect, written));
		else await runInProcess(cell, api, proxy, stores, github, expect, written);
		written.push(stderr());
		const debugLines = written.join("\n").split("\n").filter((line) => /hublet:(request|retry|deprecation)\b/.test(line));
		// DEBUG prints every request line of the full client (docs/logging.md); the core entry starts
		// no debug of its own, and writes to the process's channels only where a full client opened them.
		if (cell.debug === "on" && cell.entry === "full") expect(debugLines.some((line) => /hublet:request (GET|POST) /.test(line)), "DEBUG=hublet:* wrote no request line");
		if (cell.debug === "off") expect(debugLines.length === 0, `a DEBUG line without DEBUG set: ${debugLines[0]}`);
		// What reached the server went through the proxy: only the proxy reaches api.test.
		const proxied = proxyServer ? proxyServer.seen.length : 0;
		if (cell.proxy !== "off" && cell.call !== "mock") {
			const direct = github.seen.filter((request) => !request.host.startsWith("api.test:"));
			expect(proxied >= 1 && direct.length === 0, `${direct.length} of ${github.seen.length} requests did not go through the proxy`);
		}
		// A mock client's transport is the whole transport: no proxy routes it, and nothing is sent.
		if (cell.call === "mock") expect(github.seen.length === 0 && proxied === 0, `a mock client sent ${github.seen.length} requests`);
		for (const [name, store] of Object.entries(stores)) {
			const text = JSON.stringify([...store.entries()]);
			const leaked = SECRETS.find((secret) => text.includes(secret));
			expect(leaked === undefined, `the ${name} store holds a secret`);
		}
		if (cell.cache === "store" && cell.call === "rest") expect(stores.cache.size > 0, "the cache store holds nothing after a GET with an ETag");
		if (cell.rateLimit === "store" && cell.call !== "mock") expect(stores.rateLimit.size > 0, "the rate-limit store holds nothing after a response with rate limits");
		const everything = written.join("\n");
		const leaked = SECRETS.find((secret) => everything.includes(secret));
		expect(leaked === undefined, `a secret was written: ${leaked && everything.split("\n").find((line) => line.includes(leaked))}`);
	} catch (error) {
		problems.push(`threw ${error?.stack ?? error}`);
	} finally {
		await github.close();
		await proxyServer?.close();
	}
	return problems;
}

async function runInProcess(cell, api, proxy, stores, github, expect, written) {
	const Class = await classOf(cell);
	const { log, lines } = keepingLog();
	const options = { ...featureOptions(cell, api, proxy, stores), ...AUTH_OPTIONS[cell.auth], log };
	const credential = CREDENTIAL[cell.auth];
	let client;
	let mockCalls;
	if (cell.call === "mock") {
		let failFirst = cell.retry === "flaky";
		const headers = cell.server === "off" ? {} : { "x-github-enterprise-version": "3.17.0" };
		const handlers = {
			"repos.get": ({ owner, repo }) => {
				if (failFirst) {
					failFirst = false;
					return { status: 503, headers };
				}
				return { data: { full_name: `${owner}/${repo}` }, headers };
			},
			"POST /app/installations/{installation_id}/access_tokens": { status: 201, data: { token: INSTALLATION_TOKEN, expires_at: new Date(Date.now() + 3600_000).toISOString(), permissions: {} } },
		};
		({ client, calls: mockCalls } = mockClient(handlers, { Hublet: Class, ...options, requestLog: cell.requestLog === "on" }));
	} else {
		client = new Class(options);
	}
	if (cell.findRoutes === "used") {
		const found = client.findRoutes("/repos/{owner}/{repo}");
		expect(found.some((info) => info.namespace === "repos" && info.method === "get"), "findRoutes did not find repos.get");
		// With a server's table in use from the start, the search is over it: GHES's global webhooks are not on api.github.com.
		if (cell.server === "name" || cell.server === "withRoutes") {
			const enterprise = client.findRoutes("/admin/hooks").map((info) => `${info.namespace}.${info.method}`);
			expect(enterprise.includes("enterpriseAdmin.listGlobalWebhooks"), `findRoutes searched another table than the server's: ${JSON.stringify(enterprise)}`);
		}
	}
	const sent = (method, path) => github.seen.filter((request) => request.method === method && request.path.split("?")[0] === github.prefix + path);
	const checkCredential = (requests, what) => {
		for (const request of requests) expect(request.authorization === credential, `${what} was sent with ${request.authorization === undefined ? "no credential" : "another credential"} (expected ${credential === undefined ? "none" : credential.split(" ")[0]})`);
	};
	const flaked = cell.retry === "flaky" ? 1 : 0;
	try {
		switch (cell.call) {
			case "rest":
			case "mock": {
				const response = await client.rest.repos.get({ owner: "o", repo: "r" });
				expect(response.status === 200 && response.data.full_name === "o/r", `repos.get answered ${response.status} ${JSON.stringify(response.data)}`);
				if (cell.call === "mock") {
					const gets = mockCalls.filter((call) => call.method === "repos.get");
					expect(gets.length === 1 + flaked, `the mock answered repos.get ${gets.length} times`);
					for (const call of gets) expect(("authorization" in call.headers) === (credential !== undefined), `the mock saw ${call.headers.authorization ?? "no credential"}`);
					break;
				}
				const gets = sent("GET", "/repos/o/r");
				expect(gets.length === 1 + flaked, `${gets.length} GET /repos/o/r reached the server`);
				checkCredential(gets, "GET /repos/o/r");
				if (cell.cache !== "off") {
					const again = await client.rest.repos.get({ owner: "o", repo: "r" });
					const last = sent("GET", "/repos/o/r").at(-1);
					expect(last.ifNoneMatch === '"v1"' && again.status === 200 && again.data.full_name === "o/r", `the cache did not revalidate (${last.ifNoneMatch}, ${again.status})`);
				}
				break;
			}
			case "request": {
				const response = await client.request("POST /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", title: "Found a bug" });
				expect(response.status === 201 && response.data.number === 7, `POST answered ${response.status}`);
				const posts = sent("POST", "/repos/o/r/issues");
				expect(posts.length === 1 && JSON.parse(posts[0].body).title === "Found a bug", `the POST arrived as ${JSON.stringify(posts)}`);
				checkCredential(posts, "POST /repos/o/r/issues");
				break;
			}
			case "paginate":
			case "iterator": {
				let items;
				if (cell.call === "paginate") items = await client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r", per_page: 1 });
				else {
					items = [];
					for await (const { data } of client.paginate.iterator(client.rest.issues.listForRepo, { owner: "o", repo: "r", per_page: 1 })) items.push(...data);
				}
				expect(JSON.stringify(items) === '[{"id":1},{"id":2}]', `paginate gave ${JSON.stringify(items)}`);
				const gets = sent("GET", "/repos/o/r/issues");
				expect(gets.length === 2 + flaked, `${gets.length} pages were asked for`);
				checkCredential(gets, "a page");
				break;
			}
			case "graphql": {
				const data = await client.graphql("query ($owner: String!) { repository(owner: $owner, name: \"r\") { id } }", { owner: "o" });
				expect(data.repository?.id === "R_1", `graphql gave ${JSON.stringify(data)}`);
				const posts = github.seen.filter((request) => request.method === "POST" && request.path === github.graphqlPath);
				expect(posts.length === 1 && JSON.parse(posts[0].body).variables?.owner === "o", `the query arrived as ${JSON.stringify(posts)}`);
				checkCredential(posts, "POST /graphql");
				break;
			}
		}
		if (cell.auth === "app" && cell.call !== "mock") {
			const tokens = github.seen.filter((request) => request.path.endsWith("/app/installations/1/access_tokens"));
			expect(tokens.length === 1 && /^bearer /.test(tokens[0].authorization ?? ""), "the app's installation token was not asked for once with its JWT");
		}
		if (cell.server !== "off") {
			// A method GitHub Enterprise Server 3.17 lacks is refused, and nothing is sent.
			const before = github.seen.length + (mockCalls?.length ?? 0);
			const refusal = await client.rest.dependabot.repositoryAccessForOrg({ org: "o" }).then(() => undefined, (error) => error);
			expect(refusal?.code === "NOT_AVAILABLE", `a method the server lacks gave ${refusal?.code ?? "a response"}`);
			expect(github.seen.length + (mockCalls?.length ?? 0) === before, "a method the server lacks was sent");
		}
	} catch (error) {
		expect(false, `the call failed: ${error.message}`);
		written.push(String(error.message), JSON.stringify(error), (await import("node:util")).inspect(error, { depth: Infinity }));
	}
	// The request log's lines (`GET /repos/o/r - 200 with id … in 3ms`), not the retry stage's.
	const requestLines = lines.filter((line) => /^(GET|POST) \S+ - (\d{3} |failed)/.test(line.text));
	if (cell.requestLog === "on") expect(requestLines.length > 0, "the request log wrote no line");
	else expect(requestLines.length === 0, `the request log wrote ${requestLines[0]?.text} with requestLog: false`);
	written.push(...lines.map((line) => line.text));
}

/** The command line, as a user at a shell runs it: a token and the rest from the environment. */
async function runCommand(cell, api, proxy, github, expect, written) {
	const env = { PATH: process.env.PATH, GITHUB_API_URL: api.baseUrl, ...(cell.auth === "token" ? { GITHUB_TOKEN: TOKEN } : {}) };
	if (cell.proxy === "env") env.HTTP_PROXY = proxy.url;
	if (cell.debug === "on") env.DEBUG = "hublet:*";
	if (cell.retry === "off") env.HUBLET_RETRY = "false";
	if (cell.retry === "flaky") env.HUBLET_RETRY = '{"retries":2,"minTimeout":0}';
	const server = cell.server === "name" ? ["--server", "ghes-3.17"] : cell.server === "auto" ? ["--server", "auto"] : [];
	const run = (args) =>
		new Promise((done) => {
			execFile(process.execPath, [HUBLET, ...args, ...server], { env, cwd: ROOT, timeout: 30_000 }, (error, stdout, stderr) => done({ code: error ? error.code : 0, stdout, stderr }));
		});
	const result = await run(["repos.get", "owner=o", "repo=r"]);
	written.push(result.stdout, result.stderr);
	expect(result.code === 0 && /"full_name":\s*"o\/r"/.test(result.stdout), `hublet repos.get exited ${result.code}: ${result.stderr.trim().split("\n").at(-1)}`);
	const gets = github.seen.filter((request) => request.method === "GET" && request.path === `${github.prefix}/repos/o/r`);
	expect(gets.length === 1 + (cell.retry === "flaky" ? 1 : 0), `${gets.length} GET /repos/o/r reached the server`);
	for (const request of gets) expect(request.authorization === CREDENTIAL[cell.auth], `hublet sent ${request.authorization ?? "no credential"}`);
	if (cell.findRoutes === "used") {
		const found = await run(["find", "/repos/{owner}/{repo}"]);
		written.push(found.stdout, found.stderr);
		expect(found.code === 0 && /repos\.get\b/.test(found.stdout), `hublet find did not list repos.get (exit ${found.code})`);
	}
	// "auto" learns the server from a response: each command is a process of its own, which has had none yet.
	if (cell.server === "name") {
		const before = github.seen.length;
		const refused = await run(["dependabot.repositoryAccessForOrg", "org=o"]);
		written.push(refused.stdout, refused.stderr);
		expect(refused.code !== 0 && /not available on GitHub Enterprise Server 3\.17/.test(refused.stderr), `a method the server lacks exited ${refused.code}`);
		expect(github.seen.length === before, "a method the server lacks was sent");
	}
}
