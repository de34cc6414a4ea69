// A body the JSON parser cannot take (nested too deep, broken) is a parse failure of the response
// that came: its status stays, its raw text is `response.data`, and it is sent once. Ordinary
// deep bodies, BigInt ids included, still parse. Over a server on 127.0.0.1 that counts requests.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { inspect } from "node:util";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";
import { readBody, startServer } from "./helpers/loopback.js";

const DEPTH = 100_000;
const BIG = "12345678901234567890123";

/** Bodies nested `depth` levels, by shape; `big` puts an integer beyond 2^53 at the bottom. */
const SHAPES = {
	arrays: (depth, leaf) => `${"[".repeat(depth)}${leaf}${"]".repeat(depth)}`,
	objects: (depth, leaf) => `${'{"a":'.repeat(depth)}${leaf}${"}".repeat(depth)}`,
	mixed: (depth, leaf) => `${'[{"a":'.repeat(depth / 2)}${leaf}${"}]".repeat(depth / 2)}`,
	"arrays with items": (depth, leaf) => `${"[0,".repeat(depth)}${leaf}${"]".repeat(depth)}`,
};

let server;
let answer;

const client = (options = {}) => new Hublet({ baseUrl: server.baseUrl, log: capturingLog().log, retry: { minTimeout: 1, maxTimeout: 2 }, ...options });

const deep = suite("a body nested too deep to parse");

deep.before(async () => {
	server = await startServer(async (request, response) => {
		await readBody(request);
		const { status, body } = answer;
		response.writeHead(status, { "content-type": "application/json; charset=utf-8" });
		response.end(body);
	});
});
deep.before.each(() => {
	server.requests.length = 0;
});
deep.after(() => server.close());

for (const [shape, build] of Object.entries(SHAPES)) {
	for (const leaf of ["1", BIG]) {
		for (const status of [200, 404, 422, 500, 503]) {
			for (const method of ["GET", "POST"]) {
				const name = `${method} answered ${status} with ${shape} ${DEPTH.toLocaleString("en")} deep${leaf === BIG ? ", a big integer inside" : ""}`;
				deep(`${name}: one request, the real status, the raw text`, async () => {
					answer = { status, body: build(DEPTH, leaf) };
					const error = await client()
						.request(`${method} /deep`, method === "POST" ? { title: "t" } : {})
						.catch((e) => e);
					assert.instance(error, RequestError);
					assert.is(server.requests.length, 1, "sent once");
					assert.ok(error.response, "the response is kept");
					assert.is(error.response.status, status);
					assert.is(error.response.data, answer.body, "the raw text");
					if (status < 300) {
						assert.is(error.code, "INVALID_RESPONSE");
						assert.is(error.status, 500);
					} else {
						assert.is(error.code, "HTTP_ERROR");
						assert.is(error.status, status);
					}
					assert.match(error.message, /nested deeper than 1000 levels/);
					assert.not.match(error.message, /call stack/i);
					// The error can be logged whole.
					JSON.stringify(error);
					inspect(error, { depth: Infinity });
				});
			}
		}
	}
}

deep("a body nested at the limit parses, its big integers exact, in every shape", async () => {
	for (const build of Object.values(SHAPES)) {
		answer = { status: 200, body: build(1000, BIG) };
		const { data } = await client().request("GET /limit");
		let value = data;
		while (typeof value === "object") value = Array.isArray(value) ? value.at(-1) : value.a;
		assert.is(value, BigInt(BIG));
		assert.ok(JSON.stringify(data, (_key, item) => (typeof item === "bigint" ? String(item) : item)));
	}
	assert.is(server.requests.length, 4);
});

deep("one level past the limit is refused", async () => {
	answer = { status: 200, body: SHAPES.arrays(1001, "1") };
	const error = await client().request("GET /past").catch((e) => e);
	assert.is(error.code, "INVALID_RESPONSE");
});

deep("brackets inside strings do not count as nesting, escaped quotes included", async () => {
	const text = `${"[".repeat(5000)}\\"${"{".repeat(5000)}`;
	answer = { status: 200, body: JSON.stringify({ body: text, id: BigInt(BIG) }, (_k, v) => (typeof v === "bigint" ? Number(v) : v)).replace(/"id":[^}]+/, `"id":${BIG}`) };
	const { data } = await client().request("GET /strings");
	assert.is(data.body, text);
	assert.is(data.id, BigInt(BIG));
});

deep("a long page of many shallow objects parses, with and without big integers", async () => {
	const items = Array.from({ length: 3000 }, (_, index) => `{"id":${index},"labels":[{"n":"x[{"}],"user":{"id":${index % 2 ? BIG : 1}}}`);
	answer = { status: 200, body: `[${items.join(",")}]` };
	const { data } = await client().request("GET /page");
	assert.is(data.length, 3000);
	assert.is(data[1].user.id, BigInt(BIG));
	assert.is(data[2].labels[0].n, "x[{");
});

deep("a big integer under a __proto__ key stays an own property, and no prototype changes", async () => {
	answer = { status: 200, body: `{"__proto__":${BIG},"x":{"__proto__":{"polluted":${BIG}}}}` };
	const { data } = await client().request("GET /proto");
	assert.is(Object.getOwnPropertyDescriptor(data, "__proto__").value, BigInt(BIG));
	assert.is(Object.getPrototypeOf(data), Object.prototype);
	assert.is(({}).polluted, undefined);
});

deep.run();

// ---

const broken = suite("a body that is not JSON, on an error status");

broken.before(async () => {
	server = await startServer(async (request, response) => {
		await readBody(request);
		response.writeHead(answer.status, { "content-type": "application/json" });
		response.end(answer.body);
	});
});
broken.before.each(() => {
	server.requests.length = 0;
});
broken.after(() => server.close());

for (const status of [500, 502, 503, 504]) {
	broken(`a GET answered ${status} with broken JSON is not retried: the same bytes would come back`, async () => {
		answer = { status, body: '{"message": "Server Error' };
		const error = await client().request("GET /broken").catch((e) => e);
		assert.is(server.requests.length, 1);
		assert.is(error.code, "HTTP_ERROR");
		assert.is(error.status, status);
		assert.is(error.response.data, answer.body);
	});
}

broken("a 500 with JSON that parses is still retried", async () => {
	answer = { status: 500, body: '{"message": "Server Error"}' };
	const error = await client().request("GET /parsed").catch((e) => e);
	assert.is(server.requests.length, 4);
	assert.is(error.message, "Server Error");
});

broken("a 422 whose body holds big integers and no message names what the server sent", async () => {
	answer = { status: 422, body: `{"message":null,"errors":[{"id":${BIG}}]}` };
	const error = await client().request("POST /big").catch((e) => e);
	assert.is(server.requests.length, 1);
	assert.is(error.code, "HTTP_ERROR");
	assert.is(error.status, 422);
	assert.match(error.message, BIG);
	assert.equal(error.response.data.errors[0].id, BigInt(BIG));
});

broken("a 404 whose errors list holds big integers keeps them in the message", async () => {
	answer = { status: 404, body: `{"message":"Not Found","errors":[{"id":${BIG}}]}` };
	const error = await client().request("GET /big").catch((e) => e);
	assert.is(error.code, "HTTP_ERROR");
	assert.is(error.message, `Not Found: {"id":${BIG}}`);
});

broken.run();
