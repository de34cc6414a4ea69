// How a failed fetch becomes a RequestError, read from what it threw and that value's `cause` chain:
// the first coded cause and the first status a proxy refused a tunnel with, five errors deep at
// most; a request fetch refused before sending it; and thrown values of any shape, which are never
// turned into text by their own code. Each row is the error a caller gets: its message word for
// word, status, code, cause, and whether the retry feature may send it again.
// Run: node test/failure-cause-chain.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/core.js";

const FAILS_AGAIN = Symbol.for("hublet.failsAgain");
const PROXY_407 =
	"407 Proxy Authentication Required: the proxy asks for credentials: put user:password@ in the proxy URL";

/** An Error with extra own properties (`code`, `cause`). */
const error = (message, properties = {}) => Object.assign(new Error(message), properties);
/** Errors linked first to last, each the cause of the one before it. */
function chain(...links) {
	for (let index = 0; index < links.length - 1; index++) links[index].cause = links[index + 1];
	return links[0];
}
const fetchFailed = (...causes) => chain(new TypeError("fetch failed"), ...causes);

/** The error `request()` rejects with when the fetch throws `thrown`. */
async function failureOf(thrown, baseUrl = "https://api.github.com") {
	const client = new Hublet({
		baseUrl,
		request: {
			fetch: async () => {
				throw thrown;
			},
		},
	});
	return client.request("GET /x").then(
		() => assert.unreachable("the request resolved"),
		(failure) => failure,
	);
}

function expect(failure, { message, status = 500, code = "NETWORK_ERROR", again = false }, thrown) {
	assert.is(failure.message, message);
	assert.is(failure.status, status);
	assert.is(failure.code, code);
	assert.is(failure[FAILS_AGAIN] === true, again, "marked as failing again");
	assert.is(failure.response, undefined, "no response");
	// A refusal before sending is the request's own fault, with no cause; any other keeps what was thrown.
	const kept = failure.cause instanceof Error && failure.cause.message === thrown?.message;
	if (thrown instanceof Error) assert.is(kept, code !== "INVALID_REQUEST", "the thrown error is the cause");
}

// ---
const walk = suite("the cause chain, five errors deep at most");

walk("a proxy's 407 for the tunnel, two causes down: PROXY_AUTH_REQUIRED, whatever the errors above say", async () => {
	const thrown = fetchFailed(error("Request was cancelled"), error("Proxy response (407) !== 200 when HTTP Tunneling"));
	expect(await failureOf(thrown), { message: PROXY_407, status: 407, code: "PROXY_AUTH_REQUIRED" }, thrown);
});

walk("another tunnel status says the proxy's answer, even beside a code", async () => {
	const thrown = fetchFailed(error("Proxy response (502) !== 200 when HTTP Tunneling", { code: "UND_ERR_ABORTED" }));
	const message = "fetch failed: the proxy answered 502 instead of opening a tunnel";
	expect(await failureOf(thrown), { message }, thrown);
});

walk("a tunnel refusal or a code past the fifth error is not read", async () => {
	const five = () => [error("a"), error("b"), error("c"), error("d"), error("e")];
	const tunnel = chain(...five(), error("Proxy response (407) !== 200 when HTTP Tunneling"));
	expect(await failureOf(tunnel), { message: "a: b" }, tunnel);
	const coded = chain(...five(), error("getaddrinfo ENOTFOUND x", { code: "ENOTFOUND" }));
	expect(await failureOf(coded), { message: "a: b" }, coded);
});

walk("the first cause with a code as text decides: a later ENOTFOUND under a reset is a reset", async () => {
	const reset = chain(error("a", { code: "ECONNRESET" }), error("b", { code: "ENOTFOUND" }));
	expect(await failureOf(reset), { message: "a: b" }, reset);
	// A code that is not text is no code: the refused connection below it is read.
	const numbered = chain(error("a", { code: 5 }), error("b", { code: "ECONNREFUSED" }));
	const hint = " (nothing is listening there on this machine: is the server running?)";
	expect(await failureOf(numbered, "http://127.0.0.1:9"), { message: `a: b${hint}`, again: true }, numbered);
	expect(await failureOf(numbered, "http://192.0.2.1:9"), { message: "a: b" }, numbered);
});

walk("a host that does not resolve names the host, and what to check", async () => {
	const thrown = fetchFailed(error("getaddrinfo ENOTFOUND", { code: "ENOTFOUND" }));
	const github = "uploads.github.com does not resolve (ENOTFOUND): check the network connection and DNS";
	expect(await failureOf(thrown, "https://uploads.github.com"), { message: github, again: true }, thrown);
	const other = "ghe.example does not resolve (ENOTFOUND): check baseUrl";
	expect(await failureOf(thrown, "https://ghe.example/api/v3"), { message: other, again: true }, thrown);
});

// ---
const refused = suite("a request fetch refused before sending it");

refused(
	"a blocked port (a `bad port` cause with no code) is INVALID_REQUEST, naming the port as the URL parser reads it",
	async () => {
		const thrown = fetchFailed(error("bad port"));
		const message =
			"Invalid request GET http://127.0.0.1:0001/x: fetch refuses port 1, which the fetch standard blocks as the " +
			"port of another protocol: check baseUrl";
		expect(await failureOf(thrown, "http://127.0.0.1:0001"), { message, status: 400, code: "INVALID_REQUEST" }, thrown);
		// With a code, the same words are a network's failure.
		const coded = fetchFailed(error("bad port", { code: "X" }));
		expect(await failureOf(coded, "http://127.0.0.1:0001"), { message: "fetch failed: bad port" }, coded);
	},
);

refused(
	"undici's refusal codes end the line with undici's words; an empty one says nothing, and is the network's",
	async () => {
		const thrown = fetchFailed(error("invalid connection header", { code: "UND_ERR_INVALID_ARG" }));
		const message = "Invalid request GET https://api.github.com/x: invalid connection header";
		expect(await failureOf(thrown), { message, status: 400, code: "INVALID_REQUEST" }, thrown);
		const empty = fetchFailed(error("", { code: "UND_ERR_NOT_SUPPORTED" }));
		expect(await failureOf(empty), { message: "fetch failed: " }, empty);
	},
);

// ---
const shapes = suite("what any thrown value says");

shapes("a primitive as it is, an object's message when it is text, else octokit's Unknown Error", async () => {
	const rows = [
		["just a string", "just a string"],
		[null, "null"],
		[undefined, "undefined"],
		[42, "42"],
		[Symbol("s"), "Symbol(s)"],
		[Object.create(null), "Unknown Error"],
		[{ message: "from an object" }, "from an object"],
		[{ message: 5 }, "Unknown Error"],
	];
	for (const [thrown, message] of rows) expect(await failureOf(thrown), { message });
});

shapes("an error whose message getter throws is octokit's Unknown Error", async () => {
	const thrown = new Error("hidden");
	Object.defineProperty(thrown, "message", {
		get() {
			throw new Error("no");
		},
	});
	thrown.cause = new Error("inner");
	const failure = await failureOf(thrown);
	assert.is(failure.message, "Unknown Error");
	assert.is(failure.status, 500);
	assert.is(failure.code, "NETWORK_ERROR");
});

shapes("a cause that is text follows the message; one that is not an error is left out", async () => {
	expect(await failureOf(Object.assign(new TypeError("fetch failed"), { cause: "because" })), {
		message: "fetch failed: because",
	});
	expect(await failureOf(Object.assign(new TypeError("fetch failed"), { cause: { message: "not an error" } })), {
		message: "fetch failed",
	});
});

walk.run();
refused.run();
shapes.run();
