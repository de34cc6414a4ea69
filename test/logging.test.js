import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit as OctokitCore } from "@octokit/core";
import { Octokit as OctokitRest } from "@octokit/rest";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet, requestLog } from "../dist/core.js";
import { capturingLog, testClient } from "./helpers/client.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";

const logging = suite("request log");
useServer(logging);

logging("log.debug gets the request, log.info the result line, as octokit's request log", async () => {
	server.use(http.get(`${API}/repos/o/r`, () => HttpResponse.json({}, { headers: { "x-github-request-id": "AB:CD" } })));
	const { client, lines } = testClient({ auth: "ghp_hidden" });
	await client.rest.repos.get({ owner: "o", repo: "r" });
	assert.equal(lines.debug, ["GET /repos/o/r"]);
	assert.is(lines.info.length, 1);
	assert.match(lines.info[0], /^GET \/repos\/o\/r - 200 with id AB:CD in \d+ms$/);
});

logging("a failure goes to log.error with its status", async () => {
	server.use(http.get(`${API}/repos/o/gone`, () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const { client, lines } = testClient();
	await client.rest.repos.get({ owner: "o", repo: "gone" }).catch(() => {});
	assert.is(lines.error.length, 1);
	assert.match(lines.error[0], /^GET \/repos\/o\/gone - 404 with id UNKNOWN in \d+ms$/);
});

logging("the path is relative to a GHES baseUrl, and secret query values are redacted", async () => {
	server.use(http.post("https://ghe.example.com/api/v3/x", () => HttpResponse.json({})));
	const { client, lines } = testClient({ baseUrl: "https://ghe.example.com/api/v3" });
	await client.request("POST /x{?client_secret}", { client_secret: "shh123" });
	assert.match(lines.info[0], /^POST \/x\?client_secret=\[REDACTED\] - 200/);
	assert.not.match(lines.info.join() + lines.debug.join(), /shh123/);
});

logging("client.log fills in missing methods: debug and info are no-ops, warn and error exist", () => {
	const client = new Hublet({ log: { warn() {} } });
	for (const level of ["debug", "info", "warn", "error"]) assert.type(client.log[level], "function");
	assert.is(client.log.debug(), undefined);
	const custom = { debug() {}, info() {}, warn() {}, error() {}, trace() {} };
	assert.is(new Hublet({ log: custom }).log.trace, custom.trace, "extra methods are kept");
});

/** The lines each log level got while `Client` read a repository (200) and a missing file (404). */
async function logLinesOf(Client) {
	server.use(
		http.get(`${API}/repos/o/r`, () => HttpResponse.json({}, { headers: { "x-github-request-id": "AB:CD" } })),
		http.get(`${API}/repos/o/r/contents/*`, () => HttpResponse.json({ message: "Not Found" }, { status: 404 })),
	);
	const { log, lines } = capturingLog();
	const client = new Client({ log, retry: false });
	await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	await client.request("GET /repos/{owner}/{repo}/contents/{path}", { owner: "o", repo: "r", path: ".github/config.yml" }).catch((error) => {
		if (error.status !== 404) throw error;
	});
	return lines;
}

logging("the core entry logs no request, as @octokit/core: not a success, not an expected 404", async () => {
	const octokit = await logLinesOf(OctokitCore);
	assert.equal(octokit, { debug: [], info: [], warn: [], error: [] }, "what @octokit/core logs");
	assert.equal(await logLinesOf(CoreHublet), octokit);
	// An endpoint method of a route subset logs nothing either.
	server.use(http.get(`${API}/repos/o/gone`, () => HttpResponse.json({ message: "Not Found" }, { status: 404 })));
	const { log, lines } = capturingLog();
	const Small = CoreHublet.withRoutes({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } });
	await new Small({ log }).rest.repos.get({ owner: "o", repo: "gone" }).catch(() => {});
	assert.equal(lines, { debug: [], info: [], warn: [], error: [] });
});

logging("the full entry logs as @octokit/rest: info per success, error per failure", async () => {
	const octokit = await logLinesOf(OctokitRest);
	const hublet = await logLinesOf(Hublet);
	const shape = (lines) => ({ info: lines.info.map(stripTime), error: lines.error.map(stripTime) });
	const stripTime = (line) => line.replace(/in \d+ms$/, "in <t>ms");
	assert.equal(shape(hublet), {
		info: ["GET /repos/o/r - 200 with id AB:CD in <t>ms"],
		error: ["GET /repos/o/r/contents/.github%2Fconfig.yml - 404 with id UNKNOWN in <t>ms"],
	});
	assert.equal(shape(hublet), shape(octokit), "the lines @octokit/rest writes");
	assert.is(hublet.debug.length, 2, "one debug line per request");
	assert.ok(Hublet.features.some((feature) => feature.name === requestLog.name), "the full client composes the request log");
	assert.equal(CoreHublet.features, [], "the core client has none");
});

logging.run();
