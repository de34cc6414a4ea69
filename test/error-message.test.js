// The message of a failed request for every shape of error body: GitHub's own shape and text
// are worded as @octokit/request words them; a body with no usable message names the status
// and what the server sent. Requests go to a stub fetch; nothing reaches the network.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { request as octokitRequest } from "@octokit/request";
import { Hublet } from "../dist/index.js";

const answer = (body, status, contentType = "application/json; charset=utf-8") => async () =>
	new Response(body, { status, statusText: STATUS_TEXT[status], headers: { "content-type": contentType } });
const STATUS_TEXT = { 404: "Not Found", 422: "Unprocessable Entity", 500: "Internal Server Error", 502: "Bad Gateway", 503: "Service Unavailable" };

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
	["an empty message", '{"message": ""}', 422, '422 Unprocessable Entity (the server sent {"message":""})'],
	["an object without a message", '{"error": "bad"}', 500, '500 Internal Server Error (the server sent {"error":"bad"})'],
	["null", "null", 502, "502 Bad Gateway (the server sent null)"],
	["a number", "42", 500, "500 Internal Server Error (the server sent 42)"],
	["an array", '[1, "two"]', 422, '422 Unprocessable Entity (the server sent [1,"two"])'],
	["a boolean", "false", 503, "503 Service Unavailable (the server sent false)"],
];
for (const [shape, body, status, expected] of ODD_SHAPES) {
	messages(`${shape}: the message names the status and what the server sent`, async () => {
		assert.is(await hubletMessage(answer(body, status)), expected);
	});
}

messages("a long odd body is cut to 500 characters in the message, and kept whole in error.response.data", async () => {
	const long = Array.from({ length: 400 }, (_, index) => index);
	const error = await new Hublet({ retry: false, request: { fetch: answer(JSON.stringify(long), 422) } }).request("GET /repos/o/r").catch((e) => e);
	assert.ok(error.message.startsWith("422 Unprocessable Entity (the server sent [0,1,2,"));
	assert.ok(error.message.endsWith("…)"));
	assert.ok(error.message.length < 600);
	assert.equal(error.response.data, long);
});

messages("a JSON string body is its own message, as in @octokit/request", async () => {
	assert.is(await hubletMessage(answer('"oops"', 500)), await octokitMessage(answer('"oops"', 500)));
});

messages.run();
