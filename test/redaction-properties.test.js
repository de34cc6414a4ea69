// Properties of redaction, for any secret: "nothing of the secret survives". A request's
// credential (token, bearer or basic) and its body's client_secret and access_token, placed
// anywhere a server can echo them (a string, a nested value, a key, a list) and encoded as a
// server may write them (as it is, URL-encoded, form-encoded, JSON-escaped, base64 for basic
// auth), never reach error.message, error.stack, error.request, error.response, util.inspect(error)
// or JSON.stringify(error). Run: node test/redaction-properties.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { inspect } from "node:util";
import { RequestError } from "../dist/index.js";
import { redactText } from "../dist/common/redact.js";

const RUNS = { numRuns: Number(process.env.RUNS ?? 300) };
const MARK = "[REDACTED]";

// A header credential: visible ASCII, as a header carries it (token68 and more), long enough to redact.
const headerSecret = fc.stringMatching(/^[\x21-\x7e]{8,48}$/).filter((secret) => !MARK.includes(secret));
// A body secret: any text at all, spaces, quotes, newlines and astral characters included.
const bodySecret = fc.string({ unit: "binary", minLength: 8, maxLength: 40 }).filter((secret) => secret.trim().length >= 6 && !MARK.includes(secret));
const around = fc.string({ unit: "binary", maxLength: 12 });

/** The forms a server may write a secret in. */
const FORMS = {
	raw: (secret) => secret,
	url: (secret) => encodeURIComponent(secret),
	form: (secret) => encodeURIComponent(secret).replaceAll("%20", "+"),
	json: (secret) => JSON.stringify(secret).slice(1, -1),
};
const form = fc.constantFrom(...Object.keys(FORMS));

/** Where in a response body the echo goes. */
const placement = fc.constantFrom("text", "value", "nested", "key", "list");
function place(where, text) {
	switch (where) {
		case "text":
			return text;
		case "value":
			return { message: text };
		case "nested":
			return { errors: [{ detail: { received: [text] } }] };
		case "key":
			return { [text]: true };
		case "list":
			return ["a", text, "b"];
	}
}

// A stack's frames name this test's functions and files (fast-check's `property` among them),
// which a secret may spell: not what an error holds. Errors made here carry their message only.
Error.stackTraceLimit = 0;

/** Every string an error holds, deep (keys too), and what inspect and JSON.stringify print. */
function everything(error) {
	const strings = [error.message, error.stack, inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error)];
	const seen = new Set();
	const visit = (value) => {
		if (typeof value === "string") return strings.push(value);
		if (value === null || typeof value !== "object" || seen.has(value)) return;
		seen.add(value);
		if (value instanceof URLSearchParams) return strings.push(value.toString(), ...[...value].flat());
		for (const key of Reflect.ownKeys(value)) {
			if (typeof key === "string") strings.push(key);
			visit(value[key]);
		}
	};
	visit(error);
	return strings;
}

function assertGone(error, secret) {
	for (const text of everything(error)) {
		for (const [name, encode] of Object.entries(FORMS)) {
			const shape = encode(secret);
			if (shape.length >= 6 && !MARK.includes(shape)) assert.not.ok(text.includes(shape), `the ${name} form ${JSON.stringify(shape)} of the secret survived`);
		}
	}
}

const request = (headers, extra = {}) => ({ method: "POST", url: "https://api.github.com/x", headers, ...extra });
const response = (data) => ({ status: 401, url: "https://api.github.com/x", headers: { "content-type": "application/json" }, data });

const headers = suite("a credential header, echoed");

headers("token and bearer: nothing of the credential survives, wherever and however it is echoed", () => {
	fc.assert(
		fc.property(headerSecret, fc.constantFrom("token", "bearer", "Bearer"), form, placement, around, around, (secret, scheme, encoding, where, before, after) => {
			const echo = `${before}${FORMS[encoding](secret)}${after}`;
			const error = new RequestError(`Bad credentials: ${echo}`, 401, { request: request({ authorization: `${scheme} ${secret}` }), response: response(place(where, echo)) });
			assertGone(error, secret);
		}),
		RUNS,
	);
});

headers("basic: the base64 value, the user:password pair and the password, in every form", () => {
	fc.assert(
		fc.property(headerSecret.filter((secret) => !secret.includes(":")), form, placement, fc.constantFrom("base64", "pair", "password"), (password, encoding, where, part) => {
			const base64 = btoa(`octocat:${password}`);
			const echoed = { base64, pair: `octocat:${password}`, password }[part];
			const error = new RequestError("Bad credentials", 401, { request: request({ authorization: `basic ${base64}` }), response: response(place(where, `got ${FORMS[encoding](echoed)}!`)) });
			assertGone(error, password);
			assertGone(error, base64);
		}),
		RUNS,
	);
});

const bodies = suite("a body's client_secret or access_token, in any body shape, echoed");

const bodyShape = fc.constantFrom("object", "nested", "json", "form", "params", "query");
function bodyWith(shape, key, secret) {
	switch (shape) {
		case "object":
			return { body: { client_id: "x", [key]: secret } };
		case "nested":
			return { body: { config: { list: [{ [key]: secret }] } } };
		case "json":
			return { body: JSON.stringify({ client_id: "x", [key]: secret }) };
		case "form":
			return { body: `client_id=x&${key}=${encodeURIComponent(secret)}` };
		case "params":
			return { body: new URLSearchParams({ client_id: "x", [key]: secret }) };
		case "query":
			return { url: `https://api.github.com/x?${key}=${encodeURIComponent(secret)}&y=1` };
	}
}

bodies("nothing of the secret survives in error.request or in what the server echoed", () => {
	fc.assert(
		fc.property(bodySecret, fc.constantFrom("client_secret", "access_token"), bodyShape, form, placement, around, (secret, key, shape, encoding, where, before) => {
			const echo = `${before}${FORMS[encoding](secret)}`;
			const error = new RequestError(`Validation failed: ${echo}`, 422, { request: request({}, bodyWith(shape, key, secret)), response: response(place(where, echo)) });
			assertGone(error, secret);
		}),
		RUNS,
	);
});

const text = suite("redactText");

text("the secrets given never survive in a text, whatever surrounds them, and a text without them is unchanged", () => {
	fc.assert(
		fc.property(headerSecret, fc.array(around, { minLength: 1, maxLength: 4 }), (secret, parts) => {
			const redacted = redactText(parts.join(secret), [secret]);
			assert.not.ok(redacted.includes(secret));
		}),
		RUNS,
	);
	fc.assert(
		fc.property(fc.stringMatching(/^[a-z ]{0,40}$/), (plain) => {
			assert.is(redactText(plain, []), plain);
		}),
		RUNS,
	);
});

headers.run();
bodies.run();
text.run();
