// A body that can be read once (a web stream, a Node stream, an async iterable) is never
// retried: the server's answer comes back as its RequestError. Every other body is retried and
// sends the same bytes on every attempt.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Readable } from "node:stream";
import { Hublet, RequestError } from "../dist/index.js";
import { capturingLog, rejection } from "./helpers/client.js";
import { startServer } from "./helpers/loopback.js";

let loop;
const received = [];
let failFirst = 1;
const bodies = suite("bodies and retries");
bodies.before(async () => {
	loop = await startServer(async (request, response) => {
		const chunks = [];
		for await (const chunk of request) chunks.push(chunk);
		received.push({ bytes: Buffer.concat(chunks), type: request.headers["content-type"] });
		const status = new URL(request.url, "http://x").searchParams.get("status") ?? "429";
		if (received.length <= failFirst) {
			response.writeHead(Number(status), { "content-type": "application/json", "retry-after": "0", "x-ratelimit-remaining": "10" });
			return response.end(JSON.stringify({ message: `status ${status}` }));
		}
		response.writeHead(200, { "content-type": "application/json" });
		response.end("{}");
	});
});
bodies.after(() => loop.close());

const client = () => new Hublet({ baseUrl: loop.baseUrl, log: capturingLog().log, retry: { retries: 2, minTimeout: 1, maxTimeout: 1 } });
const PAYLOAD = "hello\u00e9\u{1F600} bytes";

const streams = {
	"a web ReadableStream": () => new Blob([PAYLOAD]).stream(),
	"a Node Readable": () => Readable.from([Buffer.from(PAYLOAD)]),
	"an async generator": () =>
		(async function* () {
			yield new TextEncoder().encode(PAYLOAD);
		})(),
	"an async iterable object": () => ({
		async *[Symbol.asyncIterator]() {
			yield new TextEncoder().encode(PAYLOAD);
		},
	}),
};

for (const [kind, make] of Object.entries(streams)) {
	bodies(`${kind} is never retried: 429, 503 and 502 come back as the server's RequestError with retry-after`, async () => {
		for (const [method, status] of [["POST", 429], ["PUT", 503], ["PUT", 502], ["POST", 403]]) {
			received.length = 0;
			failFirst = 1;
			const error = await rejection(
				client().request(`${method} /upload?status=${status}`, { data: make(), headers: { "content-type": "application/octet-stream" } }),
			);
			assert.instance(error, RequestError, `${kind} ${status}`);
			assert.is(error.status, status);
			assert.is(error.response.status, status);
			assert.is(error.response.headers["retry-after"], "0");
			assert.equal(error.response.data, { message: `status ${status}` });
			if (status !== 403) assert.match(error.message, /not retried: the request's body is a stream/);
			assert.is(received.length, 1, "one attempt only");
			assert.is(received[0].bytes.toString(), PAYLOAD, "the stream was sent whole");
		}
	});
}

const replayable = {
	string: () => PAYLOAD,
	Uint8Array: () => new TextEncoder().encode(PAYLOAD),
	"a Buffer": () => Buffer.from(PAYLOAD),
	ArrayBuffer: () => new TextEncoder().encode(PAYLOAD).buffer,
	DataView: () => new DataView(new TextEncoder().encode(PAYLOAD).buffer),
	Blob: () => new Blob([PAYLOAD]),
	URLSearchParams: () => new URLSearchParams({ text: PAYLOAD, n: "1" }),
	FormData: () => {
		const form = new FormData();
		form.append("text", PAYLOAD);
		form.append("file", new Blob([PAYLOAD]), "a.txt");
		return form;
	},
};

for (const [kind, make] of Object.entries(replayable)) {
	bodies(`${kind}: retried, and every attempt sends identical bytes and type`, async () => {
		received.length = 0;
		failFirst = 2;
		const response = await client().request("POST /upload?status=429", { data: make() });
		assert.is(response.status, 200);
		assert.is(received.length, 3);
		assert.ok(received[0].bytes.length > 0);
		for (const attempt of received.slice(1)) {
			assert.ok(attempt.bytes.equals(received[0].bytes), `${kind}: attempt bytes differ`);
			assert.is(attempt.type, received[0].type);
		}
		if (kind === "FormData") assert.match(received[0].type, /^multipart\/form-data; ?boundary=/);
	});
}

bodies("a plain JSON body is retried and sends identical bytes on each attempt", async () => {
	received.length = 0;
	failFirst = 2;
	await rejection(client().request("POST /repos/{owner}/{repo}/issues?status=503", { owner: "o", repo: "r", title: PAYLOAD, labels: ["a", "b"] }));
	// POST is not retried on 503; PUT is.
	assert.is(received.length, 1);
	received.length = 0;
	await client().request("PUT /json?status=503", { title: PAYLOAD, nested: { n: 1 } });
	assert.is(received.length, 3);
	assert.equal(JSON.parse(received[0].bytes), { title: PAYLOAD, nested: { n: 1 } });
	assert.ok(received[1].bytes.equals(received[0].bytes) && received[2].bytes.equals(received[0].bytes));
});

bodies.run();
