// octokit's plugins read error text: @octokit/plugin-throttling tells a secondary rate limit by
// `/\bsecondary rate\b/i.test(error.message)`. When the server's body is not JSON (here a text
// sent as application/json, and a plain-text 429), the message must still carry that text, on
// Hublet as on @octokit/core, so the plugins retry the same way. Both clients get the same
// scripted answers from a stub fetch, side by side; nothing reaches the network.
// Run: node test/octokit-plugins-error-text.test.js
import { Octokit as OctokitCore } from "@octokit/core";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as HubletCore } from "../dist/core.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const SECONDARY = "You have exceeded a secondary rate limit and have been temporarily blocked from content creation.";

/** A fetch that answers from a script, one answer per attempt (the last repeats), and counts attempts. */
function scripted(...answers) {
	const seen = { attempts: 0 };
	const fetch = async () => {
		const [status, body, headers] = answers[Math.min(seen.attempts, answers.length - 1)];
		seen.attempts += 1;
		return new Response(body, { status, headers });
	};
	return { fetch, seen };
}

const OK = [200, JSON.stringify({ full_name: "o/r" }), { "content-type": "application/json" }];
const LIBRARIES = [
	["@octokit/core", OctokitCore],
	["@hublet/rest/core", HubletCore],
];

/** Runs one client of `Base` with `plugins` against `answers`; what the plugin saw, and how the call ended. */
async function run(Base, plugins, options, answers) {
	const { fetch, seen } = scripted(...answers);
	const calls = { rateLimit: 0, secondary: 0 };
	const Client = Base.plugin(...plugins);
	const client = new Client({
		log: quiet,
		request: { fetch },
		throttle: {
			onRateLimit: () => ((calls.rateLimit += 1), true),
			onSecondaryRateLimit: () => ((calls.secondary += 1), true),
			retryAfterBaseValue: 1,
		},
		...options,
	});
	const outcome = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }).then(
		({ status }) => ({ status }),
		(error) => ({ status: error.status, secondaryInMessage: /\bsecondary rate\b/i.test(error.message) }),
	);
	return { outcome, attempts: seen.attempts, calls };
}

const throttle = suite("@octokit/plugin-throttling on error bodies that are not JSON");

const THROTTLE_CASES = [
	["a 403 whose body is secondary-rate text sent as application/json", [403, SECONDARY, { "content-type": "application/json; charset=utf-8", "retry-after": "0" }]],
	["a 403 whose body is secondary-rate text sent as text/plain", [403, SECONDARY, { "content-type": "text/plain", "retry-after": "0" }]],
	["a 403 with secondary-rate text and no content type", [403, SECONDARY, { "retry-after": "0" }]],
];
for (const [name, answer] of THROTTLE_CASES) {
	throttle(`${name}: onSecondaryRateLimit, then a retry that succeeds, on both`, async () => {
		const results = {};
		for (const [label, Base] of LIBRARIES) results[label] = await run(Base, [throttling], {}, [answer, OK]);
		assert.equal(results["@octokit/core"], { outcome: { status: 200 }, attempts: 2, calls: { rateLimit: 0, secondary: 1 } });
		assert.equal(results["@hublet/rest/core"], results["@octokit/core"]);
	});
}

throttle("the handler says no: both reject with the 403, the text in the message", async () => {
	const answer = THROTTLE_CASES[0][1];
	for (const [label, Base] of LIBRARIES) {
		const { fetch } = scripted(answer);
		const client = new (Base.plugin(throttling))({ log: quiet, request: { fetch }, throttle: { onRateLimit: () => false, onSecondaryRateLimit: () => false } });
		const error = await client.request("GET /repos/o/r").catch((e) => e);
		assert.is(error.status, 403, label);
		assert.ok(error.message.includes(SECONDARY), `${label}: ${error.message}`);
	}
});

throttle("a plain-text 429 with an exhausted primary limit: onRateLimit, then a retry, on both", async () => {
	const reset = String(Math.floor(Date.now() / 1000));
	const answer = [429, "Too many requests, slow down", { "content-type": "text/plain", "x-ratelimit-remaining": "0", "x-ratelimit-reset": reset }];
	const results = {};
	for (const [label, Base] of LIBRARIES) results[label] = await run(Base, [throttling], {}, [answer, OK]);
	assert.equal(results["@octokit/core"], { outcome: { status: 200 }, attempts: 2, calls: { rateLimit: 1, secondary: 0 } });
	assert.equal(results["@hublet/rest/core"], results["@octokit/core"]);
});

throttle.run();

// ---

const retrying = suite("@octokit/plugin-retry on error bodies that are not JSON");

retrying("a 429 whose text body is sent as application/json: retried, then a success, on both", async () => {
	const answer = [429, "Too many requests, slow down", { "content-type": "application/json", "retry-after": "0" }];
	const results = {};
	for (const [label, Base] of LIBRARIES) results[label] = await run(Base, [retry], { retry: { retryAfterBaseValue: 1 } }, [answer, OK]);
	assert.equal(results["@octokit/core"], { outcome: { status: 200 }, attempts: 2, calls: { rateLimit: 0, secondary: 0 } });
	assert.equal(results["@hublet/rest/core"], results["@octokit/core"]);
});

retrying("a 403 with secondary-rate text: not retried by the retry plugin alone, the text in the message, on both", async () => {
	const answer = THROTTLE_CASES[0][1];
	const results = {};
	for (const [label, Base] of LIBRARIES) results[label] = await run(Base, [retry], { retry: { retryAfterBaseValue: 1 } }, [answer, OK]);
	assert.equal(results["@octokit/core"], { outcome: { status: 403, secondaryInMessage: true }, attempts: 1, calls: { rateLimit: 0, secondary: 0 } });
	assert.equal(results["@hublet/rest/core"], results["@octokit/core"]);
});

retrying("both plugins: the secondary-rate 403 sent as JSON text is retried after onSecondaryRateLimit", async () => {
	const answer = THROTTLE_CASES[0][1];
	const results = {};
	for (const [label, Base] of LIBRARIES) results[label] = await run(Base, [retry, throttling], { retry: { retryAfterBaseValue: 1 } }, [answer, OK]);
	assert.equal(results["@octokit/core"], { outcome: { status: 200 }, attempts: 2, calls: { rateLimit: 0, secondary: 1 } });
	assert.equal(results["@hublet/rest/core"], results["@octokit/core"]);
});

retrying.run();
