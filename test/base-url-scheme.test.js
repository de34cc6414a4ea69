// A `baseUrl` without its scheme (`127.0.0.1:3000`, `api.github.com`, `localhost:3000`) is
// refused when the client is made, with a TypeError naming the option, rather than at the first
// request in fetch's words; a URL that starts with its scheme is taken as before. The message
// never repeats the value (it may carry a password).
// Run: node test/base-url-scheme.test.js
import fc from "fast-check";
import { test } from "uvu";
import * as assert from "uvu/assert";
import { Hublet } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";

const refusesScheme = (error) => error instanceof TypeError && /^Expected the `baseUrl` option to be a URL that starts with http:\/\/ or https:\/\//.test(error.message) && /it has no scheme$/.test(error.message);
const throwsFor = (Client, baseUrl) => {
	try {
		new Client({ auth: "ghp_x", baseUrl });
	} catch (error) {
		return error;
	}
	return undefined;
};

const SCHEMELESS = [
	"127.0.0.1:3000",
	"127.0.0.1",
	"api.github.com",
	"api.github.com/api/v3",
	"localhost:3000",
	"localhost",
	"ghe.example.com:8443/api/v3",
	"[::1]:3000",
	"user:hunter2@ghe.example.com",
	"//api.github.com",
	"/api/v3",
	"http:/api.github.com",
	"http//127.0.0.1:3000",
	"__proto__",
	"constructor",
	"\0https://api.github.com",
	"not a url",
];

test("a baseUrl without its scheme is a TypeError naming the option, from the full and the core client, and from defaults()", () => {
	for (const value of SCHEMELESS) {
		for (const Client of [Hublet, CoreHublet, Hublet.defaults({ userAgent: "x" })]) {
			const error = throwsFor(Client, value);
			assert.ok(refusesScheme(error), `${JSON.stringify(value)}: ${error?.message}`);
		}
		const Defaulted = Hublet.defaults({ baseUrl: value });
		assert.throws(() => new Defaulted({ auth: "ghp_x" }), refusesScheme, `defaults({ baseUrl: ${JSON.stringify(value)} })`);
	}
});

test("the message never shows the value", () => {
	const error = throwsFor(Hublet, "user:hunter2@enterprise.internal/api/v3");
	assert.ok(refusesScheme(error));
	assert.not.match(error.message, /hunter2|enterprise\.internal/);
});

test("an object whose text has no scheme is refused too; one whose toString throws is refused without its error", () => {
	assert.ok(refusesScheme(throwsFor(Hublet, { toString: () => "127.0.0.1:3000" })));
	assert.ok(refusesScheme(throwsFor(Hublet, {})));
	const error = throwsFor(Hublet, {
		toString() {
			throw new Error("from toString");
		},
	});
	assert.instance(error, TypeError);
	assert.match(error.message, /`baseUrl` option/);
});

test("a URL that starts with its scheme is taken as it was, in any letter case and as a URL object", () => {
	for (const value of ["http://127.0.0.1:3000", "https://api.github.com", "HTTPS://GHE.EXAMPLE.COM/api/v3", "http://[::1]:3000", "https://ghe.example.com/api/v3/", new URL("http://localhost:3000/api")]) {
		for (const Client of [Hublet, CoreHublet]) {
			assert.is(throwsFor(Client, value), undefined, String(value));
		}
	}
	assert.is(new Hublet({ baseUrl: "http://127.0.0.1:3000" }).request.endpoint.DEFAULTS.baseUrl, "http://127.0.0.1:3000");
	// undefined and null still mean api.github.com.
	assert.is(new Hublet({ baseUrl: null }).request.endpoint.DEFAULTS.baseUrl, "https://api.github.com");
});

test("any text that does not start with scheme:// is refused, and never shown (property)", () => {
	const noScheme = fc.string({ minLength: 1, maxLength: 40 }).filter((text) => /\S/.test(text) && !/^[a-z][a-z\d+.-]*:\/\//i.test(text.trim()));
	fc.assert(
		fc.property(noScheme, (text) => {
			const error = throwsFor(Hublet, text);
			assert.ok(refusesScheme(error), `${JSON.stringify(text)}: ${error?.message}`);
			if (text.trim().length > 12) assert.not.ok(error.message.includes(text.trim()));
		}),
		{ numRuns: 500 },
	);
	fc.assert(
		fc.property(fc.constantFrom("http", "https"), fc.domain(), fc.option(fc.integer({ min: 1, max: 65535 })), (scheme, host, port) => {
			assert.is(throwsFor(Hublet, `${scheme}://${host}${port === null ? "" : `:${port}`}/api/v3`), undefined);
		}),
		{ numRuns: 200 },
	);
});

test.run();
