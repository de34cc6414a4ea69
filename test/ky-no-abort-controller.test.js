// A request that asks for no timeout and no signal builds no AbortController: ky's own, which it
// made for a timeout and a signal that Hublet handles itself (lib/http/request.ts), is left out
// of dist/transport.js by the build (scripts/build.mjs, ky-constants). Counted around one request
// through a custom fetch, which takes no signal of its own.
// Run: node test/ky-no-abort-controller.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";

const test = suite("no AbortController without a timeout or a signal");
/** Runs `send` with every `new AbortController()` counted (fetch's and undici's included). */
async function abortControllersDuring(send) {
	const Original = globalThis.AbortController;
	let built = 0;
	globalThis.AbortController = class extends Original {
		constructor() {
			super();
			built++;
		}
	};
	try {
		await send();
	} finally {
		globalThis.AbortController = Original;
	}
	return built;
}

test("through a custom fetch, a request builds none, and ky's Request follows no signal of ky's", async () => {
	const seen = [];
	const client = new Hublet({
		request: {
			fetch: async (url, init) => {
				seen.push(init.signal);
				return new Response('{"id":1}', { headers: { "content-type": "application/json" } });
			},
		},
	});
	await client.request("GET /"); // ky loads on the first request
	// ky's Request builds one of its own (undici's Request always does): ky must add none to it.
	const perRequestRequest = await abortControllersDuring(() => new Request("https://api.github.com/"));
	const built = await abortControllersDuring(() => client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" }));
	assert.is(built, perRequestRequest, `${built} AbortControllers for a request whose Request alone builds ${perRequestRequest}`);
	assert.equal(seen, [undefined, undefined]);
});

test.run();
