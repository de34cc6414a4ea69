// Every link of README.md and docs/*.md: a relative link names a file that exists, and its
// #anchor a heading (or <a id>) of that file; an external link is a well-formed http(s) or mailto
// URL (its syntax only: the tests reach no network).
import { suite } from "uvu";
import * as assert from "uvu/assert";
import { existsSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import { anchors, links, slug } from "../scripts/markdown.mjs";
import { documentationFiles, ROOT } from "../scripts/docs-figures.mjs";


const test = suite("documentation links");

/** Every broken link of `file` (whose text is `text`), as "file:line: target (why)". */
function brokenLinks(file, text = readFileSync(file, "utf8")) {
	const broken = [];
	for (const { target, number } of links(text)) {
		const at = `${relative(ROOT, file)}:${number}: ${target}`;
		if (/^[a-z][a-z+.-]*:/i.test(target)) {
			let url;
			try {
				url = new URL(target);
			} catch {
				broken.push(`${at} (not a URL)`);
				continue;
			}
			if (!["http:", "https:", "mailto:"].includes(url.protocol) || (url.protocol !== "mailto:" && !url.hostname.includes("."))) broken.push(`${at} (not an http(s) or mailto URL)`);
			continue;
		}
		const [path, anchor] = target.split("#");
		const linked = path ? resolve(dirname(file), decodeURIComponent(path)) : file;
		if (!existsSync(linked)) {
			broken.push(`${at} (no such file)`);
			continue;
		}
		if (anchor === undefined) continue;
		if (!linked.endsWith(".md") || statSync(linked).isDirectory()) {
			broken.push(`${at} (an anchor into a file that is not Markdown)`);
			continue;
		}
		if (!anchors(readFileSync(linked, "utf8")).has(anchor)) broken.push(`${at} (no heading #${anchor} in ${relative(ROOT, linked)})`);
	}
	return broken;
}

test("GitHub's anchors: punctuation dropped, spaces to hyphens, entities and code read as text", () => {
	assert.is(slug("The kernel and its features: `@hublet/rest/core`"), "the-kernel-and-its-features-hubletrestcore");
	assert.is(slug("client.rest.&lt;namespace&gt;.&lt;method&gt;(params?)"), "clientrestnamespacemethodparams");
	assert.is(slug("-i, --include"), "-i---include");
	assert.equal([...anchors("# A\n## B\n```\n# not a heading\n```\n## B\n")], ["a", "b", "b-1"]);
});

test("a link inside code is not a link; one outside is found with its line", () => {
	assert.equal(links("`[a](b.md)`\n```\n[c](d.md)\n```\nsee [e](f.md#g)"), [{ target: "f.md#g", number: 5 }]);
});

test("every relative link and #anchor of README.md and docs/ resolves, and every external link is well-formed", () => {
	const broken = documentationFiles().flatMap((file) => brokenLinks(file));
	assert.equal(broken, []);
});

test("the checker finds a missing page, a missing anchor and a malformed URL", () => {
	const text = "[a](missing.md)\n[b](api.md#no-such-heading)\n[c](https://)\n[d](#retry) [e](api.md#requesterror) [f](https://github.com/octokit)\n";
	assert.equal(brokenLinks(join(ROOT, "docs", "options.md"), text), [
		"docs/options.md:1: missing.md (no such file)",
		"docs/options.md:2: api.md#no-such-heading (no heading #no-such-heading in docs/api.md)",
		"docs/options.md:3: https:// (not a URL)",
	]);
});

test.run();
