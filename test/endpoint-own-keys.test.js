// What endpoint() takes from its inputs is their own keys, copied as data: a header or a parameter
// named "__proto__" (as JSON.parse makes it) stays a header or a parameter, never a prototype; a
// name on Object.prototype fills nothing; a parameter left undefined or keyed by a symbol is not
// sent. And each RFC 6570 operator writes a variable's and a member's `name=value` the same way.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { createEndpoint, DEFAULTS } from "../dist/endpoint/endpoint.js";
import { expandTemplate } from "../dist/endpoint/url-template.js";

const endpoint = createEndpoint(DEFAULTS);
const own = suite("endpoint own keys");

own('a header named "__proto__" is merged and sent as a header', () => {
	const headers = JSON.parse('{"__proto__": "x", "Accept": "text/plain"}');
	const options = endpoint.merge("GET /a", { headers });
	assert.is(Object.getPrototypeOf(options.headers), Object.prototype);
	assert.ok(Object.hasOwn(options.headers, "__proto__"));
	assert.is(options.headers.accept, "text/plain");
	const request = endpoint(options);
	assert.is(Object.getPrototypeOf(request.headers), Object.prototype);
	assert.is(Object.getOwnPropertyDescriptor(request.headers, "__proto__").value, "x");
	// Defaults first, then the call's: the call's value replaces the default's in its place.
	assert.equal(Object.keys(request.headers), ["accept", "user-agent", "__proto__"]);
});

own('a parameter named "__proto__" fills its template variable, or the query, and pollutes nothing', () => {
	const parameters = JSON.parse('{"__proto__": "p", "a": "1"}');
	assert.is(endpoint("GET /x/{__proto__}", parameters).url, "https://api.github.com/x/p?a=1");
	assert.is(endpoint("GET /x", parameters).url, "https://api.github.com/x?__proto__=p&a=1");
	assert.is(endpoint("GET /x/{constructor}", {}).url, "https://api.github.com/x");
	assert.is({}.polluted, undefined);
});

own("a parameter left undefined or keyed by a symbol is neither query nor body", () => {
	const key = Symbol("k");
	assert.is(endpoint("GET /x", { a: undefined, b: 2, [key]: 3 }).url, "https://api.github.com/x?b=2");
	const { body } = endpoint("POST /x", { a: undefined, b: 2, [key]: 3 });
	assert.equal(Reflect.ownKeys(body), ["b"]);
	// Reserved options are never parameters, even when a template names them.
	assert.is(endpoint("GET /x/{method}{?url}", { baseUrl: "https://h.example" }).url, "https://h.example/x/?");
});

own("each operator writes a variable and its members by the RFC's rules", () => {
	const values = { s: "v", e: "", l: ["a", "b"], o: { k: "1", m: "" } };
	const cases = [
		["{s,e}", "v,"],
		["{;s,e}", ";s=v;e"],
		["{?s,e}", "?s=v&e="],
		["{;l}", ";l=a,b"],
		["{;l*}", ";l=a;l=b"],
		["{l*}", "a,b"],
		["{o}", "k,1,m,"],
		["{o*}", "k=1,m="],
		["{;o}", ";o=k,1,m,"],
		["{;o*}", ";k=1;m"],
		["{?o*}", "?k=1&m="],
		["{&l}", "&l=a,b"],
		["{/l*}", "/a/b"],
		["{.o*}", ".k=1.m="],
	];
	for (const [template, expected] of cases) assert.is(expandTemplate(template, values), expected, template);
});

own.run();
