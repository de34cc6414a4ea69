// client.findRoutes() with a template query: it matches routes of the same template, where
// literal segments match only themselves; a concrete path still matches every route it fits.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, findRoutes } from "../dist/index.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(findRoutes);

const client = new Hublet();
const names = (query) => client.findRoutes(query).map((info) => `${info.namespace}.${info.method}`);

const find = suite("client.findRoutes()");

find("a template query does not match a route whose parameter stands where the query has a literal", () => {
	assert.equal(names("/repos/{owner}/{repo}/pulls/{pull_number}"), ["pulls.get", "pulls.update"]);
	assert.equal(names("/repos/{owner}/{repo}/zipball/{ref}"), ["repos.downloadZipballArchive"]);
	assert.equal(names("GET /repos/{owner}/{repo}"), ["repos.get"]);
});

find("a template query matches the route of its own template, whatever the parameters are called", () => {
	assert.equal(names("GET /repos/{owner}/{repo}/{archive_format}/{ref}"), ["repos.downloadArchive"]);
	assert.equal(names("GET /repos/{o}/{r}/pulls/{n}"), ["pulls.get"]);
});

find("a concrete path still matches every route whose parameters it fills, literal or not", () => {
	assert.equal(names("GET /repos/o/r/pulls/1"), ["pulls.get", "repos.downloadArchive"]);
});

find.run();
