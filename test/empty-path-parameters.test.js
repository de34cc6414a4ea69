// A `{path}` parameter that expands to nothing is missing, as `undefined` is: `[]`, `{}`, `[null]`,
// `""` would leave an empty segment and reach another endpoint (`issues.get` with
// `issue_number: []` lists the issues). Parameters are read as own properties only, so
// `{constructor}` is never filled from Object.prototype. Each is a 400 RequestError,
// INVALID_REQUEST, naming the method and the parameter, with nothing sent. Plus the properties of
// the URL template (the same bytes as @octokit/endpoint for the forms routes use; never an error
// but a TypeError naming the parameter) and of the `Link` header reader.
import fc from "fast-check";
import { endpoint as octokitEndpoint } from "@octokit/endpoint";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet, RequestError } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { expandTemplate } from "../dist/endpoint/url-template.js";
import { nextLink } from "../dist/features/paginate/body.js";
import { capturingLog } from "./helpers/client.js";

/** A client whose fetch records what it is asked to send and answers `[]`. */
function recording(Client = Hublet) {
	const sent = [];
	const fetch = async (url) => {
		sent.push(url);
		return new Response("[]", { status: 200, headers: { "content-type": "application/json; charset=utf-8" } });
	};
	return { client: new Client({ log: capturingLog().log, retry: false, request: { fetch } }), sent };
}

async function refused(call, sent, label, names) {
	let error;
	try {
		await call();
	} catch (caught) {
		error = caught;
	}
	assert.instance(error, RequestError, `${label} was not refused`);
	assert.is(error.status, 400);
	assert.is(error.code, "INVALID_REQUEST");
	assert.match(error.message, label);
	for (const name of names) assert.match(error.message, `"${name}"`);
	assert.equal(sent, [], "something was sent");
}

const NOTHING = {
	"[]": [],
	"{}": {},
	"[null]": [null],
	"[undefined, null]": [undefined, null],
	'[""]': [""],
	'""': "",
	null: null,
	"{ a: null }": { a: null },
	"a Date (no own keys)": new Date(0),
	"a function": () => 1,
};

const empty = suite("a path parameter that expands to nothing");

for (const [name, value] of Object.entries(NOTHING)) {
	empty(`issues.get({ issue_number: ${name} }) is refused, naming the method and the parameter`, async () => {
		const { client, sent } = recording();
		await refused(
			() => client.rest.issues.get({ owner: "o", repo: "r", issue_number: value }),
			sent,
			"rest.issues.get()",
			["issue_number"],
		);
	});
}

empty("repos.get({ repo: {} }) and request() with the same route and parameter are refused", async () => {
	const { client, sent } = recording();
	await refused(() => client.rest.repos.get({ owner: "o", repo: {} }), sent, "rest.repos.get()", ["repo"]);
	await refused(
		() => client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: {} }),
		sent,
		"GET /repos/{owner}/{repo}",
		["repo"],
	);
	await refused(
		() => client.request({ method: "GET", url: "/repos/{owner}/{repo}", owner: [], repo: "r" }),
		sent,
		"GET /repos/{owner}/{repo}",
		["owner"],
	);
});

empty("paginate() and the core entry refuse them too", async () => {
	const { client, sent } = recording();
	await refused(
		() => client.paginate("GET /repos/{owner}/{repo}/issues", { owner: "o", repo: [] }),
		sent,
		"GET /repos/{owner}/{repo}/issues",
		["repo"],
	);
	await refused(
		() => client.paginate(client.rest.issues.listForRepo, { owner: [null], repo: "r" }),
		sent,
		"rest.issues.listForRepo()",
		["owner"],
	);
	const core = recording(CoreHublet);
	await refused(
		() => core.client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: [""] }),
		core.sent,
		"GET /repos/{owner}/{repo}",
		["repo"],
	);
});

empty("values that expand to something are sent as before: [1], [1, 2], { a: 1 }, 0, false", async () => {
	const { client, sent } = recording();
	for (const value of [[1], [1, 2], { a: 1 }, 0, false]) await client.request("GET /things/{id}", { id: value });
	assert.equal(
		sent.map((url) => new URL(url).pathname),
		["/things/1", "/things/1,2", "/things/a,1", "/things/0", "/things/false"],
	);
});

empty("a query expression ({?name}) stays optional: an empty list there is not refused", async () => {
	const { client, sent } = recording();
	await client.request("GET /things{?labels}", { labels: [] });
	assert.is(sent.length, 1);
});

empty.run();

// ---

const own = suite("parameters are read as own properties only");

const PROTOTYPE_NAMES = ["constructor", "toString", "valueOf", "hasOwnProperty", "__proto__", "isPrototypeOf"];

own('request("GET /things/{constructor}/{toString}") is refused, naming both', async () => {
	const { client, sent } = recording();
	await refused(
		() => client.request("GET /things/{constructor}/{toString}"),
		sent,
		"GET /things/{constructor}/{toString}",
		["constructor", "toString"],
	);
});

for (const name of PROTOTYPE_NAMES) {
	own(`{${name}} is missing unless given, and sent as given`, async () => {
		const { client, sent } = recording();
		await refused(() => client.request(`GET /things/{${name}}`, {}), sent, `GET /things/{${name}}`, [name]);
		// Given as an own key (JSON.parse makes "__proto__" one), it is sent.
		await client.request(`GET /things/{${name}}`, JSON.parse(`{"${name}": "x"}`));
		assert.equal(
			sent.map((url) => new URL(url).pathname),
			["/things/x"],
		);
	});
}

own("endpoint() never fills a prototype name: the URL holds no function's text", () => {
	const { client } = recording();
	const { url } = client.request.endpoint("GET /things/{constructor}/{toString}{?valueOf,hasOwnProperty}");
	assert.not.match(url, "function");
	assert.not.match(url, "native");
});

own("a parameter inherited from the params' prototype is missing: only own keys count", async () => {
	const { client, sent } = recording();
	const params = Object.assign(Object.create({ repo: "inherited" }), { owner: "o" });
	await refused(() => client.request("GET /repos/{owner}/{repo}", params), sent, "GET /repos/{owner}/{repo}", ["repo"]);
	await refused(() => client.rest.repos.get(params), sent, "rest.repos.get()", ["repo"]);
});

own("params without a prototype (Object.create(null)) are read as any object", async () => {
	const { client, sent } = recording();
	await client.request("GET /repos/{owner}/{repo}", Object.assign(Object.create(null), { owner: "o", repo: "r" }));
	assert.equal(
		sent.map((url) => new URL(url).pathname),
		["/repos/o/r"],
	);
});

own("a required body field named like a prototype key is missing unless own (validation reads own keys)", async () => {
	// markdown.render requires "text": a params object inheriting it does not pass.
	const { client, sent } = recording();
	await refused(
		() => client.rest.markdown.render(Object.create({ text: "inherited" })),
		sent,
		"rest.markdown.render()",
		["text"],
	);
});

own.run();

// ---

const template = suite("the URL template (fast-check)");

// The forms routes use: literal segments and `{name}` variables in the path, then an optional
// `{?a,b}` query. Values are what callers pass: text (any Unicode), integers, booleans.
const NAMES = ["owner", "repo", "id", "ref", "path", "name", "label"];
const literal = fc.stringMatching(/^[a-z0-9_-]{1,8}$/);
const segment = fc.oneof(
	literal.map((text) => ({ text })),
	fc.constantFrom(...NAMES).map((name) => ({ name })),
);
const text = fc.string({ unit: "grapheme", minLength: 1 }).filter((value) => value !== "." && value !== "..");
const value = fc.oneof(
	text,
	fc.integer(),
	fc.boolean(),
	fc.stringMatching(/^[a-zA-Z0-9 %:/?#@!$&'()*+,;=[\]~.-]{1,12}$/).filter((value) => value !== "." && value !== ".."),
);
const routeForm = fc.record({
	segments: fc.array(segment, { minLength: 1, maxLength: 5 }),
	query: fc.subarray(["per_page", "page", "sort"]),
	values: fc.dictionary(fc.constantFrom(...NAMES, "per_page", "page", "sort"), value),
});

template("endpoint() sends the same URL bytes as @octokit/endpoint for the forms routes use", () => {
	const { client } = recording();
	fc.assert(
		fc.property(routeForm, ({ segments, query, values }) => {
			// Every path variable is given (a missing one is refused before endpoint() is reached).
			const params = { ...values };
			for (const part of segments) if (part.name && !Object.hasOwn(params, part.name)) params[part.name] = "x";
			const route = `GET /${segments.map((part) => part.text ?? `{${part.name}}`).join("/")}${query.length ? `{?${query.join(",")}}` : ""}`;
			// Leftover parameters become the query, which octokit encodes by other rules (kept differences): none here.
			const variables = new Set([...segments.map((part) => part.name), ...query]);
			for (const key of Object.keys(params)) if (!variables.has(key)) delete params[key];
			assert.is(client.request.endpoint(route, params).url, octokitEndpoint(route, params).url, route);
		}),
		{ numRuns: 1000 },
	);
});

// Templates of any shape: braces, operators, modifiers and names (prototype names included).
const templateText = fc
	.array(
		fc.oneof(
			fc.constantFrom("{", "}", ",", "*", ":3", "+", "#", ".", "/", ";", "?", "&", "=", "%", "%2e", "..", "x", "a"),
			fc.constantFrom(...PROTOTYPE_NAMES),
		),
		{ maxLength: 12 },
	)
	.map((parts) => parts.join(""));
const anyValue = fc.oneof(
	fc.anything({ withNullPrototype: true, withBoxedValues: true, withMap: true, withSet: true }),
	fc.string({ unit: "binary" }),
	fc.constantFrom(
		".",
		"..",
		"%2e%2E",
		"\ud800",
		{
			toString: () => {
				throw new Error("no text");
			},
		},
		[Object.create(null)],
	),
);

template(
	"a value that cannot be percent-encoded text is a TypeError naming its parameter, not the engine's bare error",
	() => {
		const throwing = {
			toString: () => {
				throw new Error("no text");
			},
		};
		for (const [name, value] of [
			["a lone surrogate", "\ud800"],
			["a list holding one", ["ok", "\udfff"]],
			["an object without a prototype in a list", [Object.create(null)]],
			["a member whose toString throws", [throwing]],
			["an object's key", { "\ud800": 1 }],
		]) {
			for (const source of ["/a/{x}", "/a{/x*}", "{+x}", "/a{?x}"]) {
				assert.throws(
					() => expandTemplate(source, { x: value }),
					(error) => error instanceof TypeError && /^Expected URL parameter "x"/.test(error.message),
					`${name} in ${source}`,
				);
			}
		}
	},
);

template("expandTemplate never throws anything but a TypeError that names a parameter of the template", () => {
	fc.assert(
		fc.property(
			templateText,
			fc.dictionary(fc.oneof(fc.constantFrom("x", "a", ...PROTOTYPE_NAMES), fc.string()), anyValue),
			(source, context) => {
				try {
					assert.type(expandTemplate(source, context), "string");
				} catch (error) {
					assert.instance(error, TypeError, String(error));
					assert.match(error.message, /^Expected URL parameter "[^"]*"/);
				}
			},
		),
		{ numRuns: 2000 },
	);
});

template(
	"request() with any path value rejects only with a RequestError or a TypeError that names the parameter, and sends a URL in its own path",
	async () => {
		const { client, sent } = recording();
		await fc.assert(
			fc.asyncProperty(anyValue, async (value) => {
				sent.length = 0;
				try {
					await client.request("GET /repos/{owner}/issues", { owner: value });
					assert.is(sent.length, 1);
					assert.ok(new URL(sent[0]).pathname.startsWith("/repos/"), sent[0]);
					assert.ok(new URL(sent[0]).pathname.endsWith("/issues"), sent[0]);
				} catch (error) {
					assert.equal(sent, []);
					if (error instanceof RequestError) assert.is(error.code, "INVALID_REQUEST");
					else assert.match(error.message, /^Expected URL parameter "owner"/, String(error));
				}
			}),
			{ numRuns: 500 },
		);
	},
);

template.run();

// ---

const link = suite("the Link header reader (fast-check)");

const url = fc.webUrl({ withQueryParameters: true });
const rel = fc.constantFrom("next", "prev", "last", "first");
const entries = fc.array(fc.record({ url, rel }), { maxLength: 5 });

link('gives the URL of the first rel="next" entry, as @octokit/plugin-paginate-rest reads it', () => {
	fc.assert(
		fc.property(entries, fc.constantFrom(", ", ",", " ,  "), (list, separator) => {
			const header = list.map((entry) => `<${entry.url}>; rel="${entry.rel}"`).join(separator);
			const expected = list.find((entry) => entry.rel === "next")?.url;
			assert.is(nextLink(header), expected);
		}),
	);
});

link(
	'any text: the result is undefined or text between < and > without either, followed by rel="next" in the header',
	() => {
		fc.assert(
			fc.property(
				fc.oneof(
					fc.string({ unit: "binary" }),
					fc
						.array(fc.oneof(fc.string(), fc.constantFrom("<", ">", ";", ' rel="next"', "rel=next", ", ")), {
							maxLength: 20,
						})
						.map((parts) => parts.join("")),
				),
				(header) => {
					const found = nextLink(header);
					if (found === undefined) return;
					assert.not.match(found, /[<>]/);
					assert.ok(found.length > 0);
					assert.ok(new RegExp(`<${found.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}>;\\s*rel="next"`).test(header));
				},
			),
			{ numRuns: 2000 },
		);
	},
);

link("a header that is not a string (absent, a list) has no next link; 1 MB of brackets is read", () => {
	for (const header of [undefined, null, 42, ['<https://x/?page=2>; rel="next"'], {}])
		assert.is(nextLink(header), undefined);
	// The pattern cannot cross a "<", so this is one pass (a backtracking scan would not end in a test's life).
	assert.is(nextLink("<".repeat(500_000) + "a".repeat(500_000)), undefined);
	assert.is(nextLink(`${"<a>; ".repeat(100_000)}<https://x/?page=2>; rel="next"`), "https://x/?page=2");
});

link.run();
