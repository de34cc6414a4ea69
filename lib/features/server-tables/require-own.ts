// A module of this package, required by its public name (`@hublet/rest/core`,
// `@hublet/rest/servers/<name>`) as the program would require it: lib/common/require-from-program.ts.
// From inside this repository the name resolves to itself (package.json has `exports`).
export { requireFromProgram as requireOwn } from "../../common/require-from-program.js";
