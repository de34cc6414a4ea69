// client.findRoutes() and `hublet find` take a URL as it is copied from a browser, a log or an
// error: its origin, GitHub Enterprise Server's /api/v3 root, its query and its fragment are
// dropped, and the path is searched. Hostile input (odd bytes, prototype names, an empty string,
// a path of a megabyte) finds nothing or what its path names, at once.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { Hublet as FullHublet, findRoutes } from "../dist/index.js";
import { runCli } from "./fixtures/cli-harness.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(findRoutes);

const client = new Hublet();
const names = (query) => client.findRoutes(query).map((info) => `${info.namespace}.${info.method}`);

const urls = suite("findRoutes() with a full URL");

urls("an api.github.com URL with a query and a fragment finds what its path finds", () => {
	const path = names("/repos/o/r/issues");
	assert.equal(path, ["issues.create", "issues.listForRepo"]);
	for (const url of [
		"https://api.github.com/repos/o/r/issues?state=open",
		"https://api.github.com/repos/o/r/issues/?state=open&per_page=100#top",
		"http://api.github.com:443/repos/o/r/issues#x",
		"https://user:secret@api.github.com/repos/o/r/issues",
		"//api.github.com/repos/o/r/issues",
		"api.github.com/repos/o/r/issues?q=1",
		"localhost:3000/repos/o/r/issues",
	]) {
		assert.equal(names(url), path, url);
	}
	assert.equal(names("GET https://api.github.com/repos/o/r/issues?state=open"), ["issues.listForRepo"]);
	assert.equal(names("post https://api.github.com/repos/o/r/issues"), ["issues.create"]);
});

urls("a GitHub Enterprise Server URL is read without its /api/v3 root", () => {
	assert.equal(names("https://ghe.example/api/v3/repos/o/r/issues?state=open"), ["issues.create", "issues.listForRepo"]);
	assert.equal(names("GET https://ghe.example/api/v3/repos/o/r"), ["repos.get"]);
	assert.equal(names("/api/v3/user"), names("/user"));
	// The root itself, with or without a slash, is the API's root.
	for (const url of ["https://ghe.example/api/v3", "https://ghe.example/api/v3/", "https://api.github.com", "https://api.github.com/?x"]) assert.equal(names(url), ["meta.root"], url);
	// `/api/v3` is a root only at the start: a path segment of that name elsewhere stays.
	assert.equal(names("https://ghe.example/repos/api/v3"), names("/repos/api/v3"));
});

urls("a template in a URL is read as a template", () => {
	assert.equal(names("https://ghe.example/api/v3/repos/{owner}/{repo}/pulls/{pull_number}?x=1"), ["pulls.get", "pulls.update"]);
});

urls("hostile input: odd bytes, prototype names, empty, very long, find nothing or the path's routes, quickly", () => {
	for (const query of ["", " ", "?", "#", "https://", "__proto__", "constructor", "/__proto__", "https://x/__proto__/constructor", "/repos/o/r\u0000/issues\u001b", "GET", "GET  ", "\u202e/user"]) {
		const found = client.findRoutes(query);
		assert.ok(Array.isArray(found), JSON.stringify(query));
		assert.ok(found.every((info) => typeof info.route === "string"));
	}
	assert.equal(names("/repos/o/r\u0000/issues"), ["issues.create", "issues.listForRepo"]);
	assert.equal(names("https://x/__proto__"), []);
	const started = performance.now();
	for (const query of [`/repos/${"a".repeat(1_000_000)}/issues`, `https://${"a".repeat(1_000_000)}`, `/${"a/".repeat(500_000)}`, "?".repeat(1_000_000), `GET https://h/api/v3${"/x".repeat(200_000)}`]) client.findRoutes(query);
	assert.ok(performance.now() - started < 2000, `${Math.round(performance.now() - started)} ms`);
	assert.equal(names(`/repos/o/${"r".repeat(100_000)}/issues`), ["issues.create", "issues.listForRepo"]);
});

urls("property: for any route filled with any segment values, the URL forms find what the path finds", () => {
	const routes = Object.keys(client.rest).flatMap((namespace) => Object.values(client.rest[namespace]).map((method) => method.route));
	const segment = fc.stringMatching(/^[A-Za-z0-9._~%-]{1,12}$/);
	// A URL holds no white space (a query is one word): any other character.
	const word = fc.string({ unit: "binary" }).map((text) => text.replace(/\s/g, ""));
	fc.assert(
		fc.property(fc.constantFrom(...routes), fc.array(segment, { minLength: 8, maxLength: 8 }), fc.constantFrom("https://api.github.com", "https://ghe.example/api/v3", "http://127.0.0.1:3000", "//h"), word, word, (route, values, origin, query, fragment) => {
			let index = 0;
			const path = route.split(" ")[1].replace(/\{[?&][^}]*\}/g, "").replace(/\{[^}]*\}/g, () => values[index++ % values.length]);
			const url = `${origin}${path}?${query.replace(/#/g, "")}#${fragment}`;
			assert.equal(names(url), names(path), url);
		}),
		{ numRuns: 60 },
	);
});

urls.run();

const cli = suite("hublet find with a full URL");

cli("hublet find takes a URL, with a verb or without, and a GHES one", async () => {
	const plain = await runCli(["find", "https://api.github.com/repos/octokit/rest.js/issues?state=open"]);
	assert.is(plain.code, 0, plain.stderr);
	assert.match(plain.stdout, /^issues\.create +POST \/repos\/\{owner\}\/\{repo\}\/issues\nissues\.listForRepo +GET \/repos\/\{owner\}\/\{repo\}\/issues\n$/);
	const verb = await runCli(["find", "GET", "https://ghe.example/api/v3/repos/o/r#readme"]);
	assert.is(verb.code, 0, verb.stderr);
	assert.match(verb.stdout, /^repos\.get +GET \/repos\/\{owner\}\/\{repo\}\n$/);
	const none = await runCli(["find", "https://api.github.com/__proto__"]);
	assert.is(none.code, 1);
	assert.match(none.stderr, "no method's route matches https://api.github.com/__proto__");
});

cli.run();
