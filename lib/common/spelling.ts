/**
The number of edits between two names, case-blind: an insertion, a deletion, a substitution or a
swap of two neighbours (`baseUlr` is one edit from `baseUrl`) each count one.

With `most`, the work is bounded by it rather than by the names' lengths: a distance over `most`
is reported as `most + 1`, names whose lengths differ by more are that at once, only the cells
within `most` of the diagonal are computed (no cell outside can be within `most`), and the
computation stops at the first two rows with no cell within `most`. So a hostile name of 100,000
characters costs one comparison of lengths against each known name, not 100,000 × its length.
*/
export function distance(a: string, b: string, most = Infinity): number {
	a = a.toLowerCase();
	b = b.toLowerCase();
	// The distance is symmetric: rows run over the shorter name, the band across the longer.
	if (a.length > b.length) [a, b] = [b, a];
	if (b.length - a.length > most) return most + 1;
	const band = Math.min(most, b.length);
	// Stands for every value over the band: no cell outside it is ever within `most`.
	const over = band + 1;
	let before = new Array<number>(b.length + 1).fill(over);
	let previous = new Array<number>(b.length + 1).fill(over);
	let current = new Array<number>(b.length + 1).fill(over);
	for (let j = 0; j <= Math.min(b.length, band); j++) previous[j] = j;
	let previousLowest = 0;
	for (let i = 1; i <= a.length; i++) {
		const low = Math.max(1, i - band);
		const high = Math.min(b.length, i + band);
		current[low - 1] = low === 1 ? i : over;
		if (high < b.length) current[high + 1] = over;
		let lowest = current[low - 1];
		for (let j = low; j <= high; j++) {
			let best = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
			if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, before[j - 2] + 1);
			current[j] = best;
			if (best < lowest) lowest = best;
		}
		// A cell comes from the two rows above it: when neither holds a cell within `most`, no later one can.
		if (lowest > most && previousLowest > most) return most + 1;
		previousLowest = lowest;
		[before, previous, current] = [previous, current, before];
	}
	const edits = previous[b.length];
	return edits > most ? most + 1 : edits;
}

/** The candidate nearest to `name` within `most` edits (case-blind), if any: the first of equals. */
export function closest(name: string, candidates: Iterable<string>, most: number): string | undefined {
	let best: string | undefined;
	let bestEdits = most + 1;
	for (const candidate of candidates) {
		const edits = distance(name, candidate, bestEdits - 1);
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
	// After the first difference, the rests match once one character of either, or of both, is skipped.
	const rest = (skipA: number, skipB: number) => a.slice(i + skipA) === b.slice(i + skipB);
	return a === b || rest(1, 1) || rest(1, 0) || rest(0, 1) || (a[i] === b[i + 1] && a[i + 1] === b[i] && rest(2, 2));
}
