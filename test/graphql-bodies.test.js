// A GraphQL answer of any shape resolves with its `data`, or rejects with a GraphqlResponseError
// (the body carries `errors`, whatever their shape) or a RequestError ("INVALID_RESPONSE": the body
// is not a JSON object): never a TypeError. Bodies come from a stub fetch, as a proxy, a mock or a
// server that is not GitHub's could send them.
import { inspect } from "node:util";
import fc from "fast-check";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { GraphqlResponseError, Hublet, RequestError } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";

const TOKEN = "ghp_graphqlbodies00000000000000000000000";

/** A client whose fetch answers every request with `text` as a 200 JSON body. */
function answering(text, Client = Hublet) {
	const sent = [];
	const fetch = async (url, init) => {
		sent.push({ url, init });
		return new Response(text, { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
	};
	return Object.assign(new Client({ auth: TOKEN, log: capturingLog().log, request: { fetch } }), { sent });
}

/** What a query on a client answering `text` gives: ["data", value] or ["error", error]. */
async function outcome(text, Client) {
	try {
		return ["data", await answering(text, Client).graphql("{ viewer { login } }")];
	} catch (error) {
		return ["error", error];
	}
}

async function failure(text) {
	const [kind, value] = await outcome(text);
	assert.is(kind, "error", `${text} resolved with ${inspect(value)}`);
	return value;
}

const shapes = suite("errors of every shape");

shapes("errors as a string is one error with that message", async () => {
	const error = await failure('{"errors":"boom"}');
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.errors, [{ message: "boom" }]);
	assert.is(error.message, "Request failed due to following response errors:\n - boom");
	assert.equal(error.response.errors, [{ message: "boom" }]);
});

shapes("errors as an object is one error: that object", async () => {
	const error = await failure('{"errors":{"message":"x","type":"FORBIDDEN"},"data":{"a":1}}');
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.errors, [{ message: "x", type: "FORBIDDEN" }]);
	assert.equal(error.data, { a: 1 });
	assert.is(error.message, "Request failed due to following response errors:\n - x");
});

shapes("errors as a number or true is one error whose message is its JSON", async () => {
	for (const [value, message] of [["42", "42"], ["true", "true"]]) {
		const error = await failure(`{"errors":${value}}`);
		assert.instance(error, GraphqlResponseError);
		assert.equal(error.errors, [{ message }]);
	}
});

shapes("entries that are not objects (null, a string, a number, an array) become entries with their text as message", async () => {
	const error = await failure('{"errors":[null,"two",3,[4],{"message":"five"}]}');
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.errors, [{ message: "null" }, { message: "two" }, { message: "3" }, { message: "[4]" }, { message: "five" }]);
	assert.is(error.message, "Request failed due to following response errors:\n - null\n - two\n - 3\n - [4]\n - five");
});

shapes("entries whose message is not a string, or missing, are kept as sent; the message line shows the entry's JSON", async () => {
	const error = await failure('{"errors":[{"message":{"text":"nested"}},{"message":7},{"type":"NOT_FOUND"},{"message":null}]}');
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.errors, [{ message: { text: "nested" } }, { message: 7 }, { type: "NOT_FOUND" }, { message: null }]);
	assert.is(
		error.message,
		'Request failed due to following response errors:\n - {"message":{"text":"nested"}}\n - {"message":7}\n - {"type":"NOT_FOUND"}\n - {"message":null}',
	);
});

shapes("an empty errors list rejects, as @octokit/graphql's does (an empty list is truthy)", async () => {
	const error = await failure('{"errors":[],"data":{"a":1}}');
	assert.instance(error, GraphqlResponseError);
	assert.equal(error.errors, []);
	assert.equal(error.data, { a: 1 });
});

shapes("falsy errors (null, false, 0, \"\") are no errors: the data comes back", async () => {
	for (const value of ["null", "false", "0", '""']) assert.equal(await outcome(`{"errors":${value},"data":{"a":1}}`), ["data", { a: 1 }]);
});

shapes("100,000 errors: every one is on error.errors, the message lists 100 and counts the rest", async () => {
	const errors = Array.from({ length: 100_000 }, (_, index) => ({ message: `e${index}` }));
	const error = await failure(JSON.stringify({ errors }));
	assert.instance(error, GraphqlResponseError);
	assert.is(error.errors.length, 100_000);
	const lines = error.message.split("\n");
	assert.is(lines.length, 102);
	assert.is(lines[100], " - e99");
	assert.is(lines[101], " - … and 99900 more");
});

shapes("a message line is clipped at 500 characters", async () => {
	const error = await failure(JSON.stringify({ errors: [{ message: "m".repeat(10_000) }] }));
	assert.ok(error.message.length < 600, `${error.message.length} characters`);
	assert.ok(error.message.endsWith("m…"));
});

shapes("the caller's token quoted in a non-string errors value is redacted from the message", async () => {
	const error = await failure(JSON.stringify({ errors: { message: { quoted: `token ${TOKEN}` } } }));
	assert.not.ok(error.message.includes(TOKEN), error.message);
});

shapes.run();

// ---

const bodies = suite("bodies that are not a GraphQL response object");

for (const [name, text, kind] of [
	["a string", '"hello"', "string"],
	["a number", "42", "number"],
	["an array", '[{"errors":[]}]', "an array"],
	["null", "null", "null"],
	["true", "true", "boolean"],
]) {
	bodies(`${name}: a RequestError, INVALID_RESPONSE, status 500, with the response and the redacted request`, async () => {
		const error = await failure(text);
		assert.instance(error, RequestError);
		assert.is(error.code, "INVALID_RESPONSE");
		assert.is(error.status, 500);
		assert.is(error.response.status, 200);
		assert.match(error.message, `The GraphQL response is not a JSON object (${kind})`);
		assert.is(error.request.method, "POST");
		assert.match(error.request.url, /\/graphql$/);
		assert.not.ok(inspect(error, { depth: 10 }).includes(TOKEN));
		assert.not.ok(JSON.stringify(error).includes(TOKEN));
	});
}

bodies("a text body (not JSON) is the same RequestError", async () => {
	const client = new Hublet({
		log: capturingLog().log,
		request: { fetch: async () => new Response("<html>proxy</html>", { status: 200, headers: { "content-type": "text/html" } }) },
	});
	try {
		await client.graphql("{ a }");
		assert.unreachable("resolved");
	} catch (error) {
		assert.instance(error, RequestError);
		assert.is(error.code, "INVALID_RESPONSE");
	}
});

bodies("{\"data\": null} resolves with null, and {} with undefined, as @octokit/graphql's do", async () => {
	assert.equal(await outcome('{"data":null}'), ["data", null]);
	assert.equal(await outcome("{}"), ["data", undefined]);
});

bodies("prototype keys are never read: errors and data are the body's own", async () => {
	assert.equal(await outcome('{"__proto__":{"errors":["inherited"],"data":1}}'), ["data", undefined]);
	assert.equal(await outcome('{"constructor":{"errors":["x"]},"toString":1,"data":{"ok":true}}'), ["data", { ok: true }]);
	const error = await failure('{"errors":[{"message":"own","__proto__":{"message":"polluted"}}]}');
	assert.is(error.message, "Request failed due to following response errors:\n - own");
	assert.is({}.message, undefined);
});

bodies("the core entry reads bodies the same way", async () => {
	const [kind, error] = await outcome('{"errors":[null]}', CoreHublet);
	assert.is(kind, "error");
	assert.instance(error, GraphqlResponseError);
	const [, invalid] = await outcome('"text"', CoreHublet);
	assert.is(invalid.code, "INVALID_RESPONSE");
});

bodies.run();

// ---

const property = suite("any JSON body (fast-check)");

// A body is any JSON value, or an object whose `errors` and `data` are any JSON value (the shape a
// GraphQL answer almost has), with prototype names among the keys.
const keys = fc.oneof(fc.string(), fc.constantFrom("errors", "data", "message", "__proto__", "constructor", "toString", "valueOf"));
const anyJson = fc.jsonValue();
const entry = fc.oneof(anyJson, fc.dictionary(keys, anyJson), fc.record({ message: anyJson }, { requiredKeys: [] }));
const body = fc.oneof(
	anyJson,
	fc.dictionary(keys, anyJson),
	fc.record({ errors: fc.oneof(anyJson, fc.array(entry)), data: anyJson }, { requiredKeys: [] }),
);

property("gives its data, a GraphqlResponseError whose errors are objects, or a RequestError, and nothing else", async () => {
	await fc.assert(
		fc.asyncProperty(body, async (value) => {
			const [kind, result] = await outcome(JSON.stringify(value));
			if (kind === "data") return;
			if (result instanceof GraphqlResponseError) {
				assert.ok(Array.isArray(result.errors));
				for (const item of result.errors) assert.ok(item !== null && typeof item === "object" && !Array.isArray(item));
				assert.type(result.message, "string");
				return;
			}
			assert.instance(result, RequestError, inspect(result));
			assert.is(result.code, "INVALID_RESPONSE");
		}),
		{ numRuns: 300 },
	);
});

property.run();
