#!/usr/bin/env node
// Hublet in place of @octokit/core inside real dependency trees, by the recipe of
// docs/compatibility.md, read from its `file:` form and used as written (the two tarball names
// aside): apps on @actions/github 9.1.1 (with npm, pnpm and Yarn) and 6.0.1, an app that lists
// @octokit/core itself beside octokit's plugins (its throttle callbacks typed), and an app on
// Probot are installed from the registry with the packed tarballs. For each app:
//
// - `npm ls @octokit/core` shows that every copy in the tree is Hublet's;
// - the app (TypeScript, in the idioms of real code on that library) compiles, strict, with
//   `skipLibCheck: false`, so the library's own .d.ts files are checked against Hublet's: 0 errors;
// - its calls run over a server on 127.0.0.1, which checks that each arrived (method, path, body,
//   the token) and the app checks that each answer came back.
//
//   node scripts/check-override-apps.mjs [tarball] [--keep] [--only-actions]
//
// The apps on @actions/github and the one on @octokit/core are then built as Actions are, with ncc,
// once with Hublet and once on octokit without the recipe, and each request of Hublet's bundle is
// compared with octokit's bundle's; so are two published Actions (scripts/action-bundles.mjs).
// --only-actions runs those alone.
//
// And installing Hublet moves nothing: beside @actions/github 6.0.0, `npm ls --all` is the same
// with and without it, Hublet aside, and `require("@actions/github")` works.
//
// The registry packages stay installed in .tmp/consumers/override-<app>/ between runs
// (scripts/temp-project.mjs); the two tarballs are installed on every run, named after their hash.
import { generateKeyPairSync } from "node:crypto";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { bundleDifferences, checkActionBundles, nccBuild, runBundle, unnamedClasses } from "./action-bundles.mjs";
import { ROOT, cachedProject, placeTarball, run, runAsync, steps, tarballFromArguments } from "./temp-project.mjs";

const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const TYPES_NODE = `@types/node@${JSON.parse(readFileSync(join(ROOT, "node_modules", "@types", "node", "package.json"), "utf8")).version}`;
const COMPILER_OPTIONS = {
	strict: true,
	skipLibCheck: false,
	target: "ES2022",
	module: "node16",
	moduleResolution: "node16",
	lib: ["ES2022", "DOM", "DOM.Iterable"],
	types: ["node"],
	outDir: "out",
};

// A GitHub Action's code on @actions/github: getOctokit, REST, a write, paginate, GraphQL, and a
// 404 caught with octokit's RequestError.
const ACTIONS_APP = `import { getOctokit } from "@actions/github";
import { RequestError } from "@octokit/request-error";

export async function run(token: string, baseUrl: string) {
	const octokit = getOctokit(token, { baseUrl });
	const owner = "o";
	const repo = "r";
	const { data: repository } = await octokit.rest.repos.get({ owner, repo });
	const id: number = repository.id;
	const { data: comment } = await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: "Thanks for the report" });
	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 1 });
	const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("query { viewer { login } }");
	let missing = 0;
	try {
		await octokit.rest.repos.get({ owner, repo: "gone" });
	} catch (error) {
		if (error instanceof RequestError && error.status === 404) missing = error.status;
		else throw error;
	}
	return { fullName: repository.full_name, id, commentId: comment.id, titles: issues.map((issue) => issue.title), login: viewer.login, missing };
}
`;

// An Action that lists @octokit/core itself and builds its client from octokit's plugins, as
// Actions written for @octokit/core 5 do: its options typed from @octokit/core/dist-types/types,
// the throttle callbacks typed by the plugin's declaration (strict: an untyped parameter fails).
const DIRECT_APP = `import { Octokit } from "@octokit/core";
import type { OctokitOptions } from "@octokit/core/dist-types/types";
import { paginateRest } from "@octokit/plugin-paginate-rest";
import { restEndpointMethods } from "@octokit/plugin-rest-endpoint-methods";
import { retry } from "@octokit/plugin-retry";
import { throttling } from "@octokit/plugin-throttling";
import { RequestError } from "@octokit/request-error";

const MyOctokit = Octokit.plugin(restEndpointMethods, paginateRest, retry, throttling);

export async function run(token: string, baseUrl: string) {
	const waits: number[] = [];
	const options: OctokitOptions = { auth: token, baseUrl };
	const octokit = new MyOctokit({
		...options,
		throttle: {
			onRateLimit: (retryAfter, request) => {
				waits.push(retryAfter);
				return request.request.retryCount < 1;
			},
			onSecondaryRateLimit: (retryAfter, request) => {
				waits.push(retryAfter);
				return request.method === "GET";
			},
		},
	});
	const owner = "o";
	const repo = "r";
	const { data: repository } = await octokit.rest.repos.get({ owner, repo });
	const id: number = repository.id;
	const { data: comment } = await octokit.rest.issues.createComment({ owner, repo, issue_number: 1, body: "Thanks for the report" });
	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner, repo, state: "open", per_page: 1 });
	const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("query { viewer { login } }");
	let missing = 0;
	try {
		await octokit.rest.repos.get({ owner, repo: "gone" });
	} catch (error) {
		if (error instanceof RequestError && error.status === 404) missing = error.status;
		else throw error;
	}
	return { fullName: repository.full_name, id, commentId: comment.id, titles: issues.map((issue) => issue.title), login: viewer.login, missing };
}
`;

// A Probot app, and the test its docs describe: a Probot with appId and privateKey whose Octokit
// points at the server, fed an event with probot.receive (the installation token is fetched
// first), and a ProbotOctokit made with a token.
const PROBOT_APP = `import { Probot, ProbotOctokit, type Context } from "probot";

export const app = (probot: Probot) => {
	probot.on("issues.opened", async (context: Context<"issues.opened">) => {
		const { data: repository } = await context.octokit.rest.repos.get(context.repo());
		await context.octokit.rest.issues.createComment(context.issue({ body: \`Thanks for opening this issue in \${repository.full_name}!\` }));
	});
};

export async function run(privateKey: string, token: string, baseUrl: string) {
	const Octokit = ProbotOctokit.defaults({ baseUrl, retry: { enabled: false }, throttle: { enabled: false } });
	const probot = new Probot({ appId: 123, privateKey, Octokit });
	await probot.load(app);
	const payload = {
		action: "opened",
		issue: { number: 1, title: "Broken", user: { login: "octocat" } },
		repository: { name: "r", owner: { login: "o" } },
		installation: { id: 2 },
	};
	// Real tests load a recorded payload; a minimal one stands in, as in Probot's docs.
	await probot.receive({ name: "issues", id: "1", payload: payload as any });

	const octokit = new Octokit({ auth: { token } });
	const { data: repository } = await octokit.rest.repos.get({ owner: "o", repo: "r" });
	const id: number = repository.id;
	const labels = await octokit.paginate(octokit.rest.issues.listLabelsOnIssue, { owner: "o", repo: "r", issue_number: 1, per_page: 1 });
	const { viewer } = await octokit.graphql<{ viewer: { login: string } }>("query { viewer { login } }");
	let missing = 0;
	try {
		await octokit.rest.repos.get({ owner: "o", repo: "gone" });
	} catch (error) {
		if (error instanceof Error && "status" in error && error.status === 404) missing = error.status;
		else throw error;
	}
	return { fullName: repository.full_name, id, labels: labels.map((label) => label.name), login: viewer.login, missing };
}
`;

// The app as an Action's entry: its inputs from the variables the runner sets, for ncc to build.
const ACTION_ENTRY = `import { run } from "./out/app.js";
console.log(JSON.stringify(await run(process.env["INPUT_GITHUB-TOKEN"], process.env.GITHUB_API_URL)));
`;
// The ncc that builds the apps as Actions, once with Hublet by the recipe and once on octokit.
const NCC = "0.38.4";

const RUNNER = `import { run } from "./out/app.js";
const [, , ...args] = process.argv;
console.log(JSON.stringify(await run(...args)));
`;

/** The server both apps talk to: GitHub's answers for the routes they use, everything logged. */
async function server(seen) {
	const http = createServer(async (request, response) => {
		let body = "";
		for await (const chunk of request) body += chunk;
		const { pathname, searchParams } = new URL(request.url, "http://127.0.0.1");
		const page = Number(searchParams.get("page") ?? 1);
		const { "user-agent": agent, ...headers } = request.headers;
		seen.push({ method: request.method, path: `${pathname}${page > 1 ? `?page=${page}` : ""}`, query: new URL(request.url, "http://127.0.0.1").search, body: body ? JSON.parse(body) : undefined, authorization: request.headers.authorization, agent, headers: Object.fromEntries(Object.entries(headers).sort()) });
		const json = (status, data, headers = {}) => {
			response.writeHead(status, { "content-type": "application/json", ...headers });
			response.end(JSON.stringify(data));
		};
		const next = (path) => (page < 2 ? { link: `<http://${request.headers.host}${path}?page=2&per_page=1>; rel="next"` } : {});
		if (request.method === "GET" && pathname === "/repos/o/r") return json(200, { id: 4242, name: "r", full_name: "o/r" });
		if (request.method === "POST" && pathname === "/repos/o/r/issues/1/comments") return json(201, { id: 77, body: JSON.parse(body).body });
		if (request.method === "GET" && pathname === "/repos/o/r/issues") return json(200, [{ number: page, title: `issue ${page}` }], next(pathname));
		if (request.method === "GET" && pathname === "/repos/o/r/issues/1/labels") return json(200, [{ name: `label ${page}` }], next(pathname));
		if (request.method === "POST" && pathname === "/graphql") return json(200, { data: { viewer: { login: "octocat" } } });
		if (request.method === "POST" && pathname === "/app/installations/2/access_tokens") return json(201, { token: "ghs_installation", expires_at: new Date(Date.now() + 3_600_000).toISOString(), permissions: {}, repository_selection: "all" });
		json(404, { message: "Not Found" });
	});
	await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
	return { baseUrl: `http://127.0.0.1:${http.address().port}`, close: () => new Promise((resolve) => http.close(resolve)) };
}


/**
The recipe of docs/compatibility.md in its `file:` form (the ```json block that names the packed
tarballs), with the tarball names of this run; the published form must be the same recipe.
*/
function recipe(project, tarballs) {
	const docs = readFileSync(join(ROOT, "docs", "compatibility.md"), "utf8");
	const blocks = [...docs.matchAll(/```json\n([\s\S]*?)```/g)].map(([, json]) => json);
	const local = blocks.find((json) => json.includes("file:hublet-octokit-core-0.1.0.tgz"));
	const published = blocks.find((json) => json.includes("npm:@hublet/octokit-core@"));
	if (!local || !published) throw new Error("docs/compatibility.md: the recipe's two ```json blocks are not found");
	const asPublished = local.replaceAll("file:hublet-rest-0.1.0.tgz", "^0.1.0").replaceAll("file:hublet-octokit-core-0.1.0.tgz", "npm:@hublet/octokit-core@^0.1.0");
	if (asPublished !== published) throw new Error("docs/compatibility.md: the recipe's file: form and its published form differ");
	let text = local;
	for (const [name, file] of Object.entries(tarballs)) text = text.replaceAll(`file:${name}-0.1.0.tgz`, `file:${placeTarball(project, file, name)}`);
	return JSON.parse(text);
}

// The package managers of the recipe: how each installs, and where it puts each @octokit/core.
const MANAGERS = {
	npm: {
		install: ["npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"]],
		lockfile: "package-lock.json",
	},
	pnpm: {
		install: ["npx", ["--yes", "pnpm@9.15.9", "install", "--prefer-offline", "--reporter=silent", "--config.confirmModulesPurge=false"]],
		lockfile: "pnpm-lock.yaml",
	},
	// Yarn 1 refuses a package whose `engines` leave out this Node, as content-type 3 (under
	// @actions/http-client 3) does for Node 20; npm and pnpm only warn.
	yarn: {
		install: ["npx", ["--yes", "yarn@1.22.22", "install", "--prefer-offline", "--silent", "--no-progress", "--non-interactive", "--ignore-engines"]],
		lockfile: "yarn.lock",
	},
};

/**
Every copy of @octokit/core that a package under `folder` resolves, in any layout (npm's hoisted
and nested folders, pnpm's links into its store, where the copy lies under its real name).
*/
function coreCopies(folder, found = new Set()) {
	if (!existsSync(folder)) return [...found];
	for (const entry of readdirSync(folder, { withFileTypes: true })) {
		const path = join(folder, entry.name);
		if (entry.name === "core" && folder.endsWith("@octokit") && existsSync(join(path, "package.json"))) found.add(realpathSync(path));
		if (entry.isDirectory()) coreCopies(path, found);
	}
	return [...found];
}

const ACTIONS_REQUESTS = (token) => [
	["GET", "/repos/o/r", undefined, token],
	["POST", "/repos/o/r/issues/1/comments", { body: "Thanks for the report" }, token],
	["GET", "/repos/o/r/issues", undefined, token],
	["GET", "/repos/o/r/issues?page=2", undefined, token],
	["POST", "/graphql", { query: "query { viewer { login } }" }, token],
	["GET", "/repos/o/gone", undefined, token],
];
const ACTIONS_RESULT = { fullName: "o/r", id: 4242, commentId: 77, titles: ["issue 1", "issue 2"], login: "octocat", missing: 404 };
// A CommonJS package's .d.ts files (@actions/github 6) import the override, an ES module, as
// they import @octokit/core 7: TypeScript takes that under nodenext (docs/compatibility.md).
const NODENEXT = { ...COMPILER_OPTIONS, module: "nodenext", moduleResolution: "nodenext" };

const APPS = {
	"@actions/github 6.0.1": {
		folder: "override-actions-github-6",
		dependencies: { "@actions/github": "6.0.1", "@octokit/request-error": "^5.1.0" },
		// Built with ncc on octokit too (with these dependencies more), for its requests to compare.
		octokit: {},
		source: ACTIONS_APP,
		compilerOptions: NODENEXT,
		args: (token, baseUrl) => [token, baseUrl],
		result: ACTIONS_RESULT,
		requests: ACTIONS_REQUESTS,
	},
	"@octokit/core, listed by the app, and octokit's plugins": {
		folder: "override-direct-core",
		dependencies: {
			"@octokit/plugin-paginate-rest": "14.0.0",
			"@octokit/plugin-rest-endpoint-methods": "17.0.0",
			"@octokit/plugin-retry": "8.1.1",
			"@octokit/plugin-throttling": "11.0.5",
			"@octokit/request-error": "^7.0.0",
		},
		octokit: { "@octokit/core": "7.0.8" },
		// @octokit/core 7's `exports` leave dist-types/types out (TS2307 under nodenext): on octokit the
		// app takes the same interface from "@octokit/core/types", a type import that emits nothing.
		octokitSource: (source) => source.replace('"@octokit/core/dist-types/types"', '"@octokit/core/types"'),
		source: DIRECT_APP,
		compilerOptions: NODENEXT,
		args: (token, baseUrl) => [token, baseUrl],
		result: ACTIONS_RESULT,
		requests: ACTIONS_REQUESTS,
	},
	"@actions/github 9.1.1, with pnpm": {
		manager: "pnpm",
		folder: "override-actions-github-pnpm",
		dependencies: { "@actions/github": "9.1.1", "@octokit/request-error": "^7.0.0" },
		source: ACTIONS_APP,
		args: (token, baseUrl) => [token, baseUrl],
		result: ACTIONS_RESULT,
		requests: ACTIONS_REQUESTS,
	},
	"@actions/github 9.1.1, with Yarn": {
		manager: "yarn",
		folder: "override-actions-github-yarn",
		dependencies: { "@actions/github": "9.1.1", "@octokit/request-error": "^7.0.0" },
		source: ACTIONS_APP,
		args: (token, baseUrl) => [token, baseUrl],
		result: ACTIONS_RESULT,
		requests: ACTIONS_REQUESTS,
	},
	"@actions/github 9.1.1": {
		folder: "override-actions-github",
		dependencies: { "@actions/github": "9.1.1", "@octokit/request-error": "^7.0.0" },
		octokit: {},
		source: ACTIONS_APP,
		args: (token, baseUrl) => [token, baseUrl],
		result: ACTIONS_RESULT,
		requests: ACTIONS_REQUESTS,
	},
	Probot: {
		folder: "override-probot",
		// Probot's .d.ts files import ioredis's types without depending on it (it is loaded only
		// when Redis is configured): an app that type-checks them installs it, octokit or Hublet.
		dependencies: { probot: "^14.0.0", ioredis: "^5.0.0" },
		source: PROBOT_APP,
		args: (token, baseUrl) => [generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey.export({ type: "pkcs1", format: "pem" }), token, baseUrl],
		result: { fullName: "o/r", id: 4242, labels: ["label 1", "label 2"], login: "octocat", missing: 404 },
		requests: (token) => [
			["POST", "/app/installations/2/access_tokens", undefined, "bearer <jwt>"],
			["GET", "/repos/o/r", undefined, "token ghs_installation"],
			["POST", "/repos/o/r/issues/1/comments", { body: "Thanks for opening this issue in o/r!" }, "token ghs_installation"],
			["GET", "/repos/o/r", undefined, token],
			["GET", "/repos/o/r/issues/1/labels", undefined, token],
			["GET", "/repos/o/r/issues/1/labels?page=2", undefined, token],
			["POST", "/graphql", { query: "query { viewer { login } }" }, token],
			["GET", "/repos/o/gone", undefined, token],
		],
	},
};

/**
`npm ls --all` of `project`: the logical tree (from --json, as its edges `parent@version > child@version`,
which do not depend on where npm prints a package in full and where "deduped") and where each
package lies (from --parseable: path and version).
*/
async function npmTree(project) {
	const json = JSON.parse(await runAsync("npm", ["ls", "--all", "--json"], { cwd: project }));
	const edges = new Set();
	const walk = (parent, dependencies = {}) => {
		for (const [name, node] of Object.entries(dependencies)) {
			edges.add(`${parent} > ${name}@${node.version}`);
			walk(`${name}@${node.version}`, node.dependencies);
		}
	};
	walk("(app)", json.dependencies);
	const lines = (await runAsync("npm", ["ls", "--all", "--parseable", "--long"], { cwd: project })).trim().split("\n").slice(1);
	const placed = lines.map((line) => line.slice(project.length + 1).split(":").slice(0, 2).join(" ")).sort();
	return { edges: [...edges].sort(), placed };
}

/**
Installing Hublet moves no other package: `npm install <tarball>` in a project on @actions/github
6.0.0 (whose @actions/http-client needs undici 5, which @actions/github also loads) leaves every
package where and as it was, and `require("@actions/github")` works. A project installed from
nothing with both differs only in Hublet, its dependency, and its peer @octokit/request-error,
which npm then takes at 7.x (docs/compatibility.md).
*/
async function checkPlacement() {
	const base = cachedProject("beside-actions-github-6", {}, ["@actions/github@6.0.0"]);
	const without = await npmTree(base);
	const isHublets = (placed) => placed.startsWith("node_modules/@hublet/rest");
	await step("npm install @hublet/rest beside @actions/github 6.0.0: npm ls --all is the same but for Hublet, and @actions/github loads", async () => {
		const project = mkdtempSync(join(work, "beside-"));
		for (const file of ["package.json", "package-lock.json", "node_modules"]) cpSync(join(base, file), join(project, file), { recursive: true, verbatimSymlinks: true });
		await runAsync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error", `./${placeTarball(project, tarball, "hublet-rest")}`], { cwd: project });
		const withHublet = await npmTree(project);
		const hublets = (edge) => edge.includes("@hublet/rest@");
		if (!withHublet.edges.some(hublets)) throw new Error("npm ls: @hublet/rest is not installed");
		const edges = withHublet.edges.filter((edge) => !hublets(edge));
		if (JSON.stringify(edges) !== JSON.stringify(without.edges)) throw new Error(`npm ls --all --json differs:\nwithout Hublet only: ${without.edges.filter((e) => !edges.includes(e)).join("\n")}\nwith Hublet only: ${edges.filter((e) => !without.edges.includes(e)).join("\n")}`);
		const moved = without.placed.filter((placed) => !withHublet.placed.includes(placed));
		const added = withHublet.placed.filter((placed) => !without.placed.includes(placed) && !isHublets(placed));
		if (moved.length || added.length) throw new Error(`npm ls --all --parseable: gone ${moved.join(", ") || "none"}; added ${added.join(", ") || "none"}`);
		await runAsync(process.execPath, ["-e", "require('@actions/github')"], { cwd: project });
		return `${without.placed.length} packages and ${without.edges.length} dependencies, none moved`;
	});
	await step("@hublet/rest and @actions/github 6.0.0 installed from nothing: only Hublet and its peer @octokit/request-error differ", async () => {
		const project = mkdtempSync(join(work, "together-"));
		const local = placeTarball(project, tarball, "hublet-rest");
		const manifest = { name: "beside-actions-github-6", private: true, dependencies: { "@actions/github": "6.0.0", "@hublet/rest": `file:${local}` } };
		writeFileSync(join(project, "package.json"), JSON.stringify(manifest));
		await runAsync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: project });
		const together = await npmTree(project);
		const own = (placed) => isHublets(placed) || /(^|\/)@octokit\/(request-error|openapi-types|types) /.test(placed) || /@octokit\/(request-error|types)\/node_modules\//.test(placed);
		const moved = without.placed.filter((placed) => !together.placed.includes(placed) && !own(placed));
		const added = together.placed.filter((placed) => !without.placed.includes(placed) && !own(placed));
		if (moved.length || added.length) throw new Error(`npm ls --all --parseable: gone ${moved.join(", ") || "none"}; added ${added.join(", ") || "none"}`);
		await runAsync(process.execPath, ["-e", "require('@actions/github')"], { cwd: project });
		return together.placed.filter((placed) => !without.placed.includes(placed)).join(", ");
	});
}

/**
The app built as an Action is: compiled, then bundled by ncc, with Hublet (in `project`, by the
recipe) and on octokit (in a project of its own, the same dependencies without the recipe). Both
bundles run against one server on 127.0.0.1; Hublet's must send each request octokit's sends
(method, path, query, body, every header but the user agent) and print the same result, and
name its classes.
*/
async function checkBundles(library, app, project) {
	let theirs;
	await step(`the app on ${library}, on octokit without the recipe: type-checks and ncc builds it`, async () => {
		const control = cachedProject(`${app.folder}-octokit`, { type: "module" }, []);
		const dependencies = { ...app.dependencies, ...app.octokit, "@vercel/ncc": NCC, "@types/node": TYPES_NODE.slice("@types/node@".length) };
		writeFileSync(join(control, "package.json"), JSON.stringify({ name: `${app.folder}-octokit`, private: true, type: "module", dependencies }, null, "\t"));
		await runAsync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: control });
		writeFileSync(join(control, "app.ts"), app.octokitSource?.(app.source) ?? app.source);
		writeFileSync(join(control, "tsconfig.json"), JSON.stringify({ compilerOptions: app.compilerOptions ?? COMPILER_OPTIONS, files: ["app.ts"] }, null, "\t"));
		rmSync(join(control, "out"), { recursive: true, force: true });
		await runAsync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: control });
		writeFileSync(join(control, "action.mjs"), ACTION_ENTRY);
		theirs = await nccBuild(control, "action.mjs", "bundle");
	});
	if (!theirs) return;
	await step(`the app on ${library}, built with ncc: Hublet's bundle sends every request octokit's bundle sends, and names its classes`, async () => {
		writeFileSync(join(project, "action.mjs"), ACTION_ENTRY);
		const ours = await nccBuild(project, "action.mjs", "bundle");
		const seen = [];
		const { baseUrl, close } = await server(seen);
		const github = { baseUrl, reset: () => seen.splice(0) };
		try {
			const token = "ghp_override";
			const runs = { octokit: await runBundle(theirs, github, token), Hublet: await runBundle(ours, github, token) };
			for (const [side, run] of Object.entries(runs)) {
				if (run.status !== 0 || run.stdout.trim() !== JSON.stringify(app.result)) throw new Error(`${side}'s bundle exited ${run.status} and printed ${run.stdout}\nexpected ${JSON.stringify(app.result)}`);
				const agents = run.requests.filter(({ agent }) => !agent?.includes(side === "Hublet" ? "hublet-rest.js/" : "octokit-core.js/"));
				if (agents.length) throw new Error(`requests not sent by ${side}: ${agents.map(({ path, agent }) => `${path} (${agent})`).join(", ")}`);
			}
			const problems = [...bundleDifferences(runs.octokit, runs.Hublet), ...unnamedClasses(ours).map((name) => `the bundle does not name the class ${name}`)];
			if (problems.length) throw new Error(problems.join("\n"));
			return `${runs.Hublet.requests.length} requests`;
		} finally {
			await close();
		}
	});
}

const { step, finish } = steps("Hublet in place of @octokit/core");
const { tarball, done } = tarballFromArguments();
const work = mkdtempSync(join(tmpdir(), "hublet-override-apps-"));
try {
	await step("pack octokit-core/", () => {
		run("npm", ["pack", "--pack-destination", work, "--silent"], { cwd: join(ROOT, "octokit-core") });
	});
	const coreTarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
	const onlyActions = process.argv.includes("--only-actions");
	if (!onlyActions) await checkPlacement();
	for (const [library, app] of Object.entries(APPS).filter(([, app]) => !onlyActions || app.octokit)) {
		let project;
		let installed = false;
		const manager = MANAGERS[app.manager ?? "npm"];
		await step(`an app on ${library}, installed by the recipe: every @octokit/core is Hublet's`, async () => {
			project = cachedProject(app.folder, { type: "module" }, []);
			for (const file of readdirSync(project)) if (file.endsWith(".tgz")) rmSync(join(project, file));
			const { dependencies, ...rest } = recipe(project, { "hublet-rest": tarball, "hublet-octokit-core": join(work, coreTarball) });
			const manifest = {
				name: app.folder,
				private: true,
				type: "module",
				dependencies: { ...app.dependencies, ...dependencies, "@types/node": TYPES_NODE.slice("@types/node@".length), ...(app.octokit && { "@vercel/ncc": NCC }) },
				...rest,
			};
			writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, "\t"));
			await runAsync(manager.install[0], manager.install[1], { cwd: project });
			// Every copy on disk, in whatever layout the manager chose, must be the packed octokit-core/.
			const copies = coreCopies(join(project, "node_modules"));
			const foreign = copies.filter((path) => JSON.parse(readFileSync(join(path, "package.json"), "utf8")).name !== "@hublet/octokit-core");
			if (copies.length === 0 || foreign.length) throw new Error(`@octokit/core: copies not Hublet's:\n${foreign.join("\n") || "(none installed)"}`);
			if (manager === MANAGERS.npm) {
				const dependents = (await runAsync("npm", ["ls", "@octokit/core", "--all"], { cwd: project })).split("\n").filter((line) => line.includes("@octokit/core@"));
				const others = dependents.filter((line) => !line.includes("@octokit/core@npm:@hublet/octokit-core@"));
				if (others.length) throw new Error(`npm ls @octokit/core:\n${others.join("\n")}`);
			}
			installed = true;
			return `${copies.length} ${copies.length === 1 ? "copy" : "copies"}, all @hublet/octokit-core`;
		});
		// The tree left by an install that failed is not the one to check.
		if (!installed) continue;
		await step(`the app on ${library} type-checks, strict, skipLibCheck off: 0 errors`, async () => {
			writeFileSync(join(project, "app.ts"), app.source);
			writeFileSync(join(project, "run.mjs"), RUNNER);
			writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: app.compilerOptions ?? COMPILER_OPTIONS, files: ["app.ts"] }, null, "\t"));
			rmSync(join(project, "out"), { recursive: true, force: true });
			await runAsync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: project });
		});
		await step(`the app on ${library} runs its calls over loopback: each arrived and was answered`, async () => {
			const seen = [];
			const { baseUrl, close } = await server(seen);
			try {
				const token = "ghp_override";
				const stdout = await runAsync(process.execPath, ["run.mjs", ...app.args(token, baseUrl)], { cwd: project });
				const result = JSON.parse(stdout);
				if (JSON.stringify(result) !== JSON.stringify(app.result)) throw new Error(`the app got ${stdout}\nexpected ${JSON.stringify(app.result)}`);
				const arrived = seen.map(({ method, path, body, authorization }) => [method, path, body, authorization?.startsWith("bearer ey") ? "bearer <jwt>" : authorization]);
				const expected = app.requests(`token ${token}`);
				if (JSON.stringify(arrived) !== JSON.stringify(expected)) throw new Error(`the server saw:\n${arrived.map((r) => JSON.stringify(r)).join("\n")}\nexpected:\n${expected.map((r) => JSON.stringify(r)).join("\n")}`);
				const others = seen.filter(({ agent }) => !agent?.includes("hublet-rest.js/"));
				if (others.length) throw new Error(`requests not sent by Hublet: ${others.map(({ path, agent }) => `${path} (${agent})`).join(", ")}`);
				return `${seen.length} requests`;
			} finally {
				await close();
			}
		});
		if (app.octokit) await checkBundles(library, app, project);
	}
	await checkActionBundles({ step, recipe, tarballs: { "hublet-rest": tarball, "hublet-octokit-core": join(work, coreTarball) } });
} finally {
	rmSync(work, { recursive: true, force: true });
	done();
}
finish();
