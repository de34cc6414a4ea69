// Whether @octokit/plugin-throttling owns rate limits is decided from the plugin's presence in the
// class's plugins, not from a `throttle` option: a `throttle` option without the plugin leaves
// Hublet's own rate-limit retries on; with the plugin (even added through a subclass of a
// subclass) the plugin's handlers decide and Hublet steps aside, unless `throttle.enabled` is
// false, as the plugin itself reads it. Over a server on 127.0.0.1 that answers a secondary rate
// limit (403, retry-after: 1) once, then 200.
import { throttling } from "@octokit/plugin-throttling";
import sinon from "sinon";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

let server;
let limited;

const presence = suite("@octokit/plugin-throttling's presence");
presence.before(async () => {
	server = await startServer((request, response) => {
		if (limited > 0) {
			limited--;
			return sendJson(response, 403, { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." }, { "retry-after": "1" });
		}
		sendJson(response, 200, { ok: true });
	});
});
presence.after(() => server.close());
presence.before.each(() => {
	limited = 1;
	server.requests.length = 0;
});

/** The plugin's options: handlers that are spies, and waits of 1 ms per second asked for. */
const throttle = (answer = true) => ({ onRateLimit: sinon.spy(() => answer), onSecondaryRateLimit: sinon.spy(() => answer), retryAfterBaseValue: 1 });
const make = (Client, options) => new Client({ baseUrl: server.baseUrl, log: capturingLog().log, ...options });

presence("a throttle option without the plugin: Hublet's retries wait out retry-after and the call succeeds; the handlers are never called", async () => {
	const options = throttle(false);
	const { data } = await make(Hublet, { throttle: options }).request("GET /repos/o/r");
	assert.equal(data, { ok: true });
	assert.is(server.requests.length, 2);
	assert.is(options.onSecondaryRateLimit.callCount + options.onRateLimit.callCount, 0);
});

presence("with the plugin, its handler decides: declining rejects after one request, as the plugin alone would", async () => {
	const options = throttle(false);
	try {
		await make(Hublet.plugin(throttling), { throttle: options }).request("GET /repos/o/r");
		assert.unreachable("resolved");
	} catch (error) {
		assert.is(error.status, 403);
	}
	assert.is(options.onSecondaryRateLimit.callCount, 1);
	assert.is(server.requests.length, 1, "Hublet retried under the plugin");
});

presence("with the plugin added to a subclass of a subclass, the same: the plugin retries once, Hublet not at all", async () => {
	const options = throttle(true);
	const Client = Hublet.plugin(() => ({ first: true })).plugin(throttling).plugin(() => ({ last: true }));
	const { data } = await make(Client, { throttle: options }).request("GET /repos/o/r");
	assert.equal(data, { ok: true });
	assert.is(options.onSecondaryRateLimit.callCount, 1);
	assert.is(server.requests.length, 2);
});

presence("with the plugin but throttle.enabled false (the plugin then does nothing), Hublet's retries are on", async () => {
	for (const enabled of [false, 0]) {
		limited = 1;
		server.requests.length = 0;
		const { data } = await make(Hublet.plugin(throttling), { throttle: { enabled } }).request("GET /repos/o/r");
		assert.equal(data, { ok: true });
		assert.is(server.requests.length, 2, `enabled: ${JSON.stringify(enabled)}`);
	}
});

presence("a plugin of the user's own named throttling is not the plugin: Hublet's retries stay on", async () => {
	const ownThrottling = function throttling() {};
	const options = throttle(false);
	const { data } = await make(Hublet.plugin(ownThrottling), { throttle: options }).request("GET /repos/o/r");
	assert.equal(data, { ok: true });
	assert.is(server.requests.length, 2);
});

presence("a throttle option that is not an object (true, a string) without the plugin changes nothing", async () => {
	for (const value of [true, { onRateLimit: "not a function" }]) {
		limited = 1;
		server.requests.length = 0;
		const { data } = await make(Hublet, { throttle: value }).request("GET /repos/o/r");
		assert.equal(data, { ok: true });
	}
});

presence.run();
