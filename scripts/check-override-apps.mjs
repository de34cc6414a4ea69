#!/usr/bin/env node
// Hublet in place of @octokit/core inside real dependency trees, the recipe of
// docs/compatibility.md: an app on @actions/github and an app on Probot are installed from the
// registry with `"overrides": { "@octokit/core": "file:<packed octokit-core/>" }` and
// `@hublet/rest` from its packed tarball. For each app:
//
// - `npm ls @octokit/core` shows that every copy in the tree is Hublet's;
// - the app (TypeScript, in the idioms of real code on that library) compiles, strict, with
//   `skipLibCheck: false`, so the library's own .d.ts files are checked against Hublet's: 0 errors;
// - its calls run over a server on 127.0.0.1, which checks that each arrived (method, path, body,
//   the token) and the app checks that each answer came back.
//
//   node scripts/check-override-apps.mjs [tarball] [--keep]
//
// The registry packages stay installed in .tmp/consumers/override-<app>/ between runs
// (scripts/temp-project.mjs); the two tarballs are installed on every run, named after their hash.
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
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
		seen.push({ method: request.method, path: `${pathname}${page > 1 ? `?page=${page}` : ""}`, body: body ? JSON.parse(body) : undefined, authorization: request.headers.authorization, agent: request.headers["user-agent"] });
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

/** Copies `tarball` into `project` named after its hash (npm never mistakes it for last run's). */
// An absolute path: npm (11.19) reads a relative `file:` in `overrides` from the folder of the
// package that depends on @octokit/core once the tree exists, so a changed tarball is then not found.
const tarballSpec = (project, tarball, name) => `file:${join(project, placeTarball(project, tarball, name))}`;

const APPS = {
	"@actions/github": {
		folder: "override-actions-github",
		dependencies: { "@actions/github": "9.1.1", "@octokit/request-error": "^7.0.0" },
		source: ACTIONS_APP,
		args: (token, baseUrl) => [token, baseUrl],
		result: { fullName: "o/r", id: 4242, commentId: 77, titles: ["issue 1", "issue 2"], login: "octocat", missing: 404 },
		requests: (token) => [
			["GET", "/repos/o/r", undefined, token],
			["POST", "/repos/o/r/issues/1/comments", { body: "Thanks for the report" }, token],
			["GET", "/repos/o/r/issues", undefined, token],
			["GET", "/repos/o/r/issues?page=2", undefined, token],
			["POST", "/graphql", { query: "query { viewer { login } }" }, token],
			["GET", "/repos/o/gone", undefined, token],
		],
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

const { step, finish } = steps("Hublet in place of @octokit/core");
const { tarball, done } = tarballFromArguments();
const work = mkdtempSync(join(tmpdir(), "hublet-override-apps-"));
try {
	await step("pack octokit-core/", () => {
		run("npm", ["pack", "--pack-destination", work, "--silent"], { cwd: join(ROOT, "octokit-core") });
	});
	const coreTarball = readdirSync(work).find((file) => file.endsWith(".tgz"));
	for (const [library, app] of Object.entries(APPS)) {
		let project;
		let installed = false;
		await step(`an app on ${library}, installed with @octokit/core overridden: every copy is Hublet's`, async () => {
			project = cachedProject(app.folder, { type: "module" }, []);
			for (const file of readdirSync(project)) if (file.endsWith(".tgz")) rmSync(join(project, file));
			const manifest = {
				name: app.folder,
				private: true,
				type: "module",
				dependencies: { ...app.dependencies, "@hublet/rest": tarballSpec(project, tarball, "hublet-rest"), "@types/node": TYPES_NODE.slice("@types/node@".length) },
				overrides: { "@octokit/core": tarballSpec(project, join(work, coreTarball), "hublet-octokit-core") },
			};
			writeFileSync(join(project, "package.json"), JSON.stringify(manifest, null, "\t"));
			await runAsync("npm", ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"], { cwd: project });
			// Every path npm ls gives is a copy on disk: each must be the packed octokit-core/.
			const copies = (await runAsync("npm", ["ls", "@octokit/core", "--all", "--parseable"], { cwd: project })).trim().split("\n").filter((path) => path.endsWith("@octokit/core"));
			const foreign = copies.filter((path) => JSON.parse(readFileSync(join(path, "package.json"), "utf8")).name !== "@hublet/octokit-core");
			if (copies.length === 0 || foreign.length) throw new Error(`npm ls @octokit/core: copies not Hublet's:\n${foreign.join("\n") || "(none installed)"}`);
			const dependents = (await runAsync("npm", ["ls", "@octokit/core", "--all"], { cwd: project })).split("\n").filter((line) => line.includes("@octokit/core@"));
			const others = dependents.filter((line) => !line.includes("@octokit/core@npm:@hublet/octokit-core@"));
			if (others.length) throw new Error(`npm ls @octokit/core:\n${others.join("\n")}`);
			installed = true;
			return `${dependents.length} dependents, ${copies.length} ${copies.length === 1 ? "copy" : "copies"}, all @hublet/octokit-core`;
		});
		// The tree left by an install that failed is not the one to check.
		if (!installed) continue;
		await step(`the app on ${library} type-checks, strict, skipLibCheck off: 0 errors`, async () => {
			writeFileSync(join(project, "app.ts"), app.source);
			writeFileSync(join(project, "run.mjs"), RUNNER);
			writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions: COMPILER_OPTIONS, files: ["app.ts"] }, null, "\t"));
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
	}
} finally {
	rmSync(work, { recursive: true, force: true });
	done();
}
finish();
