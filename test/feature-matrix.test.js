// Every feature with every other: a covering array over each feature of lib/features/ on and off,
// each auth kind, each entry (full, /core with the features plugged in, the override package) and
// each call form (rest, request, paginate, paginate.iterator, graphql, mockClient, the command
// line), so that every pair of levels stands together in some cell. Each cell makes a real
// request over 127.0.0.1 (through a forward proxy where the cell has one) and checks what reached
// the server (method, path, credential, body), what came back, the log, DEBUG's lines and the
// stores, or the documented refusal with nothing sent (test/helpers/matrix/cell.js). The cells with
// DEBUG set run in a process of their own. A feature folder that no cell turns on fails the run.
// Run: node test/feature-matrix.test.js
import { execFile } from "node:child_process";
import { readdirSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { allPairs, coveredPairs } from "./helpers/matrix/pairs.js";
import { FACTORS, cellName, foldersOf, validCell } from "./helpers/matrix/factors.js";
import { runCell } from "./helpers/matrix/cell.js";

const FEATURES = fileURLToPath(new URL("../lib/features", import.meta.url));
const RUN_CELLS = fileURLToPath(new URL("./helpers/matrix/run-cells.js", import.meta.url));

const { cells, pairs } = allPairs(FACTORS, validCell);
console.log(`feature matrix: ${cells.length} cells cover ${pairs} pairs of ${FACTORS.length} factors`);

const matrix = suite("every feature with every other");

matrix("every feature folder is turned on by some cell", () => {
	const folders = readdirSync(FEATURES, { withFileTypes: true }).filter((entry) => entry.isDirectory()).map((entry) => entry.name);
	const covered = new Set(cells.flatMap(foldersOf));
	assert.equal(folders.filter((folder) => !covered.has(folder)), [], "a feature folder no cell turns on: give it a level in test/helpers/matrix/factors.js");
});

matrix("every pair of levels a valid cell can hold stands in some cell", () => {
	const covered = coveredPairs(FACTORS, cells);
	for (let i = 0; i < FACTORS.length; i++) {
		for (let j = i + 1; j < FACTORS.length; j++) {
			for (const a of FACTORS[i].levels) {
				for (const b of FACTORS[j].levels) {
					const pair = { [FACTORS[i].name]: a.name, [FACTORS[j].name]: b.name };
					if (validCell(pair)) assert.ok(covered.has(`${i}:${a.name}|${j}:${b.name}`), `no cell holds ${JSON.stringify(pair)}`);
				}
			}
		}
	}
});

const debugCells = cells.flatMap((cell, index) => (cell.debug === "on" ? [index] : []));
let debugResults;
const debugRun = () =>
	(debugResults ??= new Promise((done, fail) => {
		execFile(process.execPath, [RUN_CELLS, ...debugCells.map(String)], { env: { ...process.env, DEBUG: "hublet:*" }, timeout: 120_000, maxBuffer: 16 << 20 }, (error, stdout, stderr) =>
			error ? fail(new Error(`the DEBUG cells' process failed: ${stderr}`)) : done(JSON.parse(stdout)),
		);
	}));

cells.forEach((cell, index) => {
	matrix(`cell ${index}: ${cellName(cell)}`, async () => {
		const problems = cell.debug === "on" ? (await debugRun())[index] : await runCell(cell, () => "");
		assert.equal(problems, [], `cell ${index} ${JSON.stringify(cell)}`);
	});
});

matrix.run();
