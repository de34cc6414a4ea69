/**
The number of edits between two names, case-blind: an insertion, a deletion, a substitution or a
swap of two neighbours (`baseUlr` is one edit from `baseUrl`) each count one.
*/
export function distance(a: string, b: string): number {
	a = a.toLowerCase();
	b = b.toLowerCase();
	const rows = Array.from({ length: a.length + 1 }, (_, i) => [i]);
	for (let j = 1; j <= b.length; j++) rows[0][j] = j;
	for (let i = 1; i <= a.length; i++) {
		for (let j = 1; j <= b.length; j++) {
			let best = Math.min(rows[i - 1][j] + 1, rows[i][j - 1] + 1, rows[i - 1][j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, rows[i - 2][j - 2] + 1);
			rows[i][j] = best;
		}
	}
	return rows[a.length][b.length];
}

/** The candidate nearest to `name` within `most` edits (case-blind), if any: the first of equals. */
export function closest(name: string, candidates: Iterable<string>, most: number): string | undefined {
	let best: string | undefined;
	let bestEdits = most + 1;
	for (const candidate of candidates) {
		const edits = distance(name, candidate);
		if (edits < bestEdits) [best, bestEdits] = [candidate, edits];
	}
	return best;
}

/** Whether two names are at most one edit apart, case-blind (`distance(a, b) <= 1`, without its table). */
export function withinOneEdit(a: string, b: string): boolean {
	a = a.toLowerCase();
	b = b.toLowerCase();
	let i = 0;
	while (i < a.length && a[i] === b[i]) i++;
	return (
		a === b ||
		a.slice(i + 1) === b.slice(i + 1) ||
		a.slice(i + 1) === b.slice(i) ||
		a.slice(i) === b.slice(i + 1) ||
		(a[i] === b[i + 1] && a[i + 1] === b[i] && a.slice(i + 2) === b.slice(i + 2))
	);
}
