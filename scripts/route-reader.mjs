// routes.json's reader, lib/routes/compact-routes.ts, for the generators: compiled on the fly with esbuild,
// so that they decode routes.json with the very code the client runs, whatever state dist/ is in.
import { build } from "esbuild";
import { fileURLToPath } from "node:url";

/** `readCompactTable(table)` from lib/routes/compact-routes.ts. */
export async function loadRouteReader() {
	const { outputFiles } = await build({
		entryPoints: [fileURLToPath(new URL("../lib/routes/compact-routes.ts", import.meta.url))],
		bundle: true,
		format: "esm",
		platform: "neutral",
		write: false,
		logLevel: "warning",
	});
	const module = await import(`data:text/javascript;base64,${Buffer.from(outputFiles[0].contents).toString("base64")}`);
	return module.readCompactTable;
}
