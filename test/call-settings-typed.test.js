// A call's settings are typed per feature: each feature with a per-call option (`perCall`,
// `request.retry`) declares the type of its settings in `CallSettings` (lib/http/stage-types.ts)
// by declaration merging, and a stage reads them, its own feature's or another's (the rate limits
// read `retry.maxWait`), through that type, never through a cast of an untyped record.
// Run: node test/call-settings-typed.test.js
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as core from "../dist/core.js";

const LIB = fileURLToPath(new URL("../lib", import.meta.url));
const sources = readdirSync(LIB, { recursive: true })
	.filter((path) => path.endsWith(".ts"))
	.map((path) => ({ path, text: readFileSync(join(LIB, path), "utf8") }));
const features = Object.values(core).filter(
	(value) => value && typeof value === "object" && typeof value.setup === "function",
);

const typed = suite("a call's settings, typed per feature");

typed("every feature with a per-call option declares its settings' type in CallSettings", () => {
	const perCall = features.filter((feature) => feature.perCall).map((feature) => feature.name);
	assert.ok(perCall.length >= 3, `the core entry's features with a per-call option: ${perCall}`);
	const declared = new Set(
		sources.flatMap(({ text }) =>
			[...text.matchAll(/interface CallSettings \{([^}]*)\}/g)].flatMap(([, body]) =>
				[...body.matchAll(/readonly (\w+)\?:/g)].map(([, key]) => key),
			),
		),
	);
	assert.equal(
		perCall.filter((name) => !declared.has(name)),
		[],
		"a feature whose call settings are not declared in CallSettings",
	);
});

typed("no stage reads a call's settings through a cast", () => {
	const casts = sources
		.filter(({ text }) => /settings\.\w+\s+as\b|\(call\.settings(\.\w+)?\s+as\b/.test(text))
		.map(({ path }) => path);
	assert.equal(casts, []);
});

typed.run();
