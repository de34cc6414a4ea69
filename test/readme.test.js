// The README's library example, read from README.md (the ```js block after
// `<!-- example: library -->`) and run as written, as an ES module that imports the package by
// name, against msw standing in for api.github.com. A change to the example that breaks it fails here.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { server, http, HttpResponse, useServer } from "./helpers/msw.js";

const API = "https://api.github.com";
const README = readFileSync(new URL("../README.md", import.meta.url), "utf8");
const EXAMPLE = /<!-- example: library -->\n```js\n([\s\S]*?)```/.exec(README)?.[1];

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
	// A project whose node_modules has the package under its name, as an app installs it.
	const project = mkdtempSync(join(tmpdir(), "hublet-readme-"));
	const printed = [];
	const log = console.log;
	const token = process.env.GITHUB_TOKEN;
	try {
		mkdirSync(join(project, "node_modules", "@hublet"), { recursive: true });
		symlinkSync(resolve("."), join(project, "node_modules", "@hublet", "rest"), "dir");
		writeFileSync(join(project, "example.mjs"), EXAMPLE);
		process.env.GITHUB_TOKEN = "ghp_readme";
		console.log = (...args) => printed.push(args.join(" "));
		// In this process, so that msw's interception of fetch applies.
		await import(pathToFileURL(join(project, "example.mjs")).href);
	} finally {
		console.log = log;
		if (token === undefined) delete process.env.GITHUB_TOKEN;
		else process.env.GITHUB_TOKEN = token;
		rmSync(project, { recursive: true, force: true });
	}
	assert.equal(printed, ["42", "6"]);
	assert.equal([...new Set(auth)], ["token ghp_readme"]);
});

readme.run();
