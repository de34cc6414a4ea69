// The "warn once" memory of a logger is bounded: warnings may name URLs (a deprecated route's
// path, a link's origin), so it keeps the last 500 messages. A message it forgot warns again,
// which is the price of not growing without end. Over a server on 127.0.0.1.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

const KEPT = 500;

let server;

const warnings = suite("warn once, within a bound");

warnings.before(async () => {
	server = await startServer((request, response) => sendJson(response, 200, {}, { deprecation: "true", sunset: "Wed, 01 Jan 2031 00:00:00 GMT" }));
});
warnings.after(() => server.close());

warnings(`a deprecation warns once per path while fewer than ${KEPT} paths were warned about since`, async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: server.baseUrl, log });
	for (let i = 0; i < KEPT; i++) await client.request(`GET /repos/o/r${i}`);
	await client.request("GET /repos/o/r0");
	await client.request(`GET /repos/o/r${KEPT - 1}`);
	assert.is(lines.warn.length, KEPT);
});

warnings(`past ${KEPT} distinct paths, the least recent one is forgotten and warns again`, async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseUrl: server.baseUrl, log });
	for (let i = 0; i <= KEPT; i++) await client.request(`GET /repos/o/r${i}`);
	assert.is(lines.warn.length, KEPT + 1);
	await client.request("GET /repos/o/r0");
	assert.is(lines.warn.length, KEPT + 2);
	assert.match(lines.warn.at(-1), /"GET http:\/\/127\.0\.0\.1:\d+\/repos\/o\/r0" is deprecated/);
	// A recent one is still remembered.
	await client.request(`GET /repos/o/r${KEPT}`);
	assert.is(lines.warn.length, KEPT + 2);
});

warnings.run();
