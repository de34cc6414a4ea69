// Every TypeScript and JavaScript example of README.md and docs/ compiles with the settings the
// README gives (module nodenext, target es2022, types ["node"], strict), against the package by
// name, as a user's file would: ```ts blocks as TypeScript, ```js blocks as JavaScript with
// checkJs. An example that names `client` (or `Hublet`) without making it reads them from a
// one-line preamble, the client the page has just made. A few examples stand for a file of the
// user's that is not shown (a route subset's JSON); KNOWN lists the examples expected to fail,
// each with the reason: one place to flip when the reason goes.
// Run: node test/docs-examples.test.js
import { mkdirSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { cachingHost } from "./helpers/compile-types.js";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const PAGES = ["README.md", ...readdirSync(join(ROOT, "docs")).filter((file) => file.endsWith(".md")).map((file) => `docs/${file}`)];

// The README's tsconfig.json, read from the README itself.
const README = readFileSync(join(ROOT, "README.md"), "utf8");
const SETTINGS = JSON.parse(/The examples type-check with these `tsconfig.json` settings[\s\S]*?```json\n([\s\S]*?)```/.exec(README)[1]).compilerOptions;

/*
Examples expected not to compile, by page and the example's first line, with the reason. Flip one
(delete its line) when its reason goes; the test then fails if the example still does not compile,
and fails here if a listed example compiles (so the list never goes stale).
*/
const KNOWN = {};

/** Every ```ts and ```js block of a page: its language, its first line, its code. */
function examples(page) {
	const text = readFileSync(join(ROOT, page), "utf8");
	return [...text.matchAll(/^```(ts|js)\n([\s\S]*?)^```/gm)].map(([, language, code]) => ({ language, code, first: code.split("\n").find((line) => line.trim() !== "") }));
}

/**
What an example takes as given when it does not make it itself: the page's client, and the
`owner` and `repo` its calls name. In TypeScript a declaration, in JavaScript the same in JSDoc.
*/
function preamble(code, language) {
	const declares = (name) => new RegExp(`\\b(const|let|var)\\s+(\\{[^}]*\\b)?${name}\\b|import[^;]*\\b${name}\\b[^;]*from`).test(code);
	const uses = (name) => new RegExp(`\\b${name}\\b`).test(code);
	const lines = [];
	const needsHublet = (uses("Hublet") && !declares("Hublet")) || (uses("client") && !declares("client"));
	if (needsHublet) lines.push(declares("Hublet") ? "" : 'import { Hublet } from "@hublet/rest";');
	const given = {
		client: ["Hublet", "new Hublet()"],
		owner: ["string", '"octokit"'],
		repo: ["string", '"rest.js"'],
		auth: ["string", '"ghp_example"'],
		appId: ["number", "1"],
		privateKey: ["string", '"-----BEGIN PRIVATE KEY-----"'],
		installationId: ["number", "2"],
	};
	for (const [name, [type, value]] of Object.entries(given)) {
		if (!uses(name) || declares(name)) continue;
		lines.push(language === "ts" ? `declare const ${name}: ${type};` : `/** @type {${type === "Hublet" ? 'import("@hublet/rest").Hublet' : type}} */ const ${name} = ${value};`);
	}
	return lines.join("\n");
}

const DIR = join(ROOT, ".tmp", "docs-examples");

/** The file an example is written to, as a module of its own. */
const fileOf = ({ language }, name) => join(DIR, `${name}.${language === "ts" ? "mts" : "mjs"}`);

/**
Every example of every page compiled at once, in one program per language (a JavaScript example
has no annotations to write: its calls and members are checked, not its parameters' implicit
`any`): each is a module of its own, so their names never meet. Gives each file's errors.
*/
function compileAll(all) {
	// Written under .tmp/ in this package, so that "@hublet/rest" resolves through its own `exports`;
	// beside them, the route subset the core pages import, as `npx hublet-routes repos.get issues.listForRepo` writes it.
	mkdirSync(DIR, { recursive: true });
	writeFileSync(join(DIR, "github-routes.json"), JSON.stringify({ namespaces: { repos: { get: ["GET /repos/{owner}/{repo}"] }, issues: { listForRepo: ["GET /repos/{owner}/{repo}/issues"] } } }));
	const errors = new Map();
	for (const language of ["ts", "js"]) {
		const files = all.filter(({ example }) => example.language === language).map(({ example, name }) => {
			const file = fileOf(example, name);
			writeFileSync(file, `${preamble(example.code, language)}\n${example.code}\nexport {};\n`);
			errors.set(file, []);
			return file;
		});
		const javascript = language === "js" ? { noImplicitAny: false } : {};
		const options = ts.convertCompilerOptionsFromJson({ ...SETTINGS, noEmit: true, allowJs: true, checkJs: true, resolveJsonModule: true, ...javascript }, ROOT).options;
		for (const d of ts.getPreEmitDiagnostics(ts.createProgram(files, options, cachingHost(options)))) {
			const message = `TS${d.code} ${ts.flattenDiagnosticMessageText(d.messageText, " ")}`;
			// An error outside the examples (a declaration file) counts against every example.
			for (const file of d.file && errors.has(d.file.fileName) ? [d.file.fileName] : files) errors.get(file).push(message);
		}
	}
	return errors;
}

const test = suite("every example of README.md and docs/ compiles with the README's settings");

test("the README gives its settings, and the pages have examples", () => {
	assert.equal(SETTINGS, { module: "nodenext", target: "es2022", types: ["node"], strict: true });
	assert.ok(PAGES.flatMap(examples).length >= 20);
});

const ALL = PAGES.flatMap((page) =>
	examples(page).map((example, index) => ({ page, index, example, name: `${page.replace(/[^a-z]+/gi, "-")}${index}` })),
);
let compiled;

for (const { page, index, example, name } of ALL) {
	const key = `${page}: ${example.first}`;
	test(`${page}, example ${index + 1} (${example.language}): ${example.first}`, () => {
		compiled ??= compileAll(ALL);
		const errors = compiled.get(fileOf(example, name));
		if (Object.hasOwn(KNOWN, key)) assert.ok(errors.length > 0, `known to fail (${KNOWN[key]}), but it compiles: delete its KNOWN line`);
		else assert.equal(errors, []);
	});
}

test.run();
