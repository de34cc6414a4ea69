// The kernel names no feature: what it does for one (a mistyped option name, the option refused
// when the class lacks the feature, the stages left out when a plugin in the hook chain does the
// feature's work) it reads from the feature's own declarations (`option`, `reads`, `stepsAside`)
// and from the table of options its entry offers. A feature written outside the package gets the
// same, with no change to the kernel.
// Run: node test/feature-declarations.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as core from "../dist/core.js";
import { Hublet as Full } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";

const { Hublet } = core;
const ok = async () => Response.json({ ok: true });

/** A feature as a program outside the package writes one: its own option, and a stage that counts the requests through it. */
function auditFeature(seen, declarations = {}) {
	return {
		name: "audit",
		option: "auditTrail",
		reads: ["auditLevel"],
		check: (option) => (option ? { on: true } : undefined),
		setup: () => ({
			stages: {
				limits: (next) => (request, call) => {
					seen.push(request.url);
					return next(request, call);
				},
			},
		}),
		...declarations,
	};
}

const declared = suite("a feature's declarations, read by the kernel");

declared("a mistyped name of an outside feature's option, or of an option it reads, gets the warning the kernel's options get", () => {
	const { log, lines } = capturingLog();
	new (Hublet.plugin(auditFeature([])))({ auditTrai: true, auditLevle: 1, log });
	assert.equal(lines.warn, ['Unknown option "auditTrai": did you mean auditTrail?', 'Unknown option "auditLevle": did you mean auditLevel?']);
	const quiet = capturingLog();
	new (Hublet.plugin(auditFeature([])))({ auditTrail: true, auditLevel: 1, log: quiet.log });
	assert.equal(quiet.lines.warn, []);
});

declared("a feature that says a plugin does its work leaves the pipeline once that plugin has run, and stays without it", async () => {
	const seen = [];
	const stepsAside = (client, options) => client.audits === true && options.auditTrail !== "always";
	const Audited = Hublet.plugin(auditFeature(seen, { stepsAside }));
	const plugin = () => ({ audits: true });
	await new (Audited.plugin(plugin))({ auditTrail: true, request: { fetch: ok } }).request("GET /stepped-aside");
	await new (Audited.plugin(plugin))({ auditTrail: "always", request: { fetch: ok } }).request("GET /kept-by-option");
	await new Audited({ auditTrail: true, request: { fetch: ok } }).request("GET /no-plugin");
	assert.equal(seen, ["https://api.github.com/kept-by-option", "https://api.github.com/no-plugin"]);
});

declared("an option whose feature the class lacks is refused, naming the import; a plugin that takes it by a member of its name keeps it", () => {
	assert.throws(() => new Hublet({ cache: true }), /The "cache" option needs the cache feature: import \{ cache \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/);
	assert.throws(() => new (Hublet.plugin(() => ({ other: 1 })))({ server: "auto" }), /import \{ serverTables \}/);
	const client = new (Hublet.plugin(() => ({ cache: { mine: true } })))({ cache: true });
	assert.equal(client.cache, { mine: true });
});

declared("the core entry's table names, for each option of a feature it exports, that feature's export, and nothing else", () => {
	const fronts = Object.entries(core).filter(([, value]) => typeof value === "object" && value !== null && typeof value.setup === "function");
	const offered = Object.fromEntries(fronts.filter(([, feature]) => feature.option).map(([name, feature]) => [feature.option, name]));
	// requestLog's option only turns it off: without the feature there is nothing to turn off.
	delete offered.requestLog;
	assert.equal(Hublet.optionFeatures, offered);
	for (const [name, feature] of fronts) assert.is(feature.name, name);
	// The full client composes some of them, and with the others plugged in it refuses none.
	assert.throws(() => new Full({ cache: true }), /import \{ cache \} from "@hublet\/rest"/);
	new (Full.plugin(core.cache, core.rateLimit, core.proxy))({ cache: true, rateLimit: true, server: undefined, request: { proxy: false }, retry: { retries: 1 }, log: capturingLog().log });
});

declared("a feature's body: the one its composition carries at once, else its load; with neither, a load rejects naming the feature", async () => {
	const door = (extra) => {
		let given;
		const feature = { name: "bare", check: () => true, setup: (body) => void (given = body), ...extra };
		new (Hublet.plugin(feature))();
		return given;
	};
	const body = { answer: 42 };
	assert.is(door({ body }).now, body);
	assert.is(await door({ body }).load(), body);
	assert.is(door({ load: async () => body }).now, undefined);
	assert.is(await door({ load: async (request) => (assert.is(request, "the request"), body) }).load("the request"), body);
	const bare = door({});
	assert.is(bare.now, undefined);
	const refused = await bare.load().then(
		() => undefined,
		(error) => error,
	);
	assert.instance(refused, TypeError);
	assert.is(refused.message, "The bare feature has no body");
});

declared.run();
