// Switching from octokit is changing the module name: an everyday @octokit/rest program and an
// everyday @octokit/core program (test/fixtures/switch/) run against one loopback server as they
// are, then with only "@octokit/rest" → "@hublet/rest" and "@octokit/core" → "@hublet/rest/core"
// changed, and do the same. The changed copies are written under .tmp/, inside the package, so
// that "@hublet/rest" resolves through the package's own `exports`, as in an app.
// Run: node test/octokit-switch.test.js
import { createServer } from "node:http";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");

let baseUrl;
const server = createServer(async (request, response) => {
	let body = "";
	for await (const chunk of request) body += chunk;
	const url = new URL(request.url, "http://localhost");
	const agent = String(request.headers["user-agent"]).startsWith("my-app/1.0.0 ");
	const json = (status, data, headers = {}) => {
		response.writeHead(status, { "content-type": "application/json", ...headers });
		response.end(JSON.stringify(data));
	};
	const route = `${request.method} ${url.pathname}`;
	if (route === "GET /repos/o/r") return json(200, { full_name: "o/r", auth: request.headers.authorization, agent });
	if (route === "GET /repos/o/missing") return json(404, { message: "Not Found" });
	if (route === "POST /repos/o/r/issues") return json(201, { number: 7, title: JSON.parse(body).title });
	if (route === "POST /repos/o/r/issues/7/labels") return json(200, JSON.parse(body).labels.map((name) => ({ name })));
	if (route === "GET /repos/o/r/issues") {
		const page = Number(url.searchParams.get("page") ?? 1);
		const link = page < 2 ? { link: `<${baseUrl}/repos/o/r/issues?per_page=1&page=${page + 1}>; rel="next"` } : {};
		return json(200, [{ title: `issue ${page}`, team: request.headers["x-team"] ?? null }], link);
	}
	if (route === "GET /user") return json(200, { login: "octocat" });
	if (route === "POST /graphql") return json(200, { data: { viewer: { login: JSON.parse(body).query.includes("viewer") ? "octocat" : "?" } } });
	json(404, { message: `no route ${route}` });
});

/** The program's `main`, as written, or with `from` replaced by `to` (a copy under .tmp/). */
async function load(file, swap) {
	const original = join(ROOT, "test", "fixtures", "switch", file);
	if (!swap) return (await import(pathToFileURL(original).href)).main;
	const source = readFileSync(original, "utf8");
	assert.ok(source.includes(`from "${swap.from}";`), `${file} imports ${swap.from}`);
	const copy = join(ROOT, ".tmp", `switched-${file}`);
	mkdirSync(dirname(copy), { recursive: true });
	writeFileSync(copy, source.replace(`from "${swap.from}";`, `from "${swap.to}";`));
	return (await import(`${pathToFileURL(copy).href}?${Date.now()}`)).main;
}

const test = suite("octokit programs run with only the module name changed");
test.before(async () => {
	await new Promise((done) => server.listen(0, "127.0.0.1", done));
	baseUrl = `http://127.0.0.1:${server.address().port}`;
});
test.after(() => new Promise((done) => server.close(done)));

test("an @octokit/rest program does the same with @hublet/rest", async () => {
	const swap = { from: "@octokit/rest", to: "@hublet/rest" };
	const octokit = await (await load("octokit-rest-program.js"))(baseUrl);
	const hublet = await (await load("octokit-rest-program.js", swap))(baseUrl);
	assert.equal(octokit, {
		repository: "o/r",
		issue: 7,
		labelled: [{ name: "bug" }],
		titles: ["issue 1", "issue 2"],
		pages: [1, 1],
		user: "octocat",
		url: `${baseUrl}/repos/o/r`,
		status: 404,
		seen: octokit.seen,
		auth: "token ghp_program",
		agent: true,
	});
	assert.equal(hublet, octokit);
});

test("an @octokit/core program does the same with @hublet/rest/core (graphql included)", async () => {
	const swap = { from: "@octokit/core", to: "@hublet/rest/core" };
	const octokit = await (await load("octokit-core-program.js"))(baseUrl);
	const hublet = await (await load("octokit-core-program.js", swap))(baseUrl);
	assert.equal(octokit, {
		repository: "o/r",
		user: "octocat",
		issues: 1,
		viewer: "octocat",
		url: `${baseUrl}/repos/o/r`,
		auth: ["token", "oauth"],
		greeting: "hi you",
		wrapped: 4,
		agent: true,
		team: "core",
	});
	assert.equal(hublet, octokit);
});

test.run();
