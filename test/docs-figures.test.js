// The figures README.md and docs/ print are the ones `npm run docs:figures` wrote
// (scripts/docs-figures.mjs): every marker's text is its key's in docs/figures.json, every size
// there is within 2 % of what the build produces now, and no byte figure is written by hand
// outside a marker (or a block that says it is by hand).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { readFileSync } from "node:fs";
import { relative } from "node:path";
import { BLOCK, documentationFiles, FIGURE, FIGURES_FILE, fill, ROOT } from "../scripts/docs-figures.mjs";
import { measureSizes } from "../scripts/measure-sizes.mjs";

const figures = JSON.parse(readFileSync(FIGURES_FILE, "utf8"));
const pages = documentationFiles().map((file) => ({ name: relative(ROOT, file), text: readFileSync(file, "utf8") }));
// Byte figures measured by hand for an analysis, each block saying so: `<!-- by-hand: why -->` … `<!-- /by-hand -->`.
const BY_HAND = /<!-- by-hand: [^>]*-->[\s\S]*?<!-- \/by-hand -->/g;
const BYTES = /(?<![\w.,])\d[\d,]*(?:\.\d+)?\s?(?:KB|kB|MB|GB|B)\b/g;

const test = suite("documentation figures");

test("every marker's text is its figure in docs/figures.json (npm run docs:figures writes both)", () => {
	const wrong = [];
	for (const { name, text } of pages) {
		for (const [, key, shown] of text.matchAll(FIGURE)) {
			if (!figures[key]) {
				// The benchmark's figures wait for its results: bench/run.mjs, then npm run docs:figures.
				if (!key.startsWith("bench.")) wrong.push(`${name}: ${key} is not in docs/figures.json`);
			} else if (shown !== figures[key].text) wrong.push(`${name}: ${key} shows "${shown}", docs/figures.json has "${figures[key].text}"`);
		}
		for (const [, key, shown] of text.matchAll(BLOCK)) if (figures[key] && shown !== figures[key].text) wrong.push(`${name}: the block ${key} differs from docs/figures.json`);
	}
	assert.equal(wrong, [], "run npm run docs:figures");
});

test("filling the markers changes nothing", () => {
	for (const { name, text } of pages) {
		const present = Object.fromEntries(Object.entries(figures));
		assert.is(fill(text, present), text, name);
	}
});

test("every size README.md and docs/ print is within 2 % of what the build produces now", async () => {
	const printed = new Set(pages.flatMap(({ text }) => [...text.matchAll(FIGURE)].map(([, key]) => key)));
	const now = await measureSizes();
	const off = [];
	assert.ok(printed.has("size.full.gzip"), "the README prints the full client's size");
	for (const [key, bytes] of Object.entries(now)) {
		if (!printed.has(`size.${key}`)) continue;
		const written = figures[`size.${key}`];
		if (!written) off.push(`size.${key} is not in docs/figures.json`);
		else if (Math.abs(written.value - bytes) / bytes > 0.02) off.push(`size.${key}: ${written.value} B written, ${bytes} B now (${(((written.value - bytes) / bytes) * 100).toFixed(1)} %)`);
	}
	assert.equal(off, [], "the build changed the sizes: run npm run docs:figures");
});

test("no byte figure is written by hand outside a marker", () => {
	const unmarked = [];
	for (const { name, text } of pages) {
		// Code blocks and code spans show commands and output, not figures.
		const prose = text
			.replace(/```[\s\S]*?```/g, "")
			.replace(/`[^`\n]*`/g, "")
			.replace(FIGURE, "")
			.replace(BLOCK, "")
			.replace(BY_HAND, "");
		for (const [figure] of prose.matchAll(BYTES)) unmarked.push(`${name}: ${figure}`);
	}
	assert.equal(unmarked, [], "put each between <!-- figure: key --> markers (scripts/docs-figures.mjs)");
});

test("the byte pattern finds sizes and leaves other numbers alone", () => {
	const found = (text) => [...text.matchAll(BYTES)].map(([figure]) => figure);
	assert.equal(found("41 KB gzip, 5.34 MB, 390 B and 6,020 B; 1.5×, v1.2, 200 ms"), ["41 KB", "5.34 MB", "390 B", "6,020 B"]);
});

test.run();
