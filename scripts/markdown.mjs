// What the documentation checks need to know about Markdown: the anchors GitHub gives headings,
// and the links of a page, both outside code blocks and code spans.

/** Lines outside fenced code blocks, with their 1-based numbers. */
function* proseLines(text) {
	let fence = null;
	for (const [index, line] of text.split("\n").entries()) {
		const marker = /^\s*(```+|~~~+)/.exec(line)?.[1];
		if (marker && (fence === null || marker.startsWith(fence))) {
			fence = fence === null ? marker : null;
			continue;
		}
		if (fence === null) yield { line, number: index + 1 };
	}
}

const ENTITIES = { "&lt;": "<", "&gt;": ">", "&amp;": "&", "&quot;": '"', "&#39;": "'" };

/** GitHub's anchor for a heading's text: lower case, punctuation dropped, spaces to hyphens. */
export function slug(heading) {
	return heading
		.replace(/&(lt|gt|amp|quot|#39);/g, (entity) => ENTITIES[entity])
		.replace(/\[([^\]]*)\]\([^)]*\)/g, "$1")
		.toLowerCase()
		.replace(/[^\p{L}\p{N}\s_-]/gu, "")
		.replace(/\s/g, "-");
}

/** Every anchor of a page: its headings' (a repeated one gets -1, -2, … as on GitHub), and `<a id>`/`<a name>`. */
export function anchors(text) {
	const seen = new Map();
	const found = new Set();
	for (const { line } of proseLines(text)) {
		const heading = /^#{1,6}\s+(.*?)\s*#*\s*$/.exec(line)?.[1];
		if (heading !== undefined) {
			const base = slug(heading);
			const count = seen.get(base) ?? 0;
			seen.set(base, count + 1);
			found.add(count === 0 ? base : `${base}-${count}`);
		}
		for (const [, id] of line.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) found.add(id);
	}
	return found;
}

/** Every inline link `[text](target)` outside code, as { target, number }. */
export function links(text) {
	const found = [];
	for (const { line, number } of proseLines(text)) {
		const prose = line.replace(/`[^`]*`/g, "``");
		for (const [, target] of prose.matchAll(/\]\(([^)\s]*)(?:\s+"[^"]*")?\)/g)) found.push({ target, number });
	}
	return found;
}
