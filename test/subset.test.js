import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawnSync } from "node:child_process";
import { mkdtempSync, writeFileSync, mkdirSync, readFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Hublet, findRoutes } from "../dist/core.js";
import { readShippedRoutes } from "../dist/routes/codec.js";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";
import { routesTable } from "./helpers/routes.js";
import { Hublet as FullHublet, decodeRoutes } from "../dist/index.js";
import { capturingLog } from "./helpers/client.js";

const bin = "bin/hublet-routes.mjs";
const subsetOf = (...args) => JSON.parse(execFileSync(process.execPath, [bin, ...args], { encoding: "utf8" }));

const subset = suite("route subsets");
useServer(subset);

subset("hublet-routes writes the rows of the named methods, following renamed namespaces", () => {
	const table = subsetOf("repos.get", "issues.listForRepo", "gitdata.getCommit");
	assert.equal(Object.keys(table.namespaces), ["git", "issues", "repos"]);
	assert.equal(table.namespaces.repos.get, ["GET /repos/{owner}/{repo}"]);
	assert.equal(table.renamedNamespaces, { gitdata: "git" });
});

subset("a renamed method brings its successor along", () => {
	const table = subsetOf("repos.listTopics");
	assert.equal(Object.keys(table.namespaces.repos).sort(), ["getAllTopics", "listTopics"]);
});

subset("--scan finds the methods a program uses; unknown names fail", () => {
	const dir = mkdtempSync(join(tmpdir(), "hublet-scan-"));
	mkdirSync(join(dir, "src"));
	writeFileSync(join(dir, "src", "app.ts"), "await client.rest.pulls.list({});\nawait octokit.issues.create({});\nconst x = foo.bar.baz;\n");
	writeFileSync(join(dir, "src", "readme.md"), "client.rest.repos.delete");
	const out = join(dir, "routes.json");
	execFileSync(process.execPath, [bin, "--scan", join(dir, "src"), "--out", out]);
	const table = JSON.parse(readFileSync(out, "utf8"));
	const full = routesTable;
	assert.equal(table.namespaces, { issues: { create: full.namespaces.issues.create }, pulls: { list: full.namespaces.pulls.list } });
	const failed = spawnSync(process.execPath, [bin, "repos.nope"], { encoding: "utf8" });
	assert.is(failed.status, 1);
	assert.match(failed.stderr, /unknown methods: repos\.nope/);
});

subset("Hublet.withRoutes(subset) from @hublet/rest/core serves only those methods", async () => {
	server.use(http.get("https://api.github.com/repos/o/r", () => HttpResponse.json({ id: 7 })));
	const Small = Hublet.plugin(findRoutes).withRoutes(subsetOf("repos.get", "gitdata.getCommit"));
	const client = new Small({ log: { warn() {} } });
	assert.equal(Object.keys(client.rest), ["git", "repos"]);
	assert.equal(Object.keys(client.rest.repos), ["get"]);
	assert.is(client.rest.issues, undefined);
	assert.is(client.rest.repos.delete, undefined);
	assert.is(client.repos, client.rest.repos);
	assert.is(client.gitdata, client.rest.git);
	assert.equal((await client.rest.repos.get({ owner: "o", repo: "r" })).data, { id: 7 });
	assert.equal(client.findRoutes("GET /repos/o/r").map((row) => row.method), ["get"]);
});

subset("withRoutes() keeps taking a subset in the plain shape users have committed (test/types/routes.subset.json)", () => {
	const committed = JSON.parse(readFileSync("test/types/routes.subset.json", "utf8"));
	const client = new (Hublet.withRoutes(committed))();
	assert.equal(Object.keys(client.rest), ["issues", "repos", "custom"]);
	const upload = client.rest.repos.uploadReleaseAsset;
	assert.equal(upload.required, ["owner", "repo", "release_id", "name", "data"]);
	assert.match(upload.endpoint({ owner: "o", repo: "r", release_id: 1, name: "a.zip", data: "x" }).url, /^https:\/\/uploads\.github\.com\//);
	assert.is(client.rest.custom.ping.route, "GET /custom/ping");
});

subset("a plain subset's deprecated and renamed rows warn with their own messages", () => {
	const { log, lines } = capturingLog();
	const Small = Hublet.withRoutes({
		namespaces: {
			repos: {
				listTopics: ["GET /repos/{owner}/{repo}/topics", { renamed: ["repos", "getAllTopics"] }],
				getAllTopics: ["GET /repos/{owner}/{repo}/topics"],
				old: ["GET /old", { deprecated: "octokit.rest.repos.old() is deprecated, use something else" }],
			},
		},
	});
	const client = new Small({ log });
	client.rest.repos.listTopics.endpoint({ owner: "o", repo: "r" });
	client.rest.repos.old.endpoint();
	assert.equal(lines.warn, [
		"octokit.repos.listTopics() has been renamed to octokit.repos.getAllTopics()",
		"octokit.rest.repos.old() is deprecated, use something else",
	]);
});

subset("hublet routes writes its rows through the public API: decodeRoutes(Hublet.routes) from @hublet/rest", () => {
	const source = readFileSync("bin/routes-command.mjs", "utf8");
	// The library is reached through its entry only; the rest is Node and the command's own files.
	const imports = [...source.matchAll(/from "([^"]+)"/g)].map((match) => match[1]);
	assert.equal(imports.filter((path) => !path.startsWith("node:") && !path.startsWith("./cli/")), ["@hublet/rest"]);
	assert.match(source, /import \{ Hublet, decodeRoutes \} from "@hublet\/rest"/);
	assert.equal(subsetOf("repos.uploadReleaseAsset").namespaces.repos, { uploadReleaseAsset: routesTable.namespaces.repos.uploadReleaseAsset });
});

subset("decodeRoutes() gives a plain table as a copy, and the shipped one as the plain rows of routes.json", () => {
	const plain = { namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } };
	const copy = decodeRoutes(plain);
	assert.equal(copy, plain);
	assert.is.not(copy.namespaces, plain.namespaces);
	assert.equal(decodeRoutes(FullHublet.routes).namespaces.repos.get, ["GET /repos/{owner}/{repo}"]);
});

subset("@hublet/rest/core alone does not carry the shipped table's reader, and says which entry does", () => {
	const script = `import { Hublet } from "./dist/core.js";
try { new (Hublet.withRoutes({ format: 3, namespaces: { repos: () => "|get G/repos" } }))(); } catch (error) { console.log(error.message); }`;
	const { stdout } = spawnSync(process.execPath, ["--input-type=module", "-e", script], { encoding: "utf8" });
	assert.match(stdout, /full route table is read by the client from "@hublet\/rest"/);
});

subset("loading @hublet/rest does not change the core client: it still refuses the shipped table without its reader", () => {
	assert.ok(FullHublet);
	assert.throws(() => new (Hublet.withRoutes(FullHublet.routes))(), /full route table is read by the client from "@hublet\/rest"/);
});

subset("withRoutes(routes.json, readShippedRoutes) serves what the full client serves", () => {
	const FromCore = Hublet.plugin(findRoutes).withRoutes(FullHublet.routes, readShippedRoutes);
	const client = new FromCore({ log: { warn() {} } });
	const full = new (FullHublet.plugin(findRoutes))({ log: { warn() {} } });
	assert.equal(Object.keys(client.rest), Object.keys(full.rest));
	for (const [namespace, method] of [["repos", "get"], ["repos", "listTopics"], ["teams", "addMember"], ["repos", "uploadReleaseAsset"]]) {
		for (const key of ["route", "required", "deprecated"]) {
			assert.equal(client.rest[namespace][method][key], full.rest[namespace][method][key], `${namespace}.${method}.${key}`);
		}
	}
	assert.equal(client.findRoutes("/repos/{owner}/{repo}/topics"), full.findRoutes("/repos/{owner}/{repo}/topics"));
});

subset("withRoutes() takes routes.json itself, the plain table, from @hublet/rest/core", () => {
	const client = new (Hublet.withRoutes(routesTable))({ log: { warn() {} } });
	assert.is(client.rest.repos.getCommitRefSha.deprecated, new FullHublet({ log: { warn() {} } }).rest.repos.getCommitRefSha.deprecated);
});

subset("the core client without a table has an empty rest", () => {
	const client = new Hublet();
	assert.equal(Object.keys(client.rest), []);
	assert.is(client.rest.repos, undefined);
});

subset("client.<namespace> of a subset: each name of either list once, assignable; inherited names stay what they are", () => {
	const namespaces = JSON.parse('{"repos":{"get":["GET /repos/{owner}/{repo}"]},"__proto__":{"x":["GET /x"]},"toString":{"y":["GET /y"]}}');
	const Class = Hublet.withRoutes({ namespaces, renamedNamespaces: { repositories: "repos", repos: "repos" } });
	const client = new Class({ log: { warn() {} } });
	assert.is(client.repos, client.rest.repos);
	assert.is(client.repositories, client.rest.repos);
	assert.is(client.repos.get.route, "GET /repos/{owner}/{repo}");
	assert.is(Object.getPrototypeOf(client), Class.prototype);
	assert.is(client.toString, Object.prototype.toString);
	assert.equal(Object.getOwnPropertyNames(Class.prototype).sort(), ["constructor", "repos", "repositories"]);
	assert.not.ok(Object.keys(client).includes("repos"));
	client.repos = "mine";
	assert.is(client.repos, "mine");
	assert.is(new Class().repos.get.route, "GET /repos/{owner}/{repo}");
});

subset.run();
