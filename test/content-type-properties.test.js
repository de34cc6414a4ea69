// Which bodies the transport reads as JSON, for any content type a server may send: exactly those
// of `application/json` or a `+json` type (GitHub's `application/vnd.github+json`), in any case,
// with any parameters and with space around the type. The transport tests this with string
// operations; the regular expression below is the rule it has always followed, kept here as the
// reference, so that no rewrite of the test reads another type as JSON or misses one.
// Run: node test/content-type-properties.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Hublet } from "../dist/core.js";

const RUNS = { numRuns: Number(process.env.RUNS ?? 300) };
const RULE = /^\s*(?:application\/json|[^;]*\+json)\s*(?:;|$)/;

/** What the transport makes of a `{"a":1}` body sent under `type`. */
async function readUnder(type) {
	const fetch = async () => new Response('{"a":1}', { headers: { "content-type": type } });
	const { data } = await new Hublet({ request: { fetch } }).request("GET /x");
	return data;
}

const types = suite("content types read as JSON");

types("a body is JSON exactly when its type is application/json or +json, parameters and space aside", async () => {
	const piece = fc.constantFrom(
		"application/json", "application/vnd.github+json", "+json", "text/plain", "application/jsonx", "json",
		"APPLICATION/JSON", "Application/Vnd.GitHub+JSON", ";", " ", "\t", "\n", "\u00a0", "\u2028", "\ufeff",
		"charset=utf-8", "x", "/", ",", "+", "a+json b", "\r",
	);
	await fc.assert(
		fc.asyncProperty(fc.array(piece, { maxLength: 6 }).map((parts) => parts.join("")), async (type) => {
			// Headers refuses what no header can carry (a line end, a leading or trailing space is dropped).
			let sent;
			try {
				sent = new Headers({ "content-type": type }).get("content-type") ?? "";
			} catch {
				return;
			}
			const data = await readUnder(type);
			const json = RULE.test(sent.toLowerCase());
			assert.is(json, typeof data === "object" && !(data instanceof ArrayBuffer) && data?.a === 1, JSON.stringify(sent));
		}),
		RUNS,
	);
});

types("examples: parameters, case and space", async () => {
	// Space that Headers keeps (a no-break space) counts as space too.
	const kept = ["\u00a0application/json", "\u00a0application/json\u00a0;x", "a+json\u00a0"];
	for (const type of ["application/json; charset=utf-8", " Application/JSON ;x", "application/vnd.github.v3+json", "a b+json", ...kept]) {
		assert.equal(await readUnder(type), { a: 1 }, type);
	}
	// Read as bytes (an ArrayBuffer), or as text under a `text/` type.
	for (const type of ["application/json x", "application/jsonp", "text/json+x", "x+json y; a"]) {
		const data = await readUnder(type);
		assert.ok(data instanceof ArrayBuffer || typeof data === "string", type);
	}
});

types.run();
