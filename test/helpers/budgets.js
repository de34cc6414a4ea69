// The byte budgets, read from budgets.json at the repository's root: each names its ceiling, above
// which its test fails, and DESIGN's target beside it (see that file's "about").
import { readFileSync } from "node:fs";

export const BUDGETS = JSON.parse(readFileSync(new URL("../../budgets.json", import.meta.url), "utf8")).budgets;

/** The budget `name` ({ ceiling, unit, target, … }); throws when the file has none, or no whole ceiling. */
export function budget(name) {
	const entry = Object.hasOwn(BUDGETS, name) ? BUDGETS[name] : undefined;
	if (!Number.isSafeInteger(entry?.ceiling) || entry.ceiling <= 0) throw new Error(`budgets.json has no ceiling for "${name}"`);
	return entry;
}

/** "budget 57100 B gzip; DESIGN's target ≤ …", for a test's report line. */
export const budgetText = ({ ceiling, unit, target }) => `budget ${ceiling} ${unit}; DESIGN's target ${target}`;
