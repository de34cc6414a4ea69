// Every method name of @octokit/rest 22.0.1 resolves on Hublet, on `client.rest.*` and on the
// legacy root (`client.<namespace>.<method>`), including the ones GitHub has since dropped from
// its description (team discussions and their reactions, the old billing and Copilot metrics
// endpoints, organization custom property values). Those are kept as deprecated legacy rows:
// they validate, warn once with what replaces them, and send what octokit sends
// (test/endpoint-parity.test.js compares every shared method's `.endpoint()` with octokit's).
// Run: node test/octokit-method-names.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Octokit } from "@octokit/rest";
import { Hublet, RequestError } from "../dist/index.js";

const quiet = { debug() {}, info() {}, warn() {}, error() {} };
const octokit = new Octokit({ log: quiet });
const NAMES = Object.keys(octokit.rest).flatMap((namespace) => Object.keys(octokit.rest[namespace]).map((method) => [namespace, method]));

// The names GitHub's current description lacks, which octokit 22 still has.
const DROPPED = [
	"billing.getGithubActionsBillingOrg",
	"billing.getGithubActionsBillingUser",
	"billing.getGithubPackagesBillingOrg",
	"billing.getGithubPackagesBillingUser",
	"billing.getSharedStorageBillingOrg",
	"billing.getSharedStorageBillingUser",
	"copilot.copilotMetricsForOrganization",
	"copilot.copilotMetricsForTeam",
	"orgs.customPropertiesForOrgsCreateOrUpdateOrganizationValues",
	"orgs.customPropertiesForOrgsGetOrganizationValues",
	"reactions.createForTeamDiscussionCommentInOrg",
	"reactions.createForTeamDiscussionInOrg",
	"reactions.deleteForTeamDiscussion",
	"reactions.deleteForTeamDiscussionComment",
	"reactions.listForTeamDiscussionCommentInOrg",
	"reactions.listForTeamDiscussionInOrg",
	"teams.createDiscussionCommentInOrg",
	"teams.createDiscussionInOrg",
	"teams.deleteDiscussionCommentInOrg",
	"teams.deleteDiscussionInOrg",
	"teams.getDiscussionCommentInOrg",
	"teams.getDiscussionInOrg",
	"teams.listDiscussionCommentsInOrg",
	"teams.listDiscussionsInOrg",
	"teams.updateDiscussionCommentInOrg",
	"teams.updateDiscussionInOrg",
];

const names = suite("every name of @octokit/rest 22.0.1 is a method of Hublet");

names("octokit 22 has the names this suite walks", () => {
	assert.ok(NAMES.length >= 1000, `only ${NAMES.length} names`);
	for (const name of DROPPED) assert.ok(NAMES.some(([namespace, method]) => `${namespace}.${method}` === name), `octokit has ${name}`);
});

names("each namespace and method is on client.rest and on the client itself, as functions", () => {
	const client = new Hublet({ log: quiet });
	const missing = [];
	for (const [namespace, method] of NAMES) {
		if (typeof client.rest[namespace]?.[method] !== "function") missing.push(`rest.${namespace}.${method}`);
		if (typeof client[namespace]?.[method] !== "function") missing.push(`${namespace}.${method}`);
	}
	assert.equal(missing, []);
	for (const namespace of Object.keys(octokit.rest)) {
		assert.ok(Object.keys(client.rest).includes(namespace), `Object.keys(client.rest) lists ${namespace}`);
		assert.ok(namespace in client, `${namespace} in client`);
	}
});

names("a dropped method is listed by Object.keys and has the route octokit sends", () => {
	const client = new Hublet({ log: quiet });
	for (const name of DROPPED) {
		const [namespace, method] = name.split(".");
		assert.ok(Object.keys(client.rest[namespace]).includes(method), `Object.keys lists ${name}`);
		assert.is(client.rest[namespace][method].route, octokit.rest[namespace][method].endpoint.DEFAULTS.method + " " + octokit.rest[namespace][method].endpoint.DEFAULTS.url);
	}
});

names.run();

// ---

const dropped = suite("a method GitHub no longer documents");

function recordingClient(answer = { status: 200, body: [] }) {
	const warnings = [];
	const sent = [];
	const client = new Hublet({
		log: { ...quiet, warn: (message) => warnings.push(message) },
		retry: false,
		request: {
			fetch: async (url, init) => {
				sent.push({ url, method: init.method, body: init.body });
				return new Response(JSON.stringify(answer.body), { status: answer.status, headers: { "content-type": "application/json" } });
			},
		},
	});
	return { client, warnings, sent };
}

dropped("warns once, saying GitHub no longer describes it and naming the successor", async () => {
	const { client, warnings, sent } = recordingClient();
	await client.rest.billing.getGithubActionsBillingOrg({ org: "o" });
	await client.billing.getGithubActionsBillingOrg({ org: "o" });
	assert.is(warnings.filter((line) => line.includes("getGithubActionsBillingOrg")).length, 1, warnings.join("\n"));
	assert.match(warnings[0], /no longer has it/);
	assert.match(warnings[0], /billing\.getGithubBillingUsageReportOrg\(\)/);
	assert.equal(sent.map(({ url, method }) => `${method} ${url}`), ["GET https://api.github.com/orgs/o/settings/billing/actions", "GET https://api.github.com/orgs/o/settings/billing/actions"]);
});

dropped("every dropped method's deprecation names a successor or says where it lives", () => {
	const client = new Hublet({ log: quiet });
	for (const name of DROPPED) {
		const [namespace, method] = name.split(".");
		const text = client.rest[namespace][method].deprecated;
		assert.type(text, "string", name);
		assert.ok(text.startsWith(`octokit.rest.${name}() is deprecated: GitHub's API description no longer has it; `), text);
		assert.match(text, /(use octokit\.rest\.\w+\.\w+\(\)|GraphQL API|GitHub Enterprise Cloud)/, name);
	}
});

dropped("its required body parameters are validated before sending, as octokit's description required them", async () => {
	const { client, sent } = recordingClient({ status: 201, body: {} });
	for (const [call, parameter] of [
		[() => client.rest.teams.createDiscussionInOrg({ org: "o", team_slug: "t", title: "Hi" }), "body"],
		[() => client.rest.reactions.createForTeamDiscussionInOrg({ org: "o", team_slug: "t", discussion_number: 1 }), "content"],
		[() => client.rest.orgs.customPropertiesForOrgsCreateOrUpdateOrganizationValues({ org: "o" }), "properties"],
	]) {
		const error = await call().then(
			() => assert.unreachable("resolved"),
			(error) => error,
		);
		assert.instance(error, RequestError);
		assert.is(error.code, "INVALID_REQUEST");
		assert.match(error.message, new RegExp(`"${parameter}"`));
	}
	assert.equal(sent, []);
	await client.rest.teams.createDiscussionInOrg({ org: "o", team_slug: "t", title: "Hi", body: "there" });
	assert.equal(sent, [{ url: "https://api.github.com/orgs/o/teams/t/discussions", method: "POST", body: '{"title":"Hi","body":"there"}' }]);
});

dropped.run();
