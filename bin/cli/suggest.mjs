// "Did you mean …": the known names closest to a mistyped one.

/** Edit distance with transpositions (`repos.gte` is one edit from `repos.get`), case-blind. */
export function distance(a, b) {
	a = a.toLowerCase();
	b = b.toLowerCase();
	const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
	for (let j = 1; j <= b.length; j++) rows[0][j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			const cost = a[i - 1] === b[j - 1] ? 0 : 1;
			let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + cost);
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
			rows[i][j] = best;
		}
	}
	return rows[a.length][b.length];
}

/**
Up to `limit` of `candidates`, nearest first, that are within a third of the name's length
(at least 2 edits): close enough to be the name meant, far enough to forgive a typo or two.
*/
export function closest(name, candidates, limit = 3) {
	const allowed = Math.max(2, Math.floor(name.length / 3));
	return candidates
		.map((candidate) => [candidate, distance(name, candidate)])
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
	return allNames
		.filter((full) => full.split(".")[1].toLowerCase() === method.toLowerCase())
		.map((full) => [full, distance(namespace, full.split(".")[0])])
		.sort((a, b) => a[1] - b[1])
		.slice(0, 3)
		.map(([full]) => full);
}
