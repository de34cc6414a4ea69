// The package as npm ships it: `npm pack`, then an install of the tarball into a temporary
// project. The tarball carries LICENSE and a package.json without lifecycle scripts (the
// repository keeps `prepare`, which builds dist/ on `npm ci` in a clone), and the README's
// subset example (docs/) compiles with the TypeScript settings docs/core.md names.
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { execFileSync, spawn, spawnSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const TSC = join(ROOT, "node_modules", "typescript", "bin", "tsc");
// The smallest client's example (docs/development.md) and the settings it needs (docs/core.md).
const README = ["core.md", "development.md"].map((page) => readFileSync(join(ROOT, "docs", page), "utf8")).join("\n");
const work = mkdtempSync(join(tmpdir(), "hublet-package-"));
const project = join(work, "consumer");
let manifestBefore;
let packed;
let install;

const pack = suite("npm pack and install of the tarball");
pack.before(() => {
	manifestBefore = readFileSync(join(ROOT, "package.json"), "utf8");
	const [{ filename }] = JSON.parse(execFileSync("npm", ["pack", "--json", "--pack-destination", work], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }));
	const unpacked = join(work, "unpacked");
	mkdirSync(unpacked);
	execFileSync("tar", ["-xzf", join(work, filename), "-C", unpacked]);
	packed = join(unpacked, "package");
	mkdirSync(project);
	writeFileSync(join(project, "package.json"), JSON.stringify({ name: "consumer", private: true, type: "module" }));
	install = spawnSync("npm", ["install", "--prefer-offline", "--no-audit", "--no-fund", join(work, filename)], { cwd: project, encoding: "utf8" });
});
pack.after(() => rmSync(work, { recursive: true, force: true }));

pack("the tarball carries the MIT LICENSE that package.json names", () => {
	assert.is(JSON.parse(manifestBefore).license, "MIT");
	const license = readFileSync(join(packed, "LICENSE"), "utf8");
	assert.is(license, readFileSync(join(ROOT, "LICENSE"), "utf8"));
	assert.match(license, /^MIT License\n/);
});

pack("the shipped package.json has no scripts; the rest is the repository's, which pack leaves byte for byte as it was", () => {
	const shipped = JSON.parse(readFileSync(join(packed, "package.json"), "utf8"));
	const { scripts, ...rest } = JSON.parse(manifestBefore);
	assert.is(shipped.scripts, undefined);
	assert.equal(shipped, rest);
	assert.is(readFileSync(join(ROOT, "package.json"), "utf8"), manifestBefore);
	assert.not.ok(existsSync(join(ROOT, ".package.json.prepack")));
	// The repository keeps the build that `npm ci` runs in a fresh clone.
	assert.is(scripts.prepare, "node scripts/build.mjs");
});

pack("installing the tarball warns about no install scripts and the package imports", () => {
	assert.is(install.status, 0, install.stderr);
	assert.not.match(install.stderr, /install.scripts/i);
	const imported = execFileSync(process.execPath, ["--input-type=module", "-e", 'import { Hublet } from "@hublet/rest"; console.log(typeof Hublet)'], { cwd: project, encoding: "utf8" });
	assert.is(imported, "function\n");
});

pack("from the installed tarball, a core program's features load their files at first use, and the full entry's bundler build resolves", () => {
	const program = `
import { Hublet, paginate, retry, cache, requestLog } from "@hublet/rest/core";
const pages = { "/x": ['[1,2]', '<https://api.github.com/x?page=2>; rel="next"'], "/x?page=2": ['[3]', ""] };
let calls = 0;
const fetch = async (url) => {
	calls++;
	const [body, link] = pages[new URL(url).pathname + new URL(url).search] ?? ['{"id":1}', ""];
	return new Response(body, { headers: { "content-type": "application/json", ...(link ? { link } : {}), etag: '"e"' } });
};
const Client = Hublet.plugin(paginate, retry, cache, requestLog);
const client = new Client({ request: { fetch }, cache: true, log: { debug() {}, info() {}, warn() {}, error() {} } });
const one = await client.request("GET /repos/{owner}/{repo}", { owner: "o", repo: "r" });
const all = await client.paginate("GET /x");
console.log(JSON.stringify({ id: one.data.id, all, calls }));`;
	writeFileSync(join(project, "features.mjs"), program);
	const output = execFileSync(process.execPath, ["features.mjs"], { cwd: project, encoding: "utf8" });
	assert.equal(JSON.parse(output), { id: 1, all: [1, 2, 3], calls: 3 });
	assert.ok(existsSync(join(packed, "dist/index.module.js")), "the full entry for bundlers ships");
});

pack("the subset example of docs/ compiles with the settings it names, and node16 fails as it says (TS2823)", async () => {
	const example = /```js\n(import \{ Hublet \} from "@hublet\/rest\/core";\nimport routes from "\.\/github-routes\.json" with \{ type: "json" \};[^`]*)```/.exec(README)?.[1];
	assert.ok(example, "the subset example is in docs/");
	writeFileSync(join(project, "index.ts"), `${example}export const get = client.rest.repos.get;\n`);
	writeFileSync(join(project, "github-routes.json"), JSON.stringify({ source: "test", namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] } } }));
	mkdirSync(join(project, "node_modules", "@types"), { recursive: true });
	symlinkSync(join(ROOT, "node_modules", "@types", "node"), join(project, "node_modules", "@types", "node"), "dir");
	symlinkSync(join(ROOT, "node_modules", "undici-types"), join(project, "node_modules", "undici-types"), "dir");
	/** tsc's exit status and output for the project under these settings. */
	const compile = (module, moduleResolution) =>
		new Promise((resolve) => {
			const args = [TSC, "--noEmit", "--strict", "--skipLibCheck", "--resolveJsonModule", "--target", "es2022", "--types", "node", "--module", module, "--moduleResolution", moduleResolution, "index.ts"];
			const child = spawn(process.execPath, args, { cwd: project, stdio: ["ignore", "pipe", "inherit"] });
			let stdout = "";
			child.stdout.setEncoding("utf8").on("data", (chunk) => (stdout += chunk));
			child.on("close", (status) => resolve({ status, stdout }));
		});
	// One setting the README names (each compile costs seconds, so the two run at once; the others
	// are TypeScript's own rule).
	assert.match(README, '`"module"` set to `"nodenext"`');
	const [nodenext, node16] = await Promise.all([compile("nodenext", "nodenext"), compile("node16", "node16")]);
	assert.is(nodenext.status, 0, nodenext.stdout);
	assert.match(node16.stdout, /TS2823/);
	assert.match(README, /`"module": "node16"` TypeScript rejects import attributes \(TS2823\)/);
});

pack.run();
