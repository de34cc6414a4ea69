// Properties of the JSON reader (lib/http/json.ts), which reads every body a server sends:
// numbers round-trip exactly (an integer beyond 2^53 as a BigInt, any other as the double
// JSON.parse gives), strings and keys are never mistaken for numbers, and for any text at all it
// returns or throws a SyntaxError, the one documented error, never anything else.
// Run: node test/json-properties.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { MAX_JSON_DEPTH, parseJson, stringifyJson } from "../dist/http/json.js";

const RUNS = { numRuns: Number(process.env.RUNS ?? 300) };

/** What reading `value`'s JSON text gives back: each unsafe integer as a BigInt, a safe one as a number. */
function expected(value) {
	if (typeof value === "bigint") return Number.isSafeInteger(Number(value)) && BigInt(Number(value)) === value ? Number(value) : value;
	// A double beyond 2^53 is written with its shortest digits, and those digits are what reads back.
	if (typeof value === "number")
		return Number.isInteger(value) && !Number.isSafeInteger(value) && Math.abs(value) < 1e21 ? BigInt(JSON.stringify(value)) : Object.is(value, -0) ? 0 : value;
	if (Array.isArray(value)) return value.map(expected);
	if (value !== null && typeof value === "object") return Object.fromEntries(Object.entries(value).map(([key, item]) => [key, expected(item)]));
	return value;
}

// JSON values with BigInts anywhere a number can be, and strings that look like numbers.
const { tree } = fc.letrec((tie) => ({
	tree: fc.oneof({ depthSize: "small" }, tie("leaf"), fc.array(tie("tree"), { maxLength: 4 }), fc.dictionary(fc.string({ unit: "binary", maxLength: 8 }), tie("tree"), { maxKeys: 4 })),
	leaf: fc.oneof(
		fc.bigInt({ min: -(2n ** 80n), max: 2n ** 80n }),
		fc.double({ noNaN: true, noDefaultInfinity: true }),
		fc.integer(),
		fc.boolean(),
		fc.constant(null),
		fc.string({ unit: "binary", maxLength: 12 }),
		fc.bigInt({ min: 10n ** 15n, max: 10n ** 30n }).map((big) => `${big}`),
		fc.bigInt({ min: 10n ** 15n, max: 10n ** 30n }).map((big) => `:${big},[`),
	),
}));

const numbers = suite("numbers");

numbers("any value with BigInts, written by stringifyJson, reads back with every number exact", () => {
	fc.assert(
		fc.property(tree, (value) => {
			assert.equal(parseJson(stringifyJson(value)), expected(value));
		}),
		RUNS,
	);
});

numbers("an integer of any size reads back exactly: a number when it is safe, a BigInt when it is not", () => {
	fc.assert(
		fc.property(fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }), fc.constantFrom("plain", "in-array", "in-object", "spaced"), (big, where) => {
			const text = { plain: `${big}`, "in-array": `[1,${big}]`, "in-object": `{"id":${big}}`, spaced: `{ "id" :  ${big} }` }[where];
			const read = parseJson(text);
			const value = where === "plain" ? read : where === "in-array" ? read[1] : read.id;
			assert.ok(typeof value === "bigint" ? value === big : BigInt(value) === big && Number.isSafeInteger(value), `${big} read as ${String(value)}`);
		}),
		RUNS,
	);
});

numbers("the text of an ordinary body reads as JSON.parse reads it", () => {
	fc.assert(
		fc.property(fc.jsonValue({ maxDepth: 5 }), (value) => {
			const text = JSON.stringify(value);
			if (!/\d{16}/.test(text)) assert.equal(parseJson(text), JSON.parse(text));
		}),
		RUNS,
	);
});

numbers("a double beyond 2^53 (a fraction, an exponent) stays the double JSON.parse reads, beside an unsafe integer and digits in a string", () => {
	const text = '{"a":[1e300,-2e16,9007199254740993.5,12345678901234567890],"b":"9007199254740993","c":-9007199254740993}';
	assert.equal(parseJson(text), { a: [1e300, -2e16, 9007199254740993.5, 12345678901234567890n], b: "9007199254740993", c: -9007199254740993n });
	fc.assert(
		fc.property(fc.double({ noNaN: true, noDefaultInfinity: true }), (value) => {
			const text = `[${JSON.stringify(value)},"${value}"]`;
			if (!/^-?\d+$/.test(JSON.stringify(value))) assert.equal(parseJson(text), JSON.parse(text));
		}),
		RUNS,
	);
});

const hostile = suite("any text");

/** What parseJson does with `text`: "value", or the name of what it threw. */
function outcome(text) {
	try {
		parseJson(text);
		return "value";
	} catch (error) {
		return error?.constructor?.name;
	}
}

hostile("returns a value or throws a SyntaxError, never another error", () => {
	const texts = fc.oneof(
		fc.string({ unit: "binary", maxLength: 60 }),
		fc.json().map((text) => text.replace(/\d/g, (digit) => digit.repeat(9))),
		fc.tuple(fc.json(), fc.nat(40), fc.string({ maxLength: 4 })).map(([text, at, junk]) => text.slice(0, at) + junk + text.slice(at)),
		fc.stringMatching(/^[[{"\d:,\]} -]{0,80}$/),
	);
	fc.assert(
		fc.property(texts, (text) => {
			assert.ok(["value", "SyntaxError"].includes(outcome(text)), `${JSON.stringify(text)} threw ${outcome(text)}`);
		}),
		RUNS,
	);
});

hostile("nesting past the limit is a SyntaxError, at the limit a value, in arrays and objects alike", () => {
	fc.assert(
		fc.property(fc.integer({ min: MAX_JSON_DEPTH - 2, max: MAX_JSON_DEPTH + 3000 }), fc.boolean(), fc.boolean(), (depth, arrays, big) => {
			const leaf = big ? "12345678901234567890" : "1";
			const text = arrays ? `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}` : `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`;
			assert.is(outcome(text), depth > MAX_JSON_DEPTH ? "SyntaxError" : "value");
		}),
		{ numRuns: 60 },
	);
});

numbers.run();
hostile.run();
