// routes.json as committed: the plain table, one `[route, decorations?]` row per method, read as
// JSON and not through the route codec, so that the codec's output can be compared with it.
import { readFileSync } from "node:fs";

export const routesText = readFileSync(new URL("../../routes.json", import.meta.url), "utf8");
export const routesTable = JSON.parse(routesText);
