// A server may echo the request's credential at any depth of its JSON (Hublet reads bodies up to
// 1,000 levels). An error's copy of the body is walked 64 levels down; what lies deeper is read
// for secrets without recursion, and a part that holds one is replaced by a marker. So no depth
// shows the token: not in JSON.stringify(error), not in util.inspect, for REST and GraphQL errors.
// Run: node test/deep-echoed-secrets.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import fc from "fast-check";
import { inspect } from "node:util";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { readBody, startServer } from "./helpers/loopback.js";

const TOKEN = "Zq7-token-Xw93kLm2Pq";
const SECRET = "cl1ent-secret-Qx91aa";
const RUNS = { numRuns: Number(process.env.RUNS ?? 150) };
const MARKER = /^\[REDACTED: too deep, circular or large/;

const seen = (error) => [error.message, String(error.stack), inspect(error, { depth: Infinity, showHidden: true }), JSON.stringify(error)].join("\n");

/** `bottom` under `depth` levels, objects and arrays in turn. */
function nested(depth, bottom) {
	let value = bottom;
	for (let level = 0; level < depth; level++) value = level % 2 ? [value] : { down: value };
	return value;
}

/** The value `levels` levels down `nested`'s shape. */
function down(value, levels) {
	for (let level = 0; level < levels && value !== null && typeof value === "object"; level++) value = Array.isArray(value) ? value[0] : value.down;
	return value;
}

let api;
const server = suite("an echo deep in a server's JSON");
server.before(async () => {
	api = await startServer(async (request, response) => {
		const url = new URL(request.url, "http://x");
		const body = await readBody(request);
		const depth = Number(url.searchParams.get("depth") ?? JSON.parse(body || "{}").variables?.depth);
		const authorization = request.headers.authorization ?? "";
		const clean = url.searchParams.has("clean");
		const bottom = clean ? { note: "nothing secret" } : { echo: authorization, bare: authorization.split(" ")[1], [authorization]: 1, client_secret: SECRET };
		if (url.pathname === "/graphql") {
			response.writeHead(200, { "content-type": "application/json" });
			return response.end(JSON.stringify({ data: { viewer: nested(depth, bottom) }, errors: [{ message: "partial", extensions: nested(depth, bottom) }] }));
		}
		response.writeHead(422, { "content-type": "application/json" });
		response.end(JSON.stringify({ message: "Validation Failed", errors: [nested(depth, bottom)] }));
	});
});
server.after(() => api.close());

const client = () => new Hublet({ baseUrl: api.baseUrl, auth: TOKEN, log: capturingLog().log, retry: false });

for (const depth of [60, 63, 64, 65, 100, 500, 990]) {
	server(`REST: the token ${depth} levels down is not in JSON.stringify(error) nor anywhere else`, async () => {
		const error = await rejection(client().request("GET /deep{?depth}", { depth }));
		assert.is(error.status, 422);
		const text = seen(error);
		for (const secret of [TOKEN, SECRET]) assert.not.ok(text.includes(secret), `${secret} at ${depth}: ${text.slice(0, 500)}`);
	});
	server(`GraphQL: the token ${depth} levels down in errors and data is not shown`, async () => {
		const error = await rejection(client().graphql(`query($depth: Int) { viewer }`, { depth }));
		assert.is(error.name, "GraphqlResponseError");
		const text = seen(error);
		assert.not.ok(text.includes(TOKEN), `at ${depth}: ${text.slice(0, 500)}`);
		assert.not.ok(inspect([error.errors, error.data], { depth: Infinity }).includes(TOKEN));
	});
}

server("REST: the part below 64 levels that holds the token is one marker; what is above keeps its shape", async () => {
	const error = await rejection(client().request("GET /deep{?depth}", { depth: 200 }));
	// response.data, then `errors`, then the first item: three levels before the nesting starts.
	const kept = down(error.response.data.errors[0], 61);
	assert.type(kept, "object");
	assert.match(down(error.response.data.errors[0], 62), MARKER);
});

server("a deep body without a secret is the server's, as it was sent, at any depth", async () => {
	for (const depth of [10, 70, 990]) {
		const error = await rejection(client().request("GET /deep{?depth,clean}", { depth, clean: 1 }));
		assert.equal(error.response.data, { message: "Validation Failed", errors: [nested(depth, { note: "nothing secret" })] });
	}
});

const property = suite("property: for any depth and placement, the echo is not shown");

// A stack's frames name fast-check's files, which a secret may spell.
property.before(() => {
	property.limit = Error.stackTraceLimit;
	Error.stackTraceLimit = 0;
});
property.after(() => {
	Error.stackTraceLimit = property.limit;
});

const secret = fc.stringMatching(/^[\x21-\x7e]{8,40}$/).filter((value) => !"[REDACTED: too deep, circular or large to walk]".includes(value));
const placement = fc.constantFrom("value", "key", "text", "client_secret");
const place = (where, token) => ({ value: { v: token }, key: { [token]: 1 }, text: `said ${token}`, client_secret: { client_secret: token } })[where];

property("RequestError: an echo in response.data at any depth up to 1,000", () => {
	fc.assert(
		fc.property(secret, fc.integer({ min: 0, max: 999 }), placement, fc.boolean(), (token, depth, where, arrays) => {
			const data = arrays ? nested(depth, place(where, token)) : nested(depth, [place(where, token)]);
			const request = { method: "POST", url: "https://api.github.com/x", headers: { authorization: `token ${token}` }, body: { client_secret: token } };
			const error = new RequestError("Unprocessable", 422, { request, response: { status: 422, url: request.url, headers: {}, data } });
			return !seen(error).includes(token);
		}),
		RUNS,
	);
});

server.run();
property.run();
