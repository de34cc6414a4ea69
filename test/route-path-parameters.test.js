// A route's `{path}` parameter that is missing is refused before anything is sent, whether the
// call is an endpoint method, `request(route, params)`, `request(options)` or `paginate`: sent, it
// would leave an empty segment and reach another endpoint (`GET /repos/o` for
// `GET /repos/{owner}/{repo}` without `repo`). octokit sends these. `endpoint()` keeps octokit's
// output. Query expressions (`{?name}`) stay optional.
// Run: node test/route-path-parameters.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import { Hublet, RequestError } from "../dist/index.js";
import { Hublet as CoreHublet, paginate } from "../dist/core.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { useRecording } from "./helpers/msw.js";

const sent = [];
const test = suite("missing path parameters are refused before sending");
useRecording(test, sent, []);

/** A client whose hooks and auth strategy record that they ran. */
function client(Client = Hublet) {
	const ran = [];
	const strategy = () => Object.assign(async () => ({ type: "token" }), { hook: (request, route, params) => (ran.push("auth"), request(route, params)) });
	const instance = new Client({ authStrategy: strategy, auth: {}, log: capturingLog().log, retry: false });
	instance.hook.before("request", () => void ran.push("hook"));
	return { client: instance, ran };
}

/** Asserts the 400 INVALID_REQUEST a method gives, for `label` and the `missing` names, and that nothing ran. */
async function refused(call, label, missing, ran) {
	const error = await rejection(call);
	assert.instance(error, RequestError);
	assert.is(error.status, 400);
	assert.is(error.code, "INVALID_REQUEST");
	assert.is(error.response, undefined);
	const noun = missing.length === 1 ? "parameter" : "parameters";
	assert.is(error.message, `Missing required ${noun} for ${label}: ${missing.map((name) => `"${name}"`).join(", ")}`);
	assert.equal(sent, []);
	assert.equal(ran, []);
	return error;
}

test('request("GET /repos/{owner}/{repo}", { owner }) is refused as repos.get({ owner }) is', async () => {
	const { client: hublet, ran } = client();
	const error = await refused(hublet.request("GET /repos/{owner}/{repo}", { owner: "o" }), "GET /repos/{owner}/{repo}", ["repo"], ran);
	assert.is(error.request.url, "https://api.github.com/repos/o");
	const method = await rejection(hublet.rest.repos.get({ owner: "o" }));
	assert.is(method.message, 'Missing required parameter for rest.repos.get(): "repo"');
});

test("request(options), request with the old :name form, empty and null values, several names", async () => {
	const { client: hublet, ran } = client();
	await refused(hublet.request({ method: "GET", url: "/repos/{owner}/{repo}", owner: "o" }), "GET /repos/{owner}/{repo}", ["repo"], ran);
	await refused(hublet.request("GET /repos/:owner/:repo", { owner: "o" }), "GET /repos/:owner/:repo", ["repo"], ran);
	await refused(hublet.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "" }), "GET /repos/{owner}/{repo}", ["repo"], ran);
	await refused(hublet.request("GET /repos/{owner}/{repo}", { owner: null, repo: "r" }), "GET /repos/{owner}/{repo}", ["owner"], ran);
	await refused(hublet.request("DELETE /repos/{owner}/{repo}"), "DELETE /repos/{owner}/{repo}", ["owner", "repo"], ran);
	await refused(hublet.request.defaults({ owner: "o" })("GET /repos/{owner}/{repo}/issues/{issue_number}", { repo: "r" }), "GET /repos/{owner}/{repo}/issues/{issue_number}", ["issue_number"], ran);
});

test("endpoint-based calls: request(method.endpoint.merge(params)) and paginate over one", async () => {
	const { client: hublet, ran } = client();
	await refused(hublet.request(hublet.rest.repos.get.endpoint.merge({ owner: "o" })), "GET /repos/{owner}/{repo}", ["repo"], ran);
	await refused(hublet.paginate(hublet.rest.issues.listForRepo.endpoint.merge({ owner: "o" })), "GET /repos/{owner}/{repo}/issues", ["repo"], ran);
});

test("paginate(route, params) and paginate.iterator(route, params), on both entries", async () => {
	const { client: hublet, ran } = client();
	await refused(hublet.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o" }), "GET /repos/{owner}/{repo}/issues", ["repo"], ran);
	const pages = hublet.paginate.iterator("GET /orgs/{org}/repos", {})[Symbol.asyncIterator]();
	await refused(pages.next(), "GET /orgs/{org}/repos", ["org"], ran);
	const { client: core, ran: coreRan } = client(CoreHublet.plugin(paginate));
	await refused(core.paginate("GET /repos/{owner}/{repo}/issues", { repo: "r" }), "GET /repos/{owner}/{repo}/issues", ["owner"], coreRan);
	await refused(core.request("GET /users/{username}"), "GET /users/{username}", ["username"], coreRan);
});

test("query expressions are optional; given path parameters send as before", async () => {
	const { client: hublet, ran } = client();
	await hublet.request("GET /repos/{owner}/{repo}/issues{?state,page}", { owner: "o", repo: "r" });
	await hublet.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
	await hublet.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: "r" });
	await hublet.request("GET https://api.github.com/user");
	// "?&" is how @octokit/endpoint expands an empty `{?state,page}`, and Hublet with it.
	assert.equal(sent, ["GET https://api.github.com/repos/o/r/issues?&", "GET https://api.github.com/repos/o/r", "GET https://api.github.com/repos/o/r/issues", "GET https://api.github.com/user"]);
	assert.equal(ran.filter((step) => step === "auth").length, 4);
});

test("the error shows no credential of the URL or the request", async () => {
	const hublet = new Hublet({ auth: "ghp_secret123", log: capturingLog().log });
	const error = await rejection(hublet.request("GET https://user:hunter2@ghe.example.com/repos/{owner}/{repo}?access_token=abc123", { owner: "o" }));
	assert.is(error.code, "INVALID_REQUEST");
	const shown = `${error.message} ${JSON.stringify(error.request)}`;
	for (const secret of ["hunter2", "abc123", "ghp_secret123"]) assert.not.ok(shown.includes(secret), secret);
	assert.equal(sent, []);
});

test("an absolute URL's scheme is matched in any case: its user:password@ is no path parameter", async () => {
	const hublet = new Hublet({ log: capturingLog().log, retry: false });
	// Read as a path, ":pw@" would be the old form of a parameter "pw", missing.
	const error = await rejection(hublet.request("GET HTTPS://user:pw@ghe.example.com/repos/{owner}", { owner: "o" }));
	assert.is(error.code, "INVALID_REQUEST");
	assert.match(error.message, /carries credentials/);
	assert.equal(sent, []);
});

test("endpoint() does not refuse: its output is octokit's", () => {
	const { client: hublet } = client();
	for (const [route, params] of [
		["GET /repos/{owner}/{repo}", { owner: "o" }],
		["DELETE /repos/{owner}/{repo}", {}],
		["GET /repos/:owner/:repo", { owner: "o" }],
	]) {
		const { method, url } = hublet.request.endpoint(route, params);
		const expected = octokitEndpoint(route, params);
		assert.equal({ method, url }, { method: expected.method, url: expected.url }, route);
	}
	assert.is(hublet.rest.repos.get.endpoint({ owner: "o" }).url, "https://api.github.com/repos/o");
});

test.run();
