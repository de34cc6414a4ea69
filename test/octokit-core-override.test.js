// Hublet in place of @octokit/core inside a dependency tree, as an npm override to the
// package in octokit-core/ (`"overrides": { "@octokit/core": "npm:@hublet/octokit-core@…" }`,
// docs/compatibility.md): an app in the shape of a GitHub Action on @actions/github (a client
// class made from @octokit/core with octokit's REST, paginate, retry and throttling plugins)
// type-checks with `skipLibCheck: false` (0 errors: Hublet's types never import themselves in a
// cycle through @octokit/core, TS2456/TS2310) and runs its calls against a server on 127.0.0.1.
// The tree is laid out as npm lays out an override, with links to this repository's copies of
// the packages, and read with symlinks kept (TypeScript's preserveSymlinks, Node's
// --preserve-symlinks), so every package that imports @octokit/core gets the override.
// (npm run test:consumers installs real apps that way from the packed tarballs.)
// Run: node test/octokit-core-override.test.js
import { execFile } from "node:child_process";
import { createServer } from "node:http";
import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve, sep } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import ts from "typescript";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { assertAddsNothing, cachingHost, CHECK_DECLARATIONS } from "./helpers/compile-types.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const FIXTURES = join(ROOT, "test", "fixtures", "override");
// The packages of the app's tree, from this repository's node_modules; @octokit/core is the override.
const LINKED = [
	"@octokit/endpoint",
	"@octokit/graphql",
	"@octokit/openapi-types",
	"@octokit/plugin-paginate-rest",
	"@octokit/plugin-rest-endpoint-methods",
	"@octokit/plugin-retry",
	"@octokit/plugin-throttling",
	"@octokit/request",
	"@octokit/request-error",
	"@octokit/types",
	"@types/node",
	"before-after-hook",
	"bottleneck",
	"content-type",
	"json-with-bigint",
	"undici-types",
	"universal-user-agent",
];

let project;
function layOut() {
	project = mkdtempSync(join(tmpdir(), "hublet-override-"));
	const modules = join(project, "node_modules");
	for (const name of LINKED) {
		mkdirSync(dirname(join(modules, name)), { recursive: true });
		symlinkSync(join(ROOT, "node_modules", name), join(modules, name), "dir");
	}
	// Hublet as it is installed: what it ships, without this repository's own node_modules.
	mkdirSync(join(modules, "@hublet", "rest"), { recursive: true });
	for (const entry of ["package.json", "types", "dist"]) symlinkSync(join(ROOT, entry), join(modules, "@hublet", "rest", entry));
	symlinkSync(join(ROOT, "octokit-core"), join(modules, "@octokit", "core"), "dir");
	for (const file of ["action.ts", "action.mjs"]) cpSync(join(FIXTURES, file), join(project, file));
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "action", private: true, type: "module", overrides: { "@octokit/core": "npm:@hublet/octokit-core@^0.1.0" } }));
}

const test = suite("Hublet in place of @octokit/core (an npm override)");
test.before(layOut);
test.after(() => rmSync(project, { recursive: true, force: true }));

test("the app resolves @octokit/core to the override, and type-checks with skipLibCheck off: 0 errors", () => {
	const options = {
		strict: true,
		noEmit: true,
		target: ts.ScriptTarget.ES2022,
		module: ts.ModuleKind.Node16,
		moduleResolution: ts.ModuleResolutionKind.Node16,
		types: ["node"],
		// skipLibCheck off, but for TypeScript's own lib files (CHECK_DECLARATIONS): Hublet's and the override's are checked.
		...CHECK_DECLARATIONS,
		preserveSymlinks: true,
	};
	// TypeScript's lib files parsed once for this and the other TypeScript suites of this process (npm test).
	const program = ts.createProgram([join(project, "action.ts")], options, cachingHost(options));
	const modules = join(project, "node_modules");
	assertAddsNothing(program, (name) => name.startsWith(join(modules, "@hublet", "rest", sep)) || name.startsWith(join(modules, "@octokit", "core", sep)));
	const files = program.getSourceFiles().map((file) => file.fileName);
	assert.ok(files.some((file) => file.endsWith("node_modules/@octokit/core/index.d.ts")), "the override's types are read");
	assert.equal(files.filter((file) => file.includes("@octokit/core/dist-types")), [], "octokit's own @octokit/core is not");
	const errors = ts.getPreEmitDiagnostics(program).map((d) => `${d.file?.fileName.replace(project, "") ?? ""} TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, "\n")}`);
	assert.equal(errors, []);
});

test("the app's calls run through Hublet over loopback: REST, paginate, a write, GraphQL", async () => {
	const seen = [];
	const server = createServer(async (request, response) => {
		let body = "";
		for await (const chunk of request) body += chunk;
		const { pathname, searchParams } = new URL(request.url, "http://localhost");
		seen.push(`${request.method} ${pathname}${searchParams.get("page") ? `?page=${searchParams.get("page")}` : ""} ${request.headers.authorization}`);
		const json = (status, data, headers = {}) => {
			response.writeHead(status, { "content-type": "application/json", ...headers });
			response.end(JSON.stringify(data));
		};
		if (pathname === "/repos/o/r/issues/1") return json(200, { id: 123456789, number: 1 });
		if (pathname === "/repos/o/r/issues/1/labels") {
			const page = Number(searchParams.get("page") ?? 1);
			const next = page < 2 ? { link: `<http://${request.headers.host}/repos/o/r/issues/1/labels?page=2>; rel="next"` } : {};
			return json(200, [{ name: `label ${page}` }], next);
		}
		if (pathname === "/repos/o/r/issues/1/comments") return json(201, { id: 7, body: JSON.parse(body).body });
		if (pathname === "/graphql") return json(200, { data: { viewer: { login: "octocat" } } });
		json(404, { message: "Not Found" });
	});
	await new Promise((done) => server.listen(0, "127.0.0.1", done));
	try {
		const baseUrl = `http://127.0.0.1:${server.address().port}`;
		const script = `import { run } from ${JSON.stringify(join(project, "action.mjs"))}; console.log(JSON.stringify(await run("ghs_app", ${JSON.stringify(baseUrl)})));`;
		const { stdout } = await promisify(execFile)(process.execPath, ["--preserve-symlinks", "--input-type=module", "-e", script], { cwd: project });
		assert.equal(JSON.parse(stdout), { id: 123456789, labels: ["label 1", "label 2"], login: "octocat", isHublet: true });
		assert.equal(seen, [
			"GET /repos/o/r/issues/1 token ghs_app",
			"GET /repos/o/r/issues/1/labels token ghs_app",
			"GET /repos/o/r/issues/1/labels?page=2 token ghs_app",
			"POST /repos/o/r/issues/1/comments token ghs_app",
			"POST /graphql token ghs_app",
		]);
	} finally {
		await new Promise((done) => server.close(done));
	}
});

test.run();
