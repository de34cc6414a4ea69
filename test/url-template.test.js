import { suite } from "uvu";
import * as assert from "uvu/assert";
import * as template from "../dist/endpoint/url-template.js";

const { expandTemplate, extractUrlVariableNames, parseUrl } = template;

// The variables of RFC 6570 section 3.2.1, used by all its examples.
const RFC = {
	count: ["one", "two", "three"],
	dom: ["example", "com"],
	dub: "me/too",
	hello: "Hello World!",
	half: "50%",
	var: "value",
	who: "fred",
	base: "http://example.com/home/",
	path: "/foo/bar",
	list: ["red", "green", "blue"],
	keys: { semi: ";", dot: ".", comma: "," },
	v: "6",
	x: "1024",
	y: "768",
	empty: "",
	empty_keys: [],
	undef: null,
};

// ---

const exports = suite("exports");

exports("exports colonsToBraces, expandTemplate, parseUrl and extractUrlVariableNames", () => {
	assert.equal(Object.keys(template).sort(), ["colonsToBraces", "expandTemplate", "extractUrlVariableNames", "parseUrl"]);
	for (const name of Object.keys(template)) assert.type(template[name], "function");
});

exports("colonsToBraces turns a path's :name into {name}, leaves the query alone, and takes another replacement", () => {
	const { colonsToBraces } = template;
	assert.is(colonsToBraces("/orgs/:org/repos?q=repo:octokit"), "/orgs/{org}/repos?q=repo:octokit");
	assert.is(colonsToBraces("https://api.github.com/a/:b1"), "https://api.github.com/a/{b1}");
	assert.is(colonsToBraces("/compare/main...octocat:feature", "{+colon}$1"), "/compare/main...octocat{+colon}feature");
	assert.is(expandTemplate(colonsToBraces("/compare/a:bc", "{+colon}$1"), { colon: ":" }), "/compare/a:bc");
});

exports.run();

// ---

const rfc = suite("expandTemplate(): RFC 6570 examples");

const RFC_EXAMPLES = [
	// 3.2.2 simple string expansion
	["{var}", "value"],
	["{hello}", "Hello%20World%21"],
	["{half}", "50%25"],
	["O{empty}X", "OX"],
	["O{undef}X", "OX"],
	["{x,y}", "1024,768"],
	["{x,hello,y}", "1024,Hello%20World%21,768"],
	["?{x,empty}", "?1024,"],
	["?{x,undef}", "?1024"],
	["?{undef,y}", "?768"],
	["{var:3}", "val"],
	["{var:30}", "value"],
	["{list}", "red,green,blue"],
	["{list*}", "red,green,blue"],
	["{keys}", "semi,%3B,dot,.,comma,%2C"],
	["{keys*}", "semi=%3B,dot=.,comma=%2C"],
	// 3.2.3 reserved expansion
	["{+var}", "value"],
	["{+hello}", "Hello%20World!"],
	["{+half}", "50%25"],
	["{base}index", "http%3A%2F%2Fexample.com%2Fhome%2Findex"],
	["{+base}index", "http://example.com/home/index"],
	["O{+empty}X", "OX"],
	["O{+undef}X", "OX"],
	["{+path}/here", "/foo/bar/here"],
	["here?ref={+path}", "here?ref=/foo/bar"],
	["up{+path}{var}/here", "up/foo/barvalue/here"],
	["{+x,hello,y}", "1024,Hello%20World!,768"],
	["{+path,x}/here", "/foo/bar,1024/here"],
	["{+path:6}/here", "/foo/b/here"],
	["{+list}", "red,green,blue"],
	["{+list*}", "red,green,blue"],
	["{+keys}", "semi,;,dot,.,comma,,"],
	["{+keys*}", "semi=;,dot=.,comma=,"],
	// 3.2.4 fragment expansion
	["{#var}", "#value"],
	["{#hello}", "#Hello%20World!"],
	["{#half}", "#50%25"],
	["foo{#empty}", "foo#"],
	["foo{#undef}", "foo"],
	["{#x,hello,y}", "#1024,Hello%20World!,768"],
	["{#path,x}/here", "#/foo/bar,1024/here"],
	["{#path:6}/here", "#/foo/b/here"],
	["{#list}", "#red,green,blue"],
	["{#list*}", "#red,green,blue"],
	["{#keys}", "#semi,;,dot,.,comma,,"],
	["{#keys*}", "#semi=;,dot=.,comma=,"],
	// 3.2.5 label expansion
	["{.who}", ".fred"],
	["{.who,who}", ".fred.fred"],
	["{.half,who}", ".50%25.fred"],
	["www{.dom*}", "www.example.com"],
	["X{.var}", "X.value"],
	["X{.empty}", "X."],
	["X{.undef}", "X"],
	["X{.var:3}", "X.val"],
	["X{.list}", "X.red,green,blue"],
	["X{.list*}", "X.red.green.blue"],
	["X{.keys}", "X.semi,%3B,dot,.,comma,%2C"],
	["X{.keys*}", "X.semi=%3B.dot=..comma=%2C"],
	["X{.empty_keys}", "X"],
	["X{.empty_keys*}", "X"],
	// 3.2.6 path segment expansion
	["{/who}", "/fred"],
	["{/who,who}", "/fred/fred"],
	["{/half,who}", "/50%25/fred"],
	["{/who,dub}", "/fred/me%2Ftoo"],
	["{/var}", "/value"],
	["{/var,empty}", "/value/"],
	["{/var,undef}", "/value"],
	["{/var,x}/here", "/value/1024/here"],
	["{/var:1,var}", "/v/value"],
	["{/list}", "/red,green,blue"],
	["{/list*}", "/red/green/blue"],
	["{/list*,path:4}", "/red/green/blue/%2Ffoo"],
	["{/keys}", "/semi,%3B,dot,.,comma,%2C"],
	["{/keys*}", "/semi=%3B/dot=./comma=%2C"],
	// 3.2.7 path-style parameter expansion
	["{;who}", ";who=fred"],
	["{;half}", ";half=50%25"],
	["{;empty}", ";empty"],
	["{;v,empty,who}", ";v=6;empty;who=fred"],
	["{;v,bar,who}", ";v=6;who=fred"],
	["{;x,y}", ";x=1024;y=768"],
	["{;x,y,empty}", ";x=1024;y=768;empty"],
	["{;x,y,undef}", ";x=1024;y=768"],
	["{;hello:5}", ";hello=Hello"],
	["{;list}", ";list=red,green,blue"],
	["{;list*}", ";list=red;list=green;list=blue"],
	["{;keys}", ";keys=semi,%3B,dot,.,comma,%2C"],
	["{;keys*}", ";semi=%3B;dot=.;comma=%2C"],
	// 3.2.8 form-style query expansion
	["{?who}", "?who=fred"],
	["{?half}", "?half=50%25"],
	["{?x,y}", "?x=1024&y=768"],
	["{?x,y,empty}", "?x=1024&y=768&empty="],
	["{?var:3}", "?var=val"],
	["{?list}", "?list=red,green,blue"],
	["{?list*}", "?list=red&list=green&list=blue"],
	["{?keys}", "?keys=semi,%3B,dot,.,comma,%2C"],
	["{?keys*}", "?semi=%3B&dot=.&comma=%2C"],
	// 3.2.9 form-style query continuation
	["{&who}", "&who=fred"],
	["{&half}", "&half=50%25"],
	["?fixed=yes{&x}", "?fixed=yes&x=1024"],
	["{&x,y,empty}", "&x=1024&y=768&empty="],
	["{&var:3}", "&var=val"],
	["{&list}", "&list=red,green,blue"],
	["{&list*}", "&list=red&list=green&list=blue"],
	["{&keys}", "&keys=semi,%3B,dot,.,comma,%2C"],
	["{&keys*}", "&semi=%3B&dot=.&comma=%2C"],
];

for (const [input, expected] of RFC_EXAMPLES) {
	rfc(`${input} → ${expected || '""'}`, () => {
		assert.is(expandTemplate(input, RFC), expected);
	});
}

// Form-style queries keep an empty slot per undefined variable, as @octokit/endpoint writes
// them, where the RFC drops it (issue 10: users' mocks pin octokit's URLs).
const OCTOKIT_SLOTS = [
	["{?x,y,undef}", "?x=1024&y=768&", "?x=1024&y=768"],
	["{?undef}", "?", ""],
	["{?undef,undef}", "?&", ""],
	["{?empty_keys}", "?", ""],
	["{&x,undef,y}", "&x=1024&&y=768", "&x=1024&y=768"],
];

for (const [input, expected, rfcSays] of OCTOKIT_SLOTS) {
	rfc(`${input} → ${expected} as octokit writes it (the RFC says ${rfcSays || '""'})`, () => {
		assert.is(expandTemplate(input, RFC), expected);
	});
}

rfc.run();

// ---

const github = suite("expandTemplate(): GitHub routes");

const GITHUB_ROUTES = [
	["path parameters", "/repos/{owner}/{repo}", { owner: "octokit", repo: "rest.js" }, "/repos/octokit/rest.js"],
	["numbers", "/repos/{owner}/{repo}/issues/{issue_number}", { owner: "o", repo: "r", issue_number: 7 }, "/repos/o/r/issues/7"],
	["booleans", "/x/{flag}", { flag: false }, "/x/false"],
	["bigints", "/x/{id}", { id: 12345678901234567890n }, "/x/12345678901234567890"],
	["a file path stays one segment", "/contents/{path}", { path: "docs/a b.md" }, "/contents/docs%2Fa%20b.md"],
	["a ref with a slash is encoded", "/git/ref/{ref}", { ref: "heads/main" }, "/git/ref/heads%2Fmain"],
	["unicode is UTF-8 percent-encoded", "/users/{u}", { u: "Jyväskylä" }, "/users/Jyv%C3%A4skyl%C3%A4"],
	["an astral character is one code point for :n", "/x/{a:2}", { a: "😀😀😀" }, "/x/%F0%9F%98%80%F0%9F%98%80"],
	["upload url with both parameters", "/assets{?name,label}", { name: "a b.zip", label: "L" }, "/assets?name=a%20b.zip&label=L"],
	["upload url with name only: ?name=x& as octokit", "/assets{?name,label}", { name: "x.zip" }, "/assets?name=x.zip&"],
	["upload url with label only: ?&label= as octokit", "/assets{?name,label}", { label: "L" }, "/assets?&label=L"],
	["upload url with neither: ?& as octokit", "/assets{?name,label}", {}, "/assets?&"],
	["a null value keeps its slot too", "/assets{?name,label}", { name: "x", label: null }, "/assets?name=x&"],
	["exploded list in a query joins with & (unlike octokit)", "/x{?a*}", { a: [1, 2] }, "/x?a=1&a=2"],
	["exploded object in a query joins with & (unlike octokit)", "/x{?o*}", { o: { b: 1, c: "x y" } }, "/x?b=1&c=x%20y"],
	["null list items are dropped", "/x{?a}", { a: [1, null, undefined, 2] }, "/x?a=1,2"],
	["undefined object members are dropped", "/x{?o*}", { o: { a: undefined, b: null, c: 3 } }, "/x?c=3"],
	["undefined path segment leaves the slash", "/branches/{branch}", {}, "/branches/"],
	["undefined {/x} leaves nothing", "/branches{/branch}", {}, "/branches"],
	["literal spaces and pct-triplets", "/a b/%2F/%zz", {}, "/a%20b/%2F/%25zz"],
	["an unclosed brace is a literal", "/a{b/c", { b: 1 }, "/a%7Bb/c"],
	["a lone closing brace is a literal", "/a}/{b}", { b: 1 }, "/a%7D/1"],
	["absolute template", "https://uploads.github.com/x/{id}{?name}", { id: 1, name: "n" }, "https://uploads.github.com/x/1?name=n"],
];

for (const [name, input, values, expected] of GITHUB_ROUTES) {
	github(name, () => {
		assert.is(expandTemplate(input, values), expected);
	});
}

github("does not alter the values", () => {
	const values = Object.freeze({ list: Object.freeze(["a", "b"]), keys: Object.freeze({ k: "v" }) });
	assert.is(expandTemplate("/x/{list}{?keys*}", values), "/x/a,b?k=v");
});

github.run();

// ---

const traversal = suite("expandTemplate(): path traversal");

// Each value must stay inside its own segment once a WHATWG URL parser (fetch) reads it.
const CONTAINED = [
	["../../orgs", "/repos/{owner}/{repo}", { owner: "../../orgs", repo: "x" }, "/repos/..%2F..%2Forgs/x"],
	["../", "/repos/{owner}/{repo}", { owner: "../", repo: "x" }, "/repos/..%2F/x"],
	["..\\..\\", "/repos/{owner}/{repo}", { owner: "..\\..\\", repo: "x" }, "/repos/..%5C..%5C/x"],
	["%2e%2e (encoded by us, so not a dot)", "/repos/{owner}/{repo}", { owner: "%2e%2e", repo: "x" }, "/repos/%252e%252e/x"],
	["...", "/repos/{owner}/{repo}", { owner: "...", repo: "x" }, "/repos/.../x"],
	[".. inside a longer segment", "/x/{a}.json", { a: ".." }, "/x/...json"],
	["? and #", "/repos/{owner}/{repo}", { owner: "a?b#c", repo: "x" }, "/repos/a%3Fb%23c/x"],
	["a literal dot segment in the template is the template's business", "/a/../{b}", { b: "c" }, "/c"],
];

for (const [name, input, values, pathname] of CONTAINED) {
	traversal(`${name} stays inside its segment`, () => {
		assert.is(new URL("https://api.github.com" + expandTemplate(input, values)).pathname, pathname);
	});
}

// WHATWG URL resolves ".", "..", "%2e" and "%2e%2e" segments, so no encoding can keep them.
const REFUSED = [
	["simple {x} = ..", "/orgs/{org}/members/{username}", { org: "o", username: ".." }, /"username"/],
	["simple {x} = .", "/repos/{owner}/{repo}", { owner: ".", repo: "r" }, /"owner"/],
	["path segment {/x} = ..", "/x{/a}", { a: ".." }, /"a"/],
	["exploded {/x*} with a .. item", "/x{/a*}", { a: ["b", ".."] }, /"a"/],
	["reserved {+x} with ../", "/x/{+a}", { a: "b/../c" }, /"a"/],
	["reserved {+x} with %2e%2e", "/x/{+a}", { a: "%2e%2E" }, /"a"/],
	["two values that make .. together", "/x/{a}{b}", { a: ".", b: "." }, /"a", "b"/],
	["label {.x} that makes ..", "/x/{.a}", { a: "." }, /"a"/],
];

for (const [name, input, values, names] of REFUSED) {
	traversal(`${name} throws a TypeError naming the parameter`, () => {
		assert.throws(
			() => expandTemplate(input, values),
			(error) => error instanceof TypeError && names.test(error.message),
		);
	});
}

traversal("the refusal's message quotes each variable behind the segment, word for word", () => {
	assert.throws(
		() => expandTemplate("/x/{a}{b}", { a: ".", b: "." }),
		(error) =>
			error.message === 'Expected URL parameter "a", "b" not to make the path segment "..", which leads to another path',
	);
	assert.throws(
		() => expandTemplate("/x/{+a}", { a: "%2e" }),
		(error) => error.message === 'Expected URL parameter "a" not to make the path segment "%2e", which leads to another path',
	);
});

traversal("a dot in the query is fine", () => {
	assert.is(expandTemplate("/x{?a}", { a: ".." }), "/x?a=..");
});

traversal.run();

// ---

const parse = suite("parseUrl()");

parse("returns an object with expand()", () => {
	const parsed = parseUrl("/orgs/{org}/repos{?type}");
	assert.type(parsed.expand, "function");
	assert.is(parsed.expand({ org: "octokit", type: "private" }), "/orgs/octokit/repos?type=private");
	assert.is(parsed.expand({ org: "hublet" }), "/orgs/hublet/repos?");
});

parse("gives the same result as expandTemplate()", () => {
	for (const [input] of RFC_EXAMPLES) assert.is(parseUrl(input).expand(RFC), expandTemplate(input, RFC), input);
});

parse.run();

// ---

const names = suite("extractUrlVariableNames()");

const NAMES = [
	["/repos/{owner}/{repo}", ["owner", "repo"]],
	["/assets{?name,label}", ["name", "label"]],
	["/x{/a*}{.b:3}{;c}{&d,e}{#f}{+g}", ["a", "b", "c", "d", "e", "f", "g"]],
	["/x/{a:3}", ["a"]],
	["/x{?a*,b}", ["a", "b"]],
	["/x/{a}/{a}", ["a"]],
	["/no/variables", []],
	["https://api.github.com/x?page=2", []],
];

for (const [input, expected] of NAMES) {
	names(`${input} → [${expected.join(", ")}]`, () => {
		assert.equal(extractUrlVariableNames(input), expected);
	});
}

names.run();
