// Every client's request defaults are its own: the clients of a process extend one endpoint of the
// package's defaults, and what one client was given, or what a program changes in the defaults
// one client shows (`client.request.endpoint.DEFAULTS`), never reaches another client.
// Run: node test/client-defaults-separate.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";

const test = suite("request defaults per client");

/** Every object reachable from `value`, itself included. */
function objectsIn(value, seen = new Set()) {
	if (value === null || typeof value !== "object" || seen.has(value)) return seen;
	seen.add(value);
	for (const key of Object.keys(value)) objectsIn(value[key], seen);
	return seen;
}

for (const [entry, Client] of [
	["@hublet/rest", Hublet],
	["@hublet/rest/core", CoreHublet],
]) {
	test(`${entry}: what one client was given is in no other client's defaults, made before or after it`, () => {
		const before = new Client();
		const given = new Client({
			baseUrl: "https://ghe.example.com/api/v3",
			userAgent: "given/1.0",
			timeZone: "Europe/Amsterdam",
			previews: ["squirrel-girl"],
			request: { timeout: 5000 },
		});
		const after = new Client();
		for (const client of [before, after]) {
			const defaults = client.request.endpoint.DEFAULTS;
			assert.is(defaults.baseUrl, "https://api.github.com");
			assert.not.match(defaults.headers["user-agent"], /given/);
			assert.not.ok("time-zone" in defaults.headers);
			assert.equal(defaults.mediaType.previews, []);
			assert.not.ok("timeout" in defaults.request);
		}
		// Whole, as JSON shows them (the hook, a function, aside): the same before and after.
		assert.is(JSON.stringify(after.request.endpoint.DEFAULTS), JSON.stringify(before.request.endpoint.DEFAULTS));
		assert.is(given.request.endpoint.DEFAULTS.baseUrl, "https://ghe.example.com/api/v3");
		assert.equal(given.request.endpoint.DEFAULTS.mediaType.previews, ["squirrel-girl"]);
	});

	test(`${entry}: a change to every object of one client's defaults reaches no other client`, () => {
		const changed = new Client();
		const other = new Client();
		const shared = [...objectsIn(changed.request.endpoint.DEFAULTS)].filter((object) =>
			objectsIn(other.request.endpoint.DEFAULTS).has(object),
		);
		// Objects both clients hold are frozen (the package's own defaults), so no program can change them.
		for (const object of shared) assert.ok(Object.isFrozen(object), JSON.stringify(object));
		for (const object of objectsIn(changed.request.endpoint.DEFAULTS)) {
			if (Object.isFrozen(object)) continue;
			if (Array.isArray(object)) object.push("changed");
			else object.changed = "changed";
		}
		const next = new Client();
		for (const client of [other, next]) {
			for (const object of objectsIn(client.request.endpoint.DEFAULTS)) {
				assert.not.ok(Array.isArray(object) ? object.includes("changed") : "changed" in object);
			}
			assert.is(client.request.endpoint.merge("GET /x").url, "/x");
		}
	});
}

test.run();
