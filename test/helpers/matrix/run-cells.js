// Runs the matrix cells given by number (argv) in this process, one after another, and prints
// their problems as JSON: for the cells with DEBUG=hublet:* set, which the library reads once per
// process. What the process writes to stderr while a cell runs is that cell's.
import { allPairs } from "./pairs.js";
import { FACTORS, validCell } from "./factors.js";
import { runCell } from "./cell.js";

const { cells } = allPairs(FACTORS, validCell);
let captured = "";
const write = process.stderr.write.bind(process.stderr);
process.stderr.write = (chunk, ...rest) => {
	captured += String(chunk);
	return typeof rest.at(-1) === "function" ? (rest.at(-1)(), true) : true;
};
const results = {};
for (const index of process.argv.slice(2).map(Number)) {
	captured = "";
	results[index] = await runCell(cells[index], () => captured);
}
process.stderr.write = write;
process.stdout.write(JSON.stringify(results));
