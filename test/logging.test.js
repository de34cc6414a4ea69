import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { testClient } from "./helpers/client.js";
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

logging.run();
