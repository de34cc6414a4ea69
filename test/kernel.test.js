// @hublet/rest/core is the kernel; every other part is a feature it never imports. A program on
// the core client adds features with Hublet.plugin(), and an option whose feature is missing is
// refused at once rather than ignored.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { Hublet, cache, findRoutes, graphql, legacyAuth, paginate, proxy, rateLimit, requestLog, retry, serverTables, RequestError } from "../dist/core.js";
import { Hublet as FullHublet } from "../dist/index.js";
import { decideRetry } from "../dist/features/retry/policy.js";
// The unbundled module's own RequestError, which is the class decideRetry knows.
import { RequestError as PolicyRequestError } from "../dist/common/errors.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";
import { capturingLog } from "./helpers/client.js";

const API = "https://api.github.com";
const routes = { namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] }, issues: { listForRepo: ["GET /repos/{owner}/{repo}/issues"] } } };

const features = suite("features on the core client");
useServer(features);

features("the core client has none of the features: no paginate, findRoutes, request log or retries; graphql is built in, as in @octokit/core", async () => {
	server.use(http.get(`${API}/repos/o/r`, () => HttpResponse.json({ id: 1 })));
	const { log, lines } = capturingLog();
	const client = new (Hublet.withRoutes(routes))({ log });
	assert.is(client.paginate, undefined);
	assert.type(client.graphql, "function");
	assert.is(client.findRoutes, undefined);
	assert.equal((await client.rest.repos.get({ owner: "o", repo: "r" })).data, { id: 1 });
	assert.equal(lines.info, []);
});

features("Hublet.plugin(paginate, requestLog, findRoutes, graphql) adds each feature to the core client", async () => {
	server.use(
		http.get(`${API}/repos/o/r/issues`, ({ request }) => {
			const page = new URL(request.url).searchParams.get("page");
			return page === "2"
				? HttpResponse.json([{ id: 2 }])
				: HttpResponse.json([{ id: 1 }], { headers: { link: `<${API}/repos/o/r/issues?page=2>; rel="next"` } });
		}),
	);
	const { log, lines } = capturingLog();
	const client = new (Hublet.plugin(paginate, requestLog, findRoutes, graphql).withRoutes(routes))({ log });
	assert.equal(await client.paginate(client.rest.issues.listForRepo, { owner: "o", repo: "r" }), [{ id: 1 }, { id: 2 }]);
	assert.is(lines.info.length, 2);
	assert.match(lines.info[0], /^GET \/repos\/o\/r\/issues - 200/);
	assert.equal(client.findRoutes("GET /repos/o/r").map((row) => `${row.namespace}.${row.method}`), ["repos.get"]);
	assert.type(client.graphql, "function");
});

features("`cache` without the cache feature is refused with a TypeError that names the import", () => {
	for (const option of [true, { max: 10 }]) {
		assert.throws(() => new Hublet({ cache: option }), (error) => error instanceof TypeError && /import \{ cache \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/.test(error.message) && /Hublet\.plugin\(cache\)/.test(error.message));
	}
	// Off is off, with or without the feature.
	new Hublet({ cache: false });
	new Hublet({ cache: undefined });
});

features("Hublet.plugin(cache) turns the cache on: a 304 answers from the store", async () => {
	let hits = 0;
	server.use(
		http.get(`${API}/repos/o/r`, ({ request }) => {
			hits += 1;
			if (request.headers.get("if-none-match") === '"v1"') return new HttpResponse(null, { status: 304, headers: { etag: '"v1"' } });
			return HttpResponse.json({ id: 7 }, { headers: { etag: '"v1"' } });
		}),
	);
	const client = new (Hublet.plugin(cache).withRoutes(routes))({ cache: true });
	await client.rest.repos.get({ owner: "o", repo: "r" });
	const again = await client.rest.repos.get({ owner: "o", repo: "r" });
	assert.equal([hits, again.status, again.data, again.revalidated], [2, 200, { id: 7 }, true]);
});

features("`rateLimit` without the rateLimit feature is refused with a TypeError that names the import", () => {
	for (const option of [true, { writeInterval: 0 }, { store: new Map() }]) {
		assert.throws(() => new Hublet({ rateLimit: option }), (error) => error instanceof TypeError && /import \{ rateLimit \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/.test(error.message) && /Hublet\.plugin\(rateLimit\)/.test(error.message));
	}
	new Hublet({ rateLimit: false });
	new Hublet({ rateLimit: undefined });
});

features("Hublet.plugin(rateLimit) turns shared limits on: a pause one request learned fails the next at once, unsent", async () => {
	let hits = 0;
	server.use(
		http.get(`${API}/repos/o/r`, () => {
			hits += 1;
			return HttpResponse.json({ message: "You have exceeded a secondary rate limit" }, { status: 403, headers: { "retry-after": "60" } });
		}),
	);
	const client = new (Hublet.plugin(rateLimit, retry).withRoutes(routes))({ auth: "ghp_token", rateLimit: true, retry: { maxWait: 1000 } });
	const first = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((error) => error);
	const second = await client.rest.repos.get({ owner: "o", repo: "r" }).catch((error) => error);
	assert.equal([hits, first.code, first.status, second.code, second.response], [1, "RATE_LIMITED", 403, "RATE_LIMITED", undefined]);
	assert.match(second.message, /longer than retry\.maxWait/);
});

features("a legacy auth form without the legacyAuth feature is refused; a token string needs no feature", () => {
	for (const auth of ["basic dXNlcjpwYXNz", { username: "u", password: "p" }, { token: "t" }, () => "t"]) {
		assert.throws(() => new Hublet({ auth }), (error) => error instanceof TypeError && /import \{ legacyAuth \} from "@hublet\/rest" \("@hublet\/rest\/core" on the core entry\)/.test(error.message));
	}
	new Hublet({ auth: "ghp_token" });
	const { log } = capturingLog();
	new (Hublet.plugin(legacyAuth))({ auth: { username: "u", password: "p" }, log });
});

features("the full client is the core client with @octokit/rest's features and retries composed, and its plugins are functions only, as @octokit/core's", () => {
	const names = FullHublet.features.map((feature) => feature.name);
	for (const feature of [paginate, retry, requestLog]) assert.ok(names.includes(feature.name), feature.name);
	// The others are one Hublet.plugin() away.
	for (const feature of [findRoutes, cache, rateLimit, legacyAuth, proxy, serverTables]) assert.not.ok(names.includes(feature.name), feature.name);
	assert.ok(FullHublet.plugins.every((plugin) => typeof plugin === "function"));
	assert.equal(FullHublet.plugins, []);
	assert.ok(new FullHublet() instanceof Hublet);
});

features("Hublet.plugin() sorts features from plugins, keeps one feature of a name, and the class's own wins", () => {
	const plugin = () => ({ hello: 1 });
	const Added = FullHublet.plugin(retry, plugin, paginate);
	assert.equal(Added.plugins, [plugin]);
	assert.is(Added.features.length, FullHublet.features.length);
	// The full entry's retry carries its body; adding the core export again keeps that one.
	assert.is(Added.features.find((feature) => feature.name === "retry"), FullHublet.features.find((feature) => feature.name === "retry"));
	const Core = Hublet.plugin(paginate, paginate, retry);
	assert.equal(Core.features.map((feature) => feature.name), ["paginate", "retry"]);
	assert.equal(Hublet.features, []);
	assert.is(new Added().hello, 1);
});

features("loading the full entry registers nothing on the core client", () => {
	assert.ok(FullHublet);
	assert.throws(() => new Hublet({ cache: true }), TypeError);
	assert.throws(() => new Hublet({ rateLimit: true }), TypeError);
	assert.throws(() => new Hublet({ auth: { token: "t" } }), TypeError);
	assert.throws(() => new Hublet({ retry: { retries: 1 } }), TypeError);
});

features.run();

const pipeline = suite("the request pipeline");
useServer(pipeline);

pipeline("a 304 reaches the cache stage as a response, and rejects only when no stage answers it", async () => {
	server.use(http.get(`${API}/r`, () => new HttpResponse(null, { status: 304 })));
	const seen = [];
	// A feature written as any feature is: a name, its option, a check, and a setup that gives a stage.
	const stageFeature = (name, stage) => ({ name, option: "cache", check: (option) => option || undefined, setup: () => ({ stages: { cache: stage } }) });
	const watching = stageFeature("watching", (next) => async (request, call) => {
		const response = await next(request, call);
		seen.push(response.status);
		return response;
	});
	const client = new (Hublet.plugin(watching))({ cache: true });
	const error = await client.request("GET /r").then(() => undefined, (error) => error);
	assert.equal(seen, [304]);
	assert.ok(error instanceof RequestError);
	assert.is(error.status, 304);
	assert.is(error.code, "NOT_MODIFIED");

	const answering = stageFeature("answering", (next) => async (request, call) => ({ ...(await next(request, call)), status: 200, data: "kept" }));
	const answered = await new (Hublet.plugin(answering))({ cache: true }).request("GET /r");
	assert.equal([answered.status, answered.data], [200, "kept"]);
});

pipeline("retry.onRetry hears each retry before its wait, with a redacted URL", async () => {
	let hits = 0;
	server.use(http.get(`${API}/r`, () => (++hits < 3 ? HttpResponse.json({}, { status: 502 }) : HttpResponse.json({ ok: true }))));
	const heard = [];
	const client = new (Hublet.plugin(retry))({ retry: { minTimeout: 1, maxTimeout: 2, randomize: false, onRetry: (info) => heard.push(info) } });
	await client.request("GET /r?client_secret=s3cret");
	assert.equal(
		heard.map(({ attempt, retries, reason, method, url }) => ({ attempt, retries, reason, method, url })),
		[1, 2].map((attempt) => ({ attempt, retries: 3, reason: "status 502", method: "GET", url: `${API}/r?client_secret=[REDACTED]` })),
	);
	assert.ok(heard.every(({ waitMs }) => typeof waitMs === "number" && waitMs >= 1));
});

pipeline("a throwing onRetry does not change the outcome", async () => {
	let hits = 0;
	server.use(http.get(`${API}/r`, () => (++hits < 2 ? HttpResponse.json({}, { status: 503 }) : HttpResponse.json({ ok: true }))));
	const client = new (Hublet.plugin(retry))({ retry: { minTimeout: 1, maxTimeout: 2, onRetry: () => { throw new Error("boom"); } } });
	assert.is((await client.request("GET /r")).status, 200);
});

pipeline("the retry policy decides without changing the error; the pipeline adds its note once", async () => {
	const error = new PolicyRequestError("429", 429, {
		request: { method: "GET", url: `${API}/r`, headers: {} },
		response: { status: 429, url: `${API}/r`, headers: { "retry-after": "600" }, data: {} },
	});
	const decision = decideRetry(error, "GET", 60_000, false, 0);
	assert.equal(decision, { retry: false, code: "RATE_LIMITED", note: " (the server asked to wait 600s, more than retry.maxWait: until 1970-01-01T00:10:00.000Z)" });
	assert.is(error.message, "429");

	server.use(http.get(`${API}/slow`, () => HttpResponse.json({ message: "slow down" }, { status: 429, headers: { "retry-after": "600" } })));
	const failure = await new (Hublet.plugin(retry))().request("GET /slow").then(() => undefined, (error) => error);
	assert.match(failure.message, /^slow down \(the server asked to wait 600s, more than retry\.maxWait: until \d{4}-\d\d-\d\dT[\d:.]+Z\)$/);
});

pipeline.run();

const sources = suite("the kernel's sources");

sources("no kernel module imports a feature, and the core entry only re-exports them", () => {
	const kernel = ["client.ts", "auth.ts", "http/pipeline.ts", "http/stage-types.ts", "http/request.ts", "http/request-api.ts", "routes/rest.ts", "routes/method.ts", "routes/routes.ts"];
	for (const file of kernel) assert.not.match(readFileSync(`lib/${file}`, "utf8"), /features\//, file);
});

sources("no module registers anything at import time: the entries hold declarations only", () => {
	for (const entry of ["lib/core.ts", "lib/index.ts", "lib/features-with-bodies.ts"]) {
		const text = readFileSync(entry, "utf8");
		// A statement at the top level that calls something (`useDebug(...)`, `if (...)`, `await x()`);
		// `export const X = Y.plugin(...)` declares, and is allowed.
		assert.not.match(text, /^(?:await\s+)?[\w$.]+\s*\(/m, entry);
	}
});

sources.run();
