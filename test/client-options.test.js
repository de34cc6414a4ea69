// The constructor's options are checked before anything is set up: a mistyped option name gets a
// warning that names the option meant, and an `auth` or `baseUrl` that would send requests as
// someone else or somewhere else is a TypeError, at once, without its value in the message.
// Run: node test/client-options.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { Hublet as FullHublet, cache, rateLimit, legacyAuth } from "../dist/index.js";
import { Hublet as CoreHublet } from "../dist/core.js";
import { capturingLog } from "./helpers/client.js";

// The features the full client leaves for a program to add, that these tests use.
const Hublet = FullHublet.plugin(cache, rateLimit, legacyAuth);

const warnings = (options) => {
	const { log, lines } = capturingLog();
	new Hublet({ ...options, log });
	return lines.warn;
};

const names = suite("new Hublet(options): option names");

const NEAR_MISSES = [
	["baseURL", "baseUrl"],
	["baseurl", "baseUrl"],
	["base_url", "baseUrl"],
	["baseUlr", "baseUrl"],
	["useragent", "userAgent"],
	["userAgnet", "userAgent"],
	["timezone", "timeZone"],
	["preview", "previews"],
	["authstrategy", "authStrategy"],
	["Log", "log"],
	["throtle", "throttle"],
	["Retry", "retry"],
	["rateLimits", "rateLimit"],
	["timeout", "request.timeout"],
	["fetch", "request.fetch"],
	["sever", "server"],
	["Server", "server"],
];

for (const [key, meant] of NEAR_MISSES) {
	names(`"${key}" warns once: did you mean ${meant}?`, () => {
		assert.equal(warnings({ [key]: "x" }), [`Unknown option "${key}": did you mean ${meant}?`]);
	});
}

names("the client still keeps the option for plugins", () => {
	const { log } = capturingLog();
	const seen = [];
	const Plugged = Hublet.plugin((client, options) => void seen.push(options.baseURL));
	new Plugged({ baseURL: "https://ghe.example.com/api/v3", log });
	assert.equal(seen, ["https://ghe.example.com/api/v3"]);
});

names("one warning per client and name, however often a request is made", async () => {
	const { log, lines } = capturingLog();
	const client = new Hublet({ baseURL: "x", baseurl: "y", log, request: { fetch: async () => Response.json({}) } });
	await client.request("GET /user");
	await client.request("GET /user");
	assert.equal(lines.warn.length, 2);
});

names("known options, octokit plugins' options and other unknown names are taken in silence", () => {
	const known = { auth: "ghp_x", baseUrl: "https://api.github.com", userAgent: "a/1", timeZone: "UTC", previews: [], request: {}, retry: false, log: undefined, cache: false, rateLimit: false };
	assert.equal(warnings({ ...known, throttle: { enabled: false }, myPluginOption: 1, octokit: {}, defaultLabel: "bug", greeting: "hi", a: 1 }), []);
});

names.run();

// ---

const auth = suite("new Hublet({ auth }): what is not a token");

const APP_AUTH = /authStrategy: createAppAuth/;

for (const [label, value] of [
	["a number", 12345],
	["0", 0],
	["true", true],
	["an array", ["ghp_x"]],
]) {
	auth(`${label} is one TypeError that says what is expected, with no deprecation warning first`, () => {
		const { log, lines } = capturingLog();
		assert.throws(() => new Hublet({ auth: value, log }), (error) => error instanceof TypeError && /`auth` option to be a token string/.test(error.message) && APP_AUTH.test(error.message) && !error.message.includes("12345"));
		assert.equal(lines.warn, []);
	});
}

auth("a PEM private key says to use authStrategy: createAppAuth, and never shows the key", () => {
	const { log, lines } = capturingLog();
	const key = "-----BEGIN RSA PRIVATE KEY-----\nMIIEsecretsecret\n-----END RSA PRIVATE KEY-----";
	for (const Client of [Hublet, CoreHublet]) {
		assert.throws(() => new Client({ auth: key, log }), (error) => error instanceof TypeError && APP_AUTH.test(error.message) && !error.message.includes("secret"));
	}
	assert.throws(() => new Hublet({ auth: "-----BEGIN PRIVATE KEY-----\n...", log }), APP_AUTH);
	assert.equal(lines.warn, []);
});

auth("an app's credentials without authStrategy name it, and are not shown", () => {
	const { log, lines } = capturingLog();
	assert.throws(() => new Hublet({ auth: { appId: 1, privateKey: "secret-key", installationId: 2 }, log }), (error) => error instanceof TypeError && APP_AUTH.test(error.message) && !error.message.includes("secret"));
	assert.equal(lines.warn, []);
});

auth("the legacy forms keep working, with their deprecation", async () => {
	for (const value of [{ username: "u", password: "p" }, { clientId: "id", clientSecret: "s" }, { token: "ghp_legacy" }, () => "ghp_function", "basic dTpw"]) {
		const { log, lines } = capturingLog();
		const client = new Hublet({ auth: value, log });
		assert.equal(typeof client.auth, "function");
		assert.equal(lines.warn.length, 1, JSON.stringify(value));
		assert.match(lines.warn[0], /deprecated/);
	}
});

auth("no auth is undefined, null, false or an empty string, as in @octokit/core", async () => {
	for (const value of [undefined, null, false, ""]) {
		assert.equal(await new Hublet({ auth: value }).auth(), { type: "unauthenticated" });
	}
});

auth("with authStrategy, `auth` is the strategy's options, whatever they hold", async () => {
	const strategy = (options) => Object.assign(async () => ({ type: "custom", appId: options.appId }), { hook: (request, route, params) => request(route, params) });
	const client = new Hublet({ authStrategy: strategy, auth: { appId: 1, privateKey: "-----BEGIN PRIVATE KEY-----" } });
	assert.equal(await client.auth(), { type: "custom", appId: 1 });
});

auth.run();

// ---

const baseUrl = suite("new Hublet({ baseUrl })");

for (const [label, value] of [
	['""', ""],
	['" "', " "],
	["a number", 443],
]) {
	baseUrl(`${label} is a TypeError naming baseUrl (it would send the token to api.github.com)`, () => {
		for (const Client of [Hublet, CoreHublet]) {
			assert.throws(() => new Client({ auth: "ghp_x", baseUrl: value }), (error) => error instanceof TypeError && /`baseUrl` option/.test(error.message));
		}
	});
}

baseUrl("undefined, null and a URL object are taken, as octokit takes them", () => {
	assert.equal(new Hublet({ baseUrl: undefined }).request.endpoint.DEFAULTS.baseUrl, "https://api.github.com");
	assert.equal(new Hublet({ baseUrl: null }).request.endpoint.DEFAULTS.baseUrl, "https://api.github.com");
	new Hublet({ baseUrl: new URL("https://ghe.example.com/api/v3") });
});

baseUrl.run();
