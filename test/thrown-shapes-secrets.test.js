// A custom fetch may throw anything: an error holding the request in an object property, headers in
// a Map, an error of another realm (Jest runs tests in a vm context), a plain object, a cause chain
// of any length. Whatever the shape, the request's secrets are not in what a user sees of the
// RequestError: message, stack, util.inspect (depth Infinity, hidden properties) and JSON.
// Run: node test/thrown-shapes-secrets.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { inspect, types } from "node:util";
import { createContext, runInContext } from "node:vm";
import { Hublet as FullHublet, RequestError, legacyAuth, proxy } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(legacyAuth, proxy);

const TOKEN = "Zq7-t0ken-Xw93kLm2PqRst";
const PASSWORD = "hunter2-pa55word";
const CLIENT_SECRET = "cs_0123456789abcdef";
const ALL = [TOKEN, PASSWORD, CLIENT_SECRET];
const RUNS = { numRuns: Number(process.env.RUNS ?? 200) };

// Another realm, as Jest's test environment is: its Error, Map and Object are not this realm's.
const realm = createContext({});
const inRealm = (source) => runInContext(source, realm);
const realmError = inRealm("(message, extra) => Object.assign(new Error(message), extra)");
const realmObject = inRealm("(extra) => ({ ...extra })");
const RealmError = inRealm("Error");

const shown = (error) => [error.message, String(error.stack), inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error)].join("\n");

function assertHidden(error, secrets = ALL, what = "") {
	const text = shown(error);
	for (const secret of secrets) assert.not.ok(text.includes(secret), `${what}: ${secret} is shown:\n${text.slice(0, 3000)}`);
}

/** The RequestError a call rejects with when its custom fetch throws `thrown`. */
async function failWith(thrown, { auth = TOKEN, body } = {}) {
	const client = new Hublet({ auth, log: capturingLog().log, retry: false, request: { fetch: async () => Promise.reject(thrown) } });
	const route = body ? "POST /applications/{client_id}/token" : "GET /repos/{owner}/{repo}";
	return rejection(client.request(route, body ? { client_id: "Iv1.abc", ...body } : { owner: "o", repo: "r" }));
}

// A class that names its own tag, as axios's AxiosHeaders does: its instances are no plain objects.
class TaggedHeaders {
	get [Symbol.toStringTag]() {
		return "TaggedHeaders";
	}
}

// A Map, a Set or a typed array whose Symbol.toStringTag says it is something else: util.inspect
// shows its entries or its own properties all the same.
const tagged = (Base, tag) =>
	class extends Base {
		get [Symbol.toStringTag]() {
			return tag;
		}
	};
const MapTaggedObject = tagged(Map, "Object");
const SetTaggedObject = tagged(Set, "Object");
const SetTaggedMap = tagged(Set, "Map");
const realmMapTagged = inRealm("(entries, tag) => Object.defineProperty(new Map(entries), Symbol.toStringTag, { value: tag })");
const realmBytes = inRealm("(extra) => Object.assign(new Uint8Array(2), extra)");

// What a WeakMap or a WeakSet holds: kept alive here, as the fetch that threw it would.
const HELD = {};
const HELD_WITH_SECRET = { authorization: `token ${TOKEN}` };
// A rejected Promise whose rejection is handled, so that the test run does not fail on it.
const rejectedWith = (reason) => {
	const promise = Promise.reject(reason);
	promise.catch(() => {});
	return promise;
};

const deepChain = (levels, bottom) => {
	let error = bottom;
	for (let level = 0; level < levels; level++) error = new Error(`level ${level}`, { cause: error });
	return error;
};

const shapes = suite("a secret in any shape a custom fetch throws");

const cases = {
	"an object property of the error": () => Object.assign(new Error("fetch failed"), { details: { sent: { header: `token ${TOKEN}`, proxy: `http://me:${PASSWORD}@proxy.example:3128` } } }),
	"an array property": () => Object.assign(new Error("fetch failed"), { attempts: [[`tried ${TOKEN}`]] }),
	"a Map's value": () => Object.assign(new Error("fetch failed"), { headers: new Map([["authorization", `token ${TOKEN}`], ["x-proxy", `https://me:${PASSWORD}@proxy.example`]]) }),
	"a Map's key": () => Object.assign(new Error("fetch failed"), { byToken: new Map([[TOKEN, 1]]) }),
	"a Set": () => Object.assign(new Error("fetch failed"), { seen: new Set([`via http://me:${PASSWORD}@proxy.example`]) }),
	"a Map nested in a Map": () => Object.assign(new Error("fetch failed"), { all: new Map([["inner", new Map([["t", TOKEN]])]]) }),
	"an error of another realm: its message": () => realmError(`fetch failed for ${TOKEN}`),
	"an error of another realm: its property": () => realmError("fetch failed", { request: realmObject({ headers: realmObject({ authorization: `token ${TOKEN}` }) }) }),
	"an error of another realm as the cause": () => new TypeError("fetch failed", { cause: realmError(`connect http://me:${PASSWORD}@proxy.example`) }),
	"an AggregateError of another realm": () => inRealm("(t) => new AggregateError([new Error(t)], 'all failed')")(`bad ${TOKEN}`),
	"a thrown plain object": () => ({ message: "request failed", config: { headers: { authorization: `token ${TOKEN}` }, proxy: `http://me:${PASSWORD}@proxy.example` } }),
	"a thrown object without a prototype": () => Object.assign(Object.create(null), { token: TOKEN }),
	"a thrown plain object of another realm": () => realmObject({ sent: `token ${TOKEN}` }),
	"a thrown array": () => [`token ${TOKEN}`],
	"a class instance": () => Object.assign(new Error("fetch failed"), { request: new (class SentRequest { constructor() { this.auth = TOKEN; } })() }),
	"a property that is not enumerable": () => Object.defineProperty(new Error("fetch failed"), "sent", { value: `token ${TOKEN}`, enumerable: false }),
	"a symbol-keyed property": () => Object.assign(new Error("fetch failed"), { [Symbol("request")]: { token: TOKEN } }),
	"a URL object": () => Object.assign(new Error("fetch failed"), { url: new URL(`https://user:${PASSWORD}@proxy.example/?access_token=${TOKEN}`) }),
	"fetch Headers": () => Object.assign(new Error("fetch failed"), { headers: new Headers({ authorization: `bearer ${TOKEN}`, "x-proxy": `http://me:${PASSWORD}@proxy.example` }) }),
	"a fetch Request": () => Object.assign(new Error("fetch failed"), { request: new Request(`https://api.example/?access_token=${TOKEN}`, { headers: { authorization: `token ${TOKEN}` } }) }),
	"a fetch Response": () => Object.assign(new Error("fetch failed"), { response: new Response("x", { headers: { "x-echo": `http://me:${PASSWORD}@proxy.example` } }) }),
	"an instance of a class that names its tag (as axios's headers do)": () => Object.assign(new Error("fetch failed"), { headers: Object.assign(new TaggedHeaders(), { authorization: `token ${TOKEN}` }) }),
	"an object with its own Symbol.toStringTag": () => Object.assign(new Error("fetch failed"), { sent: { [Symbol.toStringTag]: "Sent", proxy: `http://me:${PASSWORD}@proxy.example` } }),
	"a Date holding a property": () => Object.assign(new Error("fetch failed"), { at: Object.assign(new Date(0), { token: TOKEN }) }),
	"a thrown function with a property": () => Object.assign(function failed() {}, { sent: `token ${TOKEN}` }),
	"a function's property (as an HTTP client instance holds its options)": () => Object.assign(new Error("fetch failed"), { client: Object.assign(() => {}, { defaults: { headers: { "x-auth": `token ${TOKEN}` } } }) }),
	"a thrown boxed String": () => new String(`refused ${TOKEN}`),
	"a boxed String in a property": () => Object.assign(new Error("fetch failed"), { sent: new String(`http://me:${PASSWORD}@proxy.example`) }),
	"a Map whose Symbol.toStringTag was changed": () => Object.assign(new Error("fetch failed"), { headers: Object.defineProperty(new Map([["x-auth", `token ${TOKEN}`]]), Symbol.toStringTag, { value: "HeaderMap" }) }),
	"a Set whose Symbol.toStringTag was changed": () => Object.assign(new Error("fetch failed"), { seen: Object.defineProperty(new Set([`via http://me:${PASSWORD}@proxy.example`]), Symbol.toStringTag, { value: "Seen" }) }),
	"a Map whose Symbol.toStringTag says Object": () => Object.assign(new Error("fetch failed"), { headers: new MapTaggedObject([["authorization", `Bearer ${TOKEN}`]]) }),
	"a Set whose Symbol.toStringTag says Object": () => Object.assign(new Error("fetch failed"), { seen: new SetTaggedObject([`via http://me:${PASSWORD}@proxy.example`]) }),
	"a Map whose Symbol.toStringTag says Error": () => Object.assign(new Error("fetch failed"), { headers: new (tagged(Map, "Error"))([["x-auth", `token ${TOKEN}`]]) }),
	"a Map whose Symbol.toStringTag says URL": () => Object.assign(new Error("fetch failed"), { headers: new (tagged(Map, "URL"))([["x-auth", `token ${TOKEN}`]]) }),
	"a Map whose Symbol.toStringTag says Request": () => Object.assign(new Error("fetch failed"), { headers: new (tagged(Map, "Request"))([["x-auth", `token ${TOKEN}`]]) }),
	"a Set whose Symbol.toStringTag says Map": () => Object.assign(new Error("fetch failed"), { seen: new SetTaggedMap([`token ${TOKEN}`]) }),
	"a Map whose Symbol.toStringTag says Set": () => Object.assign(new Error("fetch failed"), { headers: new (tagged(Map, "Set"))([["x-auth", `token ${TOKEN}`]]) }),
	"a Map with a null prototype": () => Object.assign(new Error("fetch failed"), { headers: Object.setPrototypeOf(new Map([["x-auth", `token ${TOKEN}`]]), null) }),
	"a Map of another realm whose tag says Object": () => Object.assign(new Error("fetch failed"), { headers: realmMapTagged([["x-auth", `token ${TOKEN}`]], "Object") }),
	"a typed array's own property": () => Object.assign(new Error("fetch failed"), { bytes: Object.assign(new Uint8Array(2), { note: `token ${TOKEN}` }) }),
	"a Buffer's own property": () => Object.assign(new Error("fetch failed"), { body: Object.assign(Buffer.from("{}"), { sent: `http://me:${PASSWORD}@proxy.example` }) }),
	"a typed array's symbol": () => Object.assign(new Error("fetch failed"), { bytes: Object.assign(new Float64Array(1), { [Symbol(TOKEN)]: 1 }) }),
	"a typed array's non-enumerable property": () => Object.assign(new Error("fetch failed"), { bytes: Object.defineProperty(new Uint8Array(1), "note", { value: TOKEN }) }),
	"a typed array whose Symbol.toStringTag says Object": () => Object.assign(new Error("fetch failed"), { bytes: Object.assign(new (tagged(Uint8Array, "Object"))(2), { note: TOKEN }) }),
	"a typed array of another realm": () => Object.assign(new Error("fetch failed"), { bytes: realmBytes({ note: `token ${TOKEN}` }) }),
	"a typed array whose buffer has a property": () => Object.assign(new Error("fetch failed"), { bytes: new Uint8Array(Object.assign(new ArrayBuffer(2), { note: TOKEN })) }),
	"a DataView's own property": () => Object.assign(new Error("fetch failed"), { view: Object.assign(new DataView(new ArrayBuffer(2)), { note: `token ${TOKEN}` }) }),
	"a DataView whose buffer has a property": () => Object.assign(new Error("fetch failed"), { view: new DataView(Object.assign(new ArrayBuffer(2), { note: `token ${TOKEN}` })) }),
	"an ArrayBuffer's own property": () => Object.assign(new Error("fetch failed"), { buffer: Object.assign(new ArrayBuffer(2), { note: `token ${TOKEN}` }) }),
	"a resolved Promise's value": () => Object.assign(new Error("fetch failed"), { pending: Promise.resolve(`token ${TOKEN}`) }),
	"a rejected Promise's reason": () => Object.assign(new Error("fetch failed"), { failed: rejectedWith(new Error(`refused ${TOKEN}`)) }),
	"a thrown Promise": () => Promise.resolve({ headers: { authorization: `token ${TOKEN}` } }),
	"a Map's entries iterator": () => Object.assign(new Error("fetch failed"), { entries: new Map([["x-auth", `token ${TOKEN}`]]).entries() }),
	"a Map's keys iterator": () => Object.assign(new Error("fetch failed"), { keys: new Map([[`http://me:${PASSWORD}@proxy.example`, 1]]).keys() }),
	"a Set's iterator": () => Object.assign(new Error("fetch failed"), { seen: new Set([`token ${TOKEN}`]).values() }),
	"a WeakMap's value": () => Object.assign(new Error("fetch failed"), { byRequest: new WeakMap([[HELD, `token ${TOKEN}`]]) }),
	"a WeakMap's key": () => Object.assign(new Error("fetch failed"), { byRequest: new WeakMap([[HELD_WITH_SECRET, 1]]) }),
	"a WeakSet's item": () => Object.assign(new Error("fetch failed"), { seen: new WeakSet([HELD_WITH_SECRET]) }),
	"a Proxy of a Map": () => Object.assign(new Error("fetch failed"), { headers: new Proxy(new Map([["x-auth", `token ${TOKEN}`]]), {}) }),
	"a Proxy whose ownKeys trap hides its target's keys": () => Object.assign(new Error("fetch failed"), { sent: new Proxy({ proxy: `http://me:${PASSWORD}@proxy.example` }, { ownKeys: () => [] }) }),
	"a thrown Proxy of an error whose ownKeys trap hides its properties": () => new Proxy(Object.assign(new Error("fetch failed"), { sent: `token ${TOKEN}` }), { ownKeys: () => [] }),
	"a boxed Symbol's description": () => Object.assign(new Error("fetch failed"), { id: Object(Symbol(`token ${TOKEN}`)) }),
	"a RegExp's source": () => Object.assign(new Error("fetch failed"), { pattern: new RegExp(`http://me:${PASSWORD}@proxy\\.example`) }),
	"a key named __proto__ (from JSON)": () => Object.assign(new Error("fetch failed"), { body: JSON.parse(`{"__proto__": {"t": "${TOKEN}"}, "constructor": {"authorization": "basic ${PASSWORD}"}}`) }),
	"a cause chain 11 deep": () => deepChain(11, new Error(`refused ${TOKEN}`)),
	"a cause chain 65 deep": () => deepChain(65, new Error(`refused ${TOKEN}`)),
	"a cause chain 300 deep, the secret at its end": () => deepChain(300, new Error(`refused ${TOKEN}`)),
	"a circular cause": () => {
		const error = new Error(`refused ${TOKEN}`);
		error.cause = Object.assign(new Error("again"), { first: error });
		return error;
	},
};

for (const [shape, make] of Object.entries(cases)) {
	shapes(shape, async () => {
		const thrown = make();
		const before = inspect(thrown, { depth: Infinity, showHidden: true });
		const error = await failWith(thrown);
		assert.instance(error, RequestError, shape);
		assert.is(error.code, "NETWORK_ERROR", shape);
		assertHidden(error, ALL, shape);
		// The caller's own value is never changed.
		assert.is(inspect(thrown, { depth: Infinity, showHidden: true }), before, shape);
	});
}

shapes("the client's secret in a body, echoed by the fetch's error deep in a Map, is hidden", async () => {
	const thrown = Object.assign(new Error("fetch failed"), { sent: new Map([["form", new Set([`client_secret=${CLIENT_SECRET}`, { raw: CLIENT_SECRET }])]]) });
	const error = await failWith(thrown, { auth: undefined, body: { client_secret: CLIENT_SECRET, access_token: "gho_0123456789abcdef0123" } });
	assertHidden(error, [CLIENT_SECRET], "body secret");
});

shapes("a Map's key deeper than the 64 levels walked is read for secrets too", async () => {
	let deep = new Map([[`refused ${TOKEN}`, 1]]);
	for (let level = 0; level < 100; level++) deep = { down: deep };
	const error = await failWith(Object.assign(new Error("fetch failed"), { deep }));
	assertHidden(error, ALL, "a deep Map key");
});

const kept = suite("what a redacted thrown value keeps");

kept("an error of another realm stays an error of that realm, with its code and the rest of its message", async () => {
	const thrown = realmError(`refused ${TOKEN}`, { code: "E_REALM" });
	const error = await failWith(thrown);
	assert.ok(types.isNativeError(error.cause), "shown as an error by util.inspect");
	assert.ok(error.cause instanceof RealmError, "of its own realm");
	assert.is(error.cause.code, "E_REALM");
	assert.is(error.cause.message, "refused [REDACTED]");
	assert.is(error.message, "refused [REDACTED]");
});

kept("a function, a boxed String and a retagged Map without a secret stay the caller's own values", async () => {
	const client = Object.assign(() => {}, { defaults: { baseUrl: "https://api.example" } });
	const text = new String("connection refused");
	const headers = Object.defineProperty(new Map([["x-request-id", "abc"]]), Symbol.toStringTag, { value: "HeaderMap" });
	const error = await failWith(Object.assign(new Error(`fetch failed ${TOKEN}`), { client, text, headers }));
	assert.is(error.cause.message, "fetch failed [REDACTED]");
	assert.is(error.cause.client, client);
	assert.is(error.cause.text, text);
	assert.is(error.cause.headers, headers);
});

kept("a Map stays a Map and a Set a Set; a thrown plain object's message is the error's", async () => {
	const error = await failWith(Object.assign(new Error("fetch failed"), { headers: new Map([["x", TOKEN]]), seen: new Set([TOKEN]) }));
	assert.instance(error.cause.headers, Map);
	assert.equal([...error.cause.headers], [["x", "[REDACTED]"]]);
	assert.equal([...error.cause.seen], ["[REDACTED]"]);
	const plain = await failWith({ message: `refused ${TOKEN}`, status: 7 });
	assert.is(plain.message, "refused [REDACTED]");
	assert.equal(plain.cause, { message: "refused [REDACTED]", status: 7 });
	assert.is((await failWith(Object.create(null))).message, "Unknown Error");
});

kept("fetch Headers stay Headers, the credential's scheme kept; a clean Request is the caller's", async () => {
	const request = new Request("https://api.example/x");
	const error = await failWith(Object.assign(new Error("fetch failed"), { headers: new Headers({ authorization: `bearer ${TOKEN}`, accept: "text/plain" }), request }));
	assert.instance(error.cause.headers, Headers);
	assert.equal([...error.cause.headers], [["accept", "text/plain"], ["authorization", "bearer [REDACTED]"]]);
	assert.is(error.cause.request, request);
});

kept("a part without a secret is the caller's own object", async () => {
	const clean = { nested: new Map([["k", "v"]]) };
	const error = await failWith(Object.assign(new Error(`refused ${TOKEN}`), { clean }));
	assert.is(error.cause.clean, clean);
	const untouched = Object.assign(realmError("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
	assert.is((await failWith(untouched)).cause, untouched);
});

kept("an object a copy cannot show as it is (its own tag, a Date) is replaced by the marker when it holds a secret, kept when it holds none", async () => {
	const clean = Object.assign(new TaggedHeaders(), { accept: "text/plain" });
	const date = Object.assign(new Date(0), { note: "clean" });
	const error = await failWith(Object.assign(new Error(`refused ${TOKEN}`), { clean, date, tagged: Object.assign(new TaggedHeaders(), { authorization: `token ${TOKEN}` }) }));
	assert.is(error.cause.clean, clean);
	assert.is(error.cause.date, date);
	assert.match(error.cause.tagged, /^\[REDACTED: too deep, circular or large/);
});

kept("a cause chain is walked 64 levels: the secret-holding rest is one marker, a clean rest is kept", async () => {
	const error = await failWith(deepChain(100, new Error(`refused ${TOKEN}`)));
	let cause = error.cause;
	for (let level = 0; level < 64; level++) cause = cause.cause;
	assert.type(cause, "string");
	assert.match(cause, /^\[REDACTED: too deep, circular or large/);
	// A secret near the top, a clean chain below: the chain below is the caller's.
	const bottom = deepChain(100, new Error("refused"));
	const top = new Error(`refused ${TOKEN}`, { cause: bottom });
	assert.is((await failWith(top)).cause.cause, bottom);
});

kept("a chain 20,000 deep is made without overflowing the stack, its secret hidden", async () => {
	const started = Date.now();
	const error = await failWith(deepChain(20_000, new Error(`refused ${TOKEN}`)));
	assert.ok(Date.now() - started < 2000, `${Date.now() - started} ms`);
	let cause = error.cause;
	for (let level = 0; level < 64; level++) cause = cause.cause;
	assert.type(cause, "string");
});

kept("a Map or Set whose tag or prototype says otherwise keeps its class, tag and clean entries", async () => {
	const headers = new MapTaggedObject([["authorization", `Bearer ${TOKEN}`], ["accept", "text/plain"]]);
	const bare = Object.setPrototypeOf(new Set([`token ${TOKEN}`, "ok"]), null);
	const error = await failWith(Object.assign(new Error("fetch failed"), { headers, bare }));
	assert.instance(error.cause.headers, MapTaggedObject);
	assert.is(Object.prototype.toString.call(error.cause.headers), "[object Object]");
	assert.equal([...Map.prototype.entries.call(error.cause.headers)], [["authorization", "Bearer [REDACTED]"], ["accept", "text/plain"]]);
	assert.is(Object.getPrototypeOf(error.cause.bare), null);
	assert.equal([...Set.prototype.values.call(error.cause.bare)], ["token [REDACTED]", "ok"]);
	assert.equal([...headers.values()], [`Bearer ${TOKEN}`, "text/plain"], "the caller's Map is not changed");
});

kept("what no script can read is replaced by the marker even without a secret; the rest of the error is kept", async () => {
	// A pending Promise, an iterator and an empty WeakMap show nothing secret, but nothing can tell them from
	// ones that do without changing them: replaced all the same, a documented over-redaction.
	const clean = { accept: "text/plain" };
	const thrown = Object.assign(new Error(`refused ${TOKEN}`), { pending: new Promise(() => {}), entries: new Map().entries(), byRequest: new WeakMap(), clean });
	const error = await failWith(thrown);
	for (const name of ["pending", "entries", "byRequest"]) assert.match(error.cause[name], /^\[REDACTED: too deep, circular or large/, name);
	assert.is(error.cause.clean, clean);
	assert.is(error.cause.message, "refused [REDACTED]");
	// A clean error whose only odd part is one of these is replaced in that part only.
	const quiet = await failWith(Object.assign(new Error("connect ECONNREFUSED"), { pending: Promise.resolve(1), code: "ECONNREFUSED" }));
	assert.is(quiet.cause.code, "ECONNREFUSED");
	assert.match(quiet.cause.pending, /^\[REDACTED: too deep, circular or large/);
});

kept("a clean typed array, Buffer or DataView is the caller's own, its bytes never copied", async () => {
	const bytes = Object.assign(new Uint8Array([1, 2]), { note: "clean" });
	const body = Buffer.from("connection refused");
	const view = new DataView(new ArrayBuffer(4));
	const error = await failWith(Object.assign(new Error(`refused ${TOKEN}`), { bytes, body, view }));
	assert.is(error.cause.bytes, bytes);
	assert.is(error.cause.body, body);
	assert.is(error.cause.view, view);
});

kept("a typed array longer than the walk's bound is replaced whole, without listing a key per item", async () => {
	// Listing a megabyte's keys takes a string per byte and most of a second: its length is read instead.
	const body = Object.assign(Buffer.alloc(1 << 20), { note: `token ${TOKEN}` });
	const started = Date.now();
	const error = await failWith(Object.assign(new Error("fetch failed"), { body, small: Object.assign(new Uint8Array(8), { id: "ok" }) }));
	assert.ok(Date.now() - started < 250, `${Date.now() - started} ms`);
	assert.match(error.cause.body, /^\[REDACTED: too deep, circular or large/);
	assertHidden(error, ALL, "a long Buffer");
});

const hostile = suite("a thrown value that fights back");

hostile("a Proxy whose traps throw is replaced whole; the call still rejects with a RequestError", async () => {
	const trap = () => {
		throw new Error(`trap ${TOKEN}`);
	};
	const thrown = new Proxy(new Error("fetch failed"), { ownKeys: trap, getOwnPropertyDescriptor: trap, get: trap });
	const error = await failWith(thrown);
	assert.instance(error, RequestError);
	assertHidden(error, ALL, "proxy");
});

hostile("a message getter that throws gives octokit's Unknown Error", async () => {
	const thrown = Object.defineProperty({}, "message", {
		get() {
			throw new Error(TOKEN);
		},
	});
	const error = await failWith(thrown);
	assert.is(error.message, "Unknown Error");
	assertHidden(error, ALL, "getter");
});

hostile("a part too large to read beyond 64 levels is replaced; a small one is read and kept", async () => {
	const nest = (bottom) => {
		let value = bottom;
		for (let level = 0; level < 70; level++) value = { down: value };
		return value;
	};
	const large = nest(Array.from({ length: 150_000 }, (_, index) => `item ${index}`));
	const small = nest(Array.from({ length: 1000 }, (_, index) => `item ${index}`));
	// Read in order, from one allowance per value: the small part first.
	const error = await failWith(Object.assign(new Error(`refused ${TOKEN}`), { small, large }));
	assert.is(error.cause.small, small);
	let part = error.cause.large;
	for (let level = 0; level < 63; level++) part = part.down;
	assert.match(part, /^\[REDACTED: too deep, circular or large/);
});

hostile("a Proxy in a thrown error is replaced whole without running any of its traps", async () => {
	const trapsRun = [];
	// A handler that records each trap asked for and answers none, so that each falls through to the target.
	const recording = new Proxy({}, { get: (_, trap) => void trapsRun.push(trap) });
	const sent = new Proxy({ authorization: `token ${TOKEN}` }, recording);
	const error = await failWith(Object.assign(new Error("fetch failed"), { sent }));
	assert.equal(trapsRun, []);
	assert.match(error.cause.sent, /^\[REDACTED: too deep, circular or large/);
	assertHidden(error, ALL, "proxy");
});

hostile("where Node's util.types is, Maps and Sets are told apart without a failed probe per object", async () => {
	// Each call of Map's or Set's `has` on what is not of its type: the fallback's probe, which throws.
	const probed = [];
	const originals = [Map, Set].map((Type) => [Type, Type.prototype.has]);
	for (const [Type, has] of originals)
		Type.prototype.has = function (...args) {
			if (!(Type === Map ? types.isMap(this) : types.isSet(this))) probed.push(this);
			return has.apply(this, args);
		};
	try {
		const items = Array.from({ length: 100 }, (_, index) => ({ index, headers: new Map([["x-auth", `token ${TOKEN}`]]) }));
		const error = await failWith(Object.assign(new Error("fetch failed"), { items, seen: new Set([TOKEN]) }));
		assertHidden(error, ALL, "many objects");
	} finally {
		for (const [Type, has] of originals) Type.prototype.has = has;
	}
	assert.is(probed.length, 0);
});

hostile("without process.getBuiltinModule (Node before 20.16, other runtimes), a retagged Map and Set are still read", async () => {
	const getBuiltinModule = process.getBuiltinModule;
	process.getBuiltinModule = undefined;
	try {
		const error = await failWith(Object.assign(new Error("fetch failed"), { headers: new MapTaggedObject([["x-auth", `token ${TOKEN}`]]), seen: new SetTaggedMap([`token ${TOKEN}`]) }));
		assertHidden(error, ALL, "fallback");
		assert.instance(error.cause.headers, MapTaggedObject);
	} finally {
		process.getBuiltinModule = getBuiltinModule;
	}
});

const properties = suite("property: no nesting of containers hides a secret from redaction");

// Text the output holds whatever the secret: the marker, and how showHidden shows a retagged class or a bare Set.
const FIXED_TEXT = "[REDACTED: too deep, circular or large to walk] [Symbol(Symbol.toStringTag)]: [Getter] [Set(1): null prototype]";
const secret = fc.stringMatching(/^[\x21-\x7e]{8,40}$/).filter((value) => !FIXED_TEXT.includes(value) && !/[\\'"]/.test(value));
const WRAPPERS = {
	property: (value) => ({ detail: value }),
	array: (value) => [1, value],
	"map value": (value) => new Map([["k", value]]),
	"map key": (value) => new Map([[value, 1]]),
	set: (value) => new Set([value]),
	cause: (value) => new Error("x", { cause: value }),
	"error property": (value) => Object.assign(new Error("x"), { extra: value }),
	aggregate: (value) => new AggregateError([value], "all"),
	"other realm error": (value) => realmError("x", { extra: value }),
	"other realm object": (value) => realmObject({ value }),
	hidden: (value) => Object.defineProperty({}, "hidden", { value, enumerable: false }),
	symbol: (value) => ({ [Symbol("s")]: value }),
	"map tagged Object": (value) => new MapTaggedObject([["k", value]]),
	"set tagged Map": (value) => new SetTaggedMap([value]),
	"null-prototype set": (value) => Object.setPrototypeOf(new Set([value]), null),
	"typed array property": (value) => Object.assign(new Uint8Array(2), { value }),
	"data view's buffer property": (value) => new DataView(Object.assign(new ArrayBuffer(1), { value })),
};
const wrappers = fc.array(fc.constantFrom(...Object.keys(WRAPPERS)), { maxLength: 120 });
const bottoms = {
	text: (value) => `refused ${value}`,
	error: (value) => new Error(`refused ${value}`),
	"authorization key": (value) => ({ authorization: value }),
};
const bottom = fc.constantFrom(...Object.keys(bottoms));

// A stack's frames name fast-check's functions and files, which a secret may spell: in both realms.
properties.before(() => {
	properties.limit = Error.stackTraceLimit;
	Error.stackTraceLimit = 0;
	inRealm("Error.stackTraceLimit = 0");
});
properties.after(() => {
	Error.stackTraceLimit = properties.limit;
	inRealm("Error.stackTraceLimit = 10");
});

const requestWith = (token) => ({ method: "GET", url: "https://api.github.com/x", headers: { authorization: `token ${token}` } });

properties("for any nesting of any container, of any depth, the request's token is not shown", () => {
	fc.assert(
		fc.property(secret, wrappers, bottom, (token, path, kind) => {
			let thrown = bottoms[kind](token);
			for (const wrapper of path) thrown = WRAPPERS[wrapper](thrown);
			const error = new RequestError("fetch failed", 500, { request: requestWith(token), cause: thrown });
			const text = shown(error);
			return !text.includes(token);
		}),
		RUNS,
	);
});

properties("for any nesting without a secret, the cause is the thrown value itself", () => {
	fc.assert(
		fc.property(secret, wrappers, (token, path) => {
			let thrown = "connection refused";
			for (const wrapper of path) thrown = WRAPPERS[wrapper](thrown);
			const error = new RequestError("fetch failed", 500, { request: requestWith(token), cause: thrown });
			return error.cause === thrown;
		}),
		RUNS,
	);
});

shapes.run();
kept.run();
hostile.run();
properties.run();
