// Properties of the RFC 6570 expander (lib/endpoint/url-template.ts): reserved expansion keeps
// exactly RFC 3986's unreserved and reserved characters and %XX triplets, and the variable names of a template are the ones its expansion
// reads, whatever the values (parse takes the other parameters as the query or the body by them).
import fc from "fast-check";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { expandTemplate, extractUrlVariableNames } from "../dist/endpoint/url-template.js";

const properties = suite("url template properties");

// Text without lone surrogates, rich in the characters the encodings treat apart.
const text = fc.oneof(
	fc.string({ unit: "grapheme" }),
	fc.stringMatching(/^[a-zA-Z0-9 %:/?#@!$&'()*+,;=[\]{}~.^|"<>\\-]{0,16}$/),
	fc.constantFrom("%5B", "%5b%5D", "%%41", "%2", "[x]", "%25", "%zz"),
);

// RFC 6570 §3.2.3 read character by character: a triplet, an unreserved or a reserved character is
// kept; anything else is its UTF-8 bytes percent-encoded (octokit's expander keeps a bare "%2").
const reserved = (value) =>
	value.replace(/%[\dA-Fa-f]{2}|[^\w\-.~:/?#[\]@!$&'()*+,;=%]|%/gu, (match) =>
		match.length === 3 ? match : encodeURIComponent(match),
	);

properties("{+x} and {#x} keep reserved characters and %XX triplets and encode the rest", () => {
	fc.assert(
		fc.property(text, fc.constantFrom("+", "#"), (value, operator) => {
			let ours;
			try {
				ours = expandTemplate(`/a/{${operator}x}`, { x: value });
			} catch (error) {
				// A value that makes a "." or ".." segment is refused.
				assert.match(error.message, /not to make the path segment/);
				return;
			}
			assert.is(ours, `/a/${operator === "#" ? "#" : ""}${reserved(value)}`);
		}),
		{ numRuns: 2000 },
	);
});

// Templates of any shape: braces, operators, modifiers, names and prototype names.
const template = fc
	.array(
		fc.constantFrom(
			"{",
			"}",
			",",
			"*",
			":3",
			":",
			"+",
			"#",
			".",
			"/",
			";",
			"?",
			"&",
			"=",
			"a",
			"b",
			"constructor",
			"__proto__",
		),
		{ maxLength: 14 },
	)
	.map((parts) => parts.join(""));
const value = fc.oneof(
	fc.constant(undefined),
	fc.constant(null),
	fc.string(),
	fc.integer(),
	fc.array(fc.string(), { maxLength: 2 }),
	fc.dictionary(fc.string(), fc.string(), { maxKeys: 2 }),
);

/** The variable names of a template's expressions that are not form-style queries (`{?…}`, `{&…}`), in order, once each. */
function namesOutsideQueries(source) {
	const names = [];
	for (const [, body] of source.matchAll(/\{([^{}]*)\}/g)) {
		if (body[0] === "?" || body[0] === "&") continue;
		const specs = body && "+#./;".includes(body[0]) ? body.slice(1) : body;
		for (const spec of specs.split(",")) {
			const match = /^([^:*]*)(?::(\d+)|(\*))?$/.exec(spec);
			const name = match ? match[1] : spec;
			if (name && !names.includes(name)) names.push(name);
		}
	}
	return names;
}

properties("a template's variable names are the names its expansion reads, whatever the values", () => {
	fc.assert(
		fc.property(
			template,
			fc.dictionary(fc.constantFrom("a", "b", "constructor", "__proto__", "a:", "b*"), value),
			(source, values) => {
				const read = [];
				try {
					expandTemplate(source, values, read);
				} catch {
					return;
				}
				const names = extractUrlVariableNames(source);
				assert.equal(names, [...new Set(read)], source);
				const pathNames = extractUrlVariableNames(source, true);
				assert.ok(
					pathNames.every((name) => names.includes(name)),
					source,
				);
				// Form-style queries are the only expressions left out of the path names. Read from the
				// expressions of the template as written: a template with the queries cut out may join
				// what was around them into a new expression ("{{&}b}" would become "{b}").
				assert.equal(pathNames, namesOutsideQueries(source), source);
			},
		),
		{ numRuns: 3000 },
	);
});

properties.run();
