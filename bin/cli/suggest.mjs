// "Did you mean …": the known names closest to a mistyped one, by the library's own edit
// distance (lib/common/spelling.ts, which lib/command-line.ts builds into dist/command-line.js
// for the command), bounded by the edits allowed: a name of any length costs little more than
// a look at each known name's length.
import { distance } from "#command-line";

/**
Up to `limit` of `candidates`, nearest first, that are within a third of the name's length
(at least 2 edits): close enough to be the name meant, far enough to forgive a typo or two.
*/
export function closest(name, candidates, limit = 3) {
	const allowed = Math.max(2, Math.floor(name.length / 3));
	return candidates
		.map((candidate) => [candidate, distance(name, candidate, allowed)])
		.filter(([, edits]) => edits <= allowed)
		.sort((a, b) => a[1] - b[1] || (a[0] < b[0] ? -1 : 1))
		.slice(0, limit)
		.map(([candidate]) => candidate);
}

/**
Suggestions for an unknown `namespace.method`: the nearest full names; when none is near, the
methods of that exact name, nearest namespace first (`repository.get` → `repos.get`).
*/
export function suggestMethods(name, allNames) {
	const near = closest(name, allNames);
	if (near.length > 0) return near;
	const [namespace, method = ""] = name.split(".");
	const namespaces = allNames.map((full) => full.split(".")[0]);
	// Only the order matters here: a namespace further than any known one is as far as the furthest.
	const furthest = Math.max(...namespaces.map((known) => known.length));
	return allNames
		.filter((full) => full.split(".")[1].toLowerCase() === method.toLowerCase())
		.map((full) => [full, distance(namespace, full.split(".")[0], furthest)])
		.sort((a, b) => a[1] - b[1])
		.slice(0, 3)
		.map(([full]) => full);
}
