// A deprecated route warns once per route, as docs/compatibility.md says, not once per URL: the
// warning names the route's template, so 50 issue numbers give one warning (and a token passed as
// a path parameter is not in it). The same holds through hooks, an auth strategy, the cache and
// paginate, whose own warn-once messages (a list under its old key) are keyed by route too. Over
// a server on 127.0.0.1 that marks every answer deprecated.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";
import { sendJson, startServer } from "./helpers/loopback.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache);

let server;
const DEPRECATED = { deprecation: "true", sunset: "Wed, 01 Jan 2031 00:00:00 GMT", etag: '"e1"' };

const once = suite("a deprecated route");
once.before(async () => {
	server = await startServer((request, response) => {
		const path = new URL(request.url, server.baseUrl).pathname;
		// A search-like list wrapped in an object, for paginate's old-key warning.
		if (path.endsWith("/search")) return sendJson(response, 200, { total_count: 1, items: [1] }, DEPRECATED);
		sendJson(response, 200, { path }, DEPRECATED);
	});
});
once.after(() => server.close());

const client = (options = {}, Client = Hublet) => {
	const { log, lines } = capturingLog();
	return { client: new Client({ baseUrl: server.baseUrl, log, retry: false, ...options }), lines };
};

once("50 issue numbers through issues.get give one warning, naming the route", async () => {
	const { client: hublet, lines } = client();
	for (let number = 1; number <= 50; number++) await hublet.rest.issues.get({ owner: "o", repo: "r", issue_number: number });
	assert.is(lines.warn.length, 1);
	assert.match(lines.warn[0], `"GET ${server.baseUrl}/repos/{owner}/{repo}/issues/{issue_number}" is deprecated`);
});

once("the same through request(route, params) on the core entry, with query parameters of every shape", async () => {
	const { client: hublet, lines } = client({}, CoreHublet);
	for (let number = 1; number <= 50; number++) await hublet.request("GET /repos/{owner}/{repo}/issues/{issue_number}", { owner: `o${number}`, repo: "r", issue_number: number, page: number });
	assert.equal(lines.warn.length, 1);
});

once("two routes give two warnings, each once", async () => {
	const { client: hublet, lines } = client();
	for (let number = 1; number <= 10; number++) {
		await hublet.rest.issues.get({ owner: "o", repo: "r", issue_number: number });
		await hublet.rest.pulls.get({ owner: "o", repo: "r", pull_number: number });
	}
	assert.is(lines.warn.length, 2);
});

once("a token passed as a path parameter is not in the warning: the route is named, not the URL", async () => {
	const { client: hublet, lines } = client();
	await hublet.request("GET /applications/{client_id}/token/{access_token}", { client_id: "c", access_token: "gho_secretinthepath000000000000000000" });
	assert.is(lines.warn.length, 1);
	assert.not.match(lines.warn[0], "gho_secret");
	assert.match(lines.warn[0], "{access_token}");
});

once("through a hook, an auth strategy and the cache (which copy the request), still once", async () => {
	const strategy = () => Object.assign(async () => ({ type: "token", token: "t" }), { hook: (request, route, params) => request(route, params) });
	const { client: hublet, lines } = client({ authStrategy: strategy, auth: {}, cache: true });
	hublet.hook.wrap("request", (request, options) => request({ ...options }));
	for (let number = 1; number <= 20; number++) {
		await hublet.rest.issues.get({ owner: "o", repo: "r", issue_number: number });
		// The second read of each revalidates through the cache (If-None-Match), a copy of the request.
		await hublet.rest.issues.get({ owner: "o", repo: "r", issue_number: number });
	}
	assert.is(lines.warn.length, 1);
});

once("paginate's warning for a list read under its old key is once per route, over 20 organizations", async () => {
	const { client: hublet, lines } = client();
	for (let index = 0; index < 20; index++) {
		const { value } = await hublet.paginate.iterator("GET /orgs/{org}/search", { org: `org${index}` })[Symbol.asyncIterator]().next();
		assert.equal(value.data.items, [1]);
	}
	const oldKey = lines.warn.filter((line) => line.includes('"response.data.items" is deprecated'));
	assert.is(oldKey.length, 1);
	// And the endpoint's own deprecation, once.
	assert.is(lines.warn.filter((line) => line.includes("/orgs/{org}/search") && line.includes("is deprecated.")).length, 1);
});

once.run();
