// paginate()'s first argument is a route, request options with a url, or an endpoint method.
// Anything else, such as `client.rest.issues.listForRepos` (a typo, so `undefined`), is a
// TypeError that says what it got, and nothing is sent: octokit sends `GET /` and gets a 404.
// Run: node test/paginate-arguments.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { useRecording } from "./helpers/msw.js";

const sent = [];
const test = suite("paginate(target): what is not a route or a method");
useRecording(test, sent, [{ id: 1 }]);

const client = () => new Hublet({ log: capturingLog().log, retry: false });

const WRONG = [
	["undefined (a mistyped method name)", (hublet) => hublet.rest.issues.listForRepos, "undefined"],
	["null", () => null, "null"],
	["a number", () => 42, "42"],
	["an empty string", () => "", "an empty string"],
	["options without a url", () => ({ method: "GET", owner: "o" }), "options without a url"],
	["an array", () => ["GET /user"], "an array"],
	["a function that is not an endpoint method", () => () => [], "a function that is not an endpoint method"],
];

for (const [label, target, got] of WRONG) {
	test(`${label} is a TypeError from paginate() and paginate.iterator(), and nothing is sent`, async () => {
		const hublet = client();
		const expected = (name) => `${name} expects a route such as "GET /repos/{owner}/{repo}/issues" or an endpoint method such as client.rest.issues.listForRepo, got ${got}`;
		const error = await rejection(hublet.paginate(target(hublet), { owner: "o", repo: "r" }));
		assert.instance(error, TypeError);
		assert.is(error.message, expected("paginate()"));
		const iteration = await rejection(hublet.paginate.iterator(target(hublet), { owner: "o", repo: "r" })[Symbol.asyncIterator]().next());
		assert.instance(iteration, TypeError);
		assert.is(iteration.message, expected("paginate.iterator()"));
		assert.equal(sent, []);
	});
}

test("a route, request options with a url, and an endpoint method are taken", async () => {
	const hublet = client();
	assert.equal(await hublet.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" }), [{ id: 1 }]);
	assert.equal(await hublet.paginate("/user/repos"), [{ id: 1 }]);
	assert.equal(await hublet.paginate({ method: "GET", url: "/user/repos" }), [{ id: 1 }]);
	assert.equal(await hublet.paginate(hublet.rest.issues.listForRepo, { owner: "o", repo: "r" }), [{ id: 1 }]);
	assert.equal(await hublet.paginate(hublet.rest.issues.listForRepo.endpoint.merge({ owner: "o", repo: "r" })), [{ id: 1 }]);
	assert.equal(sent.length, 5);
});

test.run();
