// All-pairs coverage: a list of cells (one level of every factor each) such that every pair of
// levels of two factors that some valid cell can hold stands together in at least one cell. Greedy
// (as AETG builds one): each new cell starts from a pair not yet covered, and takes for every other
// factor the level that covers the most pairs still uncovered. Seeded, so the list is the same on
// every run and a failing cell keeps its number.

/** A small seeded generator (mulberry32): the same cells on every run. */
function random(seed) {
	let state = seed >>> 0;
	return () => {
		state = (state + 0x6d2b79f5) >>> 0;
		let t = state;
		t = Math.imul(t ^ (t >>> 15), t | 1);
		t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
		return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
	};
}

const pairKey = (i, a, j, b) => (i < j ? `${i}:${a}|${j}:${b}` : `${j}:${b}|${i}:${a}`);

/**
`factors`: [{ name, levels: [{ name }] }]. `valid(cell)`: whether a cell, as an object of level
names by factor name where some factors may still be missing, can be completed into a valid one.
Returns `{ cells, pairs }`: the cells (objects of level names by factor name) and how many pairs
they cover, which is every pair a valid cell can hold.
*/
export function allPairs(factors, valid, { seed = 43, candidates = 20 } = {}) {
	const next = random(seed);
	const uncovered = new Set();
	for (let i = 0; i < factors.length; i++) {
		for (let j = i + 1; j < factors.length; j++) {
			for (const a of factors[i].levels) {
				for (const b of factors[j].levels) {
					if (valid({ [factors[i].name]: a.name, [factors[j].name]: b.name })) uncovered.add(pairKey(i, a.name, j, b.name));
				}
			}
		}
	}
	const pairs = uncovered.size;
	const cells = [];
	const gain = (cell, i, level) => {
		let count = 0;
		for (let j = 0; j < factors.length; j++) {
			if (j !== i && cell[factors[j].name] !== undefined && uncovered.has(pairKey(i, level, j, cell[factors[j].name]))) count++;
		}
		return count;
	};
	while (uncovered.size > 0) {
		const [first] = uncovered;
		const [[i, a], [j, b]] = first.split("|").map((part) => part.split(":").map((value, index) => (index === 0 ? Number(value) : value)));
		let best;
		let bestCount = -1;
		for (let attempt = 0; attempt < candidates; attempt++) {
			const cell = { [factors[i].name]: a, [factors[j].name]: b };
			const order = factors.map((_, index) => index).filter((index) => index !== i && index !== j);
			for (let k = order.length - 1; k > 0; k--) {
				const swap = Math.floor(next() * (k + 1));
				[order[k], order[swap]] = [order[swap], order[k]];
			}
			for (const index of order) {
				const factor = factors[index];
				let chosen;
				let chosenCount = -1;
				for (const level of factor.levels) {
					const count = gain(cell, index, level.name);
					if (count > chosenCount && valid({ ...cell, [factor.name]: level.name })) [chosen, chosenCount] = [level.name, count];
				}
				if (chosen === undefined) throw new Error(`allPairs: no level of ${factor.name} fits ${JSON.stringify(cell)}`);
				cell[factor.name] = chosen;
			}
			let count = 0;
			for (let x = 0; x < factors.length; x++) {
				for (let y = x + 1; y < factors.length; y++) if (uncovered.has(pairKey(x, cell[factors[x].name], y, cell[factors[y].name]))) count++;
			}
			if (count > bestCount) [best, bestCount] = [cell, count];
		}
		for (let x = 0; x < factors.length; x++) {
			for (let y = x + 1; y < factors.length; y++) uncovered.delete(pairKey(x, best[factors[x].name], y, best[factors[y].name]));
		}
		cells.push(best);
	}
	return { cells, pairs };
}

/** The pairs of levels `cells` hold, as keys: for a check that every valid pair is covered. */
export function coveredPairs(factors, cells) {
	const covered = new Set();
	for (const cell of cells) {
		for (let i = 0; i < factors.length; i++) {
			for (let j = i + 1; j < factors.length; j++) covered.add(pairKey(i, cell[factors[i].name], j, cell[factors[j].name]));
		}
	}
	return covered;
}
