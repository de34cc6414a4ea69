// The message of a failed request for every shape of error body: GitHub's own shape and text
// are worded as @octokit/request words them; a body with no usable message names the status
// and what the server sent. Requests go to a stub fetch; nothing reaches the network.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { request as octokitRequest } from "@octokit/request";
import { Hublet } from "../dist/index.js";

const answer = (body, status, contentType = "application/json; charset=utf-8") => async () =>
	new Response(body, { status, statusText: STATUS_TEXT[status], headers: { "content-type": contentType } });
const STATUS_TEXT = { 400: "Bad Request", 401: "Unauthorized", 403: "Forbidden", 404: "Not Found", 409: "Conflict", 422: "Unprocessable Entity", 429: "Too Many Requests", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable" };

const hubletMessage = (fetch) =>
	new Hublet({ retry: false, log: { info() {} }, request: { fetch } }).request("GET /repos/o/r").then(
		() => assert.unreachable("the request should fail"),
		(error) => error.message,
	);
const octokitMessage = (fetch) =>
	octokitRequest("GET /repos/o/r", { request: { fetch } }).then(
		() => assert.unreachable("the request should fail"),
		(error) => error.message,
	);

const messages = suite("error messages");

const GITHUB_SHAPES = [
	["GitHub's message and docs link", JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest" }), 404],
	["a 422 with field errors", JSON.stringify({ message: "Validation Failed", errors: [{ resource: "Issue", field: "title", code: "missing_field" }] }), 422],
	["a message whose errors are not a list", JSON.stringify({ message: "Validation Failed", errors: "x" }), 422],
	["a plain text body", "upstream said no", 503, "text/plain"],
];
for (const [shape, body, status, type] of GITHUB_SHAPES) {
	messages(`${shape}: the message is @octokit/request's`, async () => {
		const expected = await octokitMessage(answer(body, status, type));
		assert.is(await hubletMessage(answer(body, status, type)), expected);
	});
}

const ODD_SHAPES = [
	["a null message with errors that are not a list", '{"message": null, "errors": "x"}', 422, '422 Unprocessable Entity (the server sent {"message":null,"errors":"x"})'],
	["a null message with a list of errors", '{"message": null, "errors": ["a"]}', 422, '422 Unprocessable Entity (the server sent {"message":null,"errors":["a"]}): null: "a"'],
	["an empty message", '{"message": ""}', 422, '422 Unprocessable Entity (the server sent {"message":""})'],
	["an object without a message", '{"error": "bad"}', 500, '500 Internal Server Error (Unknown error: {"error":"bad"})'],
	["null", "null", 502, "502 Bad Gateway (Unknown error: null)"],
	["a number", "42", 500, "500 Internal Server Error (Unknown error: 42)"],
	["an array", '[1, "two"]', 422, '422 Unprocessable Entity (Unknown error: [1,"two"])'],
	["a boolean", "false", 503, "503 Service Unavailable (Unknown error: false)"],
	["an empty body", "", 404, "404 Not Found"],
	["an HTML page sent as JSON", "<html><body>Bad gateway</body></html>", 502, "502 Bad Gateway: <html><body>Bad gateway</body></html> (the body is not JSON that can be read: Unexpected token '<', \"<html><bod\"... is not valid JSON)"],
	["text that is not JSON, sent as JSON", "The throttle plugin just looks for the word secondary rate", 403, "The throttle plugin just looks for the word secondary rate (the body is not JSON that can be read: Unexpected token 'T', \"The thrott\"... is not valid JSON)"],
];
for (const [shape, body, status, expected] of ODD_SHAPES) {
	messages(`${shape}: the message names the status where octokit's text says nothing readable`, async () => {
		assert.is(await hubletMessage(answer(body, status)), expected);
	});
}

messages("a long odd body is kept whole in the message, as octokit keeps it, and in error.response.data", async () => {
	const long = Array.from({ length: 400 }, (_, index) => index);
	const error = await new Hublet({ retry: false, request: { fetch: answer(JSON.stringify(long), 422) } }).request("GET /repos/o/r").catch((e) => e);
	assert.is(error.message, `422 Unprocessable Entity (Unknown error: ${JSON.stringify(long)})`);
	assert.equal(error.response.data, long);
});

messages("a body sent as JSON that does not parse: its text starts the message, and the parse failure is the cause", async () => {
	const body = "The throttle plugin just looks for the word secondary rate in the error message";
	const error = await new Hublet({ retry: false, request: { fetch: answer(body, 403) } }).request("GET /repos/o/r").catch((e) => e);
	assert.ok(error.message.startsWith(`${body} (the body is not JSON that can be read: `), error.message);
	assert.instance(error.cause, SyntaxError);
	assert.is(error.status, 403);
	assert.is(error.response.data, body);
});

messages.run();

// ---

/*
Every status, body shape and content type, side by side with @octokit/request 10: Hublet's
message contains octokit's, whole. octokit's plugins and apps read it.
*/
const sideBySide = suite("error.message contains @octokit/request's message");

const BODIES = [
	["GitHub's message", JSON.stringify({ message: "Not Found", documentation_url: "https://docs.github.com/rest" })],
	["GitHub's message with a null docs link", JSON.stringify({ message: "Bad", documentation_url: null })],
	["field errors", JSON.stringify({ message: "Validation Failed", errors: [{ resource: "Issue", field: "title", code: "missing_field" }, "plain"] })],
	["a null message and errors", JSON.stringify({ message: null, errors: [{ code: "x" }] })],
	["a numeric message", JSON.stringify({ message: 7 })],
	["an empty message", JSON.stringify({ message: "" })],
	["no message", JSON.stringify({ error: "bad" })],
	["null", "null"],
	["a number", "42"],
	["a JSON string", '"oops"'],
	["an array", "[1,2]"],
	["text", "upstream said no"],
	["text with a trailing newline", "upstream said no\n"],
	["whitespace", "  \n"],
	["an HTML page", "<!DOCTYPE html><html><body><h1>502</h1></body></html>"],
	["secondary rate text", "You have exceeded a secondary rate limit. Please wait a few minutes before you try again."],
	["an empty body", ""],
	["a long text", "x".repeat(2000)],
];
const TYPES = [
	["application/json", "application/json; charset=utf-8"],
	["text/plain", "text/plain; charset=utf-8"],
	["text/html", "text/html"],
	["bytes", "application/octet-stream"],
	["no content type", undefined],
];
const STATUSES = [400, 401, 403, 404, 409, 422, 429, 500, 502, 503];

const respond = (body, status, contentType) => async () =>
	new Response(body, { status, statusText: STATUS_TEXT[status] ?? "", headers: contentType === undefined ? {} : { "content-type": contentType } });

for (const [typeName, contentType] of TYPES) {
	for (const [shape, body] of BODIES) {
		sideBySide(`${shape} as ${typeName}, every status`, async () => {
			for (const status of STATUSES) {
				const fetch = respond(body, status, contentType);
				const [ours, theirs] = [await hubletMessage(fetch), await octokitMessage(fetch)];
				assert.ok(ours.includes(theirs), `${status}: ${JSON.stringify(ours)} does not contain octokit's ${JSON.stringify(theirs)}`);
			}
		});
	}
}

sideBySide.run();

// ---

const strings = suite("a JSON string body");

strings("is its own message, as in @octokit/request", async () => {
	assert.is(await hubletMessage(answer('"oops"', 500)), await octokitMessage(answer('"oops"', 500)));
});

strings.run();
