import { suite } from "uvu";
import * as assert from "uvu/assert";
import sinon from "sinon";
import { mock } from "node:test";
import { routesTable as routes } from "./helpers/routes.js";
import { Hublet as FullHublet, findRoutes, legacyAuth } from "../dist/index.js";
import { testClient } from "./helpers/client.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(findRoutes, legacyAuth);

const exports = suite("exports");

exports("Hublet is a class with VERSION", () => {
	assert.type(Hublet, "function");
	assert.match(Hublet.VERSION, /^\d+\.\d+\.\d+/);
});

exports("client.rest and client.<namespace> hold the same objects", () => {
	const { client } = testClient({ Hublet });
	assert.is(client.repos, client.rest.repos);
	assert.is(client.repos.get, client.rest.repos.get);
	assert.is(client.rest.repos.get, client.rest.repos.get, "methods are cached");
});

exports.run();
// ---

const keys = suite("listing (introspection)");

keys("Object.keys(client.rest) lists every namespace in routes.json", () => {
	const { client } = testClient({ Hublet });
	assert.equal(Object.keys(client.rest), Object.keys(routes.namespaces));
});

keys("Object.keys(client.rest.repos) lists every repos method", () => {
	const { client } = testClient({ Hublet });
	assert.equal(Object.keys(client.rest.repos), Object.keys(routes.namespaces.repos));
});

keys("renamed namespaces resolve but are not listed", () => {
	const { client } = testClient({ Hublet });
	assert.ok("gitdata" in client.rest);
	assert.not.ok(Object.keys(client.rest).includes("gitdata"));
});

keys("a method tells its route, required parameters and deprecation", () => {
	const { client } = testClient({ Hublet });
	const method = client.rest.issues.get;
	assert.is(method.route, "GET /repos/{owner}/{repo}/issues/{issue_number}");
	assert.equal(method.required, ["owner", "repo", "issue_number"]);
	assert.is(method.deprecated, undefined);
	assert.match(client.rest.pulls.createFromIssue.deprecated, /pulls\.create/);
});

keys("a method's required parameters are those every call needs; those required only with their parent are apart", () => {
	const { client } = testClient({ Hublet });
	const create = client.rest.issues.create;
	assert.equal(create.required, ["owner", "repo", "title"]);
	assert.equal(create.requiredWhen, ["issue_field_values.field_id", "issue_field_values.value"]);
	assert.equal(client.rest.issues.get.requiredWhen, []);
	const [row] = client.findRoutes("POST /repos/octokit/rest.js/issues");
	assert.equal([row.required, row.requiredWhen], [create.required, create.requiredWhen]);
});

keys("client.findRoutes() finds methods by a concrete path", () => {
	const { client } = testClient({ Hublet });
	const found = client.findRoutes("GET /repos/octokit/rest.js/issues?state=open");
	assert.equal(
		found.map((row) => `${row.namespace}.${row.method}`),
		["issues.listForRepo"],
	);
	assert.equal(found[0].required, ["owner", "repo"]);
});

keys("client.findRoutes() matches templates and every verb, current methods first", () => {
	const { client } = testClient({ Hublet });
	const found = client.findRoutes("/repos/{owner}/{repo}/topics");
	const names = found.map((row) => `${row.method}`);
	assert.ok(names.includes("getAllTopics") && names.includes("replaceAllTopics") && names.includes("listTopics"));
	assert.ok(names.indexOf("getAllTopics") < names.indexOf("listTopics"), "deprecated alias after the current name");
	assert.match(found.find((row) => row.method === "listTopics").deprecated, /getAllTopics/);
	assert.equal(client.findRoutes("/no/such/path"), []);
});

keys.run();
// ---

const plain = suite("behaves like a plain object");

plain("`in` works for namespaces and methods", () => {
	const { client } = testClient({ Hublet });
	assert.ok("repos" in client.rest);
	assert.ok("get" in client.rest.repos);
	assert.not.ok("nope" in client.rest.repos);
	assert.not.ok("nope" in client.rest);
});

plain("unknown names, then, toJSON and symbols give undefined without throwing", () => {
	const { client } = testClient({ Hublet });
	for (const name of ["nope", "then", "toJSON", "constructor", "__proto__", "toString", "hasOwnProperty"]) {
		assert.is(client.rest[name], undefined, `rest.${name}`);
		assert.is(client.rest.repos[name], undefined, `rest.repos.${name}`);
	}
	assert.is(client.rest[Symbol.iterator], undefined);
	assert.is(client.rest.repos[Symbol.toPrimitive], undefined);
	assert.is(client.rest.repos[Symbol.for("nodejs.util.inspect.custom")], undefined);
});

plain("a Proxy is not mistaken for a thenable by await", async () => {
	const { client } = testClient({ Hublet });
	const namespace = await client.rest.repos;
	assert.is(namespace, client.rest.repos);
});

plain("getOwnPropertyDescriptor describes a writable, enumerable method", () => {
	const { client } = testClient({ Hublet });
	const descriptor = Object.getOwnPropertyDescriptor(client.rest.repos, "get");
	assert.is(descriptor.value, client.rest.repos.get);
	assert.ok(descriptor.writable && descriptor.enumerable && descriptor.configurable);
	assert.is(Object.getOwnPropertyDescriptor(client.rest.repos, "nope"), undefined);
});

plain("JSON.stringify and spreading work", () => {
	const { client } = testClient({ Hublet });
	const copy = { ...client.rest.issues };
	assert.is(copy.get, client.rest.issues.get);
	assert.is(Object.keys(copy).length, Object.keys(routes.namespaces.issues).length);
	assert.type(JSON.stringify(Object.keys(client.rest)), "string");
});

plain("assigning, replacing and deleting a method", async () => {
	const { client } = testClient({ Hublet });
	const original = client.rest.repos.get;
	client.rest.repos.get = async () => ({ data: "replaced" });
	assert.equal((await client.rest.repos.get()).data, "replaced");
	assert.is(client.repos.get, client.rest.repos.get, "client.<ns> sees the replacement");
	delete client.rest.repos.get;
	assert.is(client.rest.repos.get, undefined);
	assert.not.ok("get" in client.rest.repos);
	assert.not.ok(Object.keys(client.rest.repos).includes("get"));
	client.rest.repos.get = original;
	assert.is(client.rest.repos.get, original);
	assert.ok(Object.keys(client.rest.repos).includes("get"));
});

plain("allows mocking with sinon.stub, and restores", async () => {
	const { client } = testClient({ Hublet });
	const original = client.rest.repos.get;
	const stub = sinon.stub(client.rest.repos, "get").resolves({ data: { id: 1 } });
	assert.equal((await client.rest.repos.get({ owner: "o", repo: "r" })).data, { id: 1 });
	assert.ok(stub.calledOnceWith({ owner: "o", repo: "r" }));
	stub.restore();
	assert.is(client.rest.repos.get, original);
});

plain("allows mocking with node:test mock.method", async () => {
	const { client } = testClient({ Hublet });
	const spy = mock.method(client.rest.issues, "get", async () => ({ data: "mocked" }));
	assert.equal((await client.rest.issues.get({})).data, "mocked");
	assert.is(spy.mock.callCount(), 1);
	spy.mock.restore();
});

plain("a replacement on one client does not leak into another", () => {
	const a = testClient().client;
	const b = testClient().client;
	a.rest.repos.get = () => "a";
	assert.is.not(b.rest.repos.get, a.rest.repos.get);
});

plain.run();
// ---

const deprecations = suite("deprecations");

deprecations("a renamed namespace warns once per client and resolves to the new one", () => {
	const { client, lines } = testClient();
	assert.is(client.rest.gitdata, client.rest.git);
	assert.is(client.rest.pullRequests.get, client.rest.pulls.get);
	client.rest.gitdata.getCommit;
	assert.equal(lines.warn, [
		"octokit.gitdata.* has been renamed to octokit.git.*",
		"octokit.pullRequests.* has been renamed to octokit.pulls.*",
	]);
	const other = testClient();
	other.client.rest.gitdata;
	assert.is(other.lines.warn.length, 1, "once per client, not once per process");
});

deprecations("a renamed method warns once and builds the same request", () => {
	const { client, lines } = testClient();
	const params = { owner: "o", repo: "r" };
	const options = client.rest.repos.listTopics.endpoint(params);
	client.rest.repos.listTopics.endpoint(params);
	assert.equal(lines.warn, ["octokit.repos.listTopics() has been renamed to octokit.repos.getAllTopics()"]);
	assert.is(options.url, client.rest.repos.getAllTopics.endpoint(params).url);
});

deprecations("a deprecated method warns with a message naming its replacement", () => {
	const { client, lines } = testClient();
	client.rest.teams.addMember.endpoint({ team_id: 1, username: "u" });
	assert.is(lines.warn.length, 1);
	assert.match(lines.warn[0], /teams\.addMember\(\)/);
});

deprecations("a renamed parameter warns and is sent under its new name (git.getCommit sha → commit_sha)", () => {
	const { client, lines } = testClient();
	const options = client.rest.git.getCommit.endpoint({ owner: "o", repo: "r", sha: "abc" });
	assert.is(options.url, "https://api.github.com/repos/o/r/git/commits/abc");
	assert.equal(lines.warn, ['"sha" parameter is deprecated for "octokit.git.getCommit()". Use "commit_sha" instead']);
});

deprecations("codeScanning.getAlert alert_id → alert_number", () => {
	const { client, lines } = testClient();
	const options = client.rest.codeScanning.getAlert.endpoint({ owner: "o", repo: "r", alert_id: 7 });
	assert.match(options.url, /\/code-scanning\/alerts\/7$/);
	assert.is(lines.warn.length, 1);
});

deprecations("every deprecated method in the table warns and still builds its request", () => {
	const { client, lines } = testClient();
	let count = 0;
	for (const [namespace, methods] of Object.entries(routes.namespaces)) {
		for (const [name, [, decorations]] of Object.entries(methods)) {
			if (!decorations?.deprecated && !decorations?.renamed) continue;
			const method = client.rest[namespace][name];
			assert.type(method.endpoint, "function", `${namespace}.${name}.endpoint`);
			assert.type(method.endpoint.merge, "function", `${namespace}.${name}.endpoint.merge`);
			assert.ok(method.deprecated, `${namespace}.${name}.deprecated`);
			const before = lines.warn.length;
			method.endpoint({});
			assert.ok(lines.warn.length > before, `${namespace}.${name} warned`);
			count += 1;
		}
	}
	assert.ok(count > 50, `checked ${count}`);
});

deprecations.run();
// ---

const deferred = suite("a method's request is made on first use");

deferred("reading methods merges no defaults; the first use does, once, from the request the method was read with", async () => {
	const { client } = testClient({ Hublet });
	const original = client.request.defaults;
	let merges = 0;
	client.request.defaults = (defaults) => (merges++, original(defaults));
	const methods = [client.rest.repos.get, client.rest.issues.create, client.rest.pulls.list];
	assert.is(merges, 0, "reading builds nothing");
	assert.equal(methods[0].endpoint({ owner: "o", repo: "r" }).url, "https://api.github.com/repos/o/r");
	methods[0].endpoint.merge({ owner: "o", repo: "r" });
	assert.is(merges, 1, "the method's own request is made once");
	client.request.defaults = original;
});

deferred("endpoint.DEFAULTS reads as the route's merged defaults, and then as a data property that can be replaced", () => {
	const { client } = testClient({ Hublet });
	const { endpoint } = client.rest.repos.get;
	assert.ok(Object.keys(endpoint).includes("DEFAULTS"));
	assert.is(endpoint.DEFAULTS.method, "GET");
	assert.is(endpoint.DEFAULTS.url, "/repos/{owner}/{repo}");
	assert.is(endpoint.DEFAULTS.baseUrl, "https://api.github.com");
	assert.is(Object.getOwnPropertyDescriptor(endpoint, "DEFAULTS").writable, true);
	const other = client.rest.issues.get.endpoint;
	other.DEFAULTS = { replaced: true };
	assert.equal(other.DEFAULTS, { replaced: true });
	assert.is(client.rest.issues.get.endpoint.defaults({}).DEFAULTS.url, "/repos/{owner}/{repo}/issues/{issue_number}");
});

deferred.run();
