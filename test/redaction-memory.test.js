// Memory over 100,000 uses of what echo redaction keeps: the request noted with each body that
// carries `errors` (for GraphQL's error, built above the transport), the copies an error makes of
// echoed data, and the loader's state per file loaded later. Nothing grows with the number of uses.
// Run: node test/redaction-memory.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import v8 from "node:v8";
import { runInNewContext } from "node:vm";
import { RequestError } from "../dist/index.js";
import { noteRequest, secretsOfBody } from "../dist/common/redact.js";
import { loadLater } from "../dist/common/later.js";

v8.setFlagsFromString("--expose-gc");
const gc = runInNewContext("gc");
const USES = 100_000;
// What 100,000 kept entries would cost at the least (a WeakMap entry and a small object each): far above this.
const BOUND = 4 * 1024 * 1024;

function heapAfter(work) {
	gc();
	const before = process.memoryUsage().heapUsed;
	work();
	gc();
	return process.memoryUsage().heapUsed - before;
}

const memory = suite("memory over 100,000 uses");

memory("bodies noted with their request are forgotten with the bodies", () => {
	const request = { url: "https://api.github.com/graphql", headers: { authorization: "token Zq7-token-Xw93kLm2Pq" } };
	let last;
	const growth = heapAfter(() => {
		for (let index = 0; index < USES; index++) {
			const body = { errors: [{ message: `token Zq7-token-Xw93kLm2Pq #${index}` }] };
			noteRequest(body, { ...request });
			last = secretsOfBody(body);
		}
	});
	assert.ok(last.includes("Zq7-token-Xw93kLm2Pq"));
	assert.ok(growth < BOUND, `${growth} B kept after ${USES} noted bodies`);
});

memory("errors that redact an echo keep nothing once dropped", () => {
	let last;
	const growth = heapAfter(() => {
		for (let index = 0; index < USES; index++) {
			last = new RequestError("Bad credentials", 401, {
				request: { method: "POST", url: "https://api.github.com/x", headers: { authorization: `token secret-${index}-Xw93kLm2Pq` }, body: { client_secret: `cs-${index}-abcdef` } },
				response: { status: 401, url: "https://api.github.com/x", headers: {}, data: { received: `token secret-${index}-Xw93kLm2Pq`, echo: `cs-${index}-abcdef` } },
			});
		}
	});
	assert.equal(last.response.data, { received: "token [REDACTED]", echo: "[REDACTED]" });
	assert.ok(growth < BOUND, `${growth} B kept after ${USES} errors`);
});

memory("a file loaded later keeps one entry however often it is asked for", async () => {
	const module = { loaded: true };
	gc();
	const before = process.memoryUsage().heapUsed;
	for (let index = 0; index < USES; index++) assert.is(await loadLater("memory-test.js", async () => module), module);
	gc();
	const growth = process.memoryUsage().heapUsed - before;
	assert.ok(growth < BOUND, `${growth} B kept after ${USES} loads`);
});

memory.run();
