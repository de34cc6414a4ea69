// lib/'s imports point downward: no file is on an import circle, counting type-only imports and
// import() too (a circle of types alone still ties two layers together); each feature's folder
// stands alone (its body never imports its front, and no feature imports another's folder); and
// nothing below the kernel imports a feature.
// Imports are read by TypeScript's own pre-processor, the way tsc finds them.
// Run: node test/import-graph.test.js
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readdirSync, readFileSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";

const LIB = resolve("lib");
const files = readdirSync(LIB, { recursive: true })
	.filter((name) => name.endsWith(".ts") && !name.endsWith(".d.ts"))
	.map((name) => join(LIB, name));

/** The lib/ files `file` imports (static, type-only, re-exports and import()). */
function importsOf(file) {
	const { importedFiles } = ts.preProcessFile(readFileSync(file, "utf8"), true, true);
	return importedFiles
		.map(({ fileName }) => fileName)
		.filter((name) => name.startsWith("."))
		.map((name) => resolve(dirname(file), name.replace(/\.js$/, ".ts")))
		.filter((path) => path.startsWith(LIB + "/") && files.includes(path));
}
const graph = new Map(files.map((file) => [file, importsOf(file)]));

/** Every circle through `start`, each as the list of its files. */
function circlesThrough(start) {
	const circles = [];
	const walk = (file, path) => {
		for (const next of graph.get(file)) {
			if (next === start) circles.push([...path, start].map((name) => relative(LIB, name)));
			else if (!path.includes(next)) walk(next, [...path, next]);
		}
	};
	walk(start, [start]);
	return circles;
}

const imports = suite("lib/'s import graph");

imports(
	"the graph is read: the client imports the kernel's doors, and the entries that open them the attempt (Node's form through the loader of what loads later)",
	() => {
		const client = graph.get(join(LIB, "client.ts")).map((file) => relative(LIB, file));
		assert.ok(client.includes("common/doors.ts"), client.join());
		const pipeline = graph.get(join(LIB, "http/pipeline.ts")).map((file) => relative(LIB, file));
		assert.ok(pipeline.includes("http/stage-types.ts"), pipeline.join());
		for (const doors of ["common/lazy-doors.ts", "core.ts"]) {
			const imported = graph.get(join(LIB, doors)).map((file) => relative(LIB, file));
			assert.ok(
				imported.includes("common/doors.ts") && imported.includes("http/request.ts"),
				`${doors}: ${imported.join()}`,
			);
		}
		assert.ok(graph.get(join(LIB, "common/lazy-doors.ts")).includes(join(LIB, "common/later.ts")));
	},
);

imports("no file of lib/ is on an import circle, type-only imports included", () => {
	const circles = files.flatMap(circlesThrough);
	assert.equal(
		circles.map((circle) => circle.join(" → ")),
		[],
	);
});

const featureOf = (file) => /^features\/([^/]+)\//.exec(relative(LIB, file))?.[1];

imports("a feature's folder imports no other feature's, and its body never its front", () => {
	const crossing = [];
	for (const [file, imported] of graph) {
		const own = featureOf(file);
		if (!own) continue;
		for (const target of imported) {
			const other = featureOf(target);
			if (other && other !== own) crossing.push(`${relative(LIB, file)} → ${relative(LIB, target)}`);
			if (relative(LIB, file) === `features/${own}/body.ts` && relative(LIB, target) === `features/${own}/index.ts`)
				crossing.push(`${relative(LIB, file)} → its front`);
		}
	}
	assert.equal(crossing, []);
});

imports("only the entries import a feature: the kernel, the pipeline and the helpers below them never do", () => {
	// The kernel exports the features' fronts; Node's form of the core entry (dist/core.js) is lazy-doors.ts;
	// features-with-bodies.ts composes each feature with its body for the entries.
	const ENTRIES = ["kernel.ts", "core.ts", "index.ts", "testing.ts", "common/lazy-doors.ts", "features-with-bodies.ts"];
	const reaching = [];
	for (const [file, imported] of graph) {
		if (featureOf(file) || ENTRIES.includes(relative(LIB, file))) continue;
		for (const target of imported)
			if (featureOf(target)) reaching.push(`${relative(LIB, file)} → ${relative(LIB, target)}`);
	}
	assert.equal(reaching, []);
});

imports("the pipeline's types import nothing of lib/", () => {
	assert.equal(graph.get(join(LIB, "http/stage-types.ts")), []);
});

imports.run();
