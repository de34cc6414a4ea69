// client.log is the logger the caller passed, as @octokit/core 7 makes it (createLogger): the
// same object, with only its missing methods filled in, each method called on its own logger.
// Run: node test/client-log.test.js
import { Writable } from "node:stream";
import { Octokit } from "@octokit/core";
import { pino } from "pino";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { HttpResponse, http, useServer, server } from "./helpers/msw.js";

const test = suite("client.log");
useServer(test);

/** A pino logger at `debug` writing to a stream that keeps each line, parsed. */
function pinoLogger() {
	const lines = [];
	const destination = new Writable({
		write(chunk, _encoding, done) {
			lines.push(JSON.parse(String(chunk)));
			done();
		},
	});
	// pino writes synchronously to a stream that is not a file, one JSON line per call.
	return { logger: pino({ level: "debug", base: undefined, timestamp: false }, destination), lines };
}

for (const [entry, Client] of [
	["@hublet/rest", Hublet],
	["@hublet/rest/core", CoreHublet],
]) {
	test(`${entry}: a pino logger is client.log itself, and its methods write with their own this`, () => {
		const { logger, lines } = pinoLogger();
		const client = new Client({ log: logger });
		assert.ok(client.log === logger, "the same object");
		assert.ok(new Octokit({ log: logger }).log === logger, "as in @octokit/core");
		client.log.debug("one");
		client.log.info("two", { more: 1 });
		client.log.warn("three");
		client.log.error("four");
		// pino reads its level and stream from `this`: called without it, it would throw.
		assert.equal(
			lines.map(({ level, msg }) => [level, msg]),
			[
				[20, "one"],
				[30, "two"],
				[40, "three"],
				[50, "four"],
			],
		);
		assert.ok(client.log.child({ module: "x" }).info, "pino's child stays reachable");
	});

	test(`${entry}: only the missing methods are filled in, onto the logger itself, as @octokit/core does`, () => {
		const info = (message) => message;
		const hublet = { info, trace: info };
		const octokit = { info, trace: info };
		const client = new Client({ log: hublet });
		new Octokit({ log: octokit });
		assert.ok(client.log === hublet);
		assert.equal(Object.keys(hublet), Object.keys(octokit), "the same members are added");
		assert.is(hublet.info, info, "a given method is kept as it is, not wrapped");
		assert.is(hublet.trace, info, "other members are kept");
		assert.is(hublet.debug(), undefined);
		assert.is(client.log.debug, new Client({ log: {} }).log.debug, "one shared no-op, as octokit's");
		assert.type(hublet.warn, "function");
		assert.type(hublet.error, "function");
	});

	test(`${entry}: a frozen logger with all four methods is used as it is`, () => {
		const seen = [];
		const logger = Object.freeze({ debug() {}, info() {}, warn: (message) => seen.push(message), error() {} });
		const client = new Client({ log: logger });
		assert.ok(client.log === logger);
		client.log.warn("careful");
		assert.equal(seen, ["careful"]);
	});
}

test("the full entry's request log writes through pino", async () => {
	server.use(http.get("https://api.github.com/repos/o/r", () => HttpResponse.json({}, { headers: { "x-github-request-id": "AB:CD" } })));
	const { logger, lines } = pinoLogger();
	await new Hublet({ log: logger }).rest.repos.get({ owner: "o", repo: "r" });
	const info = lines.filter(({ level }) => level === 30);
	assert.is(info.length, 1);
	assert.match(info[0].msg, /^GET \/repos\/o\/r - 200 with id AB:CD in \d+ms$/);
});

test.run();
