// client.rest and its namespaces behave like the plain objects they stand for, also for what a
// program defines on them itself: symbol keys, accessors, non-configurable properties. The names
// read so far are the object's own properties, which util.inspect shows.
// Run: node test/lazy-object-plain.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet } from "../dist/index.js";

const client = () => new Hublet({ log: { warn() {}, debug() {}, info() {}, error() {} } });
const test = suite("a lazy object is a plain object to a program");

test("a symbol-keyed property is assigned, read, listed and deleted", () => {
	const repos = client().rest.repos;
	const mark = Symbol("mark");
	repos[mark] = 1;
	assert.is(repos[mark], 1);
	assert.ok(mark in repos);
	assert.ok(Object.getOwnPropertySymbols(repos).includes(mark));
	assert.ok(delete repos[mark]);
	assert.is(repos[mark], undefined);
	assert.not.ok(mark in repos);
});

test("an accessor defined on a namespace is called at each read, as on an object", () => {
	const repos = client().rest.repos;
	let reads = 0;
	Object.defineProperty(repos, "get", { get: () => ++reads, configurable: true, enumerable: true });
	assert.equal([repos.get, repos.get], [1, 2]);
	assert.is(typeof Object.getOwnPropertyDescriptor(repos, "get").get, "function");
});

test("a non-configurable property stays, and deleting it is refused", () => {
	const repos = client().rest.repos;
	Object.defineProperty(repos, "pinned", { value: 1, enumerable: true });
	assert.throws(() => {
		"use strict";
		delete repos.pinned;
	}, TypeError);
	assert.is(repos.pinned, 1);
	assert.ok(Object.keys(repos).includes("pinned"));
});

test("a name deleted then probed stays gone; assigned again, it is listed once, in the table's order", () => {
	const repos = client().rest.repos;
	const keys = Object.keys(repos);
	delete repos.get;
	for (let i = 0; i < 3; i++) assert.is(repos.get, undefined);
	assert.not.ok(Object.keys(repos).includes("get"));
	repos.get = 1;
	assert.equal(Object.keys(repos), keys);
});

test("util.inspect shows the names read so far, and no alias is listed", () => {
	const rest = client().rest;
	assert.is(inspect(rest), "[Object: null prototype] {}");
	rest.repos.get;
	rest.gitdata;
	assert.match(inspect(rest, { depth: 1 }), /repos: \[Object: null prototype\] \{ get: \[AsyncFunction/);
	assert.not.ok(Object.keys(rest).includes("gitdata"));
	assert.is(rest.gitdata, rest.git);
});

test.run();
