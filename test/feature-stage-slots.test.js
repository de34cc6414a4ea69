// The pipeline's stage slots are declared once (lib/http/pipeline.ts): a feature that fills a slot
// the pipeline lacks, or a slot another feature of the class fills, is a TypeError when the client
// is made, naming both, instead of one stage silently replacing the other.
// Run: node test/feature-stage-slots.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, cache, rateLimit, retry } from "../dist/core.js";

const passThrough = (next) => next;
const feature = (name, stages) => ({ name, check: () => true, setup: () => ({ stages }) });

const test = suite("stage slots");

test("a stage in a slot the pipeline lacks is refused, naming the feature, the slot and the slots there are", () => {
	const Client = Hublet.plugin(feature("tracing", { tracing: passThrough }));
	assert.throws(() => new Client(), (error) => error instanceof TypeError && /tracing feature fills a stage the pipeline does not have, "tracing": its stages are limits, cache, retries, proxy, attemptLimits/.test(error.message));
});

test("a slot named after a prototype's member, or inherited, is no slot: refused, or not read", () => {
	for (const slot of ["__proto__", "constructor", "toString", "hasOwnProperty"]) {
		const stages = JSON.parse(`{"${slot}": 1}`);
		const Client = Hublet.plugin(feature("odd", stages));
		assert.throws(() => new Client(), (error) => error instanceof TypeError && error.message.includes(`"${slot}"`), slot);
	}
	// Only a stage's own slots are read: one it inherits is not placed.
	const inherited = Object.create({ cache: passThrough });
	const Client = Hublet.plugin(cache, feature("heir", inherited));
	assert.type(new Client({ cache: true }).request, "function");
});

test("two features in one slot are refused, naming both, whatever their order", () => {
	const myCache = feature("myCache", { cache: passThrough });
	for (const Client of [Hublet.plugin(cache, myCache), Hublet.plugin(myCache, cache)]) {
		assert.throws(() => new Client({ cache: true }), (error) => error instanceof TypeError && /The (myCache and cache|cache and myCache) features both fill the pipeline's "cache" stage/.test(error.message));
	}
});

test("features in slots of their own compose: retries, the cache and the rate limits' two slots", () => {
	const Client = Hublet.plugin(retry, cache, rateLimit, feature("audit", { proxy: () => undefined }));
	const client = new Client({ cache: true, rateLimit: true });
	assert.type(client.request, "function");
});

test.run();
