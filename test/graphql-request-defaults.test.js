// client.graphql's request is made at construction from the client's endpoint and pipeline, not through
// client.request.defaults(): what it carries must stay what request.defaults({ method: "POST", url: "/graphql" })
// gives, for every option that shapes the defaults, and graphql.defaults() must stack as it did.
// Run: node test/graphql-request-defaults.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as core from "../dist/core.js";
import * as index from "../dist/index.js";

const GRAPHQL = { method: "POST", url: "/graphql" };
const quiet = { debug() {}, info() {}, warn() {}, error() {} };

// Options that change the request defaults: the user agent, the time zone, previews (with and without
// their suffix), the base URL and transport options, each alone and all at once.
const OPTIONS = [
	{},
	{ userAgent: "my-app/1.0" },
	{ timeZone: "Europe/Amsterdam" },
	{ previews: ["squirrel-girl-preview", "jean-grey"] },
	{ baseUrl: "https://ghe.example.com/api/v3" },
	{ request: { timeout: 5000 } },
	{
		userAgent: "a",
		timeZone: "UTC",
		previews: ["x-preview"],
		baseUrl: "http://127.0.0.1:3000",
		request: { timeout: 1 },
	},
];

const same = suite("graphql's request is request.defaults(POST /graphql)");

for (const [name, entry] of [
	["core", core],
	["full", index],
]) {
	for (const options of OPTIONS) {
		same(
			`${name} entry, ${JSON.stringify(options)}: the same defaults, hook and all, and the same options built`,
			() => {
				const client = new entry.Hublet({ auth: "ghp_x", log: quiet, ...options });
				const expected = client.request.defaults(GRAPHQL).endpoint;
				const { DEFAULTS } = client.graphql.endpoint;
				// The hook is the client's bound hook chain: the same function in both, as request.defaults() keeps it.
				assert.is(DEFAULTS.request.hook, client.request.endpoint.DEFAULTS.request.hook);
				assert.equal(DEFAULTS, expected.DEFAULTS);
				assert.equal(Object.keys(DEFAULTS), Object.keys(expected.DEFAULTS));
				const call = { query: "query { viewer { login } }", mediaType: { previews: ["call-preview"] } };
				assert.equal(client.graphql.endpoint(call), expected(call));
			},
		);
	}
}

same("graphql.defaults() stacks over graphql's request as it stacks over request.defaults()", () => {
	const client = new core.Hublet({ log: quiet, previews: ["a-preview"], userAgent: "app" });
	const more = { headers: { "x-extra": "1" }, mediaType: { previews: ["b"] } };
	const stacked = client.graphql.defaults(more).defaults({ baseUrl: "https://ghe.example.com/api/v3" });
	const expected = client.request
		.defaults(GRAPHQL)
		.defaults(more)
		.defaults({ baseUrl: "https://ghe.example.com/api/v3" });
	assert.equal(stacked.endpoint.DEFAULTS, expected.endpoint.DEFAULTS);
	assert.equal(stacked.endpoint({ query: "q" }), expected.endpoint({ query: "q" }));
	// Each level is its own: the first is untouched by the ones made over it.
	assert.is(client.graphql.endpoint.DEFAULTS.headers["x-extra"], undefined);
});

same.run();
