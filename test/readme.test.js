// The README's library and Enterprise examples, read from README.md (the ```js blocks after
// `<!-- example: library -->` and `<!-- example: enterprise -->`) and run as written, as ES
// modules that import the package by name with GITHUB_TOKEN set, against msw standing in for
// api.github.com and a GitHub Enterprise Server. A change to an example that breaks it fails here.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const example = (name) => new RegExp(`<!-- example: ${name} -->\\n\`\`\`js\\n([\\s\\S]*?)\`\`\``).exec(README)?.[1];
const EXAMPLE = example("library");
const ENTERPRISE = example("enterprise");

const readme = suite("README example");
useServer(readme);

readme("the README marks its library example", () => {
	assert.ok(EXAMPLE, "README.md has a ```js block after <!-- example: library -->");
	assert.match(EXAMPLE, /from "@hublet\/rest"/);
});

readme("the example runs as written: repos.get, then paginate over issues.listForRepo", async () => {
	const auth = [];
	server.use(
		http.get(`${API}/repos/octokit/rest.js`, ({ request }) => {
			auth.push(request.headers.get("authorization"));
			return HttpResponse.json({ full_name: "octokit/rest.js", stargazers_count: 42 });
		}),
		http.get(`${API}/repos/octokit/rest.js/issues`, ({ request }) => {
			const url = new URL(request.url);
			auth.push(request.headers.get("authorization"));
			assert.is(url.searchParams.get("state"), "open");
			const page = Number(url.searchParams.get("page") ?? 1);
			const link = page < 3 ? `<${API}/repos/octokit/rest.js/issues?state=open&page=${page + 1}>; rel="next"` : "";
			return HttpResponse.json([{ number: page * 2 - 1 }, { number: page * 2 }], { headers: link ? { link } : {} });
		}),
	);
	assert.equal(await runExample(EXAMPLE), ["42", "6"]);
	assert.equal([...new Set(auth)], ["token ghp_readme"]);
});

readme("the Enterprise example runs as written with GITHUB_TOKEN set: a 3.17 method, then a route 3.17 lacks refused before sending", async () => {
	assert.ok(ENTERPRISE, "README.md has a ```js block after <!-- example: enterprise -->");
	const sent = [];
	server.use(
		http.all("https://github.example.com/*", ({ request }) => {
			sent.push(`${request.method} ${new URL(request.url).pathname} ${request.headers.get("authorization")}`);
			return HttpResponse.json([{ id: 1 }, { id: 2 }], { headers: { "x-github-enterprise-version": "3.17.0" } });
		}),
	);
	assert.equal(await runExample(ENTERPRISE), ["2", "NOT_AVAILABLE"]);
	assert.equal(sent, ["GET /api/v3/admin/hooks token ghp_readme"]);
});

/**
Runs an example as written, as an ES module in a project whose node_modules has the package under
its name, with GITHUB_TOKEN set; in this process, so that msw's interception of fetch applies.
Resolves with what it printed.
*/
async function runExample(code) {
	const project = mkdtempSync(join(tmpdir(), "hublet-readme-"));
	const printed = [];
	const log = console.log;
	const token = process.env.GITHUB_TOKEN;
	try {
		mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
		symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");
		writeFileSync(join(project, "example.mjs"), code);
		process.env.GITHUB_TOKEN = "ghp_readme";
		console.log = (...args) => printed.push(args.join(" "));
		await import(pathToFileURL(join(project, "example.mjs")).href);
	} finally {
		console.log = log;
		if (token === undefined) delete process.env.GITHUB_TOKEN;
		else process.env.GITHUB_TOKEN = token;
		rmSync(project, { recursive: true, force: true });
	}
	return printed;
}

readme.run();
