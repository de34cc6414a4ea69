// Published GitHub Actions, built with @vercel/ncc as Actions are, once on octokit and once with
// Hublet in place of @octokit/core by the recipe of docs/compatibility.md: each built bundle runs
// as the Actions runner runs it (`node bundle/index.js`, inputs in INPUT_* variables) against the
// same server on 127.0.0.1, and every request Hublet's bundle sends (method, path, query, body and
// every header but the user agent) must be the one octokit's bundle sends, in the same order.
//
// The Actions are CatChen's, published to npm with their compiled code (dist/*.js, the output of
// their `tsc`), their .d.ts files and their scripts; their TypeScript sources and their tests are
// not in the packages (their `test` script is `echo "Error: no test specified" && exit 1`), so
// ncc builds dist/index.js, the module graph that their `ncc build src/index.ts` builds, and the
// type check is a program on their .d.ts files, strict, with `skipLibCheck: false`:
//
// - token-who-am-i-action 2.0.0: on @actions/github 6 (6.0.0 here, which its `^6.0.0` takes), its
//   client `GitHub.plugin(throttling, retry)` with throttle callbacks and `retry.doNotRetry`, its
//   getOctokit.d.ts typed from `@octokit/core/dist-types/index.js`;
// - typescript-github-action-template 0.2.65: on @actions/github 9 and @octokit/core 7, which it
//   lists itself, with plugin-retry 8 and plugin-throttling 11 in the same client.
//
// Used by scripts/check-override-apps.mjs, whose steps they are.
import { existsSync, readFileSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:http";
import { join } from "node:path";
import { ROOT, cachedProject, runAsync } from "./temp-project.mjs";

const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
const TYPES_NODE = JSON.parse(readFileSync(join(ROOT, "node_modules", "@types", "node", "package.json"), "utf8")).version;
const NPM_INSTALL = ["install", "--no-audit", "--no-fund", "--prefer-offline", "--loglevel=error"];
// The bot whose token the Actions are run with: its login has the brackets GitHub gives bots, so
// the path `/users/{username}` is encoded by each client.
const BOT = { login: "octo-bot[bot]", id: 41, slug: "octo-bot", name: "Octo Bot" };

export const ACTIONS = {
	"token-who-am-i-action 2.0.0 on @actions/github 6.0.0": {
		folder: "action-token-who-am-i",
		dependencies: { "token-who-am-i-action": "2.0.0", "@actions/github": "6.0.0", "@vercel/ncc": "0.38.4" },
		entry: "node_modules/token-who-am-i-action/dist/index.js",
		client: "token-who-am-i-action/dist/getOctokit.js",
		// What the server sees: the viewer query twice (a secondary rate limit first), the bot, its
		// app's slug, and its app twice (a 502 first).
		requests: ["POST /graphql", "POST /graphql", "GET /users/octo-bot%5Bbot%5D", "POST /graphql", "GET /apps/octo-bot", "GET /apps/octo-bot"],
		// Its own types, read as a program that uses the Action's module reads them.
		program: `import { tokenWhoAmI, type Actor } from "token-who-am-i-action";
import { getOctokit } from "token-who-am-i-action/dist/getOctokit.js";

export async function who(githubToken: string): Promise<[Actor, number, string[]]> {
	const octokit = getOctokit(githubToken);
	const { data: user } = await octokit.rest.users.getByUsername({ username: "octocat" });
	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: "o", repo: "r" });
	const actor = await tokenWhoAmI({ githubToken });
	return [actor, user.id, issues.map((issue) => issue.title)];
}
`,
	},
	"typescript-github-action-template 0.2.65 on @actions/github 9 and @octokit/core 7": {
		folder: "action-typescript-template",
		dependencies: { "typescript-github-action-template": "0.2.65", "@vercel/ncc": "0.44.1" },
		entry: "node_modules/typescript-github-action-template/dist/index.js",
		client: "typescript-github-action-template/dist/getOctokit.js",
		requests: ["POST /graphql", "POST /graphql"],
		program: `import { getLogin } from "typescript-github-action-template";
import { getOctokit } from "typescript-github-action-template/dist/getOctokit.js";

export async function login(githubToken: string): Promise<[string, number, string[]]> {
	const octokit = getOctokit(githubToken);
	const { data: user } = await octokit.rest.users.getByUsername({ username: "octocat" });
	const issues = await octokit.paginate(octokit.rest.issues.listForRepo, { owner: "o", repo: "r" });
	return [await getLogin(githubToken), user.id, issues.map((issue) => issue.title)];
}
`,
	},
};

/**
The fake GitHub both bundles talk to, on 127.0.0.1. The first GraphQL request of a run meets a
secondary rate limit (plugin-throttling waits the second it names, then sends it again) and the
first GET of an app a 502 (plugin-retry sends it again), so both plugins act in both bundles.
`reset()` starts a run: the same server, so the Host header is the same for both.
*/
export async function fakeGitHub() {
	let seen = [];
	let failed = new Set();
	const once = (what) => !failed.has(what) && failed.add(what);
	const http = createServer(async (request, response) => {
		let body = "";
		for await (const chunk of request) body += chunk;
		const { pathname, search } = new URL(request.url, "http://127.0.0.1");
		const { "user-agent": agent, ...headers } = request.headers;
		seen.push({ method: request.method, path: pathname, query: search, body, headers: Object.fromEntries(Object.entries(headers).sort()), agent });
		const json = (status, data, extra = {}) => {
			response.writeHead(status, { "content-type": "application/json; charset=utf-8", ...extra });
			response.end(JSON.stringify(data));
		};
		if (request.method === "POST" && pathname === "/graphql") {
			const { query, variables } = JSON.parse(body);
			if (once("graphql")) return json(403, { message: "You have exceeded a secondary rate limit. Please wait a few minutes before you try again." }, { "retry-after": "1" });
			if (query.includes("viewer")) return json(200, { data: { viewer: { login: BOT.login, id: "BOT_kgDO", global_id: "BOT_kgDO" } } });
			if (query.includes("node(") && variables?.global_id === "BOT_kgDO") return json(200, { data: { node: { bot_login: BOT.slug } } });
			return json(200, { errors: [{ message: "unknown query" }] });
		}
		if (request.method === "GET" && pathname === `/users/${encodeURIComponent(BOT.login)}`) return json(200, { login: BOT.login, id: BOT.id, name: null, email: null, type: "Bot" });
		if (request.method === "GET" && pathname === `/apps/${BOT.slug}`) {
			if (once("app")) return json(502, { message: "Server Error" });
			return json(200, { id: 7, slug: BOT.slug, name: BOT.name });
		}
		json(404, { message: "Not Found", documentation_url: "https://docs.github.com/rest" });
	});
	await new Promise((resolve) => http.listen(0, "127.0.0.1", resolve));
	return {
		baseUrl: `http://127.0.0.1:${http.address().port}`,
		reset() {
			const before = seen;
			seen = [];
			failed = new Set();
			return before;
		},
		close: () => new Promise((resolve) => http.close(resolve)),
	};
}

// The Action's own client, from its getOctokit module, built by ncc as the Action is: what a
// program sees of it (the client's and the error's class names, as util.inspect prints them) and
// the options each request carries into octokit's request hook.
const PROBE = (client) => `import { inspect } from "node:util";
import { getOctokit } from "${client}";

const octokit = getOctokit(process.env.TOKEN);
const options = [];
octokit.hook.before("request", (request) => {
	options.push({ keys: Object.keys(request).sort(), request: Object.keys(request.request ?? {}).sort() });
});
// retries: 0, as plugin-retry reads it: token-who-am-i-action's doNotRetry retries a 404 three times.
const error = await octokit.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "gone", request: { retries: 0 } }).catch((error) => error);
console.log(JSON.stringify({
	client: inspect(octokit, { depth: 0 }).replace(/^<ref \\*\\d+> /, "").split(" ")[0],
	error: { constructor: error.constructor.name, name: error.name, status: error.status, printed: inspect(error).split(":")[0] },
	options,
}));
`;

/** Installs the Action from the registry, with `manifest` added (the recipe, for Hublet's). */
async function install(project, app, manifest) {
	const dependencies = { ...app.dependencies, ...manifest.dependencies, "@types/node": TYPES_NODE };
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: app.folder, private: true, type: "module", ...manifest, dependencies }, null, "\t"));
	await runAsync("npm", NPM_INSTALL, { cwd: project });
}

/** The Action's types and the program on them: strict, `skipLibCheck: false`, 0 errors. */
async function typeCheck(project, app) {
	writeFileSync(join(project, "program.ts"), app.program);
	const compilerOptions = { strict: true, skipLibCheck: false, noEmit: true, target: "ES2022", module: "nodenext", moduleResolution: "nodenext", lib: ["ES2022", "DOM"], types: ["node"] };
	writeFileSync(join(project, "tsconfig.json"), JSON.stringify({ compilerOptions, files: ["program.ts"] }, null, "\t"));
	await runAsync(process.execPath, [TSC, "-p", "tsconfig.json"], { cwd: project });
}

/** `ncc build <entry>` in `project` with an Action's bundle-script options, into `out/`; the built file. */
export async function nccBuild(project, entry, out) {
	const ncc = join(project, "node_modules", "@vercel", "ncc", "dist", "ncc", "cli.js");
	rmSync(join(project, out), { recursive: true, force: true });
	await runAsync(process.execPath, [ncc, "build", entry, "--source-map", "--license", "licenses.txt", "--out", out], { cwd: project });
	const file = readdirSync(join(project, out)).find((file) => /^index\.m?js$/.test(file));
	if (!file) throw new Error(`ncc wrote no index.js into ${out}/`);
	return join(project, out, file);
}

/** The Action's bundle and the probe's, built by ncc. */
async function build(project, app) {
	writeFileSync(join(project, "probe.mjs"), PROBE(app.client));
	return { bundle: await nccBuild(project, app.entry, "bundle"), "probe-bundle": await nccBuild(project, "probe.mjs", "probe-bundle") };
}

/** Runs a built bundle as the runner runs an Action; what it printed and what the server saw. */
export async function runBundle(file, github, token) {
	github.reset();
	const env = { PATH: process.env.PATH, "INPUT_GITHUB-TOKEN": token, TOKEN: token, GITHUB_API_URL: github.baseUrl, GITHUB_GRAPHQL_URL: `${github.baseUrl}/graphql` };
	const started = Date.now();
	let stdout;
	let status = 0;
	try {
		stdout = await runAsync(process.execPath, [file], { env });
	} catch (error) {
		stdout = error.stdout;
		status = error.code;
	}
	return { stdout, status, requests: github.reset(), seconds: (Date.now() - started) / 1000 };
}

/** Every @octokit/core folder under `folder`, nested ones included. */
function coreCopies(folder, found = []) {
	if (!existsSync(folder)) return found;
	for (const entry of readdirSync(folder, { withFileTypes: true })) {
		if (!entry.isDirectory()) continue;
		const path = join(folder, entry.name);
		if (entry.name === "core" && folder.endsWith("@octokit") && existsSync(join(path, "package.json"))) found.push(path);
		else coreCopies(path, found);
	}
	return found;
}

const line = ({ method, path, query, body, headers }) => JSON.stringify({ method, path, query, body, headers });

/**
What differs between two runs of a bundle, octokit's and Hublet's: each request (method, path,
query, body, every header but the user agent, in order) and what the Action printed.
*/
export function bundleDifferences(theirs, ours) {
	const [a, b] = [theirs.requests.map(line), ours.requests.map(line)];
	const differ = a.map((request, index) => (request === b[index] ? "" : `octokit: ${request}\nHublet:  ${b[index]}`)).filter(Boolean);
	if (a.length !== b.length) differ.push(`octokit sent ${a.length} requests, Hublet ${b.length}`);
	if (theirs.stdout !== ours.stdout) differ.push(`the Action printed:\noctokit: ${theirs.stdout}\nHublet:  ${ours.stdout}`);
	return differ;
}

/** The classes a program sees keep their names in a bundle's text (scripts/build.mjs names them). */
export function unnamedClasses(file) {
	const text = readFileSync(file, "utf8");
	return ["Hublet", "RequestError"].filter((name) => !text.includes(`Object.defineProperty(this,"name",{value:"${name}"`));
}

/** Each Action: installed, type-checked, built and run on octokit, then the same with Hublet. */
export async function checkActionBundles({ step, recipe, tarballs }) {
	const github = await fakeGitHub();
	const token = "ghs_action16charsecret";
	try {
		for (const [name, app] of Object.entries(ACTIONS)) {
			const built = {};
			const probed = {};
			for (const side of ["octokit", "Hublet"]) {
				const project = cachedProject(`${app.folder}-${side.toLowerCase()}`, { type: "module" }, []);
				let ready = false;
				await step(`${name}, on ${side}: installed from the registry${side === "Hublet" ? " by the recipe" : ""}, its types check (strict, skipLibCheck off) and ncc builds it`, async () => {
					for (const file of readdirSync(project)) if (file.endsWith(".tgz")) rmSync(join(project, file));
					await install(project, app, side === "Hublet" ? recipe(project, tarballs) : {});
					// Every copy of @octokit/core on disk, by the name in its package.json.
					const copies = coreCopies(join(project, "node_modules"));
					const names = [...new Set(copies.map((path) => { const { name, version } = JSON.parse(readFileSync(join(path, "package.json"), "utf8")); return `${name}@${version}`; }))];
					if (copies.length === 0) throw new Error("no @octokit/core is installed");
					if (side === "Hublet" && names.some((name) => !name.startsWith("@hublet/octokit-core@"))) throw new Error(`@octokit/core in the tree: ${names.join(", ")}`);
					await typeCheck(project, app);
					built[side] = await build(project, app);
					ready = true;
					return `${copies.length} @octokit/core: ${names.join(", ")}`;
				});
				if (!ready) continue;
				await step(`${name}, on ${side}: the built Action runs against GitHub on 127.0.0.1`, async () => {
					const run = await runBundle(built[side].bundle, github, token);
					built[side].run = run;
					if (run.status !== 0 || !run.stdout.includes(`::notice::`)) throw new Error(`the Action exited ${run.status}:\n${run.stdout}`);
					const sent = run.requests.map(({ method, path }) => `${method} ${path}`);
					if (JSON.stringify(sent) !== JSON.stringify(app.requests)) throw new Error(`the server saw ${sent.join(", ")}\nexpected ${app.requests.join(", ")}`);
					const strangers = run.requests.filter(({ agent }) => !agent?.includes(side === "Hublet" ? "hublet-rest.js/" : "octokit-core.js/"));
					if (strangers.length) throw new Error(`requests not sent by ${side}: ${strangers.map(({ path, agent }) => `${path} (${agent})`).join(", ")}`);
					probed[side] = JSON.parse((await runBundle(built[side]["probe-bundle"], github, token)).stdout);
					return `${run.requests.length} requests in ${run.seconds.toFixed(1)} s`;
				});
			}
			if (!built.Hublet?.run || !built.octokit?.run) continue;
			await step(`${name}: Hublet's bundle sends every request octokit's sends (method, path, query, body, headers but the user agent) and prints the same`, () => {
				const differ = bundleDifferences(built.octokit.run, built.Hublet.run);
				if (differ.length) throw new Error(differ.join("\n"));
				const ours = built.Hublet.run.requests;
				return `${ours.length} requests`;
			});
			await step(`${name}: Hublet's ncc bundle reads as octokit's: classes named, no Hublet option in request options`, () => {
				const ours = probed.Hublet;
				const theirs = probed.octokit;
				const problems = [];
				for (const name of unnamedClasses(built.Hublet.bundle)) problems.push(`the bundle does not name the class ${name}`);
				if (ours.client !== "Hublet") problems.push(`the client prints as ${ours.client}`);
				if (JSON.stringify(ours.error) !== JSON.stringify(theirs.error)) problems.push(`the error: octokit ${JSON.stringify(theirs.error)}, Hublet ${JSON.stringify(ours.error)}`);
				for (const [index, options] of ours.options.entries()) {
					const octokits = theirs.options[index] ?? { keys: [], request: [] };
					const added = [...options.keys.filter((key) => !octokits.keys.includes(key)), ...options.request.filter((key) => !octokits.request.includes(key)).map((key) => `request.${key}`)];
					if (added.length) problems.push(`request options octokit has not: ${added.join(", ")}`);
				}
				if (ours.options.length === 0) problems.push("the request hook saw no request");
				if (problems.length) throw new Error(problems.join("\n"));
				return `${ours.client}, ${ours.error.printed}; request options ${ours.options.map(({ keys, request }) => `${keys.join(",")} (request: ${request.join(",")})`).join("; ")}`;
			});
		}
	} finally {
		await github.close();
	}
}
