import type { RouteTable } from "../../../types/routes.js";
import type { AvailabilityData } from "./availability.js";
import * as body from "./body.js";
import { serverTable as readTable, type ServerTable } from "./table.js";

/*
dist/servers/table-reader.js, which every table of dist/servers/ imports: the table reader, and the
server-tables feature's body. Each table brings that body as its own `body` (table.ts), so that a
bundled program that imports a table and adds `serverTables` has its code without the kernel naming
it; the `server` option loads this file by the package's name (index.ts).
*/
export { serverParts } from "./body.js";

/**
Builds the table a `dist/servers/<name>.js` module exports (scripts/build.mjs writes the call), with
the body that uses it.
*/
export function serverTable(shipped: RouteTable & { server: string }, availability: AvailabilityData): ServerTable {
	return Object.defineProperty(readTable(shipped, availability), "body", { value: body });
}
