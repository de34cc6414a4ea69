// The source scanner of `hublet routes --scan` (bin/cli/scan-calls.mjs), on hostile text: what
// it finds, what it counts as unreadable, and that no input makes it throw or take long.
// Run: node test/scan-calls.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { scanCalls, unseenNotice } from "../bin/cli/scan-calls.mjs";

const NAMESPACES = new Set(["repos", "issues", "pulls", "orgs", "enterpriseAdmin"]);
const isNamespace = (name) => NAMESPACES.has(name);
const scan = (text) => scanCalls(text, isNamespace);

// ---------------------------------------------------------------------------
const forms = suite("scanCalls: the forms it reads");

forms("bracket access with any quote, destructured namespaces (renamed, with defaults) and methods", () => {
	const { names } = scan(
		[
			"client.rest['issues'][\"create\"](); client.rest[`pulls`].list();",
			"const { repos: r = x, issues } = octokit.rest;",
			"let { get, update: change } = client.rest.orgs;",
			"r.listForOrg(); issues.lock(); notr.listForOrg();",
		].join("\n"),
	);
	for (const name of ["issues.create", "pulls.list", "repos.listForOrg", "issues.lock", "orgs.get", "orgs.update"]) assert.ok(names.has(name), name);
});

forms("route strings in request(), paginate() and paginate.iterator(), with a verb or bare", () => {
	const { routes, unseen } = scan(`request("GET /a/{b}"); x.paginate ( 'POST /c' ); p.paginate.iterator(\`/d?per_page=1\`); request("not a route"); request()`);
	assert.equal([...routes], ["GET /a/{b}", "POST /c", "GET /d?per_page=1"]);
	assert.equal(unseen, { computed: 0, route: 0 });
});

forms("counts what it cannot read: computed names, routes in variables, options objects and template literals with ${}", () => {
	const { routes, unseen } = scan("client.rest[ns].x(); client.rest.repos[m](); request(route); request({ url }); request(`GET /x/${id}`); paginate(a.b.c, {});");
	assert.equal([...routes], []);
	assert.equal(unseen, { computed: 2, route: 3 });
	assert.is(unseenNotice(unseen), "hublet routes: could not read 5 calls: 2 by a name computed at run time (rest[name]), 3 request() or paginate() calls whose route is not a string literal; add their methods by name\n");
	assert.is(unseenNotice({ computed: 0, route: 0 }), "");
});

forms("prototype names are plain words", () => {
	const { names } = scan("const { __proto__, constructor: c, toString } = client.rest; __proto__.x(); c.y(); client.rest['__proto__']['constructor']();");
	assert.equal([...names].filter((name) => /__proto__|constructor|toString/.test(name)), [], "none is a namespace of the table");
});

forms.run();

// ---------------------------------------------------------------------------
const hostile = suite("scanCalls: any input");

hostile("never throws, and every route it returns is a verb and a path from the text", () => {
	fc.assert(
		fc.property(fc.string({ unit: fc.constantFrom(..."request(paginate.iterator'\"`/GET {}[]$,=:;rest.\n xyz".split("")), maxLength: 300 }), (text) => {
			const { names, routes, unseen } = scan(text);
			for (const route of routes) assert.match(route, /^(GET|POST|PUT|PATCH|DELETE|HEAD) \//);
			for (const name of names) assert.match(name, /^[\w$]+\.[\w$]+$/);
			assert.ok(unseen.computed >= 0 && unseen.route >= 0);
		}),
		{ numRuns: 2000 },
	);
});

hostile("a file of 100,000 calls is read in one pass", () => {
	const text = "client.request(route);\n".repeat(100_000) + "const {".repeat(10_000) + "request('GET /x')";
	const { routes, unseen } = scan(text);
	assert.is(unseen.route, 100_000);
	assert.equal([...routes], ["GET /x"]);
});

hostile.run();
